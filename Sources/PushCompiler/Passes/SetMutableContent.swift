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
  public let name = "set-mutable-content"
  public let summary = "mutable-content on when buttons or media need the service extension"

  public func run(on notification: inout PushNotification, context: inout PassContext) {
    guard let target = context.target, !notification.delivery.mutableContent else { return }
    let reason: String
    if target.needsServiceExtension && notification.hasDynamicButtons {
      reason = "dynamic buttons need the service extension"
    } else if target.needsServiceExtension && !notification.media.isEmpty {
      reason = "media needs the service extension"
    } else if target.alwaysMutableContent {
      reason = "\(context.targetID)'s service extension handles every push"
    } else {
      return
    }
    notification.delivery.mutableContent = true
    context.report(
      .setMutableContent, "'mutable-content' set to 1: \(reason)", at: "/delivery/mutableContent")
  }
}
