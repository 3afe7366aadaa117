import PushIR

/// Customer.io's iOS payload: `aps`, a `CIO.push` dictionary with the tap's deep link
/// (`link`) and an image (`image`), and the delivery id and device token Customer.io adds
/// when it sends (`CIO-Delivery-ID`, `CIO-Delivery-Token`), without which the SDK leaves
/// the push alone. No buttons of its own. See `Specs/vendors/customerio.md`.
public struct CustomerIO: ParsedFormat, EmittedFormat {
  public init() {}

  typealias Parser = CustomerIOParser
  typealias Emitter = CustomerIOEmitter

  public var id: String { "customerio" }
  public var summary: String {
    "Customer.io iOS SDK payload: 'CIO.push.link', 'CIO.push.image', the delivery id and token"
  }

  public var capabilities: Capabilities { Self.declaredCapabilities }

  public var keptGroups: Set<JSONPointer> { Self.groups }
  /// Made once: a translation that drops extras may ask on every record.
  private static let groups: Set<JSONPointer> = [
    .group(Key.container), .group(Key.container, Key.push),
  ]

  /// Built once: translations ask for the capabilities on every record.
  private static let declaredCapabilities: Capabilities = {
    var capabilities = Capabilities()
    capabilities.defaultActions = [.openApp, .openURL]
    capabilities.urlDestinations = [.app]
    capabilities.maxMedia = 1
    capabilities.mediaKinds = Set(MediaKind.allCases)
    capabilities.registeredCategories = true
    return capabilities
  }()

  /// Key names shared by the parser and the emitter.
  enum Key {
    static let container = "CIO"
    static let push = "push"
    static let link = "link"
    static let image = "image"
    static let deliveryID = "CIO-Delivery-ID"
    static let deliveryToken = "CIO-Delivery-Token"
    /// The root keys Customer.io defines.
    static let rootKeys: Set<String> = [container, deliveryID, deliveryToken]
  }

  /// The root keys Customer.io's SDK reads (built once: detection asks every payload),
  /// for detection and for the parser's check of the delivery keys and a missing marker.
  /// The delivery id and token are strings (`PushNotification.swift` reads them `as?
  /// String`); `CIO` is the dictionary holding `push`.
  static let sdkKeys = RootNames([
    (Key.deliveryID, .string), (Key.deliveryToken, .string), (Key.container, .object),
  ])

  public func evidence(in root: RootIndex) -> Evidence? {
    Evidence.rootKeys(
      Self.sdkKeys, in: root, .decisive, reason: "the keys Customer.io's SDK reads")
  }
}
