import PushCompiler
import PushIR
import Testing

/// Vendors whose SDKs open only some schemes outside the app (`browserSchemes`):
/// Klaviyo 5.4's `open_url` and `web_url`, Braze's browser and web view.
@Suite struct LinkSchemeTests {
  func translate(
    _ payload: String, from source: any VendorFormat = Klaviyo(), to target: any VendorFormat
  )
    throws -> Translator.Result
  {
    Translator(from: source, to: target).translate(try JSONReader.parse(Array(payload.utf8)))
  }

  func emit(_ notification: PushNotification, to target: any VendorFormat) -> Translator.Result {
    Translator(from: IRFormat(), to: target).translate(IREncoder.encode(notification))
  }

  @Test(arguments: [
    ("https://shop.example/a", true), ("HTTP://shop.example/a", true),
    ("MailTo:help@shop.example", true), ("tel:+15550100", true), ("sms:+15550100", true),
    ("shop://a", false), ("smsto:+15550100", false), ("intent://x#Intent;end", false),
    ("javascript:alert(1)", false), ("geo:0,0", false),
  ])
  func anOpenURLButtonKeepsOnlyTheSchemesThe54SDKOpens(_ url: String, _ kept: Bool) throws {
    let payload =
      #"{"aps": {"alert": "x", "mutable-content": 1}, "body": {"_k": "k", "action_buttons": [{"id": "a", "label": "A", "action": "open_url", "url": "\#(url)"}]}}"#
    let result = try translate(payload, to: IRFormat())
    let buttons = result.output?["buttons"]?.arrayValue ?? []
    #expect(buttons.count == (kept ? 1 : 0))
    let dropped = result.diagnostics.first { $0.code == .invalidButton }
    #expect((dropped == nil) == kept)
    if let dropped {
      #expect(dropped.location == .input("/body/action_buttons/0/url"))
      #expect(
        dropped.message
          == "'open_url' button 'a' links to '\(url)', whose scheme the SDK does not open (only http, https, mailto, sms, tel); dropped, as the SDK skips it"
      )
    }
  }

  @Test func aDeepLinkButtonTakesAnyScheme() throws {
    let payload =
      #"{"aps": {"alert": "x", "mutable-content": 1}, "body": {"_k": "k", "action_buttons": [{"id": "a", "label": "A", "action": "deep_link", "url": "geo:0,0"}]}}"#
    let result = try translate(payload, to: Klaviyo())
    let button = result.output?["body"]?["action_buttons"]?.arrayValue?.first
    #expect(button?["action"] == "deep_link")
    #expect(button?["url"] == "geo:0,0")
    #expect(!result.diagnostics.contains { $0.severity >= .warning })
  }

  @Test func aWebURLOfAnotherSchemeIsIgnoredAsThe54SDKIgnoresIt() throws {
    let ignored = try translate(
      #"{"body": {"_k": "k"}, "web_url": "shop://sale"}"#, to: IRFormat())
    #expect(ignored.output?["defaultAction"] == nil)
    let report = try #require(ignored.diagnostics.first { $0.code == .invalidValue })
    #expect(report.location == .input("/web_url"))
    #expect(
      report.message
        == "'web_url' 'shop://sale' is not a link of a scheme the SDK opens (only http, https, mailto, sms, tel); ignored, as the SDK ignores it"
    )
    let kept = try translate(#"{"body": {"_k": "k"}, "web_url": "Tel:+15550100"}"#, to: IRFormat())
    #expect(
      kept.output?["defaultAction"]
        == ["type": "openURL", "url": "Tel:+15550100", "destination": "browser"])
  }

  /// Klaviyo's emitter writes every link as `deep_link` / root `url`, which the SDK opens
  /// whatever its scheme, so a browser link of a scheme `open_url` refuses still arrives.
  @Test(arguments: ["https://shop.example/a", "shop://a", "ftp://files.example/a.pdf"])
  func klaviyoWritesEveryBrowserLinkAsADeepLink(_ url: String) throws {
    var notification = PushNotification()
    notification.defaultAction = .openURL(IRText(url), .browser)
    notification.buttons = [
      ActionButton(id: "a", label: "A", action: .openURL(IRText(url), .browser))
    ]
    let result = emit(notification, to: Klaviyo())
    let output = try #require(result.output)
    #expect(output["url"] == .string(url))
    #expect(output["web_url"] == nil)
    #expect(output["body"]?["action_buttons"]?.arrayValue?.first?["action"] == "deep_link")
    #expect(output["body"]?["action_buttons"]?.arrayValue?.first?["url"] == .string(url))
    let changes = result.diagnostics.filter { $0.code == .changedAction }.map(\.message)
    #expect(
      changes == [
        "the tap action opens '\(url)' in the app instead of in the browser",
        "button 'A' opens '\(url)' in the app instead of in the browser",
      ])
  }

  @Test func brazeOpensOnlyWebLinksInTheBrowserOrAWebView() throws {
    // Braze's REST request needs an alert body.
    var notification = PushNotification()
    notification.content.body = "Help"
    notification.defaultAction = .openURL("mailto:help@shop.example", .webView)
    let result = emit(notification, to: Braze())
    #expect(result.output?["messages"]?["apple_push"]?["custom_uri"] == "mailto:help@shop.example")
    #expect(result.output?["messages"]?["apple_push"]?["use_webview"] == nil)
    #expect(
      result.diagnostics.filter { $0.code == .changedAction }.map(\.message) == [
        "the tap action opens 'mailto:help@shop.example' in the app instead of in an in-app web view: braze opens only http, https links in an in-app web view"
      ])
    var dial = PushNotification()
    dial.content.body = "Help"
    dial.defaultAction = .dial("+15550100")
    let dialed = emit(dial, to: Braze())
    #expect(
      dialed.diagnostics.filter { $0.code == .changedAction }.map(\.message) == [
        "the tap action dials through the link 'tel:+15550100'"
      ])
    var web = PushNotification()
    web.content.body = "Help"
    web.defaultAction = .openURL("https://shop.example/a", .webView)
    let opened = emit(web, to: Braze())
    #expect(opened.output != nil)
    #expect(!opened.diagnostics.contains { $0.code == .changedAction })
  }

  @Test func formatsListTheSchemesOnlyWhereLinksCanOpenOutsideTheApp() {
    #expect(
      Braze().capabilities.summaryLines[2].hasSuffix(
        "(the browser and web views only for http, https)"))
    #expect(!Klaviyo().capabilities.summaryLines[2].contains("only for"))
    #expect(Klaviyo().capabilities.browserSchemes == ["http", "https", "mailto", "tel", "sms"])
  }
}
