import PushCompiler
import PushIR
import Testing

/// What Acoustic's buttons are written with.
@Suite struct AcousticTests {
  /// A button opens the app only with the foreground option (the SDK builds the
  /// category's actions with the options the payload gives): a Dismiss that now opens
  /// the app, as reported, carries it.
  @Test func aDismissThatNowOpensTheAppIsAForegroundButton() throws {
    let payload =
      #"{"aps": {"alert": {"title": "T", "body": "B"}, "category": "com.klaviyo.category.viewDismiss", "mutable-content": 1}, "body": {"_k": "k1", "url": "https://shop.example/default", "actions": {"com.klaviyo.action.view": {"url": "https://shop.example/view"}}}}"#
    let result = Translator(from: Klaviyo(), to: Acoustic()).translate(
      try JSONReader.parse(Array(payload.utf8)))
    let buttons = try #require(result.output?["category-actions"]?.arrayValue)
    let dismiss = try #require(buttons.first { $0["name"] == "Dismiss" })
    #expect(
      dismiss == ["name": "Dismiss", "type": "openApp", "foreground": true, "destructive": true])
    #expect(
      result.diagnostics.contains {
        $0.code == .changedAction && $0.message.contains("'Dismiss' now opens the app")
      })
  }
}

/// A registered category beside dynamic buttons: the extension gives the notification
/// the category it makes of `category-actions`, so the registered one shows only where
/// the extension does not run.
@Suite struct AcousticReplacedCategoryTests {
  static let acousticSource =
    #"{"aps": {"alert": {"title": "T", "body": "B"}, "category": "MEETING_INVITE"}, "notification-action": {"type": "openApp"}, "category-actions": [{"name": "Open", "type": "openApp", "foreground": true}]}"#

  func translate(_ payload: String, from source: any VendorFormat) throws -> Translator.Result {
    Translator(from: source, to: Acoustic()).translate(try JSONReader.parse(Array(payload.utf8)))
  }

  @Test func anotherSourcesCategoryBesideButtonsIsReportedReplaced() throws {
    let result = try translate(
      #"{"irVersion": 1, "content": {"body": "B"}, "buttons": [{"id": "open", "label": "Open", "action": {"type": "openApp"}, "options": ["foreground"]}], "category": {"identifier": "MEETING_INVITE"}}"#,
      from: IRFormat())
    let output = try #require(result.output)
    #expect(output["aps"]?["category"] == "MEETING_INVITE")
    let replaced = try #require(result.diagnostics.first { $0.code == .replacedCategory })
    #expect(replaced.code.isLossy)
    #expect(replaced.location == .ir("/category"))
    #expect(
      replaced.message.contains("'MEETING_INVITE' shows only where the extension does not run"))
  }

  /// An Acoustic source of the same shape had its category replaced as well.
  @Test func anAcousticSourceOfTheSameShapeIsWrittenBackWithoutAWarning() throws {
    let result = try translate(Self.acousticSource, from: Acoustic())
    #expect(try #require(result.output)["aps"]?["category"] == "MEETING_INVITE")
    #expect(!result.diagnostics.contains { $0.code == .replacedCategory })
  }

  /// The category that `category-name` repeats is the buttons' own: nothing is replaced.
  @Test func theButtonsOwnCategoryIsNoReplacement() throws {
    let result = try translate(
      #"{"irVersion": 1, "content": {"body": "B"}, "buttons": [{"id": "open", "label": "Open", "action": {"type": "openApp"}, "options": ["foreground"]}], "category": {"identifier": "carousel"}, "extras": {"acoustic": {"category-name": "carousel"}}}"#,
      from: IRFormat())
    #expect(try #require(result.output)["category-name"] == "carousel")
    #expect(!result.diagnostics.contains { $0.code == .replacedCategory })
  }
}

/// `mce.mailingId`: the SDK takes a number, or a string that holds one, and rejects
/// anything else.
@Suite struct AcousticMailingIDTests {
  func translate(_ payload: String, from source: any VendorFormat) throws -> Translator.Result {
    Translator(from: source, to: Acoustic()).translate(try JSONReader.parse(Array(payload.utf8)))
  }

