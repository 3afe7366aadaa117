import PushIR

/// Makes every "same as the default action" explicit.
///
/// Changes: a button, category action or media item whose action is `sameAsDefault` (a Klaviyo draft
/// button without `url`, which "falls back to `body.url`") gets the default action
/// itself, or `openApp` when there is none or its link is one the target's SDK cannot
/// follow (fit-target then drops that link from the tap, which opens the app).
/// Reports: `pass.resolved-fallback` (note) per resolved action.
/// Idempotent: no `sameAsDefault` is left.
public struct ResolveFallbacks: NotificationPass {
  public init() {}
  public var name: String { "resolve-fallbacks" }
  public var summary: String { "actions that fall back to the default action name it explicitly" }

  public func run(on notification: inout PushNotification, context: inout PassContext) {
    // Matched as a pattern, not compared with `==` (which builds the other value): every
    // record of a batch comes here.
    if case .sameAsDefault? = notification.defaultAction {
      notification.defaultAction = nil
      context.report(
        .resolvedFallback, "a tap action 'same as the default' means opening the app",
        at: "/defaultAction")
    }
    // The default action read where it stands (`nil`: opening the app), copied only into
    // what falls back to it.
    resolve(
      &notification.buttons, to: notification.defaultAction, at: "/buttons", context: &context
    ) { button, resolved in
      "button '\(button.label)' falls back to the default action: \(Self.described(resolved))"
    }
    // Most categories give no action targets: nothing to copy and put back.
    if var category = notification.category, !category.actionTargets.isEmpty {
      resolve(
        &category.actionTargets, to: notification.defaultAction, at: "/category/actionTargets",
        context: &context
      ) { target, resolved in
        "category action '\(target.actionID)' falls back to the default action: \(Self.described(resolved))"
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

  /// What the default action `resolved` does, for a message (`nil`: opening the app).
  private static func described(_ resolved: NotificationAction?) -> String {
    resolved?.url.map { "'\($0)'" } ?? "opening the app"
  }

  /// Replaces `sameAsDefault` in each element's action with `resolved` (`nil`: opening
  /// the app), reporting each with `message` of the element and `resolved`.
  private func resolve<Element: HoldsAction>(
    _ elements: inout [Element], to resolved: NotificationAction?, at path: JSONPointer,
    context: inout PassContext, message: (Element, NotificationAction?) -> String
  ) {
    // Decided at the first element that falls back, which most records have none of.
    var decided = false
    var fallback: NotificationAction?
    for index in elements.indices {
      guard case .sameAsDefault = elements[index].action else { continue }
      if !decided {
        fallback = Self.followed(resolved, by: context.target)
        decided = true
      }
      elements[index].action = fallback ?? .openApp
      context.report(
        .resolvedFallback, message(elements[index], fallback), at: path.appending(index))
    }
  }

  /// The default action `action` as what falls back to it does: opening the app (`nil`)
  /// when it is a link the target's SDK cannot follow, which fit-target drops from the
  /// tap (``Capabilities/linksMustParse``); else the action itself.
  private static func followed(_ action: NotificationAction?, by target: Capabilities?)
    -> NotificationAction?
  {
    guard let url = action?.url, let target, !target.follows(url) else { return action }
    return nil
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
