import PushIR

/// Iterable's iOS payload: `aps` plus an `itbl` dictionary with the tap action
/// (`defaultAction`), dynamic buttons (`actionButtons`: destructive, text input, SF Symbol
/// or template icons, a link or a custom action each), one attachment (`attachment-url`)
/// and the ids opens are tracked under. See `Specs/vendors/iterable.md`.
public struct Iterable: ParsedFormat, EmittedFormat, DeclaresTargetFields {
  public init() {}

  typealias Parser = IterableParser
  typealias Emitter = IterableEmitter

  public var id: String { "iterable" }
  public var summary: String {
    "Iterable iOS SDK payload: 'itbl' with 'defaultAction', rich 'actionButtons', 'attachment-url' and ids"
  }

  public var capabilities: Capabilities { Self.declaredCapabilities }

  var targetFields: [TargetField] { IterableEmitter.settableFields }

  public var settableFields: [(names: [String], meaning: String)] { targetFields.listed }

  /// Built once: translations ask for the capabilities on every record.
  private static let declaredCapabilities: Capabilities = {
    var capabilities = Capabilities()
    // The SDK passes every button to iOS, which shows ten at most.
    capabilities.maxButtons = 10
    capabilities.buttonIDsIdentifyTaps = true
    capabilities.buttonActions = [.openApp, .openURL, .dismiss, .custom]
    // A tap always opens the app; `defaultAction` only adds a link or a custom action.
    capabilities.defaultActions = [.openURL, .custom]
    // `ActionRunner` opens an `openUrl` action's data as a link; every other type goes to
    // the app's custom action handler.
    capabilities.ownActionTypes = [IterableAction.openURL]
    capabilities.urlDestinations = [.app]
    capabilities.buttonOptions = [.foreground, .destructive, .authenticationRequired]
    // A button's link goes to `UIApplication.open`, which opens nothing in the background.
    capabilities.linkButtonsNeedForeground = true
    capabilities.systemImageIcons = true
    capabilities.templateImageIcons = true
    capabilities.textInput = true
    capabilities.maxMedia = 1
    capabilities.mediaKinds = Set(MediaKind.allCases)
    capabilities.registeredCategories = true
    capabilities.categoryActionTargets = true
    capabilities.expandsPredefinedCategories = true
    return capabilities
  }()

  /// Key names shared by the parser and the emitter.
  enum Key {
    static let container = "itbl"
    static let campaignID = "campaignId"
    static let templateID = "templateId"
    static let messageID = "messageId"
    static let isGhostPush = "isGhostPush"
    /// In the extras: the source was a push without a `campaignId` read (none, or one
    /// that is not an id), which the SDK tracks no open of, as of one of Iterable's proofs.
    static let proofHint = "@proof"
    static let attachment = "attachment-url"
    static let defaultAction = "defaultAction"
    static let buttons = "actionButtons"
    /// The root key legacy templates give the tap's link in, read when there is no
    /// `defaultAction`.
    static let legacyURL = "url"
    /// The root key of Iterable's silent in-app and embedded sync pushes.
    static let notificationType = "notificationType"
    /// Silent pushes the SDK consumes instead of showing.
    static let syncTypes: Set<String> = ["InAppUpdate", "InAppRemove", "UpdateEmbedded"]
  }

  /// Keys of an `actionButtons` element.
  enum ButtonKey {
    static let identifier = "identifier"
    static let title = "title"
    static let buttonType = "buttonType"
    static let openApp = "openApp"
    static let requiresUnlock = "requiresUnlock"
    static let inputTitle = "inputTitle"
    static let inputPlaceholder = "inputPlaceholder"
    /// The spelling of Iterable's own extension test, which the SDK does not read.
    static let misspelledPlaceholder = "inputPlaceHolder"
    static let icon = "actionIcon"
    static let iconType = "iconType"
    static let imageName = "imageName"
    static let action = "action"
    /// Every key the SDK reads from a button.
    static let all: Set<String> = [
      identifier, title, buttonType, openApp, requiresUnlock, inputTitle, inputPlaceholder, icon,
      action,
    ]
  }

