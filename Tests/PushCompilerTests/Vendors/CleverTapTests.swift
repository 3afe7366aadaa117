@testable import PushCompiler
import PushIR
import Testing

/// What CleverTap's keys mean to the SDK, by their spelling.
@Suite struct CleverTapTests {
  func convert(_ payload: String, to target: any VendorFormat = CleverTap()) throws
    -> Translator.Result
  {
    var translator = Translator(from: CleverTap(), to: target)
    translator.defaults = GoldenCase.defaults
    return translator.translate(try JSONReader.parse(Array(payload.utf8)))
  }

  /// The SDK opens only `wzrk_dl`: a `W$dl` is no tap link. It stays CleverTap's own
  /// data, written back verbatim, with a warning where it was read.
  @Test func aDollarSpelledDeepLinkIsNoTapLink() throws {
    let payload = #"{"aps": {"alert": "hi"}, "W$id": "1_2", "W$dl": "myapp://x"}"#
    let toIR = try convert(payload, to: IRFormat())
    let ir = try #require(toIR.output)
    #expect(ir["defaultAction"] == nil)
    #expect(ir["extras"]?["clevertap"]?["W$dl"] == "myapp://x")
    let warning = try #require(toIR.diagnostics.first { $0.location == .input("/W$dl") })
    #expect(warning.code == .invalidValue)
    #expect(warning.message.contains("'wzrk_dl'"))

    let back = try convert(payload)
    let output = try #require(back.output)
    #expect(output["W$dl"] == "myapp://x")
    #expect(output["wzrk_dl"] == nil)
  }

  /// `W$dl` beside `wzrk_dl` is another key, not a second spelling of the link: both
  /// are kept, the SDK opens `wzrk_dl`, and only a `W$dl` that says otherwise is reported,
  /// as the value the SDK does not hear, never as a tap that opens nothing.
  @Test(arguments: [("myapp://y", nil), ("myapp://x", DiagnosticCode.conflictingValues)])
  func aDollarSpelledDeepLinkBesideTheLinkIsReportedOnlyWhenItDiffers(
    _ dollarLink: String, _ expected: DiagnosticCode?
  ) throws {
    let payload =
      #"{"aps": {"alert": "hi"}, "W$id": "1_2", "W$dl": "\#(dollarLink)", "wzrk_dl": "myapp://y"}"#
    let result = try convert(payload)
    let output = try #require(result.output)
    #expect(output["wzrk_dl"] == "myapp://y")
    #expect(output["W$dl"] == .string(dollarLink))
    let found = result.diagnostics.filter { $0.location == .input("/W$dl") }
    #expect(found.map(\.code) == (expected.map { [$0] } ?? []))
    #expect(found.allSatisfy { $0.message.contains("reads 'wzrk_dl'") })
    #expect(!found.contains { $0.message.contains("opens no link") })
  }

  /// The SDK looks for the preview markers and the account id only under `wzrk_`:
  /// spelled `W$`, they mark no preview and route nothing.
  @Test(arguments: [
    "W$inapp", "W$inbox", "W$adunit", "W$inapp_s3_url", "W$inapp_type", "W$acct_id",
  ])
  func aDollarSpelledKeyTheSDKReadsOnlyUnderWzrkIsIgnoredByIt(_ key: String) throws {
    let payload = #"{"aps": {"alert": "hi"}, "W$id": "1_2", "\#(key)": "v"}"#
    let result = try convert(payload)
    #expect(try #require(result.output)[key] == "v")
    let found = result.diagnostics.filter { $0.location == .input(JSONPointer.root.appending(key)) }
    #expect(found.map(\.code) == [.invalidValue])
  }

  /// The SDK hands `wzrk_dl` to the system (`openURL`), as the content extension does a
  /// slide's link: a web link opens in the browser, any other scheme in its app.
  @Test(arguments: [("https://ex.com/a", "browser"), ("myapp://a", "app")])
  func aLinkOpensWhereItsSchemeSays(_ url: String, _ destination: String) throws {
    let slider =
      #"{\"items\": [{\"imageUrl\": \"https://ex.com/1.jpg\", \"actionUrl\": \"\#(url)\"}, {\"imageUrl\": \"https://ex.com/2.jpg\"}]}"#
    let payload =
      #"{"aps": {"alert": "x", "mutable-content": 1}, "W$id": "1", "wzrk_dl": "\#(url)", "ct_ContentSlider": "\#(slider)"}"#
    let ir = try #require(try convert(payload, to: IRFormat()).output)
    #expect(ir["defaultAction"]?["destination"] == .string(destination))
    #expect(ir["media"]?.arrayValue?.first?["action"]?["destination"] == .string(destination))
  }

