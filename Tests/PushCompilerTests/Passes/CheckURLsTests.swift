import PushCompiler
import PushIR
import Testing

/// The check-urls pass: what it removes, what it keeps and reports, where it reports.
@Suite struct CheckURLsTests {
  /// A notification with a URL in every place the IR has one.
  static func everyPlace(
    tap: String, button: String, target: String, media: [String], mediaTap: String
  ) -> PushNotification {
    var notification = PushNotification()
    notification.defaultAction = .openURL(IRText(tap), .app)
    notification.buttons = [
      ActionButton(id: "b", label: "Go", action: .openURL(IRText(button), .browser)),
      ActionButton(id: "c", label: "Call", action: .dial("+15550100")),
    ]
    notification.category = NotificationCategory(
      identifier: "cat",
      actionTargets: [
        .init(actionID: "x", action: .openURL(IRText(target), .app)),
        .init(actionID: "y", action: .openURL("app://y", .app)),
      ])
    notification.media = media.map { MediaItem(url: IRText($0), kind: .image) }
    notification.media[0].action = .openURL(IRText(mediaTap), .webView)
    return notification
  }

  func run(
    _ notification: inout PushNotification, sourceMap: SourceMap = SourceMap(),
    for target: any VendorFormat = Klaviyo()
  )
    -> Diagnostics
  {
    var context = PassContext(target: target)
    context.sourceMap = sourceMap
    CheckURLs().run(on: &notification, context: &context)
    return context.diagnostics
  }

