import PushIR

/// Braze's iOS push, in both of its forms: the REST request (`/messages/send` with
/// `messages.apple_push`: `alert`, `custom_uri`, `asset_url`, `category`, `buttons`,
/// `extra`, …) and what the phone receives (`aps` plus the `ab` dictionary with `att`
/// media, `ab_cat` button links and the `c` campaign key, root `ab_uri` and
/// `ab_use_webview`, and the app's keys at the root). Buttons come only from categories
/// the app registered, four of them Braze's own. See `Specs/vendors/braze.md`.
public struct Braze: ParsedFormat, EmittedFormat, DeclaresTargetFields, RequestFieldFormat {
  public init() {}

  typealias Parser = BrazeParser
  typealias Emitter = BrazeEmitter

  public var id: String { "braze" }
  public var summary: String {
    "Braze push: the REST request's 'messages.apple_push' or its device form ('ab' with 'att', 'ab_cat', root 'ab_uri')"
  }

  public var emitOptions: [(name: String, summary: String)] {
    PayloadForm.emitOptions(device: "'aps', 'ab', 'ab_uri'", request: "the REST request")
  }

  public var exclusiveOptions: [[String]] { PayloadForm.exclusiveOptions }

  public var capabilities: Capabilities { Self.declaredCapabilities }

  var targetFields: [TargetField] { [BrazeEmitter.bodyField] }

  public var settableFields: [(names: [String], meaning: String)] { targetFields.listed }

  /// The alert text `--set body=` gives is the REST request's.
  public var requestFieldPurpose: String { Self.bodyPurpose }

  /// What `--set body=` gives, for the messages that refuse it where the device form is
  /// written.
  static let bodyPurpose = "braze's REST request its alert text"

  public var keptGroups: Set<JSONPointer> { Self.groups }

  /// The request's audience keys say whom Braze sends the push to: a target drops them
  /// as such, not as data Braze alone has.
  public func droppedFieldPhrase(_ key: String, in group: JSONPointer) -> String? {
    guard group == Self.requestGroup, Key.recipientKeys.contains(key) else { return nil }
    return Self.recipientFieldPhrase(key, naming: "whom the Braze request goes to")
  }

  /// Where the extras keep the request's own root keys, as a group.
  private static let requestGroup = JSONPointer.group(Key.requestExtras)

  /// Made once: a translation that drops extras may ask on every record.
  private static let groups: Set<JSONPointer> = [
    .group(Key.abExtras), .group(Key.messagesExtras), .group(Key.requestExtras),
    .group(Key.applePushExtras), .group(Key.applePushExtras, Key.alert),
  ]

  /// Built once: translations ask for the capabilities on every record.
  private static let declaredCapabilities: Capabilities = {
    var capabilities = Capabilities()
    capabilities.predefinedCategoriesOf = "braze"
    // Buttons exist only through registered categories; these are the actions a
    // category's button can be given.
    capabilities.buttonActions = [.openApp, .openURL, .dismiss]
    capabilities.defaultActions = [.openApp, .openURL]
    capabilities.urlDestinations = [.app, .browser, .webView]
    capabilities.browserSchemes = ["http", "https"]
    capabilities.maxMedia = 1
    capabilities.mediaKinds = Set(MediaKind.allCases)
    capabilities.registeredCategories = true
    capabilities.categoryActionTargets = true
    return capabilities
  }()

  /// Key names shared by the parser and the emitter.
  enum Key {
    // The device form.
    static let ab = "ab"
    static let attachment = "att"
    static let attachmentURL = "url"
    static let attachmentType = "type"
    static let buttonLinks = "ab_cat"
    static let campaign = "c"
    static let buttonType = "a_t"
    static let buttonURI = "a_uri"
    static let buttonWebView = "a_use_webview"
    static let tapURI = "ab_uri"
    static let tapWebView = "ab_use_webview"
    /// The tap's link and its web-view flag, at the root of what the phone receives.
    static let tapKeys: Set<String> = [tapURI, tapWebView]
    /// Root keys of Braze's own, kept verbatim.
    static let internalRootKeys: Set<String> = [
      "ab_push_fetch_test_triggers_key", "appboy_uninstall_tracking",
    ]
    /// Root keys custom data cannot use in the device form, nor in the request's `extra`,
    /// which Braze writes at the root of what the phone receives.
    static let deviceReserved: Set<String> = Set(["aps", ab, tapURI, tapWebView]).union(
      internalRootKeys)

    // The REST request.
    static let messages = "messages"
    static let applePush = "apple_push"
    static let campaignID = "campaign_id"
    static let alert = "alert"
    static let badge = "badge"
    static let sound = "sound"
    static let extra = "extra"
    static let contentAvailable = "content-available"
    static let mutableContent = "mutable_content"
    static let interruptionLevel = "interruption_level"
    static let relevanceScore = "relevance_score"
    static let threadID = "notification_group_thread_id"
    static let customURI = "custom_uri"
    static let useWebView = "use_webview"
    static let assetURL = "asset_url"
    static let assetType = "asset_file_type"
    static let category = "category"
    static let buttons = "buttons"
    static let actionID = "action_id"
    static let action = "action"
    static let uri = "uri"
    static let expiry = "expiry"
    static let collapseID = "collapse_id"
    static let apnsPriority = "apns_priority"
    static let actionLocKey = "action_loc_key"
    /// `apple_push` keys kept verbatim (send options and analytics, not content).
    static let keptPushKeys: Set<String> = [
      "message_variation_id", expiry, collapseID, apnsPriority, "send_to_most_recent_device_only",
    ]
    /// `extra` keys the REST API refuses.
    static let extraReserved: Set<String> = ["aps", ab]

    /// The request's keys that say whom it goes to.
    static let recipientKeys: Set<String> = [
      "external_user_ids", "user_aliases", "segment_id", "audience", "broadcast", "recipients",
    ]
    /// In `extras["braze"]`: the request's own keys (audience, options), in order.
    static let requestExtras = "request"
    /// In `extras["braze"]`: the request's messages for other platforms.
    static let messagesExtras = "messages"
    /// In `extras["braze"]`: the kept `apple_push` keys.
    static let applePushExtras = "apple_push"
    /// In `extras["braze"]`: `ab` members pushc does not interpret.
    static let abExtras = "ab"
  }

  /// Root keys Braze defines that others could carry (built once: detection asks every
  /// payload).
  private static let definedKeys = RootNames([Key.tapURI, Key.tapWebView])

  public func evidence(in root: RootIndex) -> Evidence? {
    if let ab = root[Key.ab]?.objectValue, !ab.isEmpty {
      return Evidence(
        .decisive, keys: ["/ab"], reason: "the non-empty 'ab' dictionary Braze's SDK looks for")
    }
    if root[Key.messages]?[Key.applePush] != nil {
      return Evidence(
        .decisive, keys: ["/messages/apple_push"],
        reason: "the 'apple_push' of a Braze REST request")
    }
    return Evidence.rootKeys(
      Self.definedKeys, in: root, .suggestive, reason: "keys Braze defines")
  }
}
