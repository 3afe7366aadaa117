import PushIR

/// Yellow.ai's push, in both of its forms: the API request (`topic`, `contentAvailable`,
/// `title`, `body`, `payload`) and what the phone receives (the `payload` keys at the
/// root beside `aps`). A tap opens the app, a deep link, or a bot flow. See
/// `Specs/vendors/yellowai.md`.
public struct YellowAI: ParsedFormat, EmittedFormat, DeclaresTargetFields, RequestFieldFormat {
  public init() {}

  typealias Parser = YellowAIParser
  typealias Emitter = YellowAIEmitter

  public var id: String { "yellowai" }
  public var summary: String {
    "Yellow.ai push: the API request {topic, title, body, payload{image, botId, deeplink, journeySlug}} or its device form"
  }

  public var emitOptions: [(name: String, summary: String)] {
    PayloadForm.emitOptions(device: "'aps' plus the payload keys at the root")
  }

  public var exclusiveOptions: [[String]] { PayloadForm.exclusiveOptions }

  public var capabilities: Capabilities { Self.declaredCapabilities }

  var targetFields: [TargetField] { [YellowAIEmitter.topicField] }

  public var settableFields: [(names: [String], meaning: String)] { targetFields.listed }

  /// The bundle id `--set topic=` gives is the API request's.
  public var requestFieldPurpose: String { Self.topicPurpose }

  /// What `--set topic=` gives, for the messages that refuse it where the device form is
  /// written.
  static let topicPurpose = "yellowai's API request the app's bundle id"

  /// Built once: translations ask for the capabilities on every record.
  private static let declaredCapabilities: Capabilities = {
    var capabilities = Capabilities()
    capabilities.defaultActions = [.openApp, .openURL, .botFlow]
    capabilities.urlDestinations = [.app]
    capabilities.maxMedia = 1
    capabilities.mediaKinds = [.image]
    return capabilities
  }()

  /// Where the IR keeps a request's `topic`.
  static let topicPath: JSONPointer = "/extras/yellowai/topic"

  /// Key names shared by the parser and the emitter.
  enum Key {
    static let topic = "topic"
    static let contentAvailable = "contentAvailable"
    static let title = "title"
    static let body = "body"
    static let payload = "payload"
    static let image = "image"
    static let botID = "botId"
    static let deepLink = "deeplink"
    static let journey = "journeySlug"
    /// The keys of `payload` (and of the device form's root) Yellow.ai defines.
    static let payloadKeys: Set<String> = [image, botID, deepLink, journey]
  }

  /// The keys Yellow.ai puts beside `aps`, the content and the keys of its API request
  /// (built once: detection asks every payload).
  private static let besideAPSKeys = RootNames([Key.botID, Key.journey, Key.deepLink])
  private static let requestContentKeys = RootNames([Key.title, Key.body, Key.payload])
  private static let requestKeys = RootNames([Key.payload, Key.contentAvailable, Key.topic])

  public func validate(_ payload: JSONValue, diagnostics: inout Diagnostics) {
    YellowAIValidator.validate(payload, diagnostics: &diagnostics)
  }

  public func evidence(in root: RootIndex) -> Evidence? {
    guard root.aps == nil else {
      return Evidence.rootKeys(
        Self.besideAPSKeys, in: root, .suggestive,
        reason: "the keys Yellow.ai puts beside 'aps'")
    }
    guard !root.present(Self.requestContentKeys).isEmpty else {
      return nil
    }
    return Evidence.rootKeys(
      Self.requestKeys, in: root, .decisive,
      reason: "the keys of Yellow.ai's API request, without 'aps'")
  }
}
