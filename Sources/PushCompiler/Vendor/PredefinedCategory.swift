#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
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
  /// Whether a released version of the vendor's SDK registers the category; Klaviyo's
  /// four were drafted and never released, so only an app that registered them has them.
  public var isRegisteredBySDK = true

  /// Every predefined category pushc knows, across vendors.
  public static let all: [PredefinedCategory] =
    KlaviyoCategories.all + BrazeCategories.all + AirshipCategories.all

  /// The predefined category named `identifier` (the first of that name), if any.
  /// Looked up for every category a payload names: a search that passes over names of
  /// another length without comparing their text costs less than hashing the name. Bytes
  /// tell exactly, as `==` would: every identifier is ASCII without `K`, `;` or the
  /// grave accent, U+0060 (the only ASCII text other text can be canonically equivalent
  /// to, through the Kelvin sign, Greek question mark and Greek varia), which a test
  /// checks.
  public static func named(_ identifier: IRText) -> PredefinedCategory? {
    position(named: identifier).map { all[$0] }
  }

  /// Where in ``all`` the category named `identifier` (the first of that name) is, if
  /// anywhere: read by position, the category is not copied. Names are compared as
  /// bytes, length first, which tells exactly what `==` would, as ``named(_:)`` explains.
  /// The name is read where it lies, and the known names in one block: each of its own
  /// would be retained and released for every comparison.
  static func position(named identifier: IRText) -> Int? {
    identifier.withUTF8(position(ofUTF8:))
  }

  /// ``position(named:)`` of the name whose UTF-8 `name` holds.
  private static func position(ofUTF8 name: UnsafeBufferPointer<UInt8>) -> Int? {
    identifierTable.bytes.withUnsafeBufferPointer { bytes in
      for (index, range) in identifierTable.ranges.enumerated() where range.count == name.count {
        if name.isEmpty
          || memcmp(bytes.baseAddress! + range.lowerBound, name.baseAddress!, name.count) == 0
        {
          return index
        }
      }
      return nil
    }
  }

  /// The UTF-8 of the identifiers in ``all``, one after another, and the range of each
  /// (at the same position as its category).
  private static let identifierTable: (bytes: [UInt8], ranges: [Range<Int>]) = {
    var bytes: [UInt8] = []
    var ranges: [Range<Int>] = []
    for category in all {
      let start = bytes.count
      bytes.append(contentsOf: category.identifier.utf8)
      ranges.append(start..<bytes.count)
    }
    return (bytes, ranges)
  }()

  /// Each category of ``all`` (at the same position) as IR buttons, in display order,
  /// doing what the category defines: made once, and copied into each notification
  /// expanded.
  static let expandedButtons: [[ActionButton]] = all.map { category in
    category.buttons.map { button in
      ActionButton(
        id: IRText(button.id), label: IRText(button.label), action: button.action,
        options: button.options)
    }
  }

  /// The predefined category of `vendor` named `identifier`, if any.
  static func named(_ identifier: IRText, vendor: String) -> PredefinedCategory? {
    all.first { $0.vendor == vendor && $0.identifier == identifier }
  }

  /// Why button `actionID` of this category cannot be made to take `action` (it is not
  /// one of the category's, or takes no such action), or `nil` when it can.
  func refusal(of action: NotificationAction, for actionID: IRText) -> String? {
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
    all.first { category in
      category.vendor == vendor && category.buttons.elementsEqual(buttons) { $0.id == $1.id }
    }
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

extension EmitContext {
  /// Notes that the notification's category, unless it is one `vendor`'s SDK registers
  /// itself, shows buttons only where the app registered it: any other category where
  /// the SDK registers default categories (Braze, Airship); where it registers none, a
  /// predefined category of another vendor, which that vendor's SDK registered, and not
  /// the app (a category of the app's own is written as the app named it).
  mutating func noteRegisteredCategory(of notification: PushNotification, vendor: String) {
    guard let category = notification.category,
      PredefinedCategory.named(category.identifier, vendor: vendor) == nil
    else { return }
    if PredefinedCategory.all.contains(where: { $0.vendor == vendor }) {
      report(
        .registeredCategory,
        "'\(category.identifier)' is not one of \(vendor)'s default categories: its buttons show only if the app registered it",
        at: "/category")
    } else if let foreign = PredefinedCategory.named(category.identifier) {
      let registrar =
        foreign.isRegisteredBySDK
        ? "which \(foreign.vendor)'s SDK registers"
        : "which no released \(foreign.vendor) SDK registers"
      report(
        .registeredCategory,
        "'\(category.identifier)' is one of \(foreign.vendor)'s predefined categories, \(registrar): with \(vendor) its buttons show only if the app registered it",
        at: "/category")
    }
  }

  /// The action targets of `category` a target of `vendor` can write, each with its IR
  /// path and, for one of the vendor's own categories, its button: a `dial` becomes a
  /// `tel:` link opening at `dialDestination` (reported); what one of the vendor's own
  /// categories refuses is reported as dropped and left out.
  mutating func writableTargets(
    of category: NotificationCategory, vendor: String, dialDestination: URLDestination
  ) -> [(
    actionID: IRText, action: NotificationAction, path: JSONPointer,
    button: PredefinedCategory.Button?
  )] {
    let predefined = PredefinedCategory.named(category.identifier, vendor: vendor)
    var targets:
      [(
        actionID: IRText, action: NotificationAction, path: JSONPointer,
        button: PredefinedCategory.Button?
      )] = []
    for (index, target) in category.actionTargets.enumerated() {
      let path = JSONPointer("/category/actionTargets").appending(index)
      var action = target.action
      if case .dial(let number) = action {
        let link = NotificationAction.dialLink(number)
        action = .openURL(link, dialDestination)
        report(
          .changedAction,
          "category action '\(target.actionID)' dials through the link '\(link)'",
          at: path.appending("action"))
      }
      if let refusal = predefined?.refusal(of: action, for: target.actionID) {
        report(.droppedAction, refusal + "; dropped", at: path)
        continue
      }
      let button = predefined?.buttons.first { $0.id == target.actionID }
      targets.append((target.actionID, action, path, button))
    }
    return targets
  }
}
