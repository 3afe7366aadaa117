import PushIR

/// Expo's push service, in both of its forms: the message sent to its API (`to`,
/// `title`, `subtitle`, `body`, `data`, `sound`, `badge`, `categoryId`,
/// `richContent.image`, …) and what an iOS phone receives (`aps`, the data under the root
/// `body`, and `experienceId`, `scopeKey`, `projectId`). There is no tap link and there
/// are no per-push buttons: the app registers categories. See `Specs/vendors/expo.md`.
public struct Expo: ParsedFormat, EmittedFormat, DeclaresTargetFields, RequestFieldFormat {
  public init() {}

  typealias Parser = ExpoParser
  typealias Emitter = ExpoEmitter

  public var id: String { "expo" }
  public var summary: String {
    "Expo push service: the API message {to, title, subtitle, body, data, sound, badge, categoryId, richContent, …} or its device form (data under the root 'body')"
  }

  public var emitOptions: [(name: String, summary: String)] {
    PayloadForm.emitOptions(device: "'aps', the data under the root 'body'")
  }

  public var exclusiveOptions: [[String]] { PayloadForm.exclusiveOptions }

  public var capabilities: Capabilities { Self.declaredCapabilities }

  var targetFields: [TargetField] { [ExpoEmitter.toField] }

  public var settableFields: [(names: [String], meaning: String)] { targetFields.listed }

  /// The recipients `--set to=` gives are the push message's.
  public var requestFieldPurpose: String { Self.toPurpose }
  /// Expo's request is its push message.
  public var requestName: String { Self.requestName }
  /// What Expo calls its request, for messages.
  static let requestName = "push message"

  /// What `--set to=` gives, for the messages that refuse it where the device form is
  /// written.
  static let toPurpose = "expo's push message its recipients"

  /// Built once: translations ask for the capabilities on every record.
  private static let declaredCapabilities: Capabilities = {
    var capabilities = Capabilities()
    capabilities.maxMedia = 1
    capabilities.mediaKinds = [.image]
    capabilities.registeredCategories = true
    return capabilities
  }()

  /// A push message's `to` says whom Expo sends it to: a target drops it as such, not as
  /// data Expo alone has (and the device form, which has no `to`, with the same words).
  public func droppedFieldPhrase(_ key: String, in group: JSONPointer) -> String? {
    group == .root && key == Key.to ? Self.recipientsPhrase : nil
  }

  /// What a dropped `to` is, whether the source or `--set` gave it.
  static let recipientsPhrase = recipientFieldPhrase(
    Key.to, naming: "the recipients of the push message")

  /// Where the IR keeps a push message's `to`.
  static let recipientsPath: JSONPointer = "/extras/expo/to"

  /// Key names shared by the parser and the emitter.
  enum Key {
    static let to = "to"
    static let title = "title"
    static let subtitle = "subtitle"
    static let body = "body"
    static let data = "data"
    static let sound = "sound"
    static let badge = "badge"
    static let interruptionLevel = "interruptionLevel"
    static let categoryID = "categoryId"
    static let mutableContent = "mutableContent"
    static let contentAvailable = "_contentAvailable"
    static let richContent = "richContent"
    static let image = "image"
    /// Message keys that become APNs headers or apply to Android only: kept verbatim.
    static let deliveryKeys = [
      "ttl", "expiration", "priority", "channelId", "icon", "collapseId", "tag",
    ]
    /// Root keys the push service adds to what the phone receives.
    static let serviceKeys = ["experienceId", "scopeKey", "projectId"]
    /// The member of the device form's `body` that carries `richContent`.
    static let deviceRichContent = "_richContent"
    /// The members of the device form's `body` Expo's service writes itself. The
    /// message's `data` arrives as that `body`, so in either form custom data may not
    /// take these names.
    static let reservedBodyKeys: Set<String> = [deviceRichContent]
    /// In `extras["expo"]`: the source was the device form.
    /// In `extras["expo"]`: custom-data keys that stood at the device form's root, beside
    /// `body`, rather than inside it.
    static let rootKeysHint = "@rootKeys"
  }

  /// Text fields of the device form that the push service writes as an empty string when
  /// the message left them out: there, an empty string means absent.
  nonisolated(unsafe) static let emptyWhenAbsent: [WritableKeyPath<NotificationContent, IRText?>] =
    [\.title, \.subtitle, \.body, \.launchImage, \.threadID]

  /// Whether `root` is what the phone receives rather than a message to the API.
  static func isDeviceForm(_ root: JSONObject) -> Bool {
    root["aps"] != nil || Key.serviceKeys.contains { root[$0] != nil }
  }

  /// The keys Expo's service puts beside `aps`, the keys of its push message, and the
  /// one it adds (built once: detection asks every payload).
  /// `experienceId` and `scopeKey`: the experience's scope key, a string.
  private static let besideAPSKeys = RootNames(Key.serviceKeys.prefix(2).map { ($0, .string) })
  private static let messageKeys = RootNames([
    Key.richContent, Key.contentAvailable, Key.categoryID,
  ])
  private static let addedKeys = RootNames([Key.serviceKeys[2]])

  public func evidence(in root: RootIndex) -> Evidence? {
    if let evidence = Evidence.rootKeys(
      Self.besideAPSKeys, in: root, .decisive,
      reason: "the keys Expo's push service puts beside 'aps'")
    {
      return evidence
    }
    if root.aps == nil {
      let tokens = root[Key.to].map { $0.arrayValue ?? [$0] } ?? []
      if !tokens.isEmpty, tokens.allSatisfy({ $0.stringValue.map(Self.isPushToken) == true }) {
        return Evidence(.decisive, keys: ["/to"], reason: "Expo push tokens as the recipients")
      }
      return Evidence.rootKeys(
        Self.messageKeys, in: root, .suggestive,
        reason: "keys of Expo's push message")
    }
    return Evidence.rootKeys(
      Self.addedKeys, in: root, .suggestive, reason: "a key Expo's push service adds")
      ?? dataEvidence(root)
  }

  /// A root `body` holding data (an object, or a JSON object in a string) beside `aps`,
  /// which is not Klaviyo's (`body._k`, `body.action_buttons`, `body.actions`).
  private func dataEvidence(_ root: RootIndex) -> Evidence? {
    let data: JSONObject?
    switch root[Key.body] {
    case .object(let object)?: data = object
    case .string(let text)?: data = (try? JSONReader.parse(text))?.objectValue
    default: data = nil
    }
    guard let data, !["_k", "action_buttons", "actions"].contains(where: { data[$0] != nil })
    else { return nil }
    return Evidence(
      .suggestive, keys: ["/body"],
      reason: "the app's data under the root 'body', as Expo's push service delivers it")
  }

  /// Whether `token` has the shape of an Expo push token.
  static func isPushToken(_ token: String) -> Bool {
    (token.hasPrefix("ExponentPushToken[") || token.hasPrefix("ExpoPushToken["))
      && token.hasSuffix("]")
  }
}
