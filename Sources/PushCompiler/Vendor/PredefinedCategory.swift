import PushIR

/// A category whose buttons a vendor documents, so that a payload naming it can be
/// expanded into explicit buttons (and explicit buttons matching it contracted back).
public struct PredefinedCategory: Sendable {
  /// One of the category's buttons.
  public struct Button: Sendable {
    /// The action identifier.
    public var id: String
    /// The label iOS shows.
    public var label: String
    /// The options the category registers the action with.
    public var options: ButtonOptions
    /// What the button does when the payload says nothing about it.
    public var action: NotificationAction
    /// The kinds of action a payload may give the button instead.
    public var targetKinds: Set<Capabilities.ActionKind>
  }

  /// The vendor that registers the category.
  public var vendor: String
  /// The category identifier.
  public var identifier: String
  /// The buttons in display order.
  public var buttons: [Button]

  /// Every predefined category pushc knows, across vendors.
  public static let all: [PredefinedCategory] =
    KlaviyoCategories.all + BrazeCategories.all

  /// The predefined category named `identifier`, if any.
  public static func named(_ identifier: String) -> PredefinedCategory? {
    all.first { $0.identifier == identifier }
  }

  /// The predefined category of `vendor` named `identifier`, if any.
  static func named(_ identifier: String, vendor: String) -> PredefinedCategory? {
    all.first { $0.vendor == vendor && $0.identifier == identifier }
  }

  /// Why button `actionID` of this category cannot be made to take `action` (it is not
  /// one of the category's, or takes no such action), or `nil` when it can.
  func refusal(of action: NotificationAction, for actionID: String) -> String? {
    guard let button = buttons.first(where: { $0.id == actionID }) else {
      return "'\(actionID)' is not a button of '\(identifier)'"
    }
    if action == button.action
      || Capabilities.ActionKind(action).map(button.targetKinds.contains) == true
    {
      return nil
    }
    return "'\(actionID)' of '\(identifier)' can only \(button.action.phrase), not \(action.phrase)"
  }

  /// The category of `vendor` whose action ids are exactly those of `buttons`, in order.
  public static func matching(_ buttons: [ActionButton], vendor: String) -> PredefinedCategory? {
    all.first { $0.vendor == vendor && $0.buttons.map(\.id) == buttons.map(\.id) }
  }

  /// The category of `vendor` that shows the same buttons as `buttons` (id and label,
  /// in order): every id equal, or every label equal ignoring case and surrounding
  /// spaces (runs of spaces count as one). Among several, the one whose options agree with theirs most.
  static func showingSame(
    _ buttons: [(id: String, label: String, options: ButtonOptions)], vendor: String
  ) -> PredefinedCategory? {
    func key(_ label: String) -> String {
      label.split(separator: " ").joined(separator: " ").lowercased()
    }
    let candidates = all.filter { category in
      category.vendor == vendor && category.buttons.count == buttons.count
        && (category.buttons.map(\.id) == buttons.map(\.id)
          || category.buttons.map { key($0.label) } == buttons.map { key($0.label) })
    }
    return candidates.max { first, second in
      func agreeing(_ category: PredefinedCategory) -> Int {
        zip(category.buttons, buttons).filter { $0.options == $1.options }.count
      }
      return agreeing(first) < agreeing(second)
    }
  }
}
