import PushIR

/// Airship's actions: a map from action name to argument, run by the SDK. A tap on the
/// notification runs the whole payload as such a map (every root key that names an
/// action); a button runs its own map from `com.urbanairship.interactive_actions`.
/// Four kinds of action decide what a tap opens; the others (tags, attributes, events,
/// sharing, …) only have side effects, which pushc keeps for Airship.
enum AirshipActions {
  /// An action that opens something, with its registered names (short name first).
  enum Opening: CaseIterable {
    case deepLink, externalURL, landingPage, messageCenter, messageCenterOverlay

    /// The names the SDK registers it under, the short one first.
    var names: [String] {
      switch self {
      case .deepLink: ["^d", "deep_link_action"]
      case .externalURL: ["^u", "open_external_url_action"]
      case .landingPage: ["^p", "landing_page_action"]
      case .messageCenter: ["^mc", "open_mc_action"]
      case .messageCenterOverlay: ["^mco", "open_mc_overlay_action"]
      }
    }

    /// The opening action named `name`, if any.
    init?(named name: String) {
      guard Self.nameStarts.mayStart(name), let found = Self.byName[name] else { return nil }
      self = found
    }

    /// How the names start, to pass over most root keys without hashing them.
    static let nameStarts = FirstBytes(of: allCases.flatMap(\.names))

    /// Every opening action by each of its names, looked up for every root key of every
    /// payload detection reads.
    private static let byName: [String: Opening] = Dictionary(
      uniqueKeysWithValues: allCases.flatMap { opening in opening.names.map { ($0, opening) } })

    /// The IR action for the argument `text`.
    func action(_ text: IRText) -> NotificationAction {
      switch self {
      case .deepLink: .openURL(text, .app)
      case .externalURL: .openURL(text, .browser)
      case .landingPage: .openURL(text, .webView)
      case .messageCenter, .messageCenterOverlay: .inboxMessage(text)
      }
    }

    /// The action and argument that take `action`, if one does: spelled `spelling` when
    /// that names an action taking it, else by the short name.
    static func entry(for action: NotificationAction, spelling: String? = nil) -> (
      name: String, value: IRText
    )? {
      if let spelling, let opening = Opening(named: spelling),
        let value = entry(for: action)?.value, opening.action(value) == action
      {
        return (spelling, value)
      }
      return plainEntry(for: action)
    }

    private static func plainEntry(for action: NotificationAction) -> (name: String, value: IRText)?
    {
      switch action {
      case .openURL(let url, .app): (Self.deepLink.names[0], url)
      case .openURL(let url, .browser): (Self.externalURL.names[0], url)
      case .openURL(let url, .webView): (Self.landingPage.names[0], url)
      case .inboxMessage(let id): (Self.messageCenter.names[0], id)
      default: nil
      }
    }
  }

  /// Names of the SDK's other default actions, which have side effects only.
  static let sideEffectNames: Set<String> = [
    "^+t", "add_tags_action", "^-t", "remove_tags_action", "^t", "tag_action",
    "add_custom_event_action", "^c", "clipboard_action", "^w", "wallet_action", "^fdi",
    "fetch_device_info", "^ef", "enable_feature", "^s", "share_action", "^a",
    "modify_attributes_action", "^sl", "subscription_list_action", "^sla",
    "edit_subscription_list_action", "^pp", "prompt_permission_action", "^ra", "rate_app_action",
    "^cc", "channel_capture_action",
  ]

  /// Whether the SDK runs `name` from a payload's root.
  static func isAction(_ name: String) -> Bool {
    Opening(named: name) != nil || sideEffectNames.contains(name)
  }

  /// An action map split into what it opens and the rest.
  struct Reading {
    /// What the map opens (its first opening action with a string argument).
    var action: NotificationAction?
    /// Where that action was read.
    var pointer: JSONPointer?
    /// The name it was spelled with, when not the short one.
    var spelling: String?
    /// A landing page's settings beside its URL (`width`, `height`, …), when its
    /// argument was an object.
    var landingPageOptions: JSONObject?
    /// Every other entry, verbatim.
    var kept = JSONObject()
  }

  /// Splits the entries of an action map (at `pointer`) into what it opens and the rest.
  /// A second opening action is kept with the rest (the SDK runs both; the IR holds the
  /// first); an opening action whose argument the SDK refuses is reported and ignored.
  static func read(
    _ entries: [JSONObject.Member], at pointer: JSONPointer, context: inout ParseContext
  ) -> Reading {
    var reading = Reading()
    for member in entries {
      lazy var path = pointer.appending(member.key)
      guard let opening = Opening(named: member.key), reading.action == nil else {
        reading.kept.append(member.key, member.value)
        continue
      }
      guard let (text, options) = argument(member.value, of: opening) else {
        context.report(
          .invalidValue,
          "'\(member.key)' needs a non-empty string\(opening == .landingPage ? " or an object with a 'url'" : "") to open; ignored",
          at: path)
        continue
      }
      let action = opening.action(text)
      reading.action = action
      reading.pointer = path
      reading.landingPageOptions = options
      if member.key != Opening.entry(for: action)?.name { reading.spelling = member.key }
    }
    return reading
  }

  /// The text an opening action opens, and (a landing page's) other settings.
  private static func argument(_ value: JSONValue, of opening: Opening) -> (
    IRText, JSONObject?
  )? {
    if let text = value.textValue, !text.isEmpty { return (text, nil) }
    guard opening == .landingPage, var object = value.objectValue,
      let url = object.removeValue(forKey: "url")?.textValue, !url.isEmpty
    else { return nil }
    return (url, object)
  }

  /// The argument written for an opening action: the text, or a landing page's object
  /// with the kept settings.
  static func argument(_ text: IRText, settings: JSONObject?) -> JSONValue {
    guard let settings, !settings.isEmpty else { return .string(text) }
    var object = JSONObject([.init(key: "url", value: .string(text))])
    for member in settings { object.append(member.key, member.value) }
    return .object(object)
  }
}
