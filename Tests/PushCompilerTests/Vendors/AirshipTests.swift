import PushCompiler
import PushIR
import Testing

/// Airship's send id `_`: derived, with a note, only when nothing else written marks the
/// push as Airship's, since the SDK ignores a push without its marker and a derived id
/// names no send Airship knows.
@Suite struct AirshipTests {
  /// The Airship output of `payload`, read as `source`.
  func convert(_ payload: String, from source: any VendorFormat) throws -> Translator.Result {
    Translator(from: source, to: Airship()).translate(try JSONReader.parse(Array(payload.utf8)))
  }

  /// A plain alert has no other marker: `_` is derived and noted.
  @Test func aSendIDIsDerivedWhenNothingElseMarksThePush() throws {
    let result = try convert(#"{"aps": {"alert": "hi"}}"#, from: APNs())
    let output = try #require(result.output)
    #expect(output["_"]?.stringValue?.hasPrefix("pushc-") == true)
    let derived = try #require(result.diagnostics.first { $0.code == .derivedValue })
    #expect(derived.message.hasPrefix("'_' derived as "))
  }

  /// A media attachment marks the push: no send id is made up beside it.
  @Test func noSendIDIsDerivedBesideAMediaAttachment() throws {
    let result = try convert(
      #"{"aps": {"alert": "hi", "mutable-content": 1}, "CIO": {"push": {"image": "https://x.example/a.png"}}}"#,
      from: CustomerIO())
    let output = try #require(result.output)
    #expect(output["_"] == nil)
    #expect(output["com.urbanairship.media_attachment"] != nil)
    #expect(!result.diagnostics.contains { $0.code == .derivedValue })
  }

  /// Button actions mark the push too, as detection and `validate` take them: no send id
  /// is made up beside a category's actions.
  @Test func noSendIDIsDerivedBesideButtonActions() throws {
    let result = try convert(
      #"{"aps": {"alert": "hi", "category": "ab_cat_yes_no"}, "ab": {"ab_cat": {"ab_pb_yes": {"a_t": "URI", "a_uri": "https://x.example/yes"}}}}"#,
      from: Braze())
    let output = try #require(result.output)
    #expect(output["com.urbanairship.interactive_actions"] != nil, "\(output)")
    #expect(output["_"] == nil)
    #expect(!result.diagnostics.contains { $0.code == .derivedValue })
  }
}

/// Airship's own output drops a landing page's kept settings when the tap or button no
/// longer opens a landing page, naming what they belonged to as the user knows it: never
/// by the IR's internal name of the root's action map (`tap`).
@Suite struct AirshipLandingPageSettingsTests {
  @Test func settingsLeftWithoutALandingPageNameTheTapAction() throws {
    let input = try JSONReader.parse(
      Array(
        #"{"aps": {"alert": "x"}, "_": "s", "^p": {"url": "javascript:alert(1)", "width": 3}}"#.utf8
      ))
    let result = Translator(from: Airship(), to: Airship()).translate(input)
    let dropped = try #require(result.diagnostics.first { $0.code == .droppedExtra })
    #expect(
      dropped.message
        == #"the landing page settings {"width":3} of the tap action dropped: it opens no landing page"#
    )
    #expect(dropped.location == .input("/^p"))
  }
}

/// The tap's landing page settings and action name are kept apart from the buttons', so a
/// button whose id is `tap` keeps its own and leaves the tap's alone.
@Suite struct AirshipButtonNamedTapTests {
  /// The tap opens one landing page and the button `tap` another, each with a width.
  static let payload =
    #"{"aps": {"alert": "x", "category": "c1"}, "_": "s", "^p": {"url": "https://x.com/a", "width": 1}, "com.urbanairship.interactive_actions": {"tap": {"^p": {"url": "https://x.com/b", "width": 3}}}}"#

  /// The tap's landing page in `output`, and the button `tap`'s.
  func landingPages(in output: JSONValue?) -> (tap: JSONValue?, button: JSONValue?) {
    (output?["^p"], output?["com.urbanairship.interactive_actions"]?["tap"]?["^p"])
  }

  /// Reads `text` as JSON, failing the test on a syntax error (a duplicate key included).
  func parse(_ text: String) throws -> JSONValue { try JSONReader.parse(Array(text.utf8)) }

  @Test func airshipToAirshipKeepsBothSettings() throws {
    let result = Translator(from: Airship(), to: Airship()).translate(try parse(Self.payload))
    let pages = landingPages(in: result.output)
    #expect(pages.tap == (try parse(#"{"url": "https://x.com/a", "width": 1}"#)))
    #expect(pages.button == (try parse(#"{"url": "https://x.com/b", "width": 3}"#)))
    #expect(!result.diagnostics.contains { $0.code == .droppedExtra })
  }