  func fromIR(campaign: String) throws -> Translator.Result {
    try translate(
      #"{"irVersion": 1, "content": {"body": "x"}, "tracking": {"campaignID": "\#(campaign)"}}"#,
      from: IRFormat())
  }

  @Test func aCampaignIDOfDigitsIsWrittenAsANumber() throws {
    let result = try fromIR(campaign: "4412")
    #expect(try #require(result.output)["mce"] == ["mailingId": 4412])
    #expect(!result.diagnostics.contains { $0.code.isLossy })
  }

  /// A leading zero is no JSON number: the digits stay a string, which the SDK accepts.
  @Test func digitsWithALeadingZeroStayAString() throws {
    let result = try fromIR(campaign: "0042")
    #expect(try #require(result.output)["mce"] == ["mailingId": "0042"])
  }

  @Test func aCampaignIDThatIsNoNumberIsDroppedAndReported() throws {
    let result = try fromIR(campaign: "camp-1")
    #expect(try #require(result.output)["mce"] == nil)
    let dropped = try #require(result.diagnostics.first { $0.code == .droppedField })
    #expect(dropped.location == .ir("/tracking/campaignID"))
    #expect(dropped.message.contains("'camp-1'"))
  }

  @Test func readingAMailingIDThatIsNoNumberWarns() throws {
    let result = try translate(
      #"{"aps": {"alert": "x"}, "notification-action": {"type": "openApp"}, "mce": {"mailingId": "m-2024-19", "attribution": "a"}}"#,
      from: Acoustic())
    #expect(try #require(result.output)["mce"] == ["attribution": "a"])
    let warning = try #require(result.diagnostics.first { $0.location == .input("/mce/mailingId") })
    #expect(warning.code == .invalidValue)
  }

  /// A campaign id from elsewhere: an integer that fits is written as a number (`-5`
  /// too); another number JSON can spell, or digits with a leading zero, as the string
  /// holding it, which the SDK takes; anything else (spaces around a number included)
  /// is dropped and reported.
  @Test(arguments: [
    ("-5", JSONValue.number(JSONNumber(-5))), ("12.5", "12.5"), ("1e3", "1e3"),
    ("007", "007"), (" 12", JSONValue?.none), ("12a", JSONValue?.none), ("-", JSONValue?.none),
    ("1.", JSONValue?.none),
  ])
  func aCampaignIDIsWrittenAsTheSDKTakesIt(_ campaign: String, _ written: JSONValue?) throws {
    let result = try fromIR(campaign: campaign)
    #expect(try #require(result.output)["mce"]?["mailingId"] == written)
    #expect(result.diagnostics.contains { $0.code == .droppedField } == (written == nil))
  }

  /// Strings holding a number, read from Acoustic: kept, without a word.
  @Test(arguments: ["-5", "12.5", "1e3"])
  func readingAStringHoldingANumberKeepsIt(_ id: String) throws {
    let result = try translate(
      #"{"aps": {"alert": "x"}, "notification-action": {"type": "openApp"}, "mce": {"mailingId": "\#(id)"}}"#,
      from: Acoustic())
    #expect(try #require(result.output)["mce"]?["mailingId"] == .string(id))
    #expect(result.diagnostics.all.isEmpty, "\(result.diagnostics.codes)")
  }

  /// An IR that says the mailing id was a number is written as one only when the id
  /// spells a number as a whole: not ` 12`.
  @Test func aNumericHintDoesNotMakeANumberOfText() throws {
    let result = try translate(
      #"{"irVersion": 1, "content": {"body": "x"}, "tracking": {"campaignID": " 12"}, "extras": {"acoustic": {"@numericMailingId": true}}}"#,
      from: IRFormat())
    #expect(try #require(result.output)["mce"] == nil)
    #expect(result.diagnostics.contains { $0.code == .droppedField })
  }

