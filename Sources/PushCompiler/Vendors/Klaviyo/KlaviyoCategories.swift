import PushIR

/// Klaviyo's four predefined categories from its push-button specification (registered
/// by `registerPushCategories(.automatic)` in the SDK's proof of concept, never released).
enum KlaviyoCategories {
  static let prefix = "com.klaviyo.category."

  static let all: [PredefinedCategory] = [
    category("acceptDecline", ("accept", "Accept"), ("decline", "Decline"), secondOptions: []),
    category("yesNo", ("yes", "Yes"), ("no", "No"), secondOptions: []),
    category("confirmCancel", ("confirm", "Confirm"), ("cancel", "Cancel"), secondOptions: []),
    category(
      "viewDismiss", ("view", "View"), ("dismiss", "Dismiss"), secondOptions: [.destructive]),
  ]

  private static func category(
    _ name: String, _ first: (String, String), _ second: (String, String),
    secondOptions: ButtonOptions
  ) -> PredefinedCategory {
    PredefinedCategory(
      vendor: "klaviyo", identifier: prefix + name,
      buttons: [
        .init(id: "com.klaviyo.action." + first.0, label: first.1, options: [.foreground]),
        .init(id: "com.klaviyo.action." + second.0, label: second.1, options: secondOptions),
      ])
  }
}
