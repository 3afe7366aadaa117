import PushIR

/// Expands a predefined category into explicit buttons when the target would rather
/// have dynamic buttons (Klaviyo's upgrade from its four predefined categories).
///
/// Changes: when the category is a known predefined one, the notification has no
/// dynamic buttons, and the target expands predefined categories, the category's
/// buttons become IR buttons in its display order with its labels, action ids and
/// options. A button's action is its `actionTargets` entry; otherwise what the category
/// defines (a Klaviyo foreground button falls back to the default action, a background
/// one dismisses; Braze's open the app or dismiss). The
/// category itself is removed (an emitter may contract the buttons back into it).
/// Reports: `pass.expanded-category` (note).
/// Idempotent: afterwards there is no category left to expand.
public struct ExpandCategories: NotificationPass {
  public init() {}
  public var name: String { "expand-categories" }
  public var summary: String {
    "predefined category -> explicit buttons, for targets that prefer dynamic buttons"
  }

  public func run(on notification: inout PushNotification, context: inout PassContext) {
    guard context.target?.expandsPredefinedCategories == true, !notification.hasDynamicButtons,
      let identifier = notification.category?.identifier,
      let predefined = PredefinedCategory.named(identifier),
      // Moved out, not copied: the category is removed below in any case.
      let category = notification.category.take()
    else { return }
    // By index into storage made once, each button of the category read in place: a
    // closure over the buttons would copy each of them, for every record expanded.
    var buttons: [ActionButton] = []
    buttons.reserveCapacity(predefined.buttons.count)
    for index in predefined.buttons.indices {
      buttons.append(
        ActionButton(
          id: predefined.buttons[index].id, label: predefined.buttons[index].label,
          action: category.target(for: predefined.buttons[index].id)
            ?? predefined.buttons[index].action,
          options: predefined.buttons[index].options))
    }
    notification.buttons = buttons
    for target in category.actionTargets
    where predefined.buttons.allSatisfy({ $0.id != target.actionID }) {
      context.report(
        .droppedAction,
        "'\(target.actionID)' is not an action of '\(category.identifier)'; its target is dropped",
        at: "/category/actionTargets")
    }
    if let input = context.sourceMap.inputLocation(of: "/category") {
      context.sourceMap.record("/buttons", from: input)
    }
    context.report(
      .expandedCategory,
      "'\(category.identifier)' expanded into the buttons \(predefined.buttons.map { "'\($0.label)'" }.joined(separator: ", "))",
      at: "/category")
  }
}