  /// A web link read from CleverTap opens in the browser on targets that tell the two
  /// apart: Braze says nothing of a change, Dfinery writes a web link.
  @Test func aWebLinkStaysAWebLinkOnOtherTargets() throws {
    let payload = #"{"aps": {"alert": "x"}, "W$id": "1", "wzrk_dl": "https://ex.com/a"}"#
    var braze = Translator(from: CleverTap(), to: Braze())
    braze.options = ["device-form"]
    let toBraze = braze.translate(try JSONReader.parse(Array(payload.utf8)))
    #expect(toBraze.output?["ab_uri"] == "https://ex.com/a")
    #expect(!toBraze.diagnostics.contains { $0.code == .changedAction })
    let toDfinery = try convert(payload, to: Dfinery())
    #expect(toDfinery.output?["dfn"]?["click_act"]?["act_type"] == "WebLink")
  }

  /// A web link meant for the app cannot stay there: written to `wzrk_dl`, it opens in
  /// the browser, and that is reported.
  @Test func aWebLinkForTheAppIsReportedAsOpeningInTheBrowser() throws {
    let ir =
      #"{"irVersion": 1, "content": {"body": "x"}, "tracking": {"campaignID": "1"}, "defaultAction": {"type": "openURL", "url": "https://ex.com/a", "destination": "app"}}"#
    var translator = Translator(from: IRFormat(), to: CleverTap())
    translator.defaults = GoldenCase.defaults
    let result = translator.translate(try JSONReader.parse(Array(ir.utf8)))
    #expect(result.output?["wzrk_dl"] == "https://ex.com/a")
    let changed = try #require(result.diagnostics.first { $0.code == .changedAction })
    #expect(
      changed.message.contains("opens 'https://ex.com/a' in the browser instead of in the app"))
    #expect(changed.location == .ir("/defaultAction"))
  }

  /// A `ct_ContentSlider` string in which CTNotificationContent's model
  /// (`ContentSliderProperties`) finds `members`: settings and two slides, each slide
  /// with `slide`.
  static func sliderPayload(
    _ members: String, slide: String = #"\"caption\":\"c\",\"subcaption\":\"s\",\"actionUrl\":\"\""#
  ) -> String {
    let texts = slide.isEmpty ? "" : slide + ","
    let items = ["a", "b"].map { #"{\#(texts)\"imageUrl\":\"https://x/\#($0).jpg\"}"# }
    return
      #"{"W$id":"1","aps":{"alert":"a","mutable-content":1},"ct_ContentSlider":"{\#(members),\"items\":[\#(items.joined(separator: ","))]}"}"#
  }

  /// Settings the model decodes, with `autoPlay` as given.
  static func settings(autoPlay: String, type: String = #",\"type\":\"carousalImg\""#) -> String {
    #"\"orientation\":\"portrait\",\"showsPaging\":1,\"autoPlay\":\#(autoPlay),\"autoDismiss\":1\#(type)"#
  }

  /// A slider string the SDK's model cannot decode shows the alert's text and no slides
  /// on the phone: that is said where the slider was read, with why, and the slides are
  /// read as their author meant them.
  @Test(arguments: [
    (settings(autoPlay: "1", type: ""), nil as String?, "no 'type'", "carousel-auto"),
    (
      #"\"orientation\":\"portrait\",\"showsPaging\":\"1\",\"autoPlay\":\"1\",\"autoDismiss\":1,\"type\":\"carousalImg\""#,
      nil, "'showsPaging' is not a whole number", "carousel-manual"
    ),
    (settings(autoPlay: "1.5"), nil, "'autoPlay' is not a whole number", "carousel-manual"),
    (settings(autoPlay: "true"), nil, "'autoPlay' is not a whole number", "carousel-auto"),
    (settings(autoPlay: "1"), "", "no 'items/0/caption'", "carousel-auto"),
  ])
  func anUndecodableSliderStringIsReported(
    _ members: String, _ slide: String?, _ problem: String, _ presentation: String
  ) throws {
    let payload =
      slide.map { Self.sliderPayload(members, slide: $0) } ?? Self.sliderPayload(members)
    let result = try convert(payload, to: IRFormat())
    let warning = try #require(
      result.diagnostics.first {
        $0.location == .input("/ct_ContentSlider") && $0.code == .obsoleteShape
      }, "\(result.diagnostics.codes)")
    #expect(warning.message.contains(problem), "\(warning.message)")
    #expect(
      warning.message.hasSuffix(
        "the phone shows the alert's text and no slides"), "\(warning.message)")
    let ir = try #require(result.output)
    #expect(ir["media"]?.arrayValue?.count == 2)
    #expect(ir["mediaPresentation"] == .string(presentation))
  }

  /// A setting of a type the model cannot decode is reported where it was read and not
  /// kept: the clevertap output writes the dashboard's value, which the model decodes.
  @Test func anUndecodableSettingIsIgnoredSoTheOutputDecodes() throws {
    let payload = Self.sliderPayload(
      #"\"orientation\":5,\"showsPaging\":\"0\",\"autoPlay\":1.5,\"autoDismiss\":true,\"type\":\"carousalImg\""#
    )
    let result = try convert(payload)
    let ignored = result.diagnostics.filter {
      [.wrongType, .invalidValue].contains($0.code)
    }.map { "\($0.code.name) \($0.location)" }
    #expect(
      ignored == [
        "parse.wrong-type /ct_ContentSlider/orientation",
        "parse.invalid-value /ct_ContentSlider/showsPaging",
        "parse.invalid-value /ct_ContentSlider/autoPlay",
      ])
    let output = try #require(result.output)
    let back = try convert(JSONWriter(style: .compact).string(output), to: IRFormat())
    #expect(
      !back.diagnostics.contains { "\($0.location)".hasPrefix("/ct_ContentSlider") },
      "\(back.diagnostics.codes)")
  }

  /// Slider settings kept in an IR document are written only when the SDK's model
  /// decodes them: another is reported where it is kept and the dashboard's value
  /// written, and a kept `items` or `autoPlay` gives way to the IR's.
  @Test func keptSettingsTheModelCannotDecodeGiveWayToTheDashboards() throws {
    let ir = try JSONReader.parse(
      Array(
        #"""
        {"irVersion": 1, "content": {"body": "b"}, "media": [
          {"url": "https://x/a.jpg", "kind": "image"}, {"url": "https://x/b.jpg", "kind": "image"}],
         "extras": {"clevertap": {"ct_ContentSlider": {"orientation": 5, "showsPaging": "0",
           "autoDismiss": false, "type": "carousalImg", "autoPlay": 1, "items": [], "x": 1}}}}
        """#.utf8))
    var translator = Translator(from: IRFormat(), to: CleverTap())
    translator.defaults = GoldenCase.defaults
    let result = translator.translate(ir)
    let text = try #require(result.output?["ct_ContentSlider"]?.stringValue)
    let slider = try #require(try JSONReader.parse(Array(text.utf8)).objectValue)
    #expect(ContentSliderModel.problems(in: slider) == [])
    #expect(
      slider.keys == [
        "orientation", "showsPaging", "autoPlay", "autoDismiss", "type", "x", "items",
      ])
    #expect(slider["orientation"] == "portrait")
    #expect(slider["showsPaging"] == 1)
    // The README's boolean spelling is read as the parser reads it, not replaced.
    #expect(slider["autoDismiss"] == 0)
    #expect(slider["items"]?.arrayValue?.count == 2)
    let reported = result.diagnostics.filter { $0.code == .droppedExtra }.map { "\($0.location)" }
    #expect(!reported.contains("ir:/extras/clevertap/ct_ContentSlider/autoDismiss"))
    for key in ["orientation", "showsPaging", "autoPlay", "items"] {
      #expect(
        reported.contains("ir:/extras/clevertap/ct_ContentSlider/\(key)"), "\(key): \(reported)")
    }
  }

  /// The dashboard's slider string decodes: nothing is said of it.
  @Test func aDecodableSliderStringIsNotReported() throws {
    let result = try convert(Self.sliderPayload(Self.settings(autoPlay: "1")), to: IRFormat())
    #expect(result.diagnostics.all.isEmpty, "\(result.diagnostics.codes)")
  }

  /// `autoPlay` spelled `true`, as the README spells the other flags, is warned about as
  /// they are, and read as 1.
  @Test func aBooleanAutoPlayIsTheReadmeSpelling() throws {
    let result = try convert(Self.sliderPayload(Self.settings(autoPlay: "true")), to: IRFormat())
    let warning = try #require(
      result.diagnostics.first { $0.location == .input("/ct_ContentSlider/autoPlay") })
    #expect(warning.code == .obsoleteShape)
    #expect(warning.notes == ["read as 1"])
  }

  /// `ct_mediaUrl` beside a one-slide slider is an attachment of its own on the phone
  /// (CTNotificationService) while the content extension shows the slide: the slide is
  /// written back as a slider, so the kept media keys stay as they were.
  @Test func keptMediaKeysKeepAOneSlideSlider() throws {
    let payload =
      #"{"W$id":"1","aps":{"alert":"a","mutable-content":1,"category":"CTNotification"},"ct_mediaUrl":"https://x/other.jpg","ct_mediaType":"image","ct_ContentSlider":"{\"orientation\":\"portrait\",\"showsPaging\":1,\"autoPlay\":0,\"autoDismiss\":1,\"type\":\"carousalImg\",\"items\":[{\"caption\":\"\",\"subcaption\":\"\",\"imageUrl\":\"https://x/a.jpg\",\"actionUrl\":\"\"}]}"}"#
    let result = try convert(payload)
    let output = try #require(result.output)
    #expect(output["ct_mediaUrl"] == "https://x/other.jpg")
    #expect(output["ct_mediaType"] == "image")
    let slider = try #require(output["ct_ContentSlider"]?.stringValue)
    #expect(slider.contains(#""imageUrl":"https://x/a.jpg""#))
    #expect(result.diagnostics.all.isEmpty, "\(result.diagnostics.codes)")
  }

  /// A medium written on its own in place of kept media keys reports each it replaces.
  @Test func aMediumWrittenOverKeptMediaKeysReportsThem() throws {
    let ir =
      #"{"irVersion": 1, "content": {"body": "x"}, "tracking": {"campaignID": "1"}, "media": [{"url": "https://x/v.mp4", "kind": "video"}], "extras": {"clevertap": {"ct_mediaUrl": "https://x/other.jpg", "ct_mediaType": "image"}}}"#
    let translator = Translator(from: IRFormat(), to: CleverTap())
    let result = translator.translate(try JSONReader.parse(Array(ir.utf8)))
    #expect(result.output?["ct_mediaUrl"] == "https://x/v.mp4")
    let dropped = result.diagnostics.filter { $0.code == .droppedExtra }
    #expect(
      dropped.map(\.location) == [
        .ir("/extras/clevertap/ct_mediaUrl"), .ir("/extras/clevertap/ct_mediaType"),
      ], "\(result.diagnostics.codes)")
  }

  /// Two images from another format, as Airship's service extension shows the first.
  static let twoImages =
    #"{"irVersion": 1, "content": {"body": "hi"}, "tracking": {"campaignID": "1"}, "media": [{"url": "https://x/a.jpg", "kind": "image"}, {"url": "https://x/b.jpg", "kind": "image"}]}"#

  /// Images written as a slider: the first also goes to `ct_mediaUrl` + `ct_mediaType`,
  /// which CTNotificationService attaches whatever the content extension shows (and
  /// CTNotificationContent picks the slider before them), so an app without the content
  /// extension still shows an image.
  @Test func aSliderAlsoAttachesItsFirstImage() throws {
    let translator = Translator(from: IRFormat(), to: CleverTap())
    let result = translator.translate(try JSONReader.parse(Array(Self.twoImages.utf8)))
    let output = try #require(result.output)
    let slider = try #require(output["ct_ContentSlider"]?.stringValue)
    #expect(slider.contains(#""imageUrl":"https://x/b.jpg""#))
    #expect(output["ct_mediaUrl"] == "https://x/a.jpg")
    #expect(output["ct_mediaType"] == "image")
    let note = try #require(
      result.diagnostics.first {
        $0.message.hasPrefix("'ct_mediaUrl' set to the slider's first image")
      })
    #expect(note.code == .derivedValue)
    #expect(note.location == .ir("/media/0"))

    // Read back, the attachment is what a clevertap output writes beside its slider: not
    // kept, written again as it was, without a word.
    let text = JSONWriter(style: .compact).string(output)
    let ir = try #require(
      Translator(from: CleverTap(), to: IRFormat()).translate(
        try JSONReader.parse(Array(text.utf8))
      ).output)
    #expect(ir["extras"]?["clevertap"]?["ct_mediaUrl"] == nil, "\(ir)")
    #expect(ir["media"]?.arrayValue?.count == 2)
    let back = try convert(text)
    #expect(back.output == output)
    #expect(back.diagnostics.all.isEmpty, "\(back.diagnostics.codes)")
  }

  /// A one-slide slider the dashboard sent with `autoPlay` 1. A carousel of one plays
  /// nothing, so the IR has no presentation for it.
  static let oneSlideAutoPlay =
    #"{"W$id":"1","aps":{"alert":"a","mutable-content":1,"category":"CTNotification"},"ct_ContentSlider":"{\"orientation\":\"portrait\",\"showsPaging\":1,\"autoPlay\":1,\"autoDismiss\":1,\"type\":\"carousalImg\",\"items\":[{\"caption\":\"c\",\"subcaption\":\"\",\"imageUrl\":\"https://x/a.jpg\",\"actionUrl\":\"\"}]}"}"#

  /// The `autoPlay` of a one-slide slider is kept: written back as it was, and reported
  /// where it was read by a target that has no slider.
  @Test func aOneSlideSlidersAutoPlayIsKeptOrReported() throws {
    let back = try convert(Self.oneSlideAutoPlay)
    let text = try #require(back.output?["ct_ContentSlider"]?.stringValue)
    let slider = try #require(try JSONReader.parse(Array(text.utf8)).objectValue)
    #expect(slider["autoPlay"] == 1)
    #expect(slider["items"]?.arrayValue?.count == 1)
    // The source's slider had no attachment beside it, and gets none.
    #expect(back.output?["ct_mediaUrl"] == nil)
    #expect(back.diagnostics.all.isEmpty, "\(back.diagnostics.codes)")

    let elsewhere = try convert(Self.oneSlideAutoPlay, to: APNs())
    let dropped = try #require(
      elsewhere.diagnostics.first { $0.location == .input("/ct_ContentSlider/autoPlay") },
      "\(elsewhere.diagnostics.codes)")
    #expect(dropped.code == .droppedExtra)
    #expect(dropped.message.contains("'autoPlay'"))
  }

  /// A kept `autoPlay` gives way to the IR's presentation only beside two or more slides;
  /// beside one it is written, as the model needs it.
  @Test func aKeptAutoPlayIsWrittenBesideOneSlide() throws {
    let ir =
      #"{"irVersion": 1, "content": {"body": "b"}, "tracking": {"campaignID": "1"}, "media": [{"url": "https://x/a.jpg", "kind": "image"}], "extras": {"clevertap": {"ct_ContentSlider": {"autoPlay": 1}}}}"#
    let result = Translator(from: IRFormat(), to: CleverTap()).translate(
      try JSONReader.parse(Array(ir.utf8)))
    let text = try #require(result.output?["ct_ContentSlider"]?.stringValue)
    #expect(text.contains(#""autoPlay":1"#), "\(text)")
    #expect(
      !result.diagnostics.contains { $0.code == .droppedExtra }, "\(result.diagnostics.codes)")
  }

  /// The content extension reads `alt_text_wzrk_bp` only for the medium of
  /// `ct_mediaUrl`: alone, it describes nothing, which is said where it stands.
  @Test func altTextWithoutAMediumIsReported() throws {
    let payload = #"{"W$id":"1","aps":{"alert":"a"},"alt_text_wzrk_bp":"A red shoe"}"#
    let result = try convert(payload, to: IRFormat())
    let warning = try #require(
      result.diagnostics.first { $0.location == .input("/alt_text_wzrk_bp") },
      "\(result.diagnostics.codes)")
    #expect(warning.code == .invalidValue)
    #expect(warning.message.contains("without 'ct_mediaUrl'"))
  }

  /// The content extension hands `pt_json` to the template as a string: an object (the
  /// README's "one JSON object") or another value gives no template, which reading says,
  /// with a note that a clevertap output, which carries it as it is, is not read either.
  @Test(arguments: [
    ("{\"pt_title\":\"Rate us\"}", DiagnosticCode.obsoleteShape), ("7", .wrongType),
  ])
  func aTemplateJSONThatIsNoStringIsReported(_ value: String, _ code: DiagnosticCode) throws {
    let payload = #"{"W$id":"1","aps":{"alert":"a"},"pt_id":"pt_rating","pt_json":\#(value)}"#
    let result = try convert(payload)
    #expect(result.output?["pt_json"] == (try JSONReader.parse(Array(value.utf8))))
    let warning = try #require(
      result.diagnostics.first { $0.location == .input("/pt_json") && $0.code == code },
      "\(result.diagnostics.codes)")
    #expect(warning.message.contains("gives no template"))
    #expect(warning.notes.contains { $0.contains("clevertap output") })
  }

  /// iOS takes the template's keys from `pt_json` alone, but its name from the root
  /// `pt_id`: the note on keys only Android reads names the others, never `pt_id`.
  @Test func theRootTemplateIDIsNoAndroidOnlyKey() throws {
    let json = #""pt_json":"{\"pt_title\":\"t\"}""#
    let alone = try convert(#"{"W$id":"1","aps":{"alert":"a"},"pt_id":"pt_basic",\#(json)}"#)
    #expect(!alone.diagnostics.contains { $0.code == .unknownKey }, "\(alone.diagnostics.codes)")
    let beside = try convert(
      #"{"W$id":"1","aps":{"alert":"a"},"pt_id":"pt_basic","pt_title":"x",\#(json)}"#)
    let note = try #require(beside.diagnostics.first { $0.code == .unknownKey })
    #expect(note.message.hasSuffix("'pt_title' applies on Android only"), "\(note.message)")
  }

  /// A Braze payload naming a category of the app's own whose action `buy` has a link of
  /// its own, with `tapLink` after its `ab`.
  static func categoryWithActionLink(tapLink: String) -> String {
    #"{"aps": {"alert": {"title": "T", "body": "B"}, "category": "shop_cat"}, "ab": {"c": "camp1", "ab_cat": {"buy": {"a_uri": "myapp://buy"}}}\#(tapLink)}"#
  }

  /// The SDK opens `wzrk_dl` for any tap, a registered category's buttons included, and
  /// never looks at the action's identifier: a category action's own link gives way to
  /// what a tap on the notification does, and the warning says so.
  @Test(arguments: [
    (#", "ab_uri": "myapp://home""#, "open 'myapp://home'"), ("", "open the app"),
  ])
  func aCategoryActionDoesWhatATapOnTheNotificationDoes(_ tapLink: String, _ tap: String)
    throws
  {
    var translator = Translator(from: Braze(), to: CleverTap())
    translator.defaults = GoldenCase.defaults
    let result = translator.translate(
      try JSONReader.parse(Array(Self.categoryWithActionLink(tapLink: tapLink).utf8)))
    let output = try #require(result.output)
    #expect(output["aps"]?["category"] == "shop_cat")
    let dropped = result.diagnostics.filter { $0.code == .droppedAction }
    #expect(
      dropped.map(\.message) == [
        "category action 'buy' now does what a tap on the notification does (\(tap)) instead of: open 'myapp://buy'; clevertap buttons have no action of their own"
      ])
  }

  /// A category action that does what a tap does already loses nothing.
  @Test func aCategoryActionDoingWhatATapDoesIsNotReported() throws {
    var translator = Translator(from: Braze(), to: CleverTap())
    translator.defaults = GoldenCase.defaults
    let result = translator.translate(
      try JSONReader.parse(
        Array(Self.categoryWithActionLink(tapLink: #", "ab_uri": "myapp://buy""#).utf8)))
    #expect(!result.diagnostics.contains { $0.code == .droppedAction })
  }

  /// Where the app's own handler decides what a category action does (APNs), the warning
  /// says that instead.
  @Test func aCategoryActionTheAppHandlesIsLeftToTheApp() throws {
    let result = Translator(from: Braze(), to: APNs()).translate(
      try JSONReader.parse(Array(Self.categoryWithActionLink(tapLink: "").utf8)))
    let dropped = result.diagnostics.filter { $0.code == .droppedAction }
    #expect(
      dropped.map(\.message) == [
        "apns cannot say what category action 'buy' does (open 'myapp://buy'); the app's own handler decides"
      ])
  }
}
