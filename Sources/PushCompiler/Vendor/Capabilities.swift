import PushIR

/// What a target format can express. The fit-target pass lowers the IR to it, and
/// `pushc formats` lists it.
public struct Capabilities: Sendable {
  /// Kinds of action, as named in the IR.
  public enum ActionKind: String, Sendable, CaseIterable {
    case openApp, openURL, dismiss, dial, botFlow, inboxMessage, custom

    /// The kind of `action` (`sameAsDefault` has none: passes resolve it first).
    public init?(_ action: NotificationAction) {
      switch action {
      case .openApp: self = .openApp
      case .openURL: self = .openURL
      case .dismiss: self = .dismiss
      case .dial: self = .dial
      case .botFlow: self = .botFlow
      case .inboxMessage: self = .inboxMessage
      case .custom: self = .custom
      case .sameAsDefault: return nil
      }
    }

    /// Hashes the case alone (its bit), not its name.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(maskBit)
    }
  }

  /// Most buttons a payload can define itself (0: buttons only through a category the
  /// app registered).
  public var maxButtons: Int {
    get { storage.values.maxButtons }
    set { change { $0.maxButtons = newValue } }
  }
  /// Why this payload can hold no buttons when the format could hold some in another
  /// (``maxButtons`` lowered to 0 for it), for the message that drops them.
  public var noButtonsBecause: String? {
    get { storage.values.noButtonsBecause }
    set { change { $0.noButtonsBecause = newValue } }
  }
  /// Actions a button can take.
  public var buttonActions: Set<ActionKind> {
    get { storage.values.buttonActions }
    set {
      change {
        $0.buttonActions = newValue
        $0.buttonActionMask = KindMask(newValue)
      }
    }
  }
  /// ``buttonActions`` as a bit mask, for lookups without hashing.
  var buttonActionMask: KindMask<ActionKind> { storage.values.buttonActionMask }
  /// Actions a tap on the notification can take.
  public var defaultActions: Set<ActionKind> {
    get { storage.values.defaultActions }
    set {
      change {
        $0.defaultActions = newValue
        $0.defaultActionMask = KindMask(newValue)
      }
    }
  }
  /// ``defaultActions`` as a bit mask, for lookups without hashing.
  var defaultActionMask: KindMask<ActionKind> { storage.values.defaultActionMask }
  /// Where links can open.
  public var urlDestinations: Set<URLDestination> {
    get { storage.values.urlDestinations }
    set {
      change {
        $0.urlDestinations = newValue
        $0.urlDestinationMask = KindMask(newValue)
      }
    }
  }
  /// ``urlDestinations`` as a bit mask, for lookups without hashing.
  var urlDestinationMask: KindMask<URLDestination> { storage.values.urlDestinationMask }
  /// Whether the vendor's SDK decides where a link opens from its scheme alone: `http`
  /// and `https` links in the browser, any other scheme in the app (OneSignal's launch
  /// URL, CleverTap's `wzrk_dl`, Acoustic's `url` action), so a link's destination
  /// follows from its text; a link to a web view stays one where ``urlDestinations``
  /// has it (Acoustic's `displayWebView`).
  public var linkDestinationFromScheme: Bool {
    get { storage.values.linkDestinationFromScheme }
    set { change { $0.linkDestinationFromScheme = newValue } }
  }
  /// The schemes a link may have to open in the `browser` or a `webView` (`nil`: any);
  /// the vendor's SDK does not open a link of another scheme there (Braze: `http`,
  /// `https`; Klaviyo 5.4's `open_url` and `web_url`: those and `mailto`, `tel`, `sms`).
  /// Fit-target sends such a link to the app instead.
  public var browserSchemes: Set<String>? {
    get { storage.values.browserSchemes }
    set { change { $0.browserSchemes = newValue } }
  }
  /// Whether the vendor's SDK ignores a link it cannot parse (empty, or holding a space
  /// or a control character: ``URLPolicy/isParseable(_:)-(IRText)``), as Klaviyo's does: it skips
  /// a button with such a link, and a tap with one opens the app. Fit-target drops such
  /// a button or tap link rather than write one that does nothing.
  public var linksMustParse: Bool {
    get { storage.values.linksMustParse }
    set { change { $0.linksMustParse = newValue } }
  }
  /// Whether the vendor's SDK dials a number by opening the `tel:` link it makes of it
  /// (Acoustic's `dial` action), which fails for a number holding a space: fit-target
  /// writes such a number without its spaces and invisible format characters
  /// (`NotificationAction.dialNumber(_:)`), and drops a dial that leaves no link.
  public var dialsThroughTelLink: Bool {
    get { storage.values.dialsThroughTelLink }
    set { change { $0.dialsThroughTelLink = newValue } }
  }
  /// Action types the vendor's SDK runs as its own (Acoustic's `url`, Iterable's
  /// `openUrl`): a custom action of one of these names would be written as that action
  /// rather than handed to the app's handler, so fit-target lowers it as an action the
  /// target cannot express.
  public var ownActionTypes: Set<String> {
    get { storage.values.ownActionTypes }
    set { change { $0.ownActionTypes = newValue } }
  }

  /// The name of `action` when it is a custom action named like one of
  /// ``ownActionTypes``: written, it would do what the SDK does for that type instead of
  /// reaching the app's handler.
  public func ownActionType(of action: NotificationAction) -> String? {
    guard case .custom(let name, _) = action, ownActionTypes.contains(name.string) else {
      return nil
    }
    return name.string
  }
  /// Whether the target writes each button's id as the identifier iOS hands back for a
  /// tap on it (`UNNotificationResponse.actionIdentifier`), by which the vendor's SDK
  /// finds the button (Klaviyo, Iterable: the first one with that id) or tells the app
  /// which one was tapped (OneSignal's `actionSelected`); not Dfinery, whose extension
  /// registers fixed identifiers and maps a tap back by position. Two buttons with one id
  /// cannot be told apart there: fit-target gives a repeated id a suffix, and reading
  /// such a payload is warned about.
  public var buttonIDsIdentifyTaps: Bool {
    get { storage.values.buttonIDsIdentifyTaps }
    set { change { $0.buttonIDsIdentifyTaps = newValue } }
  }
  /// Whether a button's link opens only when the tap brings the app forward (the
  /// `foreground` option): the vendor's SDK hands the link to the system from the app,
  /// which, woken in the background for a button without that option, opens nothing
  /// (Iterable's `ActionRunner` passes it to `UIApplication.open`). Fit-target gives such
  /// a button the option, as it gives a dismiss lowered to opening the app.
  public var linkButtonsNeedForeground: Bool {
    get { storage.values.linkButtonsNeedForeground }
    set { change { $0.linkButtonsNeedForeground = newValue } }
  }
  /// Whether every button does what a tap on the notification does, having no action of
  /// its own (OneSignal: any tap opens the launch URL).
  public var buttonsTakeDefaultAction: Bool {
    get { storage.values.buttonsTakeDefaultAction }
    set { change { $0.buttonsTakeDefaultAction = newValue } }
  }
  /// Button options the target honours.
  public var buttonOptions: ButtonOptions {
    get { storage.values.buttonOptions }
    set { change { $0.buttonOptions = newValue } }
  }
  /// Options every button of the target has, whatever the payload says.
  public var forcedButtonOptions: ButtonOptions {
    get { storage.values.forcedButtonOptions }
    set { change { $0.forcedButtonOptions = newValue } }
  }
  /// Whether buttons can show an SF Symbol.
  public var systemImageIcons: Bool {
    get { storage.values.systemImageIcons }
    set { change { $0.systemImageIcons = newValue } }
  }
  /// Whether only the vendor's draft SDK builds show the button icons the target writes,
  /// its shipped SDK ignoring them (Klaviyo's): the icons are written for those builds,
  /// and the emitter reports each (`emit.draft-only-icon`).
  public var iconsOnlyInDraftBuilds: Bool {
    get { storage.values.iconsOnlyInDraftBuilds }
    set { change { $0.iconsOnlyInDraftBuilds = newValue } }
  }
  /// Whether buttons can show an image from the app's assets.
  public var templateImageIcons: Bool {
    get { storage.values.templateImageIcons }
    set { change { $0.templateImageIcons = newValue } }
  }
  /// Whether a button can open a reply text field.
  public var textInput: Bool {
    get { storage.values.textInput }
    set { change { $0.textInput = newValue } }
  }
  /// Longest label shown in full, in characters, if the vendor documents one.
  public var maxLabelLength: Int? {
    get { storage.values.maxLabelLength }
    set { change { $0.maxLabelLength = newValue } }
  }
  /// Most media items.
  public var maxMedia: Int {
    get { storage.values.maxMedia }
    set { change { $0.maxMedia = newValue } }
  }
  /// Kinds of media.
  public var mediaKinds: Set<MediaKind> {
    get { storage.values.mediaKinds }
    set {
      change {
        $0.mediaKinds = newValue
        $0.mediaKindMask = KindMask(newValue)
      }
    }
  }
  /// ``mediaKinds`` as a bit mask, for lookups without hashing.
  var mediaKindMask: KindMask<MediaKind> { storage.values.mediaKindMask }
  /// The file types (extensions, in lower case) the vendor's service extension attaches,
  /// taking a download's type from its URL (`nil`: any file of a kind it shows). OneSignal
  /// attaches only the types its SDK lists, looking for one in a `filename` query
  /// parameter, the response's MIME type, the URL's path, then any other query
  /// parameter, and attaches nothing otherwise: fit-target drops an item whose URL (or,
  /// naming none, whose type hint) names a media file type, none of them one of these
  /// (``whyNotAttached(_:)``).
  public var mediaFileExtensions: Set<String>? {
    get { storage.values.mediaFileExtensions }
    set { change { $0.mediaFileExtensions = newValue } }
  }
  /// Whether per-item captions and actions (carousels) exist.
  public var mediaCaptions: Bool {
    get { storage.values.mediaCaptions }
    set { change { $0.mediaCaptions = newValue } }
  }
  /// Whether a media item can carry an accessibility description.
  public var mediaAltText: Bool {
    get { storage.values.mediaAltText }
    set { change { $0.mediaAltText = newValue } }
  }
  /// Whether the vendor's service extension saves a download under its URL's last path
  /// component and attaches it with no type hint (Acoustic's), so that iOS types the file
  /// by that name's extension alone and attaches nothing when it names no type iOS takes
  /// (`MediaKind.attachableFileExtensions`): fit-target drops such an item.
  public var mediaFileNamedAfterURL: Bool {
    get { storage.values.mediaFileNamedAfterURL }
    set { change { $0.mediaFileNamedAfterURL = newValue } }
  }
  /// Whether the vendor's service extension saves a download under the file extension
  /// the payload gives as its media type (Klaviyo's `rich-media-type`, which the emitter
  /// writes as `MediaItem.fileExtension`) and attaches it with no type hint, so that
  /// iOS types the file by that extension alone and attaches nothing when it is no type
  /// iOS takes (`MediaKind.attachableFileExtensions`): fit-target drops such an item.
  public var mediaFileNamedAfterType: Bool {
    get { storage.values.mediaFileNamedAfterType }
    set { change { $0.mediaFileNamedAfterType = newValue } }
  }
  /// Whether the payload can name a category the app registered.
  public var registeredCategories: Bool {
    get { storage.values.registeredCategories }
    set { change { $0.registeredCategories = newValue } }
  }
  /// Whether the payload can say what a registered category's actions do (Klaviyo's
  /// `body.actions`); elsewhere the app's own handler decides.
  public var categoryActionTargets: Bool {
    get { storage.values.categoryActionTargets }
    set { change { $0.categoryActionTargets = newValue } }
  }
  /// Whether the target would rather have predefined categories expanded into dynamic
  /// buttons than name them.
  public var expandsPredefinedCategories: Bool {
    get { storage.values.expandsPredefinedCategories }
    set { change { $0.expandsPredefinedCategories = newValue } }
  }
  /// The vendor whose predefined categories the target's SDK registers (its own id, or
  /// the inner format's around an envelope), for contracting buttons into them.
  public var predefinedCategoriesOf: String? {
    get { storage.values.predefinedCategoriesOf }
    set { change { $0.predefinedCategoriesOf = newValue } }
  }
  /// Whether dynamic buttons and media only work through the service extension, so
  /// `mutable-content` must be 1.
  public var needsServiceExtension: Bool {
    get { storage.values.needsServiceExtension }
    set { change { $0.needsServiceExtension = newValue } }
  }
  /// The largest payload, in bytes of compact JSON, the target's delivery accepts.
  public var payloadLimit: Int? {
    get { storage.values.payloadLimit }
    set { change { $0.payloadLimit = newValue } }
  }
  /// Whether the vendor's service extension should run for every push (Klaviyo's does
  /// its tracking and badge work there), so `mutable-content` is always 1.
  public var alwaysMutableContent: Bool {
    get { storage.values.alwaysMutableContent }
    set { change { $0.alwaysMutableContent = newValue } }
  }
  /// The format whose SDK reads the payload on the phone, when another than the target
  /// (fcm's `apns.payload` written in Klaviyo's format is read by Klaviyo's SDK): the
  /// name the passes' messages give. `nil` for the target itself.
  public var payloadReader: String? {
    get { storage.values.payloadReader }
    set { change { $0.payloadReader = newValue } }
  }

  /// The values, shared between copies until one of them is changed: a translation
  /// hands the capabilities from the format to the passes for every record, and a
  /// copy of one reference costs a fraction of copying every set and string.
  private var storage = Storage()

  /// The same capabilities in storage of their own. A batch gives each task a copy:
  /// every record retains and releases the capabilities several times, and storage that
  /// the cores share has its reference count moved between their caches each time.
  func unshared() -> Capabilities {
    var copy = self
    copy.storage = Storage(storage.values)
    return copy
  }

  /// Whether `other` holds its values in the same storage as this.
  func sharesStorage(with other: Capabilities) -> Bool { storage === other.storage }

  /// Replaces ``storage`` with one holding the values changed by `body`. A format's
  /// capabilities are set up once and then only read, so a change may cost an
  /// allocation, and the values can be a constant: reading a class's `var` would be
  /// checked for exclusive access at run time, on every read of every record.
  private mutating func change(_ body: (inout Storage.Values) -> Void) {
    var values = storage.values
    body(&values)
    storage = Storage(values)
  }

  /// The stored values, never changed once made.
  private final class Storage: Sendable {
    let values: Values

    init(_ values: Values = Values()) { self.values = values }

    /// Every value, each with the default a new ``Capabilities`` starts from.
    struct Values {
      var maxButtons: Int = 0
      var noButtonsBecause: String? = nil
      var buttonActions: Set<ActionKind> = []
      var buttonActionMask = KindMask<ActionKind>()
      var defaultActions: Set<ActionKind> = []
      var defaultActionMask = KindMask<ActionKind>()
      var urlDestinations: Set<URLDestination> = []
      var urlDestinationMask = KindMask<URLDestination>()
      var linkDestinationFromScheme: Bool = false
      var browserSchemes: Set<String>? = nil
      var linksMustParse: Bool = false
      var dialsThroughTelLink: Bool = false
      var ownActionTypes: Set<String> = []
      var buttonIDsIdentifyTaps: Bool = false
      var linkButtonsNeedForeground: Bool = false
      var buttonsTakeDefaultAction: Bool = false
      var buttonOptions: ButtonOptions = []
      var forcedButtonOptions: ButtonOptions = []
      var systemImageIcons: Bool = false
      var templateImageIcons: Bool = false
      var iconsOnlyInDraftBuilds: Bool = false
      var textInput: Bool = false
      var maxLabelLength: Int? = nil
      var maxMedia: Int = 0
      var mediaKinds: Set<MediaKind> = []
      var mediaKindMask = KindMask<MediaKind>()
      var mediaFileExtensions: Set<String>? = nil
      var mediaCaptions: Bool = false
      var mediaAltText: Bool = false
      var mediaFileNamedAfterURL: Bool = false
      var mediaFileNamedAfterType: Bool = false
      var registeredCategories: Bool = false
      var categoryActionTargets: Bool = false
      var expandsPredefinedCategories: Bool = false
      var predefinedCategoriesOf: String? = nil
      var needsServiceExtension: Bool = true
      var payloadLimit: Int? = 4096
      var alwaysMutableContent: Bool = false
      var payloadReader: String? = nil
    }
  }

  /// A format that can express nothing beyond what is set afterwards.
  public init() {}

  /// Everything (the IR itself).
  public static let everything: Capabilities = {
    var all = Capabilities()
    all.maxButtons = Int.max
    all.buttonActions = Set(ActionKind.allCases)
    all.defaultActions = Set(ActionKind.allCases)
    all.urlDestinations = Set(URLDestination.allCases)
    all.buttonOptions = [.foreground, .destructive, .authenticationRequired]
    all.systemImageIcons = true
    all.templateImageIcons = true
    all.textInput = true
    all.maxMedia = Int.max
    all.mediaKinds = Set(MediaKind.allCases)
    all.mediaCaptions = true
    all.mediaAltText = true
    all.registeredCategories = true
    all.categoryActionTargets = true
    all.needsServiceExtension = false
    all.payloadLimit = nil
    return all
  }()

  /// Lines describing the capabilities, for `pushc formats`.
  public var summaryLines: [String] {
    func list<T: RawRepresentable>(_ items: Set<T>) -> String where T.RawValue == String {
      items.isEmpty ? "none" : items.map(\.rawValue).sorted().joined(separator: ", ")
    }
    let count = { (n: Int) in n == Int.max ? "any number" : String(n) }
    var options = ButtonOptions.named.filter { buttonOptions.contains($0.option) }.map(\.name)
    if !forcedButtonOptions.isEmpty {
      options.append(
        "always "
          + ButtonOptions.named.filter { forcedButtonOptions.contains($0.option) }.map(\.name)
          .joined(separator: ", "))
    }
    let icons = [
      systemImageIcons ? "SF Symbols" : nil, templateImageIcons ? "template images" : nil,
    ].compactMap { $0 }
    return [
      "buttons: \(count(maxButtons)) per payload"
        + (maxLabelLength.map { ", labels up to \($0) characters" } ?? "")
        + (buttonIDsIdentifyTaps ? ", each with an id of its own (a tap is told by its id)" : ""),
      "button actions: "
        + (buttonsTakeDefaultAction
          ? "whatever the tap action is (none of their own)" : list(buttonActions))
        + (linksMustParse
          ? " (a link that is empty or holds a space or control character hides its button)"
          : "")
        + (dialsThroughTelLink ? " (a number dials through a tel: link, without spaces)" : "")
        + (linkButtonsNeedForeground ? " (a link button brings the app forward)" : ""),
      "tap actions: \(list(defaultActions)); links open in: \(list(urlDestinations))"
        + (linksMustParse ? " (a link that cannot be parsed opens nothing)" : "")
        + (linkDestinationFromScheme
          ? " (by the link's scheme: http and https in the browser"
            + (urlDestinations.contains(.webView) ? "; a web view when asked)" : ")") : "")
        + (browserSchemes.map { schemes in
          urlDestinations.isDisjoint(with: [.browser, .webView])
            ? ""
            : " (the browser and web views only for \(schemes.sorted().joined(separator: ", ")))"
        } ?? ""),
      "button options: \(options.isEmpty ? "none" : options.joined(separator: "; ")); icons: \(icons.isEmpty ? "none" : icons.joined(separator: ", "))"
        + (iconsOnlyInDraftBuilds && !icons.isEmpty ? " (draft builds only)" : "")
        + "; text input: \(textInput ? "yes" : "no")",
      "media: \(count(maxMedia)) item(s) of \(list(mediaKinds))"
        + (mediaFileExtensions.map { " (only \($0.sorted().joined(separator: ", ")) files)" }
          ?? "")
        + (mediaCaptions ? ", with captions" : "") + (mediaAltText ? ", with alt text" : "")
        + (mediaFileNamedAfterURL
          ? " (saved under the URL's file name: attached only when its extension is a type iOS takes)"
          : "")
        + (mediaFileNamedAfterType
          ? " (saved under the media type the payload gives: attached only when it is a type iOS takes)"
          : ""),
      "registered categories: \(registeredCategories ? "yes" : "no")"
        + (expandsPredefinedCategories ? "; predefined categories become dynamic buttons" : ""),
    ]
  }
}

