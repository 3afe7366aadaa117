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
  }

  /// The vendor that registers the category.
  public var vendor: String
  /// The category identifier.
  public var identifier: String
  /// The buttons in display order.
  public var buttons: [Button]

  /// Every predefined category pushc knows, across vendors.
  public static let all: [PredefinedCategory] = KlaviyoCategories.all

  /// The predefined category named `identifier`, if any.
  public static func named(_ identifier: String) -> PredefinedCategory? {
    all.first { $0.identifier == identifier }
  }

  /// The category of `vendor` whose action ids are exactly those of `buttons`, in order.
  public static func matching(_ buttons: [ActionButton], vendor: String) -> PredefinedCategory? {
    all.first { $0.vendor == vendor && $0.buttons.map(\.id) == buttons.map(\.id) }
  }
}
