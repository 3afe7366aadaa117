import PushIR

/// Turns on `mutable-content` when the target's service extension must run.
///
/// Changes: sets `delivery.mutableContent` when the target builds dynamic buttons or
/// downloads media in its service extension and the notification has either, or when
/// the target always needs its extension (Klaviyo).
/// Reports: `pass.set-mutable-content` (note) when it was off.
/// Idempotent: the flag stays on.
public struct SetMutableContent: NotificationPass {
  public init() {}
  public var name: String { "set-mutable-content" }
  public var summary: String {
    "mutable-content on when buttons or media need the service extension"
  }

  public func run(on notification: inout PushNotification, context: inout PassContext) {
    // Read in place: binding the capabilities would copy them for every record.
    guard let needsServiceExtension = context.target?.needsServiceExtension,
      !notification.delivery.mutableContent
    else { return }
    let reason: String
    if needsServiceExtension && notification.hasDynamicButtons {
      reason = "dynamic buttons need the service extension"
    } else if needsServiceExtension && !notification.media.isEmpty {
      reason = "media needs the service extension"
    } else if context.target?.alwaysMutableContent == true {
      reason = "\(context.targetID)'s service extension handles every push"
    } else {
      return
    }
    notification.delivery.mutableContent = true
    context.report(
      .setMutableContent, "'mutable-content' set to 1: \(reason)", at: "/delivery/mutableContent")
  }
}