/// A kind with a bit of its own, so that a set of them fits one mask (``KindMask``).
protocol MaskableKind: Hashable {
  /// The kind's bit, below 32.
  var maskBit: UInt8 { get }
}

/// A set of kinds as a bit mask: the capabilities are asked about kinds for every
/// button, link and media item of every record, and a `Set` hashes each lookup (the raw
/// value's text, for kinds with a `String` raw value).
struct KindMask<Kind: MaskableKind>: Sendable {
  /// Bit `kind.maskBit` is set for each kind in the set.
  private var bits: UInt32 = 0

  /// An empty set.
  init() {}

  /// The kinds of `kinds`.
  init(_ kinds: Set<Kind>) {
    for kind in kinds { bits |= 1 << kind.maskBit }
  }

  /// Whether `kind` is in the set.
  func contains(_ kind: Kind) -> Bool { bits & 1 << kind.maskBit != 0 }
}

extension Capabilities.ActionKind: MaskableKind {
  var maskBit: UInt8 {
    switch self {
    case .openApp: 0
    case .openURL: 1
    case .dismiss: 2
    case .dial: 3
    case .botFlow: 4
    case .inboxMessage: 5
    case .custom: 6
    }
  }
}

extension URLDestination: MaskableKind {
  var maskBit: UInt8 {
    switch self {
    case .app: 0
    case .browser: 1
    case .webView: 2
    }
  }
}

