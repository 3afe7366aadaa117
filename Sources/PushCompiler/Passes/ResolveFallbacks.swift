import PushIR

/// Makes every "same as the default action" explicit.
///
/// Changes: a button, category action or media item whose action is `sameAsDefault` (a Klaviyo draft
/// button without `url`, which "falls back to `body.url`") gets the default action
/// itself, or `openApp` when there is none.
/// Reports: `pass.resolved-fallback` (note) per resolved action.
/// Idempotent: no `sameAsDefault` is left.
public struct ResolveFallbacks: NotificationPass {
  public init() {}
  public let name = "resolve-fallbacks"
  public let summary = "actions that fall back to the default action name it explicitly"

  public func run(on notification: inout PushNotification, context: inout PassContext) {
    var resolved = notification.defaultAction ?? .openApp
    if resolved == .sameAsDefault {
      notification.defaultAction = nil
      resolved = .openApp
      context.report(
        .resolvedFallback, "a tap action 'same as the default' means opening the app",
        at: "/defaultAction")
    }
    let description = resolved.url.map { "'\($0)'" } ?? "opening the app"
    for index in notification.buttons.indices
    where notification.buttons[index].action == .sameAsDefault {
      notification.buttons[index].action = resolved
      context.report(
        .resolvedFallback,
        "button '\(notification.buttons[index].label)' falls back to the default action: \(description)",
        at: JSONPointer("/buttons").appending(index))
    }
    if var category = notification.category {
      for index in category.actionTargets.indices
      where category.actionTargets[index].action == .sameAsDefault {
        category.actionTargets[index].action = resolved
        context.report(
          .resolvedFallback,
          "category action '\(category.actionTargets[index].actionID)' falls back to the default action: \(description)",
          at: JSONPointer("/category/actionTargets").appending(index))
      }
      notification.category = category
    }
    for index in notification.media.indices where notification.media[index].action == .sameAsDefault
    {
      notification.media[index].action = nil
      context.report(
        .resolvedFallback, "media item \(index) uses the default action",
        at: JSONPointer("/media").appending(index))
    }
  }
}