  /// The IR written for the payload reads back (no key twice) and gives the same Airship
  /// payload.
  @Test func airshipThroughTheIRKeepsBothSettings() throws {
    let ir = try #require(
      Translator(from: Airship(), to: IRFormat()).translate(try parse(Self.payload)).output)
    let reread = try parse(JSONWriter(style: .compact).string(ir))
    let result = Translator(from: IRFormat(), to: Airship()).translate(reread)
    let pages = landingPages(in: result.output)
    #expect(pages.tap == (try parse(#"{"url": "https://x.com/a", "width": 1}"#)))
    #expect(pages.button == (try parse(#"{"url": "https://x.com/b", "width": 3}"#)))
    #expect(!result.diagnostics.contains { $0.severity > .note })
  }

  /// How each map spelled its opening action is written back to that map.
  @Test func eachMapKeepsItsActionName() throws {
    let input = try parse(
      #"{"aps": {"alert": "x", "category": "c1"}, "_": "s", "landing_page_action": "https://x.com/a", "com.urbanairship.interactive_actions": {"tap": {"open_external_url_action": "https://x.com/b"}}}"#
    )
    let ir = try #require(Translator(from: Airship(), to: IRFormat()).translate(input).output)
    let result = Translator(from: IRFormat(), to: Airship()).translate(
      try parse(JSONWriter(style: .compact).string(ir)))
    let output = try #require(result.output)
    #expect(output["landing_page_action"] == .string("https://x.com/a"))
    #expect(
      output["com.urbanairship.interactive_actions"]?["tap"]?["open_external_url_action"]
        == .string("https://x.com/b"), "\(output)")
  }
}

/// An IR document written before the tap's landing page settings and action name got
/// members of their own kept them under `tap`, where a button `tap`'s now go: read beside
/// such a button, they are taken as its own, and said to be.
@Suite struct AirshipOlderTapLayoutTests {
  /// The tap and the button `tap` open landing pages; the extras name `tap` as the older
  /// layout named the tap.
  static let document =
    #"{"irVersion": 1, "content": {"body": "x"}, "defaultAction": {"type": "openURL", "url": "https://x.example/a", "destination": "webView"}, "category": {"identifier": "c1", "actionTargets": [{"actionID": "tap", "action": {"type": "openURL", "url": "https://x.example/b", "destination": "webView"}}]}, "tracking": {"notificationID": "s"}, "extras": {"airship": {"landingPageSettings": {"tap": {"width": 3}}, "@actionNames": {"tap": "landing_page_action"}}}}"#

  func translate(_ text: String, to target: any VendorFormat) throws -> Translator.Result {
    Translator(from: IRFormat(), to: target).translate(try JSONReader.parse(Array(text.utf8)))
  }

