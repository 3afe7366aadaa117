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
  }

  /// Most buttons a payload can define itself (0: buttons only through a category the
  /// app registered).
  public var maxButtons: Int = 0
  /// Why this payload can hold no buttons when the format could hold some in another
  /// (``maxButtons`` lowered to 0 for it), for the message that drops them.
  public var noButtonsBecause: String?
  /// Actions a button can take.
  public var buttonActions: Set<ActionKind> = []
  /// Actions a tap on the notification can take.
  public var defaultActions: Set<ActionKind> = []
  /// Where links can open.
  public var urlDestinations: Set<URLDestination> = []
  /// Whether the vendor's SDK decides where a link opens from its scheme alone: `http`
  /// and `https` links in the browser, any other scheme in the app (OneSignal's launch
  /// URL), so a link's destination follows from its text.
  public var linkDestinationFromScheme = false
  /// The schemes a link may have to open in the `browser` or a `webView` (`nil`: any);
  /// the vendor's SDK does not open a link of another scheme there (Braze: `http`,
  /// `https`; Klaviyo 5.4's `open_url` and `web_url`: those and `mailto`, `tel`, `sms`).
  /// Fit-target sends such a link to the app instead.
  public var browserSchemes: Set<String>?
  /// Whether every button does what a tap on the notification does, having no action of
  /// its own (OneSignal: any tap opens the launch URL).
  public var buttonsTakeDefaultAction = false
  /// Button options the target honours.
  public var buttonOptions: ButtonOptions = []
  /// Options every button of the target has, whatever the payload says.
  public var forcedButtonOptions: ButtonOptions = []
  /// Whether buttons can show an SF Symbol.
  public var systemImageIcons = false
  /// Whether buttons can show an image from the app's assets.
  public var templateImageIcons = false
  /// Whether a button can open a reply text field.
  public var textInput = false
  /// Longest label shown in full, in characters, if the vendor documents one.
  public var maxLabelLength: Int?
  /// Most media items.
  public var maxMedia: Int = 0
  /// Kinds of media.
  public var mediaKinds: Set<MediaKind> = []
  /// Whether per-item captions and actions (carousels) exist.
  public var mediaCaptions = false
  /// Whether a media item can carry an accessibility description.
  public var mediaAltText = false
  /// Whether the payload can name a category the app registered.
  public var registeredCategories = false
  /// Whether the payload can say what a registered category's actions do (Klaviyo's
  /// `body.actions`); elsewhere the app's own handler decides.
  public var categoryActionTargets = false
  /// Whether the target would rather have predefined categories expanded into dynamic
  /// buttons than name them.
  public var expandsPredefinedCategories = false
  /// The vendor whose predefined categories the target's SDK registers (its own id, or
  /// the inner format's around an envelope), for contracting buttons into them.
  public var predefinedCategoriesOf: String?
  /// Whether dynamic buttons and media only work through the service extension, so
  /// `mutable-content` must be 1.
  public var needsServiceExtension = true
  /// The largest payload, in bytes of compact JSON, the target's delivery accepts.
  public var payloadLimit: Int? = 4096
  /// Whether the vendor's service extension should run for every push (Klaviyo's does
  /// its tracking and badge work there), so `mutable-content` is always 1.
  public var alwaysMutableContent = false

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
        + (maxLabelLength.map { ", labels up to \($0) characters" } ?? ""),
      "button actions: "
        + (buttonsTakeDefaultAction
          ? "whatever the tap action is (none of their own)" : list(buttonActions)),
      "tap actions: \(list(defaultActions)); links open in: \(list(urlDestinations))"
        + (linkDestinationFromScheme
          ? " (by the link's scheme: http and https in the browser)" : "")
        + (browserSchemes.map { schemes in
          urlDestinations.isDisjoint(with: [.browser, .webView])
            ? ""
            : " (the browser and web views only for \(schemes.sorted().joined(separator: ", ")))"
        } ?? ""),
      "button options: \(options.isEmpty ? "none" : options.joined(separator: "; ")); icons: \(icons.isEmpty ? "none" : icons.joined(separator: ", "))"
        + "; text input: \(textInput ? "yes" : "no")",
      "media: \(count(maxMedia)) item(s) of \(list(mediaKinds))"
        + (mediaCaptions ? ", with captions" : "") + (mediaAltText ? ", with alt text" : ""),
      "registered categories: \(registeredCategories ? "yes" : "no")"
        + (expandsPredefinedCategories ? "; predefined categories become dynamic buttons" : ""),
    ]
  }
}

extension Capabilities {
  /// Whether the target opens `url` in the browser or a web view when asked to: always,
  /// unless ``browserSchemes`` leaves out its scheme.
  func opensOutsideTheApp(_ url: String) -> Bool {
    guard let schemes = browserSchemes else { return true }
    return URLPolicy.scheme(of: url).map(schemes.contains) ?? false
  }
}

extension URLDestination {
  /// Where an SDK that goes by the scheme opens `url`: `http` and `https` links in the
  /// browser, every other scheme (a deep link) in the app.
  static func impliedByScheme(of url: String) -> URLDestination {
    let scheme = url.prefix { $0 != ":" }.lowercased()
    return scheme == "http" || scheme == "https" ? .browser : .app
  }
}