extension MediaKind: MaskableKind {
  var maskBit: UInt8 {
    switch self {
    case .image: 0
    case .gif: 1
    case .video: 2
    case .audio: 3
    }
  }
}

extension Capabilities {
  /// Whether the target's SDK follows the link `url` (a button's or a tap's): always,
  /// unless ``linksMustParse`` and the link cannot be parsed.
  func follows(_ url: IRText) -> Bool {
    !linksMustParse || URLPolicy.isParseable(url)
  }

  /// The file type of `item` the target's service extension refuses to attach
  /// (``mediaFileExtensions``), if its URL names one: an extension its URL names (a
  /// `filename` query parameter's, its path's, another query parameter's) that is a media
  /// file type, none of them being one the extension attaches. A URL naming no media file
  /// type is typed by the server's MIME type, unknown here, unless the item's type hint
  /// names one. `nil` when the item may be attached.
  private func refusedFileType(of item: MediaItem) -> String? {
    guard let attached = mediaFileExtensions else { return nil }
    var named = item.url.fileExtensionsNamedInURL
    if named.isEmpty, let hint = item.typeHint {
      named = [MediaKind.extensionPart(ofTypeHint: hint).lowercased()]
    }
    guard !named.contains(where: attached.contains) else { return nil }
    return named.first { MediaKind(fileExtension: $0) != nil }
  }

