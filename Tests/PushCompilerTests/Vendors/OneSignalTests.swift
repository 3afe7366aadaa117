import PushCompiler
import PushIR
import Testing

@Suite struct OneSignalTests {
  func convert(
    _ payload: String, from source: any VendorFormat = OneSignal(),
    to target: any VendorFormat = OneSignal(), options: Set<String> = [],
    settings: [String: String] = [:]
  ) throws -> Translator.Result {
    var translator = Translator(from: source, to: target)
    translator.options = options
    translator.settings = settings
    return translator.translate(try JSONReader.parse(Array(payload.utf8)))
  }

  static let twoButtons =
    #"{"aps": {"alert": "x", "mutable-content": 1}, "custom": {"i": "n-1"}, "buttons": [{"i": "later", "n": "Later"}, {"i": "open", "n": "Open"}]}"#

  @Test func twoButtonsAreReadInTheOrderShownAndWrittenBackReversed() throws {
    let ir = try #require(try convert(Self.twoButtons, to: IRFormat()).output)
    #expect(ir["buttons"]?.arrayValue?.map { $0["id"] } == ["open", "later"])
    let result = try convert(Self.twoButtons)
    #expect(result.output?["buttons"]?.arrayValue?.map { $0["i"] } == ["later", "open"])
    #expect(result.diagnostics.codes.contains("parse.reordered-buttons"))
    #expect(result.diagnostics.codes.contains("emit.reordered-buttons"))
  }

