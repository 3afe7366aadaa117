import PushIR

/// CleverTap's iOS payload: `W$…`/`wzrk_…` keys (the two prefixes are equivalent),
/// `wzrk_dl`, single media (`ct_mediaUrl` + `ct_mediaType`), the content slider
/// (`ct_ContentSlider`), push templates (`pt_*`, `pt_json`), and categories the app
/// registered (`CTNotification`). iOS has no per-push buttons. See
/// `Specs/vendors/clevertap.md`.
public struct CleverTap: ParsedFormat, EmittedFormat, DeclaresTargetFields {
  public init() {}

  typealias Parser = CleverTapParser
  typealias Emitter = CleverTapEmitter

  public var id: String { "clevertap" }
  public var summary: String {
    "CleverTap iOS payload: 'W$'/'wzrk_' keys, 'wzrk_dl', 'ct_mediaUrl', 'ct_ContentSlider', 'pt_*' templates"
  }

  public var capabilities: Capabilities { Self.declaredCapabilities }

  var targetFields: [TargetField] { [CleverTapEmitter.campaignIDField] }

  /// The slider's kept settings: a target that drops them reports each where it was read.
  public var keptGroups: Set<JSONPointer> { Self.groups }
  /// Made once: a translation that drops extras may ask on every record.
  private static let groups: Set<JSONPointer> = [.group(Key.slider)]

  public func droppedFieldPhrase(_ key: String, in group: JSONPointer) -> String? {
    group == .group(Key.slider)
      ? "clevertap's content slider setting '\(key)' has no equivalent here" : nil
  }

  public var settableFields: [(names: [String], meaning: String)] { targetFields.listed }

  /// Built once: translations ask for the capabilities on every record.
  private static let declaredCapabilities: Capabilities = {
    var capabilities = Capabilities()
    capabilities.defaultActions = [.openApp, .openURL]
    capabilities.urlDestinations = [.app, .browser]
    capabilities.linkDestinationFromScheme = true
    // The SDK opens 'wzrk_dl' for any tap, never looking at the action's identifier.
    capabilities.buttonsTakeDefaultAction = true
    capabilities.maxMedia = Int.max
    capabilities.mediaKinds = Set(MediaKind.allCases)
    capabilities.mediaCaptions = true
    capabilities.mediaAltText = true
    capabilities.registeredCategories = true
    return capabilities
  }()

  /// Key names shared by the parser and the emitter.
  enum Key {
    static let prefixes = ["W$", "wzrk_"]
    static let campaignID = "W$id"
    static let deepLink = "wzrk_dl"
    static let mediaURL = "ct_mediaUrl"
    static let mediaType = "ct_mediaType"
    static let altText = "alt_text_wzrk_bp"
    static let slider = "ct_ContentSlider"
    static let templatePrefix = "pt_"
    static let templateJSON = "pt_json"
    /// The template's name, which iOS reads from the root even beside `pt_json`.
    static let templateID = "pt_id"
    /// Keys that make a push a dashboard preview of an in-app or inbox message.
    static let previewMarkers: Set<String> = [
      "wzrk_inapp", "wzrk_inbox", "wzrk_adunit", "wzrk_inapp_s3_url", "wzrk_inapp_type",
    ]
    /// Keys the SDK looks up on the phone by their `wzrk_` name alone (the `W$` prefix
    /// is rewritten only in the event data it records), with what their `W$` spelling
    /// then fails to do.
    static let readOnlyAsWzrk: [String: String] = [
      deepLink: "a tap opens no link",
      "wzrk_acct_id": "the push goes to the default instance",
      "wzrk_inapp": "the push is shown, not taken as a preview",
      "wzrk_inbox": "the push is shown, not taken as a preview",
      "wzrk_adunit": "the push is shown, not taken as a preview",
      "wzrk_inapp_s3_url": "the push is shown, not taken as a preview",
      "wzrk_inapp_type": "the push is shown, not taken as a preview",
    ]
    /// In `extras["clevertap"]`: how the source spelled the campaign id key.
    static let campaignKeyHint = "@campaignKey"
    /// In `extras["clevertap"]`, beside a slider read: `true` when the source attached the
    /// first slide's image as `ct_mediaUrl` + `ct_mediaType` (written again, without a
    /// note), `false` when it had neither beside the slider (none is written).
    static let attachesFirstSlideHint = "@attachesFirstSlide"
  }

  /// The content slider's own settings, with the values written when the source has none.
  static let sliderDefaults: [(key: String, value: JSONValue)] = [
    ("orientation", "portrait"), ("showsPaging", 1), ("autoPlay", 0), ("autoDismiss", 1),
    ("type", "carousalImg"),
  ]

  /// The category CTNotificationContent registers for the slider and the templates.
  static let contentCategory: IRText = "CTNotification"

  /// The key `key` stands for with the `wzrk_` prefix (`W$id` → `wzrk_id`), if it has a
  /// CleverTap prefix.
  static func canonicalKey(_ key: String) -> String? {
    if key.hasPrefix("W$") { return "wzrk_" + key.dropFirst(2) }
    return key.hasPrefix("wzrk_") ? key : nil
  }

  /// Whether `key` is one of CleverTap's own (``canonicalKey(_:)`` gives it), without
  /// making the canonical key.
  static func isMarker(_ key: String) -> Bool {
    markerStarts.mayStart(key) && (key.hasPrefix("W$") || key.hasPrefix("wzrk_"))
  }

  /// How CleverTap's own keys start, to pass over most keys at once.
  private static let markerStarts = FirstBytes(of: ["W$", "wzrk_"])

  /// Root keys CleverTap defines that others could carry as custom data.
  private static let suggestiveKeys = RootNames([
    Key.mediaURL, Key.slider, Key.templateJSON, Key.templateID,
  ])

  public func validate(_ payload: JSONValue, diagnostics: inout Diagnostics) {
    CleverTapValidator.validate(payload, diagnostics: &diagnostics)
  }

  public func evidence(in root: RootIndex) -> Evidence? {
    Evidence.firstRootKeys(
      startingWith: Self.markerStarts, where: Self.isMarker, in: root, .decisive,
      reason: "the 'W$'/'wzrk_' keys CleverTap's SDK looks for")
      ?? Evidence.rootKeys(
        Self.suggestiveKeys, in: root, .suggestive, reason: "keys CleverTap defines")
  }
}
