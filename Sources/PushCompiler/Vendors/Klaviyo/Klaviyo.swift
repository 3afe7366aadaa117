import PushIR

/// Klaviyo's iOS payload, in all three shapes: the draft spec's dynamic buttons
/// (`body.url`, icons, no `action`), its predefined categories (`com.klaviyo.category.*`
/// with `body.actions`), and the shipped SDK's (`action`, root `url`, `web_url`,
/// `rich-media`, `key_value_pairs`, badge keys). See `Specs/vendors/klaviyo.md`.
public struct Klaviyo: ParsedFormat, EmittedFormat, DeclaresTargetFields {
  public init() {}

  typealias Parser = KlaviyoParser
  typealias Emitter = KlaviyoEmitter

  public var id: String { "klaviyo" }
  public var summary: String {
    "Klaviyo iOS SDK payload: 'body._k', dynamic 'action_buttons', root 'url' and 'rich-media'"
  }

  /// Writes the specification's migration payload: the predefined fallback category and
  /// `body.actions` beside the dynamic buttons.
  static let fallbackCategoryOption = "fallback-category"

  public var emitOptions: [(name: String, summary: String)] {
    [
      (
        Self.fallbackCategoryOption,
        "write a predefined fallback category (the source's, or one matching the buttons) and 'body.actions' beside the dynamic buttons (the spec's migration payload; the shipped SDK then ignores the buttons)"
      )
    ]
  }

  public var capabilities: Capabilities { Self.declaredCapabilities }

  var targetFields: [TargetField] { [KlaviyoEmitter.notificationIDField] }

  public var settableFields: [(names: [String], meaning: String)] { targetFields.listed }

  public var keptGroups: Set<JSONPointer> { Self.groups }
  /// Made once: a translation that drops extras may ask on every record.
  private static let groups: Set<JSONPointer> = [.group(Key.body)]

  /// Built once: translations ask for the capabilities on every record.
  private static let declaredCapabilities: Capabilities = {
    var capabilities = Capabilities()
    capabilities.predefinedCategoriesOf = "klaviyo"
    // The shipped SDK's README allows "a maximum of 3"; its code sets no limit.
    capabilities.maxButtons = 3
    capabilities.buttonIDsIdentifyTaps = true
    capabilities.buttonActions = [.openApp, .openURL]
    capabilities.defaultActions = [.openApp, .openURL]
    capabilities.urlDestinations = [.app]
    capabilities.browserSchemes = openURLSchemes
    capabilities.linksMustParse = true
    capabilities.forcedButtonOptions = [.foreground]
    capabilities.systemImageIcons = true
    // The draft spec's `icon`; the shipped extension's `KlaviyoActionButtonParser` reads none.
    capabilities.iconsOnlyInDraftBuilds = true
    capabilities.maxLabelLength = 30
    capabilities.maxMedia = 1
    // Audio too: Klaviyo's documents offer images, GIFs and videos, but
    // `KlaviyoExtension.handleRichMedia` checks no kind, appends `rich-media-type` to the
    // file's name and attaches it with no options (no type hint), so iOS attaches any
    // file type it takes by name.
    capabilities.mediaKinds = [.image, .gif, .video, .audio]
    capabilities.mediaFileNamedAfterType = true
    capabilities.registeredCategories = true
    capabilities.categoryActionTargets = true
    capabilities.expandsPredefinedCategories = true
    capabilities.alwaysMutableContent = true
    return capabilities
  }()

  /// The schemes the 5.4 SDK opens for an `open_url` button or a root `web_url`
  /// (`URLSchemeAllowlist.swift`); it skips such a button, and ignores such a link, of
  /// any other scheme. `deep_link` and the root `url` take any scheme.
  static let openURLSchemes: Set<String> = ["http", "https", "mailto", "tel", "sms"]

  /// ``openURLSchemes`` for messages.
  static let openURLSchemeList = "only " + openURLSchemes.sorted().joined(separator: ", ")

  /// Key names shared by the parser and the emitter.
  enum Key {
    static let body = "body"
    static let notificationID = "_k"
    static let buttons = "action_buttons"
    static let categoryActions = "actions"
    static let url = "url"
    static let webURL = "web_url"
    static let media = "rich-media"
    static let mediaType = "rich-media-type"
    static let keyValuePairs = "key_value_pairs"
    static let badgeConfig = "badge_config"
    static let badgeValue = "badge_value"
    /// In `extras["klaviyo"]`: custom-data keys that came from `key_value_pairs`.
    static let customDataInPairs = "@customDataInPairs"
    /// In `extras["klaviyo"]`: why the shipped SDK showed none of the source's buttons
    /// (`category`, `no-notification-id`, `non-object-button`, `draft-buttons`), so that
    /// the fallback-category
    /// option knows whether writing a category beside them hides buttons that showed.
    static let shippedSDKSkipsButtons = "@shippedSdkSkipsButtons"
    /// A root key of Klaviyo's own, which custom data cannot use.
    enum RootKey {
      case aps, body, url, webURL, media, mediaType, keyValuePairs, badgeConfig, badgeValue
    }

    /// Which of Klaviyo's own root keys `key` is, if any. A switch, not a set: asked for
    /// every root key of every record, and comparing a short string with a few others
    /// costs less than hashing it. Names of another length are passed over without
    /// comparing text (``MemberName``), the length counted once (``CountedName``).
    @inline(__always)
    static func rootKey(_ key: String) -> RootKey? {
      switch CountedName(key) {
      case MemberName("aps"): .aps
      case MemberName(body): .body
      case MemberName(url): .url
      case MemberName(webURL): .webURL
      case MemberName(media): .media
      case MemberName(mediaType): .mediaType
      case MemberName(keyValuePairs): .keyValuePairs
      case MemberName(badgeConfig): .badgeConfig
      case MemberName(badgeValue): .badgeValue
      default: nil
      }
    }

    /// Whether `key` is a root key of Klaviyo's own, which custom data cannot use.
    static func isReservedRootKey(_ key: String) -> Bool { rootKey(key) != nil }
  }

  /// Root keys Klaviyo defines that others could carry as custom data.
  private static let definedKeys = RootNames([Key.media, Key.keyValuePairs, Key.badgeConfig])

  public func evidence(in root: RootIndex) -> Evidence? {
    let body = root[Key.body]
    if let k = body?[Key.notificationID], k != .null {
      return Evidence(.decisive, keys: ["/body/_k"], reason: "the marker Klaviyo's SDK looks for")
    }
    // A category of Klaviyo's namespace is no evidence: other formats carry one the app
    // registered (an Expo device form beside its data in `body`, an APNs payload).
    let keys: [JSONPointer] =
      (body?[Key.buttons] != nil ? ["/body/action_buttons"] : [])
      + (body?[Key.categoryActions] != nil ? ["/body/actions"] : [])
      + root.present(Self.definedKeys).map { JSONPointer.root.appending($0) }
    return keys.isEmpty ? nil : Evidence(.suggestive, keys: keys, reason: "keys Klaviyo defines")
  }

  public func validate(_ payload: JSONValue, diagnostics: inout Diagnostics) {
    KlaviyoValidator.validate(payload, diagnostics: &diagnostics)
  }
}
