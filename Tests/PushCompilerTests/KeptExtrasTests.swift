@testable import PushCompiler
import PushIR
import Testing

/// ``PushNotification/keptExtras(of:)`` compares vendor names instead of hashing them,
/// and must find exactly what the dictionary's subscript finds.
@Suite struct KeptExtrasTests {
  /// Notifications keeping extras of none to several vendors, whose names include text
  /// that is canonically equivalent to another spelling (`é` precomposed and decomposed).
  static let notifications: [PushNotification] = {
    let vendors = ["aps", "klaviyo", "braze", "caf\u{E9}", "onesignal", "airship"]
    return (0...vendors.count).map { count in
      var notification = PushNotification()
      for (index, vendor) in vendors.prefix(count).enumerated() {
        notification.extras[vendor] = JSONObject([
          .init(key: "n", value: .number(JSONNumber(index)))
        ])
      }
      return notification
    }
  }()

  @Test func findsWhatTheSubscriptFinds() {
    let asked = ["aps", "klaviyo", "braze", "cafe\u{301}", "caf\u{E9}", "airship", "expo", ""]
    for notification in Self.notifications {
      for vendor in asked {
        #expect(
          notification.keptExtras(of: vendor) == notification.extras[vendor],
          "\(vendor) among \(notification.extras.keys.sorted())")
      }
    }
  }
}
