/// What a tap does: on the notification itself, on a button, or on a media item.
public enum NotificationAction: Hashable, Sendable {
  /// Open the app at its default screen.
  case openApp
  /// Open a link.
  case openURL(IRText, URLDestination)
  /// Dismiss the notification without opening the app.
  case dismiss
  /// Start a phone call.
  case dial(IRText)
  /// Whatever the default action is: a button that "falls back to the default URL".
  /// Passes resolve it; emitters never see it.
  case sameAsDefault
  /// Start a chatbot journey (Yellow.ai).
  case botFlow(botID: IRText, journey: IRText?)
  /// Open a message in the vendor's in-app inbox.
  case inboxMessage(IRText)
  /// A vendor- or app-defined action, by name, with its data.
  case custom(name: IRText, data: JSONValue?)

  /// The URL the action opens, when it opens one.
  public var url: IRText? {
    if case .openURL(let url, _) = self { return url }
    return nil
  }

  /// The stable name of the action's kind, as written in the IR's JSON form.
  public var kindName: String {
    switch self {
    case .openApp: "openApp"
    case .openURL: "openURL"
    case .dismiss: "dismiss"
    case .dial: "dial"
    case .sameAsDefault: "sameAsDefault"
    case .botFlow: "botFlow"
    case .inboxMessage: "inboxMessage"
    case .custom: "custom"
    }
  }

  /// Whether taking this action brings the app to the foreground.
  public var opensApp: Bool {
    switch self {
    case .dismiss, .dial: false
    case .openURL(_, .browser): false
    default: true
    }
  }
}

/// Where a link opens.
public enum URLDestination: String, Hashable, Sendable, CaseIterable {
  /// Handed to the app as a deep link (custom scheme or universal link).
  case app
  /// Opened outside the app, in the browser.
  case browser
  /// Shown in a web view inside the app.
  case webView
}
