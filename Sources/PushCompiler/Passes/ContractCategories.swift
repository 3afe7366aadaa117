import PushIR

/// Puts buttons the target cannot show into one of the target's own predefined
/// categories that shows the same buttons, and renames another vendor's predefined
/// category to the target's equivalent (Klaviyo's `yesNo` → Braze's `ab_cat_yes_no`).
///
/// Changes: when the target names registered categories, has predefined categories of
/// its own, and either has more dynamic buttons than it can show and no category, or
/// names another vendor's predefined category: the buttons (or that category's buttons)
/// are matched against the target's categories by action ids or by labels (case and
/// spacing aside), in order. On a match the notification names the target's category;
/// each button's action becomes the category's `actionTargets` entry where it differs
/// from what the target's button does by itself and that button takes such an action.
/// The buttons are removed.
/// Reports: `pass.contracted-category` (warning: the buttons now show only where the app
/// registered the category), `fit.changed-action` for an action the target's button
/// cannot take, `fit.dropped-option`, `fit.dropped-icon`, `fit.dropped-text-input` for
/// what the registered buttons do not have.
/// Idempotent: afterwards there are no buttons to contract and the category is the
/// target's own.
public struct ContractCategories: NotificationPass {
  public init() {}
  public var name: String { "contract-categories" }
  public var summary: String {
    "buttons the target cannot show, or another vendor's predefined category -> the target's own predefined category"
  }

  public func run(on notification: inout PushNotification, context: inout PassContext) {
    // Read in place: binding the capabilities would copy them for every record.
    guard context.target?.registeredCategories == true,
      let vendor = context.target?.predefinedCategoriesOf,
      let maxButtons = context.target?.maxButtons
    else { return }
    let fallback = notification.defaultAction ?? .openApp
    if let category = notification.category {
      guard let foreign = PredefinedCategory.named(category.identifier),
        foreign.vendor != vendor,
        let own = PredefinedCategory.showingSame(
          foreign.buttons.map { ($0.id, $0.label, $0.options) }, vendor: vendor)
      else { return }
      let actions = foreign.buttons.map { button in
        let action = category.target(for: IRText(button.id)) ?? button.action
        return action == .sameAsDefault ? fallback : action
      }
      let labels = foreign.buttons.map(\.label)
      notification.category = contracted(
        into: own, labels: labels, actions: actions, at: "/category/actionTargets",
        context: &context)
      context.report(
        .contractedCategory,
        "'\(category.identifier)' becomes \(vendor)'s predefined category '\(own.identifier)' \(own.idList); its buttons show only where the app registered it",
        at: "/category")
      return
    }
    guard notification.buttons.count > maxButtons,
      let own = PredefinedCategory.showingSame(
        notification.buttons.map { ($0.id.string, $0.label.string, $0.options) }, vendor: vendor)
    else { return }
    for (index, (button, registered)) in zip(notification.buttons, own.buttons).enumerated() {
      reportLosses(
        of: button, becoming: registered, at: JSONPointer("/buttons").appending(index),
        context: &context)
    }
    // The buttons as a whole came from where their first one's parent is in the input.
    if let first = context.sourceMap.inputLocation(of: "/buttons/0"), !first.tokens.isEmpty {
      let input = JSONPointer(tokens: Array(first.tokens.dropLast()))
      context.sourceMap.record("/buttons", from: input)
      context.sourceMap.record("/category", from: input)
    }
    let buttons = notification.buttons
    notification.category = contracted(
      into: own, labels: buttons.map(\.label.string), actions: buttons.map(\.action),
      at: "/buttons",
      context: &context)
    notification.buttons = []
    let labels = buttons.map { "'\($0.label)'" }.joined(separator: ", ")
    context.report(
      .contractedCategory,
      "the buttons \(labels) become \(vendor)'s predefined category '\(own.identifier)' \(own.idList); they show only where the app registered it",
      at: "/buttons")
  }

  /// `own`, with an action target for each button whose action differs from what the
  /// registered button does by itself; actions it cannot take are reported at `path`.
  private func contracted(
    into own: PredefinedCategory, labels: [String], actions: [NotificationAction],
    at path: JSONPointer, context: inout PassContext
  ) -> NotificationCategory {
    var category = NotificationCategory(identifier: IRText(own.identifier))
    for (index, (registered, action)) in zip(own.buttons, actions).enumerated()
    where action != registered.action {
      guard let kind = Capabilities.ActionKind(action), registered.targetKinds.contains(kind)
      else {
        context.report(
          .changedAction,
          "button '\(labels[index])' will \(registered.action.phrase) instead: \(own.vendor)'s '\(registered.id)' cannot \(action.phrase)",
          at: path.appending(index))
        continue
      }
      category.actionTargets.append(.init(actionID: IRText(registered.id), action: action))
    }
    return category
  }

  /// Reports what `button` has that the registered button it becomes has not.
  private func reportLosses(
    of button: ActionButton, becoming registered: PredefinedCategory.Button, at path: JSONPointer,
    context: inout PassContext
  ) {
    if button.options != registered.options {
      func names(_ options: ButtonOptions) -> String {
        let list = ButtonOptions.named.filter { options.contains($0.option) }.map { "'\($0.name)'" }
        return list.isEmpty ? "none" : list.joined(separator: ", ")
      }
      context.report(
        .droppedOption,
        "button '\(button.label)' takes the options of '\(registered.id)' (\(names(registered.options))) instead of its own (\(names(button.options)))",
        at: path.appending("options"))
    }
    if let icon = button.icon {
      context.report(
        .droppedIcon,
        "button '\(button.label)' loses its icon '\(icon.name)': '\(registered.id)' has none",
        at: path.appending("icon"))
    }
    if button.textInput != nil {
      context.report(
        .droppedTextInput,
        "button '\(button.label)' loses its reply field: '\(registered.id)' has none",
        at: path.appending("textInput"))
    }
  }
}

extension PredefinedCategory {
  /// The category's action ids, for messages: `(action ids 'a', 'b')`.
  fileprivate var idList: String {
    "(action ids " + buttons.map { "'\($0.id)'" }.joined(separator: ", ") + ")"
  }
}
