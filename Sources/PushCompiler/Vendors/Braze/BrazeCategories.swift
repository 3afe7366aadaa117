import PushIR

/// Braze's four default categories (`Braze.Notifications.categories`), which the SDK
/// registers itself under automatic push integration and the app registers by hand
/// otherwise. The first button of each opens the app (or a link the payload gives it);
/// the second, where there is one, only closes the notification.
enum BrazeCategories {
  static let all: [PredefinedCategory] = [
    category("ab_cat_accept_decline", ("ab_pb_accept", "Accept"), ("ab_pb_decline", "Decline")),
    category("ab_cat_yes_no", ("ab_pb_yes", "Yes"), ("ab_pb_no", "No")),
    category("ab_cat_confirm_cancel", ("ab_pb_confirm", "Confirm"), ("ab_pb_cancel", "Cancel")),
    category("ab_cat_more", ("ab_pb_more", "More"), nil),
  ]

  private static func category(
    _ identifier: String, _ opening: (String, String), _ closing: (String, String)?
  ) -> PredefinedCategory {
    var buttons: [PredefinedCategory.Button] = [
      .init(
        id: opening.0, label: opening.1, options: [.foreground], action: .openApp,
        targetKinds: [.openApp, .openURL])
    ]
    if let closing {
      buttons.append(
        .init(id: closing.0, label: closing.1, options: [], action: .dismiss, targetKinds: []))
    }
    return PredefinedCategory(vendor: "braze", identifier: identifier, buttons: buttons)
  }
}
