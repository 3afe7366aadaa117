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
/// Reports: `pass.expanded-category` (note). Tells the emitter which category it
/// expanded (``PassContext/expandedCategory``).
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
      let position = PredefinedCategory.position(named: identifier),
      // Moved out, not copied: the category is removed below in any case.
      let category = notification.category.take()
    else { return }
    // The category's buttons, made once, copied into an array of this notification's
    // own: shared, the array's reference count would be changed by every core for every
    // record (and the array copied anyway by the first pass that changes a button).
    // Element by element: handed the array whole, `append(contentsOf:)` would retain it.
    let count = PredefinedCategory.expandedButtons[position].count
    notification.buttons = []
    notification.buttons.reserveCapacity(count)
    for index in 0..<count {
      notification.buttons.append(PredefinedCategory.expandedButtons[position][index])
    }
    if !category.actionTargets.isEmpty {
      for index in notification.buttons.indices {
        if let action = category.target(for: notification.buttons[index].id) {
          notification.buttons[index].action = action
        }
      }
      let buttons = PredefinedCategory.all[position].buttons
      // Each at its own target's path, which the source map turns into the member the
      // target was read from.
      for (index, target) in category.actionTargets.enumerated()
      where buttons.allSatisfy({ $0.id != target.actionID }) {
        context.report(
          .droppedAction,
          "'\(target.actionID)' is not an action of '\(category.identifier)'; its target is dropped",
          at: JSONPointer("/category/actionTargets").appending(index))
      }
    }
    context.expandedCategory = category.identifier
    if let input = context.sourceMap.inputLocation(of: "/category") {
      context.sourceMap.record("/buttons", from: input)
    }
    context.report(
      .expandedCategory,
      "'\(category.identifier)' expanded into the buttons \(PredefinedCategory.all[position].buttons.map { "'\($0.label)'" }.joined(separator: ", "))",
      at: "/category")
  }
}
