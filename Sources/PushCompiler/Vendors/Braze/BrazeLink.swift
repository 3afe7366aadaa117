import PushIR

/// Braze's link grammar, shared by the tap (`custom_uri`/`ab_uri` with a web-view flag)
/// and by category buttons (`buttons[]` in the REST request, `ab.ab_cat` on the phone):
/// a click-action type, a URI and a web-view flag. The SDK opens a web link (`http`,
/// `https`) in a web view when the flag is on and outside the app otherwise; any other
/// link goes to the app.
enum BrazeLink {
  /// A button's click-action type.
  enum ButtonType: String {
    case openApp = "OPEN_APP"
    case uri = "URI"
    case deepLink = "DEEP_LINK"
    case close = "CLOSE"

    /// The type a payload names: the REST API's spelling in any case, or the Android
    /// SDK's (`ab_open`, `ab_uri`, `ab_none`).
    init?(spelled text: IRText) {
      switch text.lowercased() {
      case "open_app", "ab_open": self = .openApp
      case "uri", "ab_uri": self = .uri
      case "deep_link": self = .deepLink
      case "close", "ab_none": self = .close
      default: return nil
      }
    }
  }

  /// Whether the SDK treats `url` as a web link.
  static func isWeb(_ url: IRText) -> Bool {
    let lower = url.lowercased()
    return lower.hasPrefix("http://") || lower.hasPrefix("https://")
  }

  /// Where the SDK opens `url` with the web-view flag `webView`.
  static func destination(of url: IRText, webView: Bool) -> URLDestination {
    guard isWeb(url) else { return .app }
    return webView ? .webView : .browser
  }

  /// The action of a button: `type` (absent: a link when there is a `uri`), `uri`, and
  /// the web-view flag (absent: `webViewDefault`). `nil` when it names none, with why.
  static func buttonAction(
    type: ButtonType?, uri: IRText?, webView: Bool?, webViewDefault: Bool
  ) -> Result<NotificationAction, ButtonProblem> {
    switch type ?? (uri == nil ? nil : .uri) {
    case .openApp?: return .success(.openApp)
    case .close?: return .success(.dismiss)
    case let linkType?:
      guard let uri, !uri.isEmpty else { return .failure(.missingURI(linkType)) }
      if linkType == .deepLink { return .success(.openURL(uri, .app)) }
      return .success(.openURL(uri, destination(of: uri, webView: webView ?? webViewDefault)))
    case nil: return .failure(.noAction)
    }
  }

  /// Why a button entry names no action.
  enum ButtonProblem: Error {
    /// Neither a type nor a URI.
    case noAction
    /// A link type without a URI.
    case missingURI(ButtonType)
  }

  /// How a button's action is written: type, URI and web-view flag, and the action the
  /// SDK then takes; `nil` for an action no button can take.
  static func written(_ action: NotificationAction) -> (
    type: ButtonType, uri: IRText?, webView: Bool?, takes: NotificationAction
  )? {
    switch action {
    case .openApp: return (.openApp, nil, nil, .openApp)
    case .dismiss: return (.close, nil, nil, .dismiss)
    case .openURL(let url, let destination) where destination == .app || !isWeb(url):
      // The SDK hands any link but a web one to the app, web-view flag or not.
      return (.deepLink, url, nil, .openURL(url, .app))
    case .openURL(let url, let destination):
      let webView = destination == .webView
      return (.uri, url, webView, .openURL(url, self.destination(of: url, webView: webView)))
    default: return nil
    }
  }

  /// The tap's web-view flag for `url` meant for `destination`, and where the SDK then
  /// opens it.
  static func tapFlag(for url: IRText, _ destination: URLDestination) -> (
    webView: Bool, opens: URLDestination
  ) {
    let webView = destination == .webView && isWeb(url)
    return (webView, self.destination(of: url, webView: webView))
  }

  /// How the SDK treats `url` when it was meant to open `intended` but opens `opens`,
  /// for messages.
  static func change(of url: IRText, meant intended: URLDestination, opens: URLDestination)
    -> String
  {
    isWeb(url)
      ? "opens '\(url)' \(opens.phrase) instead of \(intended.phrase): braze tells deep links from web links by their scheme"
      : "hands '\(url)' to the system like a deep link, not \(intended.phrase): braze opens only http(s) links in a browser or web view"
  }

  /// Reads a web-view flag: a bool, `0`/`1`, or `"true"`/`"false"`; anything else is
  /// reported and ignored.
  static func flag(_ value: JSONValue?, at pointer: JSONPointer, context: inout ParseContext)
    -> Bool?
  {
    switch value {
    case .string("true")?: return true
    case .string("false")?: return false
    default: return context.flag(value, at: pointer)
    }
  }
}
