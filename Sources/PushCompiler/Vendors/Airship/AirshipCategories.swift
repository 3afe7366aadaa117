import PushIR

/// The notification categories the Airship SDK registers by default
/// (`NotificationCategories.defaultCategories()`), with the ids and labels of their
/// buttons. A foreground button opens the app and runs the actions the push gives it
/// (`com.urbanairship.interactive_actions`); a background button closes the
/// notification, asks for an unlocked device (the SDK's default), and runs none of the
/// actions that open something.
enum AirshipCategories {
  private typealias ButtonSpec = (id: String, label: String, foreground: Bool, destructive: Bool)

  private static let yes: ButtonSpec = ("yes", "Yes", true, false)
  private static let no: ButtonSpec = ("no", "No", false, false)
  private static let accept: ButtonSpec = ("accept", "Accept", true, false)
  private static let decline: ButtonSpec = ("decline", "Decline", false, false)
  private static let shopNow: ButtonSpec = ("shop_now", "Shop Now", true, false)
  private static let buyNow: ButtonSpec = ("buy_now", "Buy Now", true, false)
  private static let follow: ButtonSpec = ("follow", "Follow", false, false)
  private static let unfollow: ButtonSpec = ("unfollow", "Unfollow", false, true)
  private static let optIn: ButtonSpec = ("opt_in", "Opt-in", false, false)
  private static let optOut: ButtonSpec = ("opt_out", "Opt-out", false, true)
  private static let remind: ButtonSpec = ("remind", "Remind Me Later", false, false)
  private static let share: ButtonSpec = ("share", "Share", true, false)
  private static let download: ButtonSpec = ("download", "Download", true, false)
  private static let like: ButtonSpec = ("like", "Like", false, false)

  static let all: [PredefinedCategory] = [
    category("ua_yes_no_foreground", [yes, no]),
    category("ua_yes_no_background", [background(yes), no]),
    category("ua_accept_decline_foreground", [accept, decline]),
    category("ua_accept_decline_background", [background(accept), decline]),
    category("ua_shop_now", [shopNow]),
    category("ua_buy_now", [buyNow]),
    category("ua_follow", [follow]),
    category("ua_unfollow", [unfollow]),
    category("ua_opt_in", [optIn]),
    category("ua_opt_out", [optOut]),
    category("ua_remind_me_later", [remind]),
    category("ua_share", [share]),
    category("ua_download", [download]),
    category("ua_download_share", [download, share]),
    category("ua_remind_share", [remind, share]),
    category("ua_opt_in_share", [optIn, share]),
    category("ua_opt_out_share", [optOut, share]),
    category("ua_follow_share", [follow, share]),
    category("ua_unfollow_share", [unfollow, share]),
    category("ua_shop_now_share", [shopNow, share]),
    category("ua_buy_now_share", [buyNow, share]),
    category(
      "ua_more_like_less_like",
      [
        ("more_like", "More Like This", false, false),
        ("less_like", "Less Like This", false, false),
      ]
    ),
    category("ua_like_dislike", [like, ("dislike", "Dislike", false, false)]),
    category("ua_like", [like]),
    category("ua_like_share", [like, share]),
    category("ua_icons_happy_sad", [("happy", "😀", false, false), ("sad", "😞", false, false)]),
    category("ua_icons_up_down", [("up", "👍", false, false), ("down", "👎", false, false)]),
  ]

  private static func background(_ spec: ButtonSpec) -> ButtonSpec {
    (spec.id, spec.label, false, spec.destructive)
  }

  private static func category(_ identifier: String, _ specs: [ButtonSpec]) -> PredefinedCategory {
    PredefinedCategory(
      vendor: "airship", identifier: identifier,
      buttons: specs.map { spec in
        var options: ButtonOptions = spec.foreground ? [.foreground] : [.authenticationRequired]
        if spec.destructive { options.insert(.destructive) }
        return PredefinedCategory.Button(
          id: spec.id, label: spec.label, options: options,
          action: spec.foreground ? .openApp : .dismiss,
          targetKinds: spec.foreground ? [.openURL, .inboxMessage] : [])
      })
  }
}