  /// Acoustic's own spellings come back as they were: a number as a number, a string of
  /// digits as a string.
  @Test(arguments: [#"4412"#, #""4412""#, #""0042""#])
  func aMailingIDTheSDKTakesRoundTrips(_ value: String) throws {
    let result = try translate(
      #"{"aps": {"alert": "x"}, "notification-action": {"type": "openApp"}, "mce": {"mailingId": \#(value)}}"#,
      from: Acoustic())
    #expect(
      try #require(result.output)["mce"]?["mailingId"] == (try JSONReader.parse(Array(value.utf8))))
    #expect(result.diagnostics.all.isEmpty, "\(result.diagnostics.codes)")
  }
}

/// The SDK dials by opening `tel:` and the number: a URL cannot hold a space.
@Suite struct AcousticDialTests {
  @Test func aNumberIsWrittenWithoutItsSpacesAndTheChangeIsReported() throws {
    let payload = #"""
      {"irVersion": 1, "content": {"body": "x"},
       "defaultAction": {"type": "dial", "number": "+1 (555) 010-0100"},
       "buttons": [{"id": "call", "label": "Call", "action": {"type": "dial", "number": "+1 555 0100"},
                    "options": ["foreground"]}]}
      """#
    let result = Translator(from: IRFormat(), to: Acoustic()).translate(
      try JSONReader.parse(Array(payload.utf8)))
    let output = try #require(result.output)
    #expect(output["notification-action"] == ["type": "dial", "value": "+1(555)010-0100"])
    #expect(output["category-actions"]?.arrayValue?.first?["value"] == "+15550100")
    let changed = result.diagnostics.filter { $0.code == .changedAction }
    #expect(changed.map(\.location) == [.ir("/defaultAction"), .ir("/buttons/0/action")])
    #expect(changed.allSatisfy { $0.message.contains("tel:") })
  }

  @Test func aNumberWithoutSpacesIsKeptSilently() throws {
    let payload =
      #"{"aps": {"alert": "x"}, "notification-action": {"type": "dial", "value": "+15550100"}}"#
    let result = Translator(from: Acoustic(), to: Acoustic()).translate(
      try JSONReader.parse(Array(payload.utf8)))
    #expect(try #require(result.output)["notification-action"]?["value"] == "+15550100")
    #expect(result.diagnostics.all.isEmpty, "\(result.diagnostics.codes)")
  }
}

/// Where an Acoustic link opens: by its scheme, or in a web view.
@Suite struct AcousticLinkTests {
  func translate(
    _ payload: String, from source: any VendorFormat, to target: any VendorFormat = Acoustic()
  ) throws -> Translator.Result {
    Translator(from: source, to: target).translate(try JSONReader.parse(Array(payload.utf8)))
  }
  /// The SDK hands a `url` action's link to the system: a web link opens in the
  /// browser, any other scheme in its app.
  @Test(arguments: [("https://ex.com/a", "browser"), ("myapp://a", "app")])
  func aURLActionOpensWhereItsSchemeSays(_ url: String, _ destination: String) throws {
    let payload =
      #"{"aps": {"alert": "x"}, "notification-action": {"type": "url", "value": "\#(url)"}}"#
    let ir = try #require(try translate(payload, from: Acoustic(), to: IRFormat()).output)
    #expect(ir["defaultAction"]?["destination"] == .string(destination))
  }

  /// Written, a link goes to `url` when its scheme opens it where it was meant to, to
  /// `displayWebView` for a web view, and the change is reported otherwise.
  @Test(arguments: [
    ("https://ex.com/a", "browser", "url", false), ("myapp://a", "app", "url", false),
    ("https://ex.com/a", "webView", "displayWebView", false),
    ("https://ex.com/a", "app", "url", true), ("myapp://a", "browser", "url", true),
  ])
  func aLinkIsFittedByItsScheme(
    _ url: String, _ destination: String, _ type: String, _ reported: Bool
  ) throws {
    let ir =
      #"{"irVersion": 1, "content": {"body": "x"}, "defaultAction": {"type": "openURL", "url": "\#(url)", "destination": "\#(destination)"}}"#
    let result = try translate(ir, from: IRFormat())
    #expect(
      result.output?["notification-action"] == ["type": .string(type), "value": .string(url)])
    #expect(result.diagnostics.contains { $0.code == .changedAction } == reported)
  }
}

/// `displayWebView` and `openInboxMessage` are run by optional plugins the app must
/// register; without one the SDK posts `MCECustomPushNotRegistered` and the tap does
/// nothing. Writing either says so at the action.
@Suite struct AcousticPluginTests {
  @Test func anActionRunByAnOptionalPluginIsNotedAtTheAction() throws {
    let ir = #"""
      {"irVersion": 1, "content": {"body": "x"},
       "defaultAction": {"type": "openURL", "url": "https://ex.com", "destination": "webView"},
       "buttons": [{"id": "Read", "label": "Read", "action": {"type": "inboxMessage", "messageID": "m-1"}},
                   {"id": "Go", "label": "Go", "action": {"type": "openURL", "url": "myapp://a", "destination": "app"}}]}
      """#
    let result = Translator(from: IRFormat(), to: Acoustic()).translate(
      try JSONReader.parse(Array(ir.utf8)))
    #expect(result.output?["notification-action"]?["type"] == "displayWebView")
    let notes = result.diagnostics.filter { $0.code.name == "emit.needs-plugin" }
    #expect(notes.map(\.location) == [.ir("/defaultAction"), .ir("/buttons/0/action")])
    #expect(notes.allSatisfy { $0.code.severity == .note && !$0.code.isLossy })
    #expect(notes.first?.message.contains("web-action") == true)
    #expect(notes.last?.message.contains("inbox") == true)
  }

  @Test func aPluginActionReadFromAcousticIsNotedWhereItWasRead() throws {
    let payload =
      #"{"aps": {"alert": "x"}, "notification-action": {"type": "openInboxMessage", "inboxMessageId": "m-1"}}"#
    let result = Translator(from: Acoustic(), to: Acoustic()).translate(
      try JSONReader.parse(Array(payload.utf8)))
    let note = try #require(result.diagnostics.first { $0.code.name == "emit.needs-plugin" })
    #expect(note.location == .input("/notification-action"))
  }

  /// A custom action (here Iterable's) runs only when the app registered a handler for
  /// its type with the SDK's action registry.
  @Test func aCustomActionIsNotedAsNeedingTheAppsHandler() throws {
    let payload =
      #"{"aps": {"alert": "x"}, "itbl": {"messageId": "m", "templateId": 1, "defaultAction": {"type": "customAction", "data": "d"}}}"#
    let result = Translator(from: Iterable(), to: Acoustic()).translate(
      try JSONReader.parse(Array(payload.utf8)))
    #expect(result.output?["notification-action"]?["type"] == "customAction")
    let note = try #require(result.diagnostics.first { $0.code.name == "emit.needs-plugin" })
    #expect(note.location == .input("/itbl/defaultAction"))
    #expect(note.message.contains("custom action 'customAction'"))
  }
}

/// Acoustic's service extension saves `media-attachment` under the URL's last path
/// component and attaches it with no type hint, so iOS types the file by that name's
/// extension alone: a URL naming no type iOS attaches shows nothing.
@Suite struct AcousticMediaTests {
  func fromIR(media: String) throws -> Translator.Result {
    let ir = #"{"irVersion": 1, "content": {"body": "B"}, "media": [\#(media)]}"#
    return Translator(from: IRFormat(), to: Acoustic()).translate(
      try JSONReader.parse(Array(ir.utf8)))
  }

  /// Without an extension iOS attaches, the item is dropped, said so, whatever its type
  /// hint: the SDK passes none on.
  @Test(arguments: [
    #"{"url": "https://picsum.photos/300/300", "kind": "image"}"#,
    #"{"url": "https://cdn.ex.com/stream?id=5", "kind": "video", "typeHint": "video/mp4"}"#,
    #"{"url": "https://cdn.ex.com/img/", "kind": "image"}"#,
    #"{"url": "https://cdn.ex.com/p.webp", "kind": "image"}"#,
    #"{"url": "https://cdn.ex.com/a.b/clip#t=1.mp4", "kind": "video"}"#,
  ])
  func mediaIOSWouldNotAttachIsDropped(_ media: String) throws {
    let result = try fromIR(media: media)
    #expect(try #require(result.output)["media-attachment"] == nil)
    let dropped = try #require(result.diagnostics.first { $0.code == .droppedMedia })
    #expect(dropped.location == .ir("/media/0"))
    #expect(dropped.message.contains("names the file after the URL, and iOS attaches no"))
    #expect(!result.diagnostics.contains { $0.message.contains("what it downloads") })
  }

  /// The message names what iOS refuses: a name without an extension, or its type.
  @Test(arguments: [
    (
      "https://picsum.photos/300/300",
      "image 'https://picsum.photos/300/300' dropped: acoustic's service extension names the file after the URL, and iOS attaches no file without an extension"
    ),
    (
      "https://cdn.ex.com/p.webp?w=3",
      "image 'https://cdn.ex.com/p.webp?w=3' dropped: acoustic's service extension names the file after the URL, and iOS attaches no '.webp' file"
    ),
  ])
  func theDropSaysWhatIOSRefuses(_ url: String, _ message: String) throws {
    let result = try fromIR(media: #"{"url": "\#(url)", "kind": "image"}"#)
    #expect(result.diagnostics.first { $0.code == .droppedMedia }?.message == message)
  }

  /// Dfinery's pushsender sample: its image URL has no extension.
  @Test func aDfineryImageWithoutAnExtensionIsDropped() throws {
    let payload =
      #"{"aps": {"alert": {"title": "T", "body": "B"}, "mutable-content": 1}, "dfn": {"img": "https://picsum.photos/300/300"}}"#
    let result = Translator(from: Dfinery(), to: Acoustic()).translate(
      try JSONReader.parse(Array(payload.utf8)))
    #expect(try #require(result.output)["media-attachment"] == nil)
    let dropped = try #require(result.diagnostics.first { $0.code == .droppedMedia })
    #expect(dropped.location == .input("/dfn/img"))
  }

  /// The drop comes before the count: the next item iOS attaches takes the place.
  @Test func aLaterItemTakesThePlace() throws {
    let result = try fromIR(
      media:
        #"{"url": "https://picsum.photos/300/300", "kind": "image"}, {"url": "https://cdn.ex.com/p.png", "kind": "image"}"#
    )
    #expect(try #require(result.output)["media-attachment"] == "https://cdn.ex.com/p.png")
  }

  /// A last path component naming a type iOS attaches is kept, whatever the query or
  /// fragment after it.
  @Test(arguments: [
    ("https://cdn.ex.com/p.JPG?w=300", "image"), ("https://cdn.ex.com/p.png#top", "image"),
    ("https://cdn.ex.com/clip.mov", "video"), ("https://cdn.ex.com/a.gif", "gif"),
    ("https://cdn.ex.com/song.m4a", "audio"),
  ])
  func mediaIOSAttachesIsKept(_ url: String, _ kind: String) throws {
    let result = try fromIR(media: #"{"url": "\#(url)", "kind": "\#(kind)"}"#)
    #expect(try #require(result.output)["media-attachment"] == .string(url))
    #expect(!result.diagnostics.contains { $0.code.isLossy }, "\(result.diagnostics.codes)")
  }

  /// A kind the URL's extension does not show is reported as typed by that extension,
  /// which iOS goes by, not by what the server sends.
  @Test func aKindTheURLDoesNotShowIsTypedByItsExtension() throws {
    let result = try fromIR(media: #"{"url": "https://cdn.ex.com/p.jpg", "kind": "video"}"#)
    #expect(try #require(result.output)["media-attachment"] == "https://cdn.ex.com/p.jpg")
    let reported = try #require(result.diagnostics.first { $0.code == .droppedField })
    #expect(
      reported.message
        == "acoustic has no media type: the video 'https://cdn.ex.com/p.jpg' is typed by its URL's file extension, 'jpg', read back as image"
    )
  }
}