  /// `buttonType` values.
  enum ButtonType {
    static let standard = "default"
    static let destructive = "destructive"
    static let textInput = "textInput"
    static let all: Set<String> = [standard, destructive, textInput]
  }

  /// `actionIcon.iconType` values.
  enum IconType {
    static let systemImage = "systemImage"
    static let templateImage = "templateImage"
  }

  /// Iterable's own rule: what its SDK needs to track an open (``IterableValidator``).
  public func validate(_ payload: JSONValue, diagnostics: inout Diagnostics) {
    IterableValidator.validate(payload, diagnostics: &diagnostics)
  }

  /// A member of `itbl` that keeps Iterable's SDK from tracking an open of the push: it
  /// is missing, or not of the type the SDK needs.
  struct UntrackedOpenCause: Equatable {
    /// The member's key.
    var key: String
    /// The type the SDK needs, for messages ("a number").
    var neededType: String
    /// Whether `itbl` has the member at all (of another type).
    var isPresent: Bool
  }

  /// What keeps Iterable's SDK from tracking an open of a push with this `itbl`, in the
  /// order members are written. `trackPushOpen` tracks nothing without the metadata
  /// `IterablePushNotificationMetadata.parse` builds only from a number `templateId`, a
  /// string `messageId`, a boolean `isGhostPush` (`1` and `0` count) and a `campaignId`
  /// that is a number when present (swift-sdk `NotificationHelper.swift`); the push is
  /// still shown and its actions run. Empty when the metadata is built, and for a push
  /// whose opens the SDK never tracks: a ghost push, a test (`campaignId` 0), or, when
  /// `proofsIntended`, a proof (no `campaignId`); otherwise a missing `campaignId` is a
  /// cause, since the SDK takes such a push for a proof.
  static func untrackedOpenCauses(in itbl: JSONObject, proofsIntended: Bool)
    -> [UntrackedOpenCause]
  {
    let ghost = itbl[Key.isGhostPush]
    if ghost == true || ghost?.numberValue?.intValue == 1 { return [] }
    if itbl[Key.campaignID]?.numberValue?.wholeValue == 0 { return [] }
    let needs: [(key: String, type: String, holds: (JSONValue) -> Bool)] = [
      (Key.campaignID, "a number", { $0.numberValue != nil }),
      (Key.templateID, "a number", { $0.numberValue != nil }),
      (
        Key.isGhostPush, "a boolean",
        {
          if case .bool = $0 { return true }
          return $0.numberValue?.intValue == 0 || $0.numberValue?.intValue == 1
        }
      ),
      (Key.messageID, "a string", { $0.textValue != nil }),
    ]
    return needs.compactMap { need in
      let value = itbl[need.key]
      if value == nil && need.key == Key.campaignID && proofsIntended { return nil }
      guard let value, need.holds(value) else {
        return UntrackedOpenCause(key: need.key, neededType: need.type, isPresent: value != nil)
      }
      return nil
    }
  }

  /// The consequence `causes` (not empty) have, for messages: "iterable's SDK tracks no
  /// open of this push: it needs 'itbl.templateId' as a number".
  static func untrackedOpensMessage(_ causes: [UntrackedOpenCause]) -> String {
    let needs = causes.map { "'\(Key.container).\($0.key)' as \($0.neededType)" }
    let listed =
      needs.count > 1
      ? needs.dropLast().joined(separator: ", ") + " and " + needs[needs.count - 1]
      : needs.joined()
    return "iterable's SDK tracks no open of this push: it needs \(listed)"
  }

  public func evidence(in root: RootIndex) -> Evidence? {
    root[Key.container]?.objectValue == nil
      ? nil : Evidence(.decisive, keys: ["/itbl"], reason: "Iterable's own dictionary")
  }
}
