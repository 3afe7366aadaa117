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

  /// A button that, without a link in `body.actions`, follows the default link when it
  /// opens the app and dismisses otherwise.
  private static func button(_ id: String, _ label: String, options: ButtonOptions)
    -> PredefinedCategory.Button
  {
    .init(
      id: id, label: label, options: options,
      action: options.contains(.foreground) ? .sameAsDefault : .dismiss, targetKinds: [.openURL])
  }

  private static func category(
    _ name: String, _ first: (String, String), _ second: (String, String),
    secondOptions: ButtonOptions
  ) -> PredefinedCategory {
    PredefinedCategory(
      vendor: "klaviyo", identifier: prefix + name,
      buttons: [
        button("com.klaviyo.action." + first.0, first.1, options: [.foreground]),
        button("com.klaviyo.action." + second.0, second.1, options: secondOptions),
      ], isRegisteredBySDK: false)
  }
}
