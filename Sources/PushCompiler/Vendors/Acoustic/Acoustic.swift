import PushIR

/// Acoustic Mobile Push (formerly IBM Mobile Customer Engagement): a tap action object
/// (`notification-action`), dynamic buttons (`category-actions`) with the same action
/// grammar, `category-name`, `media-attachment` and `mce` attribution. See
/// `Specs/vendors/acoustic.md`.
public struct Acoustic: ParsedFormat, EmittedFormat {
  public init() {}

  typealias Parser = AcousticParser
  typealias Emitter = AcousticEmitter

  public var id: String { "acoustic" }
  public var summary: String {
    "Acoustic (IBM MCE) payload: 'notification-action', 'category-actions', 'media-attachment', 'mce'"
  }

  public var capabilities: Capabilities { Self.declaredCapabilities }

  public var keptGroups: Set<JSONPointer> { Self.groups }
  /// `mce` keeps the attribution members other than the mailing id: a target that drops
  /// them names each, where it was read. Made once: a translation that drops extras may
  /// ask on every record.
  private static let groups: Set<JSONPointer> = [.group(Key.attribution)]

  /// Built once: translations ask for the capabilities on every record.
  private static let declaredCapabilities: Capabilities = {
    var capabilities = Capabilities()
    capabilities.maxButtons = 4
    capabilities.buttonActions = [.openApp, .openURL, .dial, .inboxMessage, .custom]
    capabilities.defaultActions = capabilities.buttonActions
    // Types the SDK or its plugins run; `MCEActionRegistry` hands only the others to the
    // handler the app registers for them.
    capabilities.ownActionTypes = [
      AcousticAction.Kind.url, AcousticAction.Kind.webView, AcousticAction.Kind.dial,
      AcousticAction.Kind.openApp, AcousticAction.Kind.inboxMessage,
    ]
    capabilities.urlDestinations = [.app, .browser, .webView]
    capabilities.linkDestinationFromScheme = true
    capabilities.dialsThroughTelLink = true
    capabilities.buttonOptions = [.foreground, .destructive, .authenticationRequired]
    capabilities.maxMedia = 1
    capabilities.mediaKinds = Set(MediaKind.allCases)
    // MCENotificationPayload saves the download under the URL's last path component and
    // attaches it with no type hint.
    capabilities.mediaFileNamedAfterURL = true
    capabilities.registeredCategories = true
    capabilities.expandsPredefinedCategories = true
    return capabilities
  }()

  /// Key names shared by the parser and the emitter.
  enum Key {
    static let tapAction = "notification-action"
    static let buttons = "category-actions"
    static let categoryName = "category-name"
    static let media = "media-attachment"
    static let attribution = "mce"
    static let mailingID = "mailingId"
    static let inApp = "inApp"
    /// Button keys beside the action's own.
    static let label = "name"
    static let options: [(key: String, option: ButtonOptions)] = [
      ("foreground", .foreground), ("destructive", .destructive),
      ("authentication", .authenticationRequired),
    ]
    /// Root keys of Acoustic's own, which custom data cannot use.
    static let reserved: Set<String> = [
      "aps", tapAction, buttons, categoryName, media, attribution, inApp,
    ]
    /// In `extras["acoustic"]`: `aps.category` repeated `category-name`.
    static let categoryInAPSHint = "@categoryInAps"
    /// In `extras["acoustic"]`: `aps.category` named a registered category beside
    /// `category-actions`, so the source's extension replaced it as an output's will.
    static let categoryReplacedHint = "@categoryReplaced"
    /// In `extras["acoustic"]`: `mce.mailingId` was a number (`true`) or a string
    /// holding one (`false`).
    static let numericMailingIDHint = "@numericMailingId"
  }

  /// Whether `text` is a mailing id the SDK takes as a string, one holding a number (it
  /// rejects any other): decimal digits (`007` too), or a number as JSON spells one
  /// (`-5`, `12.5`, `1e3`), with nothing around it.
  static func holdsANumber(_ text: String) -> Bool {
    JSONNumber(spelled: text) != nil
      || !text.isEmpty
        && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }

  /// Root keys that decide for Acoustic, then keys it defines that others could carry
  /// (built once: detection asks every payload). The tap action decides as a dictionary,
  /// the buttons as an array; the parser's check of a missing marker asks the same.
  static let actionKeys = RootNames([(Key.tapAction, .object), (Key.buttons, .array)])
  private static let definedKeys = RootNames([Key.attribution, Key.media, Key.categoryName])

  public func validate(_ payload: JSONValue, diagnostics: inout Diagnostics) {
    AcousticValidator.validate(payload, diagnostics: &diagnostics)
  }

  public func evidence(in root: RootIndex) -> Evidence? {
    Evidence.rootKeys(Self.actionKeys, in: root, .decisive, reason: "Acoustic's action keys")
      ?? Evidence.rootKeys(Self.definedKeys, in: root, .suggestive, reason: "keys Acoustic defines")
  }
}