  @Test func unsafeURLsGoWithWhatHoldsThem() {
    var notification = Self.everyPlace(
      tap: "javascript:alert(1)", button: " JAVASCRIPT:alert(1)", target: "file:///etc/hosts",
      media: ["https://cdn.example.com/b.png", "data:image/png;base64,iVBORw0KGgo="],
      mediaTap: "vbscript:msgbox(1)")
    let found = run(&notification)
    #expect(notification.defaultAction == nil)
    #expect(notification.buttons.map(\.action) == [.openApp, .dial("+15550100")])
    #expect(notification.category?.actionTargets.map(\.actionID) == ["y"])
    #expect(notification.media.map(\.url) == ["https://cdn.example.com/b.png"])
    #expect(notification.media[0].action == nil)
    #expect(found.codes == Array(repeating: "pass.unsafe-url-scheme", count: 5))
    #expect(found.all.allSatisfy { $0.code.isLossy && $0.severity == .warning })
    #expect(
      found.all.map(\.location) == [
        .ir("/defaultAction/url"), .ir("/buttons/0/action/url"),
        .ir("/category/actionTargets/0/action/url"), .ir("/media/0/action/url"),
        .ir("/media/1/url"),
      ])
    #expect(
      found.all[1].message
        == "button 'Go' links to ' JAVASCRIPT:alert(1)', whose scheme 'javascript' runs script in the web view that opens it; the link is removed: the button opens the app"
    )
    #expect(
      found.all[4].message
        == "media item 1 'data:image/png;base64,iVBORw0KGgo=' has the scheme 'data', which carries an inline document instead of pointing at one; the item is dropped"
    )
  }

  /// A carousel left with fewer than two items after unsafe media are dropped loses its
  /// presentation, reported where it was; with two left, it keeps it.
  @Test(arguments: [
    (["data:image/png;base64,AA==", "file:///a.png", "https://cdn.example.com/c.png"], false),
    (["data:image/png;base64,AA==", "file:///a.png"], false),
    (
      [
        "data:image/png;base64,AA==", "https://cdn.example.com/b.png",
        "https://cdn.example.com/c.png",
      ], true
    ),
  ])
  func aCarouselLeftWithTooFewItemsLosesItsPresentation(media: [String], keeps: Bool) {
    var notification = PushNotification()
    notification.media = media.map { MediaItem(url: IRText($0), kind: .image) }
    notification.mediaPresentation = .carouselAuto
    let found = run(&notification)
    #expect((notification.mediaPresentation == .carouselAuto) == keeps)
    let atPresentation = found.all.filter { $0.location == .ir("/mediaPresentation") }
    #expect(atPresentation.count == (keeps ? 0 : 1))
    #expect(
      atPresentation.first.map {
        $0.message.hasPrefix("'carousel-auto' dropped: with the unsafe media removed, ")
      }
        ?? keeps)
  }

  @Test func theMediaItemsOwnUnsafeTapIsRemovedWhenItStays() {
    var notification = Self.everyPlace(
      tap: "app://t", button: "app://b", target: "app://x",
      media: ["https://cdn.example.com/a.png"],
      mediaTap: "javascript:x")
    let found = run(&notification)
    #expect(notification.media.count == 1)
    #expect(notification.media[0].action == nil)
    #expect(found.all.map(\.location) == [.ir("/media/0/action/url")])
  }

  @Test func invalidURLsAndMediaNotOnHTTPSAreKeptAndReported() {
    let original = Self.everyPlace(
      tap: "shop://sale items", button: "www.example.com/sale", target: "app://x{1}",
      media: ["http://cdn.example.com/a.jpg", "ftp://files.example.com/b.png", "avatar.png"],
      mediaTap: "https://example.com/%zz")
    var notification = original
    // For a target whose SDK follows links it cannot parse: Klaviyo's drops them, in
    // fit-target, which says so instead (below).
    let found = run(&notification, for: APNs())
    #expect(notification == original)
    #expect(
      found.codes == [
        "pass.invalid-url", "pass.invalid-url", "pass.invalid-url", "pass.non-https-media",
        "pass.invalid-url", "pass.non-https-media", "pass.invalid-url",
      ])
    #expect(found.all.allSatisfy { !$0.code.isLossy && $0.severity == .warning })
    #expect(
      found.all[0].message
        == "the tap action links to 'shop://sale items', which is not a valid URL: it contains a space; kept, but the phone may not open it"
    )
    #expect(
      found.all[3].message.hasPrefix(
        "media item 0 'http://cdn.example.com/a.jpg' is not https: App Transport Security"))
    #expect(found.all[4].location == .ir("/media/0/action/url"))
    #expect(found.all[5].message.contains("not 'ftp'"))
    #expect(
      found.all[6].message
        == "media item 2 'avatar.png' is not a valid URL: it has no scheme (such as 'https:' or 'myapp:'); kept, but the service extension cannot download it"
    )
  }

  /// For a target whose SDK ignores links it cannot parse, such links are fit-target's
  /// to drop and report: check-urls does not call them kept. Other invalid links it does.
  @Test func linksTheTargetCannotParseAreLeftToFitTarget() {
    var notification = Self.everyPlace(
      tap: "shop://sale items", button: "shop://a b", target: "app://x{1}",
      media: ["https://cdn.example.com/a.jpg"], mediaTap: "https://example.com/%zz")
    let found = run(&notification, for: Klaviyo())
    #expect(
      found.all.map(\.location) == [
        .ir("/category/actionTargets/0/action/url"), .ir("/media/0/action/url"),
      ])
    #expect(run(&notification, for: APNs()).all.count == 4)
  }

  @Test func validURLsPassSilently() {
    var notification = Self.everyPlace(
      tap: "shop://sale", button: "https://shop.example.com/sale", target: "app://x",
      media: ["https://cdn.example.com/a.jpg"], mediaTap: "https://shop.example.com/a")
    let original = notification
    #expect(run(&notification).all.isEmpty)
    #expect(notification == original)
  }

  @Test func aSecondRunChangesNothingAndRepeatsOnlyTheKeptWarnings() {
    var notification = Self.everyPlace(
      tap: "javascript:x", button: "shop://a<b", target: "data:,x",
      media: ["file:///x.png", "http://cdn.example.com/a.jpg"], mediaTap: "https://e.example/")
    let first = run(&notification)
    let once = notification
    let second = run(&notification)
    #expect(notification == once)
    #expect(second.codes == ["pass.invalid-url", "pass.non-https-media"])
    #expect(first.all.filter { !$0.code.isLossy }.map(\.code) == second.all.map(\.code))
    #expect(second.all.map(\.location) == [.ir("/buttons/0/action/url"), .ir("/media/0/url")])
  }

  @Test func reportsAreLocatedInTheInputBeforeTheSourceMapIsRenumbered() {
    var map = SourceMap()
    map.record("/media/0", from: "/slider/0")
    map.record("/media/1", from: "/slider/1")
    map.record("/media/2", from: "/slider/2")
    map.record("/media/2/url", from: "/slider/2/img")
    map.record("/category/actionTargets/0/action/url", from: "/actions/x/url")
    map.record("/category/actionTargets/1/action/url", from: "/actions/y/url")
    var notification = Self.everyPlace(
      tap: "app://t", button: "app://b", target: "about:blank",
      media: ["blob:https://e.example/1", "https://e.example/b.png", "http://e.example/c.png"],
      mediaTap: "https://e.example/")
    var context = PassContext(target: Klaviyo())
    context.sourceMap = map
    CheckURLs().run(on: &notification, context: &context)
    #expect(
      context.diagnostics.all.map(\.location) == [
        .input("/actions/x/url"), .input("/slider/0"), .input("/slider/2/img"),
      ])
    #expect(context.sourceMap.inputLocation(of: "/media/0") == "/slider/1")
    #expect(context.sourceMap.inputLocation(of: "/media/1/url") == "/slider/2/img")
    #expect(context.sourceMap.inputLocation(of: "/media/2") == nil)
    #expect(
      context.sourceMap.inputLocation(of: "/category/actionTargets/0/action/url")
        == "/actions/y/url")
  }

  @Test func removingAnElementRenumbersTheOnesAfterIt() {
    var map = SourceMap()
    map.record("/media", from: "/att")
    for index in 0..<12 {
      map.record(JSONPointer("/media").appending(index), from: JSONPointer("/att").appending(index))
    }
    map.record("/media/3/action", from: "/att/3/tap")
    map.record("/mediaPresentation", from: "/style")
    map.removeElement(at: "/media/1")
    #expect(map.inputLocation(of: "/media/0") == "/att/0")
    #expect(map.inputLocation(of: "/media/1") == "/att/2")
    #expect(map.inputLocation(of: "/media/2/action") == "/att/3/tap")
    #expect(map.inputLocation(of: "/media/10") == "/att/11")
    #expect(map.inputLocation(of: "/media/11") == "/att")
    #expect(map.inputLocation(of: "/mediaPresentation") == "/style")
  }

  @Test func aKlaviyoButtonsUnsafeLinkIsLocatedAtItsURL() throws {
    let payload =
      #"{"aps": {"alert": "x", "mutable-content": 1}, "body": {"_k": "k", "action_buttons": [{"id": "a", "label": "A", "action": "open_app"}, {"id": "b", "label": "B", "action": "deep_link", "url": "javascript:alert(1)"}]}, "rich-media": "http://cdn.example.com/a.jpg"}"#
    let result = Translator(from: Klaviyo(), to: Klaviyo()).translate(
      try JSONReader.parse(Array(payload.utf8)))
    let found = result.diagnostics.all.filter {
      $0.code.name.hasPrefix("pass.") && $0.code != .setMutableContent
    }
    #expect(found.map(\.code) == [.unsafeURLScheme, .nonHTTPSMedia])
    #expect(found.map(\.location) == [.input("/body/action_buttons/1/url"), .input("/rich-media")])
    let buttons = try #require(result.output?["body"]?["action_buttons"]?.arrayValue)
    #expect(buttons.map { $0["action"] } == ["open_app", "open_app"])
    #expect(!JSONWriter(style: .compact).string(result.output!).contains("javascript"))
  }

  @Test func aCategoryTargetsUnsafeLinkDoesNotReachTheExpandedButton() throws {
    let payload =
      #"{"aps": {"alert": "x", "category": "com.klaviyo.category.yesNo"}, "body": {"_k": "k", "url": "app://home", "actions": {"com.klaviyo.action.yes": {"url": "file:///private/var/mobile"}}}}"#
    let result = Translator(from: Klaviyo(), to: Klaviyo()).translate(
      try JSONReader.parse(Array(payload.utf8)))
    let unsafe = try #require(result.diagnostics.first { $0.code == .unsafeURLScheme })
    #expect(unsafe.location == .input("/body/actions/com.klaviyo.action.yes/url"))
    let buttons = try #require(result.output?["body"]?["action_buttons"]?.arrayValue)
    #expect(buttons[0]["url"] == "app://home")
  }
}