  @Test func buttonsWithoutAlertTextInTheNewerFormatAreDroppedSayingWhy() throws {
    let silent =
      #"{"aps": {"sound": "default"}, "body": {"_k": "k", "action_buttons": [{"id": "a", "label": "Go", "action": "open_app"}]}}"#
    let result = try convert(silent, from: Klaviyo(), options: ["os-data-format"])
    #expect(result.output?["os_data"]?["buttons"] == nil)
    let dropped = try #require(result.diagnostics.first { $0.code.name == "fit.dropped-button" })
    #expect(
      dropped.message
        == "button 'Go' dropped: onesignal's newer format carries buttons only beside alert text (without it the SDK reads 'os_data.buttons' as a minified push)"
    )
    #expect(dropped.location == .input("/body/action_buttons/0"))
  }

  @Test func oneOrThreeButtonsKeepTheirOrder() throws {
    let three =
      #"{"aps": {"alert": "x"}, "custom": {"i": "n-1"}, "buttons": [{"n": "A"}, {"n": "B"}, {"n": "C"}]}"#
    let result = try convert(three)
    #expect(result.output?["buttons"]?.arrayValue?.map { $0["i"] } == ["A", "B", "C"])
    #expect(!result.diagnostics.codes.contains("parse.reordered-buttons"))
    #expect(!result.diagnostics.codes.contains("emit.reordered-buttons"))
  }

  @Test func twoButtonsFromAnotherVendorShowInTheirOrder() throws {
    let klaviyo =
      #"{"aps": {"alert": "x"}, "body": {"_k": "k", "action_buttons": [{"id": "a", "label": "A", "action": "open_app"}, {"id": "b", "label": "B", "action": "open_app"}]}}"#
    let result = try convert(klaviyo, from: Klaviyo())
    #expect(result.output?["buttons"]?.arrayValue?.map { $0["i"] } == ["b", "a"])
  }

  @Test func theNewerFormatIsKeptAndEitherCanBeAskedFor() throws {
    let newer =
      #"{"aps": {"alert": "x"}, "os_data": {"i": "n-1", "u": "app://home"}, "order": 7}"#
    let kept = try #require(try convert(newer).output)
    #expect(kept["os_data"]?["u"] == "app://home")
    #expect(kept["order"] == 7)
    let original = try #require(try convert(newer, options: ["custom-format"]).output)
    #expect(original["os_data"] == nil)
    #expect(original["custom"]?["a"]?["order"] == 7)
    let asked = try #require(try convert(Self.twoButtons, options: ["os-data-format"]).output)
    #expect(asked["os_data"]?["buttons"]?.arrayValue?.map { $0["i"] } == ["later", "open"])
    #expect(asked["custom"] == nil && asked["buttons"] == nil)
  }

  @Test func theLaunchURLOpensWhereItsSchemeSays() throws {
    for (url, destination) in [("https://x.example/a", "browser"), ("app://a", "app")] {
      let payload = #"{"aps": {"alert": "x"}, "custom": {"i": "n", "u": "\#(url)"}}"#
      let ir = try #require(try convert(payload, to: IRFormat()).output)
      #expect(ir["defaultAction"]?["destination"] == .string(destination))
    }
    let klaviyo = #"{"aps": {"alert": "x"}, "body": {"_k": "k"}, "url": "https://x.example/a"}"#
    let result = try convert(klaviyo, from: Klaviyo())
    #expect(result.output?["custom"]?["u"] == "https://x.example/a")
    #expect(
      result.diagnostics.contains {
        $0.code == .changedAction && $0.message.contains("in the browser instead of in the app")
      })
  }

  @Test func aButtonsOwnActionGivesWayToTheTapActionWithAWarning() throws {
    let klaviyo =
      #"{"aps": {"alert": "x"}, "body": {"_k": "k", "action_buttons": [{"id": "a", "label": "A", "action": "deep_link", "url": "app://a"}]}}"#
    let result = try convert(klaviyo, from: Klaviyo())
    #expect(result.output?["custom"]?["u"] == nil)
    #expect(
      result.diagnostics.contains {
        $0.code == .changedAction && $0.message.contains("button 'A' now does what a tap")
      })
  }

  @Test func aCategoryBesideButtonsShowsNoButtons() throws {
    let payload =
      #"{"aps": {"alert": "x", "category": "INVITE"}, "custom": {"i": "n"}, "buttons": [{"n": "A"}]}"#
    let ir = try #require(try convert(payload, to: IRFormat()).output)
    #expect(ir["buttons"] == nil)
    #expect(ir["category"]?["identifier"] == "INVITE")
  }

  @Test func theNotificationIDIsDerivedWhenNothingGivesIt() throws {
    let result = try convert(#"{"aps": {"alert": "x"}}"#, from: APNs())
    let id = try #require(result.output?["custom"]?["i"]?.stringValue)
    #expect(id.hasPrefix("pushc-"))
    #expect(result.diagnostics.codes.contains("emit.derived-value"))
    let given = try convert(#"{"aps": {"alert": "x"}}"#, from: APNs(), settings: ["i": "n-9"])
    #expect(given.output?["custom"]?["i"] == "n-9")
  }

  /// A derived id stays the same for the same content, and the SDK passes over the open
  /// of a push whose id was the last one opened: the note says so, and how to give each
  /// send its own.
  @Test func theDerivedIDNoteSaysARepeatedIDLosesItsOpen() throws {
    let first = try convert(#"{"aps": {"alert": "x"}}"#, from: APNs())
    let again = try convert(#"{"aps": {"alert": "x"}}"#, from: APNs())
    #expect(first.output?["custom"]?["i"] == again.output?["custom"]?["i"])
    let derived = try #require(first.diagnostics.first { $0.code == .derivedValue })
    #expect(
      derived.notes == [
        "the same content derives the same value, and the SDK does not report the open of a push whose id is the last one opened, nor, while the app runs, call its opened handler for it",
        "give each send its own with --set i=VALUE",
      ])
  }

  /// A defaults file gives every notification of a batch the same id, so each open after
  /// the first is lost as with a repeated derived one: the note taking the value says so.
  @Test func theDefaultsFileIDNoteSaysEveryNotificationSharesIt() throws {
    var translator = Translator(from: APNs(), to: OneSignal())
    translator.defaults = ["i": "n-1"]
    let result = translator.translate(try JSONReader.parse(Array(#"{"aps": {"alert": "x"}}"#.utf8)))
    #expect(result.output?["custom"]?["i"] == "n-1")
    let taken = try #require(result.diagnostics.first { $0.code == .defaultValue })
    #expect(
      taken.notes == [
        "every notification converted with this defaults file gets the same value, and the SDK does not report the open of a push whose id is the last one opened, nor, while the app runs, call its opened handler for it",
        "give each send its own with --set i=VALUE, or leave it out of the defaults file to derive one from each notification's content",
      ])
  }

  /// The OneSignal extension attaches only the file types its SDK lists, found in the
  /// URL's `filename` parameter, path or other parameters (or the response's MIME type,
  /// for a URL naming none): an item whose URL names only others is dropped, said so.
  @Test(arguments: [
    ("https://c.x/p.webp", "webp"), ("https://c.x/p.HEIC", "heic"), ("https://c.x/clip.mov", "mov"),
    ("https://c.x/a.aac?w=1", "aac"), ("https://c.x/get?filename=p.webp", "webp"),
  ])
  func mediaOfAFileTypeTheExtensionRefusesIsDropped(_ url: String, _ type: String) throws {
    let payload =
      #"{"irVersion": 1, "content": {"body": "B"}, "media": [{"url": "\#(url)", "kind": "image"}]}"#
    let result = try convert(payload, from: IRFormat())
    #expect(result.output?["att"] == nil)
    let dropped = try #require(result.diagnostics.first { $0.code == .droppedMedia })
    #expect(dropped.location == .ir("/media/0"))
    #expect(dropped.message.contains("attaches no '\(type)' file, only aiff, avi, gif"))
  }

  /// A URL naming an attached type anywhere the SDK looks, or naming no media type at all
  /// (the response's MIME type decides), keeps its item.
  @Test(arguments: [
    "https://c.x/p.jpg", "https://c.x/P.JPEG?v=2", "https://c.x/p.webp?filename=p.png",
    "https://c.x/img.webp?src=p.gif", "https://c.x/image?id=7", "https://c.x/img.php",
  ])
  func mediaTheExtensionMayAttachIsKept(_ url: String) throws {
    let payload =
      #"{"irVersion": 1, "content": {"body": "B"}, "media": [{"url": "\#(url)", "kind": "image"}]}"#
    let result = try convert(payload, from: IRFormat())
    #expect(result.output?["att"] == ["id": .string(url)])
    #expect(!result.diagnostics.contains { $0.code == .droppedMedia })
  }

  /// Without a type in its URL, an item whose type hint names a refused one is dropped;
  /// a later item takes the one place.
  @Test func aTypeHintNamesTheFileWhenTheURLDoesNot() throws {
    let payload =
      #"{"irVersion": 1, "content": {"body": "B"}, "media": [{"url": "https://c.x/a", "kind": "image", "typeHint": "image/webp"}, {"url": "https://c.x/b.png", "kind": "image"}]}"#
    let result = try convert(payload, from: IRFormat())
    #expect(result.output?["att"] == ["id": "https://c.x/b.png"])
    #expect(result.diagnostics.filter { $0.code == .droppedMedia }.count == 1)
  }

  /// A root `o` or `at` marks the rich push of SDKs before 2.4.0, which the SDK's
  /// `receiveRemoteNotification` shows again as a local notification: the newer format,
  /// which writes the app's data at the root, leaves such custom data out and reports
  /// it; the original format writes it in `custom.a`, where it does no harm.
  @Test func customKeysOfTheOldRichPushStayOffTheRoot() throws {
    let payload = #"{"aps": {"alert": "x"}, "o": [1], "at": {"k": "v"}, "keep": 1}"#
    let newer = try convert(
      payload, from: APNs(), options: ["os-data-format"], settings: ["i": "n-1"])
    let output = try #require(newer.output)
    #expect(output["o"] == nil && output["at"] == nil && output["keep"] == 1)
    let dropped = newer.diagnostics.filter {
      $0.code == .droppedField && $0.message.contains("rich push of SDKs before 2.4.0")
    }
    #expect(dropped.map(\.location) == [.input("/o"), .input("/at")])
    let original = try convert(payload, from: APNs(), settings: ["i": "n-1"])
    #expect(original.output?["custom"]?["a"] == ["o": [1], "at": ["k": "v"], "keep": 1])
    #expect(!original.diagnostics.contains { $0.code == .droppedField })
  }

  /// In the original format, a root `o` read from a OneSignal payload is not written
  /// back at the root either.
  @Test func aRootOFromTheOriginalFormatIsNotWrittenBack() throws {
    let payload = #"{"aps": {"alert": "x"}, "custom": {"i": "n-1"}, "o": 1}"#
    let result = try convert(payload)
    #expect(result.output?["o"] == nil)
    #expect(
      result.diagnostics.contains {
        $0.code == .droppedField && $0.location == .input("/o")
      })
  }
}

extension OneSignalTests {
  /// The SDK's `parseActionButtons` skips a button without `n`, whatever its `i`: the
  /// reader drops it too, with a warning at the button, in both formats, and the other
  /// buttons are read.
  @Test(
    arguments: [
      #"{"aps": {"alert": "x"}, "custom": {"i": "n-1"}, "buttons": [{"i": "later"}, {"i": "open", "n": "Open"}]}"#,
      #"{"aps": {"alert": "x"}, "os_data": {"i": "n-1", "buttons": [{"i": "later"}, {"i": "open", "n": "Open"}]}}"#,
    ])
  func aButtonWithAnIDButNoTitleIsDroppedWithAWarningAtIt(_ payload: String) throws {
    let result = try convert(payload, to: IRFormat())
    #expect(result.output?["buttons"]?.arrayValue?.map { $0["id"] } == ["open"])
    let pointer: JSONPointer = payload.contains("os_data") ? "/os_data/buttons/0" : "/buttons/0"
    let dropped = result.diagnostics.filter { $0.location == .input(pointer) }
    #expect(dropped.map(\.code.name) == ["parse.invalid-button"])
    #expect(
      dropped.first?.message == "button without an 'n' title string; dropped, as the SDK skips it")
  }
}

extension OneSignalTests {
  /// An icon Klaviyo writes for its draft builds only is reported at the icon's
  /// `icon_type`, the key that makes `path` an icon, not at the whole button; here the
  /// payload's first of two buttons, shown second.
  @Test func aDraftOnlyIconIsReportedAtItsIconType() throws {
    let result = try convert(
      #"{"aps": {"alert": "hi"}, "custom": {"i": "n1"}, "buttons": [{"i": "b1", "n": "One", "icon_type": "system", "path": "star"}, {"i": "b2", "n": "Two"}]}"#,
      to: Klaviyo(), settings: ["_k": "K"])
    let icon = try #require(
      result.diagnostics.first { $0.code.name == "emit.draft-only-icon" },
      "\(result.diagnostics.all.map(\.message))")
    #expect(icon.location == .input("/buttons/0/icon_type"))
  }

  /// Any tap opens the launch URL, a registered category's buttons included: a category
  /// action's own link gives way to it, as a button's does.
  @Test func aCategoryActionDoesWhatATapOnTheNotificationDoes() throws {
    let braze =
      #"{"aps": {"alert": "x", "category": "shop_cat"}, "ab": {"ab_cat": {"buy": {"a_uri": "myapp://buy"}}}, "ab_uri": "myapp://home"}"#
    let result = try convert(braze, from: Braze())
    #expect(result.output?["aps"]?["category"] == "shop_cat")
    #expect(
      result.diagnostics.filter { $0.code == .droppedAction }.map(\.message) == [
        "category action 'buy' now does what a tap on the notification does (open 'myapp://home') instead of: open 'myapp://buy'; onesignal buttons have no action of their own"
      ])
  }

  /// Klaviyo's `badge_config` "increment_one" increments the badge as `badge_inc` does,
  /// but is not translated to: the warning says the equivalent exists, and only there.
  @Test func aBadgeIncrementIsReportedAsUntranslatedWhereTheTargetHasOne() throws {
    let payload = #"{"aps": {"alert": "x"}, "custom": {"i": "n", "badge_inc": 1}}"#
    let toKlaviyo = try convert(payload, to: Klaviyo(), settings: ["_k": "k"])
    #expect(toKlaviyo.output?["badge_config"] == nil)
    #expect(
      toKlaviyo.diagnostics.filter { $0.code == .droppedExtra }.map(\.message) == [
        "onesignal field 'badge_inc' has an equivalent here that pushc does not translate (klaviyo's 'badge_config' \"increment_one\"); dropped"
      ])
    let toAPNs = try convert(payload, to: APNs())
    #expect(
      toAPNs.diagnostics.filter { $0.code == .droppedExtra }.map(\.message) == [
        "onesignal-only field 'badge_inc' has no equivalent here; dropped"
      ])
  }
}
