import PushIR

/// Dfinery's (IGAWorks) iOS payload: `aps` plus a `dfn` dictionary with the tap action
/// (`click_act`), up to two buttons (`btn`), an image (`img`), ids and flags. See
/// `Specs/vendors/dfinery.md`.
public struct Dfinery: ParsedFormat, EmittedFormat, DeclaresTargetFields {
  public init() {}

  typealias Parser = DfineryParser
  typealias Emitter = DfineryEmitter

  public var id: String { "dfinery" }
  public var summary: String {
    "Dfinery iOS SDK payload: 'dfn' with 'click_act', two 'btn' at most, 'img', ids and flags"
  }

  public var capabilities: Capabilities { Self.declaredCapabilities }

  public var keptGroups: Set<JSONPointer> { Self.groups }

  /// `click_act` keeps the members of the input's `click_act` the IR has no field for
  /// (`l_id`, `l_name`, `l_type`): a target that drops them names each, not the link the
  /// tap action carries.
  private static let groups: Set<JSONPointer> = [.group(Key.clickAction)]

  var targetFields: [TargetField] { DfineryEmitter.settableFields }

  public var settableFields: [(names: [String], meaning: String)] { targetFields.listed }

  /// Built once: translations ask for the capabilities on every record.
  private static let declaredCapabilities: Capabilities = {
    var capabilities = Capabilities()
    capabilities.maxButtons = 2
    capabilities.buttonActions = [.openApp, .openURL]
    capabilities.defaultActions = [.openApp, .openURL]
    capabilities.urlDestinations = [.app, .browser]
    capabilities.forcedButtonOptions = [.foreground]
    capabilities.maxMedia = 1
    capabilities.mediaKinds = [.image]
    capabilities.expandsPredefinedCategories = true
    capabilities.alwaysMutableContent = true
    return capabilities
  }()

  /// Key names shared by the parser and the emitter.
  enum Key {
    static let container = "dfn"
    static let image = "img"
    static let foreground = "is_f"
    static let isTest = "is_test"
    static let campaignID = "c_id"
    static let notificationID = "n_id"
    static let serviceID = "s_id"
    static let unifiedID = "u_id"
    static let ads = "ads"
    static let clickAction = "click_act"
    static let buttons = "btn"
    static let linkID = "l_id"
    static let linkName = "l_name"
    static let linkType = "l_type"
    static let actionType = "act_type"
    static let uri = "uri"
    /// In `extras["dfinery"]`: the `aps.category` the service extension registers the
    /// buttons under (it is the dynamic category's name, not one the app registered).
    static let categoryHint = "@category"
  }

  /// `act_type` values.
  enum ActionType {
    static let deepLink = "Deeplink"
    static let webLink = "WebLink"
    static let appOpen = "AppOpen"
  }

  /// The category id the documentation gives for pushes with buttons.
  static let defaultCategory: IRText = "DFINERY"

  /// The `dfn` fields a payload needs that the IR may not have.
  static let requiredFields: [(key: String, irPath: JSONPointer?, meaning: String)] = [
    (
      Key.campaignID, "/tracking/campaignID",
      "the campaign id clicks and impressions are reported under"
    ),
    (Key.serviceID, nil, "the service id"),
    (Key.unifiedID, nil, "the unified user id used when the app has stored none"),
  ]

  public func validate(_ payload: JSONValue, diagnostics: inout Diagnostics) {
    DfineryValidator.validate(payload, diagnostics: &diagnostics)
  }

  public func evidence(in root: RootIndex) -> Evidence? {
    root[Key.container]?.objectValue == nil
      ? nil : Evidence(.decisive, keys: ["/dfn"], reason: "Dfinery's own dictionary")
  }
}