  @Test(arguments: [Airship() as any VendorFormat, Klaviyo()])
  func entriesNamedTapBesideAButtonTapAreWarned(target: any VendorFormat) throws {
    let result = try translate(Self.document, to: target)
    let warnings = result.diagnostics.filter { $0.code == .olderExtras }
    #expect(
      warnings.map(\.location) == [
        .input("/extras/airship/landingPageSettings/tap"),
        .input("/extras/airship/@actionNames/tap"),
      ])
    #expect(warnings.allSatisfy { $0.severity == .warning })
    #expect(
      warnings.first?.message.hasPrefix("taken as the landing page settings of button 'tap'")
        == true)
  }

  /// The button `tap` gets the settings and the name, as the current layout says.
  @Test func theButtonTapTakesThem() throws {
    let output = try #require(try translate(Self.document, to: Airship()).output)
    let button = output["com.urbanairship.interactive_actions"]?["tap"]
    #expect(button?["landing_page_action"]?["width"]?.numberValue?.intValue == 3, "\(output)")
  }

  /// Without a button `tap` nothing is taken as one's: the airship output reports the
  /// settings dropped, as before.
  @Test func withoutAButtonTapNothingIsWarned() throws {
    let document = Self.document.replacingOccurrences(
      of: #""actionID": "tap""#, with: #""actionID": "other""#)
    let result = try translate(document, to: Airship())
    #expect(result.output != nil, "\(result.diagnostics)")
    #expect(!result.diagnostics.contains { $0.code == .olderExtras })
  }

  /// The tap's own members say the document is in the current layout.
  @Test func aDocumentWithTheTapsOwnMembersIsCurrent() throws {
    let document = Self.document.replacingOccurrences(
      of: #""airship": {"#, with: #""airship": {"@tapActionName": "landing_page_action", "#)
    let result = try translate(document, to: Airship())
    #expect(result.output != nil, "\(result.diagnostics)")
    #expect(!result.diagnostics.contains { $0.code == .olderExtras })
  }
}

/// A second opening action in one map is run by the SDK beside the first: kept verbatim
/// for airship, and reported as what it is where another target drops it.
@Suite struct AirshipSecondOpeningActionTests {
  static let payload =
    #"{"aps": {"alert": "x", "category": "c1"}, "_": "s", "^d": "app://a", "^+t": ["t1"], "^u": "https://x.example/b", "com.urbanairship.interactive_actions": {"b1": {"^d": "app://c", "^u": "https://x.example/d"}}}"#

  func translate(to target: any VendorFormat) throws -> Translator.Result {
    Translator(from: Airship(), to: target).translate(
      try JSONReader.parse(Array(Self.payload.utf8)))
  }

  @Test func airshipKeepsItVerbatim() throws {
    let result = try translate(to: Airship())
    let output = try #require(result.output)
    #expect(output["^d"] == .string("app://a"))
    #expect(output["^u"] == .string("https://x.example/b"))
    #expect(
      output["com.urbanairship.interactive_actions"]?["b1"]?["^u"]
        == .string("https://x.example/d"))
    #expect(!result.diagnostics.contains { $0.code == .droppedExtra })
  }

  @Test func anotherTargetReportsItDroppedWhereItWasRead() throws {
    let result = try translate(to: Klaviyo())
    let dropped = result.diagnostics.filter {
      $0.code == .droppedExtra && $0.message.contains("second action")
    }
    #expect(
      dropped.map(\.location) == [
        .input("/^u"), .input("/com.urbanairship.interactive_actions/b1/^u"),
      ])
    #expect(
      dropped.first?.message
        == "'^u', a second action the tap opens on airship (the SDK runs both; the IR holds the first), has no equivalent here; dropped"
    )
  }
}

/// The media attachment's `content` replaces the alert's texts in the service extension,
/// which runs only with `mutable-content` and replaces nothing when it refuses the
/// attachment.
@Suite struct AirshipContentOverrideTests {
  func readIR(_ text: String) throws -> Translator.Result {
    Translator(from: Airship(), to: IRFormat()).translate(try JSONReader.parse(Array(text.utf8)))
  }

  /// An attachment the extension refuses as a whole (here its `url` is a number) replaces
  /// no text: the IR keeps the alert's.
  @Test func aRefusedAttachmentReplacesNoText() throws {
    let result = try readIR(
      #"{"aps": {"alert": {"title": "Own"}, "mutable-content": 1}, "_": "s", "com.urbanairship.media_attachment": {"url": 5, "content": {"title": "Override"}}}"#
    )
    let output = try #require(result.output)
    #expect(output["content"]?["title"] == .string("Own"))
    #expect(output["extras"] == nil, "\(output)")
    let ignored = try #require(
      result.diagnostics.first {
        $0.location == .input("/com.urbanairship.media_attachment/content")
      })
    #expect(ignored.code == .invalidValue)
  }

  /// Entries without a `url` are left out one by one; the extension still replaces the
  /// texts, with no media.
  @Test func entriesLeftOutStillReplaceTheTexts() throws {
    let result = try readIR(
      #"{"aps": {"alert": {"title": "Own"}, "mutable-content": 1}, "_": "s", "com.urbanairship.media_attachment": {"urls": [{"url_id": "a"}], "content": {"title": "Override"}}}"#
    )
    let output = try #require(result.output)
    #expect(output["content"]?["title"] == .string("Override"))
  }

  /// Without `mutable-content` the extension does not run: the texts are read as meant,
  /// with a warning at `content`.
  @Test func withoutMutableContentTheOverrideIsSaidToBeReadAsMeant() throws {
    let result = try readIR(
      #"{"aps": {"alert": {"title": "Own"}}, "_": "s", "com.urbanairship.media_attachment": {"url": "https://x.example/a.png", "content": {"title": "Override"}}}"#
    )
    let output = try #require(result.output)
    #expect(output["content"]?["title"] == .string("Override"))
    let incomplete = try #require(result.diagnostics.first { $0.code == .incomplete })
    #expect(incomplete.location == .input("/com.urbanairship.media_attachment/content"))
  }
}