  /// Why the target's service extension leaves `item` unattached, said after "its service
  /// extension": a file type it refuses (``mediaFileExtensions``), or a file named after
  /// the URL (``mediaFileNamedAfterURL``) or after the media type the payload gives
  /// (``mediaFileNamedAfterType``) that iOS does not attach. `nil` when it may be
  /// attached.
  func whyNotAttached(_ item: MediaItem) -> String? {
    if mediaFileNamedAfterURL, !item.isAttachedWhenNamedAfterURL {
      let refused =
        item.fileExtensionOfURLName.map { "'.\($0)' file" } ?? "file without an extension"
      return "names the file after the URL, and iOS attaches no \(refused)"
    }
    if mediaFileNamedAfterType {
      let type = item.fileExtension.lowercased()
      if !MediaKind.attachableFileExtensions.contains(type) {
        return
          "names the file after the media type the payload gives, and iOS attaches no '.\(type)' file"
      }
    }
    guard let refused = refusedFileType(of: item) else { return nil }
    let attached = (mediaFileExtensions ?? []).sorted().joined(separator: ", ")
    return "attaches no '\(refused)' file, only \(attached)"
  }

  /// Whether the target opens `url` in the browser or a web view when asked to: always,
  /// unless ``browserSchemes`` leaves out its scheme.
  func opensOutsideTheApp(_ url: IRText) -> Bool {
    guard let schemes = browserSchemes else { return true }
    return URLPolicy.scheme(of: url).map(schemes.contains) ?? false
  }
}

extension URLDestination {
  /// Where an SDK that goes by the scheme opens `url`: `http` and `https` links in the
  /// browser, every other scheme (a deep link) in the app.
  static func impliedByScheme(of url: IRText) -> URLDestination {
    let scheme = url.string.prefix { $0 != ":" }.lowercased()
    return scheme == "http" || scheme == "https" ? .browser : .app
  }
}
