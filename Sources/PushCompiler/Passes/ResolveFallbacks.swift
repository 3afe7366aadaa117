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
  public var name: String { "resolve-fallbacks" }
  public var summary: String { "actions that fall back to the default action name it explicitly" }

  public func run(on notification: inout PushNotification, context: inout PassContext) {
    // Matched as a pattern, not compared with `==` (which builds the other value), and a
    // constant, so that the messages below capture it without a box on the heap: every
    // record of a batch comes here.
    let resolved: NotificationAction
    if case .sameAsDefault? = notification.defaultAction {
      notification.defaultAction = nil
      resolved = .openApp
      context.report(
        .resolvedFallback, "a tap action 'same as the default' means opening the app",
        at: "/defaultAction")
    } else {
      resolved = notification.defaultAction ?? .openApp
    }
    // Described only for a message: most records resolve nothing.
    func description() -> String { resolved.url.map { "'\($0)'" } ?? "opening the app" }
    resolve(&notification.buttons, to: resolved, at: "/buttons", context: &context) {
      "button '\($0.label)' falls back to the default action: \(description())"
    }
    // Most categories give no action targets: nothing to copy and put back.
    if var category = notification.category, !category.actionTargets.isEmpty {
      resolve(
        &category.actionTargets, to: resolved, at: "/category/actionTargets", context: &context
      ) {
        "category action '\($0.actionID)' falls back to the default action: \(description())"
      }
      notification.category = category
    }
    for index in notification.media.indices {
      guard case .sameAsDefault? = notification.media[index].action else { continue }
      notification.media[index].action = nil
      context.report(
        .resolvedFallback, "media item \(index) uses the default action",
        at: JSONPointer("/media").appending(index))
    }
  }

  /// Replaces `sameAsDefault` with `resolved` in each element's action, reporting each.
  private func resolve<Element: HoldsAction>(
    _ elements: inout [Element], to resolved: NotificationAction, at path: JSONPointer,
    context: inout PassContext, message: (Element) -> String
  ) {
    for index in elements.indices {
      guard case .sameAsDefault = elements[index].action else { continue }
      elements[index].action = resolved
      context.report(.resolvedFallback, message(elements[index]), at: path.appending(index))
    }
  }
}

/// Something in the IR that does an action when tapped: a button or a category action
/// target. A protocol rather than a key path, since the pass asks every button of every
/// record and a key path is read through the runtime.
protocol HoldsAction {
  /// What a tap does.
  var action: NotificationAction { get set }
}

extension ActionButton: HoldsAction {}
extension NotificationCategory.ActionTarget: HoldsAction {}
