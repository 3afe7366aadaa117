import PushCompiler
import PushIR
import Testing

@Suite struct KlaviyoTests {
  func convert(
    _ payload: String, to target: any VendorFormat = Klaviyo(), options: Set<String> = [],
    settings: [String: String] = [:]
  )
    throws -> Translator.Result
  {
    var translator = Translator(from: Klaviyo(), to: target)
    translator.options = options
    translator.settings = settings
    return translator.translate(try JSONReader.parse(Array(payload.utf8)))
  }

  @Test(arguments: [
    ("acceptDecline", ["Accept", "Decline"], ["accept", "decline"]),
    ("yesNo", ["Yes", "No"], ["yes", "no"]),
    ("confirmCancel", ["Confirm", "Cancel"], ["confirm", "cancel"]),
    ("viewDismiss", ["View", "Dismiss"], ["view", "dismiss"]),
  ])
  func upgradesEachPredefinedCategory(_ name: String, _ labels: [String], _ words: [String]) throws
  {
    let payload =
      #"{"aps": {"alert": "x", "category": "com.klaviyo.category.\#(name)"}, "body": {"_k": "k", "url": "app://home", "actions": {"com.klaviyo.action.\#(words[0])": {"url": "app://first"}}}}"#
    let result = try convert(payload)
    let output = try #require(result.output)
    #expect(output["aps"]?["category"] == nil)
    #expect(output["aps"]?["mutable-content"] == 1)
    let buttons = try #require(output["body"]?["action_buttons"]?.arrayValue)
    #expect(buttons.map { $0["label"] } == labels.map { .string($0) })
    #expect(buttons.map { $0["id"] } == words.map { .string("com.klaviyo.action." + $0) })
    #expect(buttons[0]["action"] == "deep_link")
    #expect(buttons[0]["url"] == "app://first")
    #expect(buttons[1]["action"] == "open_app")
    #expect(buttons[1]["url"] == nil)
    #expect(
      result.diagnostics.contains {
        $0.code == .changedAction && $0.message.contains("'\(labels[1])' now opens the app")
          && $0.location == .input("/aps/category")
      })
  }

  /// A category's per-action link is written, or reported lost at the member it came
  /// from, for every target: also where the emitter leaves the category out beside
  /// dynamic buttons (klaviyo, iterable), which loses the link with it.
  @Test(arguments: Vendors.ids)
  func aCategoryActionLinkIsWrittenOrReportedWhereItWasGiven(_ id: String) throws {
    let payload =
      #"{"aps": {"alert": {"title": "T", "body": "B"}, "category": "com.klaviyo.category.viewDismiss"}, "body": {"_k": "k", "url": "klaviyo://offers", "action_buttons": [{"id": "claim", "label": "Claim", "url": "klaviyo://claim"}, {"id": "no", "label": "No"}], "actions": {"com.klaviyo.action.view": {"url": "klaviyo://UNIQUE-VIEW"}, "com.klaviyo.action.dismiss": {}}}}"#
    var translator = Translator(from: Klaviyo(), to: try #require(Vendors.named(id)))
    translator.defaults = GoldenCase.defaults
    let result = translator.translate(try JSONReader.parse(Array(payload.utf8)))
    let output = try #require(result.output, "\(id): \(result.diagnostics.codes)")
    let written = JSONWriter(style: .compact).string(output).contains("klaviyo://UNIQUE-VIEW")
    let reported = result.diagnostics.contains {
      $0.code.isLossy && $0.location == .input("/body/actions/com.klaviyo.action.view")
    }
    #expect(written || reported, "\(id): \(result.diagnostics.codes)")
    if id == "klaviyo" || id == "iterable" {
      #expect(!written)
      #expect(
        result.diagnostics.contains {
          $0.code == .droppedAction
            && $0.location == .input("/body/actions/com.klaviyo.action.view")
        })
    }
  }

  /// A foreign custom key moved into `key_value_pairs` keeps that dictionary String to
  /// String, as the SDK types it: a value of another type is written as its compact JSON
  /// text, and its one lossy warning says so at the key's input location.
  @Test func aNonStringValueMovedIntoKeyValuePairsIsWrittenAsItsJSONText() throws {
    var translator = Translator(from: APNs(), to: Klaviyo())
    translator.settings = ["_k": "x"]
    let result = translator.translate(
      try JSONReader.parse(
        Array(#"{"aps":{"alert":"x"},"url":{"path":"/a"},"badge_value":7,"web_url":"s"}"#.utf8)))
    let expected: JSONValue = [
      "url": .string(#"{"path":"/a"}"#), "badge_value": "7", "web_url": "s",
    ]
    #expect(result.output?["key_value_pairs"] == expected)
    let moved = result.diagnostics.filter { $0.code == .movedField }
    #expect(moved.map(\.location) == [.input("/url"), .input("/badge_value"), .input("/web_url")])
    #expect(moved.allSatisfy { $0.code.isLossy })
    #expect(moved[0].message.contains(#"as the JSON text '{"path":"/a"}'"#))
    #expect(moved[1].message.contains("as the JSON text '7'"))
    #expect(!moved[2].message.contains("JSON text"))
    // Pairs that came from Klaviyo's own key_value_pairs are written back as they were.
    let own = try convert(
      #"{"aps":{"alert":"x"},"body":{"_k":"k"},"key_value_pairs":{"n":7,"o":{"a":1}}}"#)
    #expect(own.output?["key_value_pairs"] == ["n": 7, "o": ["a": 1]])
  }

  /// An action target naming no action of its predefined category is read by no tap: it
  /// is reported ignored at the `body.actions` member that gave it, by reading itself, so
  /// that `validate` says so too, once.
  @Test func aTargetOfNoActionOfTheCategoryIsReportedWhereItWasGiven() throws {
    let payload =
      #"{"aps":{"alert":"x","category":"com.klaviyo.category.yesNo"},"body":{"_k":"a","actions":{"com.klaviyo.action.yes":{"url":"app://y"},"com.klaviyo.action.bogus":{"url":"app://x"}}}}"#
    let result = try convert(payload)
    let ignored = result.diagnostics.filter {
      $0.message.contains("'com.klaviyo.action.bogus' is not an action")
    }
    #expect(ignored.map(\.code) == [.invalidValue])
    #expect(ignored.map(\.location) == [.input("/body/actions/com.klaviyo.action.bogus")])
    let validated = try ValidateOnceTests.codes("klaviyo", payload)
    #expect(validated["/body/actions/com.klaviyo.action.bogus"] == ["parse.invalid-value"])
  }

  /// Members of a `body.actions` entry other than `url` are read by nothing: each is
  /// reported where it was given, as a button's stray keys are.
  @Test func aCategoryActionEntrysOtherKeysAreReportedIgnored() throws {
    let payload =
      #"{"aps":{"alert":"x","category":"com.klaviyo.category.confirmCancel"},"body":{"_k":"a","actions":{"com.klaviyo.action.confirm":{"url":"myapp://c","label":"Sure","extra":1},"com.klaviyo.action.cancel":{"label":"No"}}}}"#
    let result = try convert(payload)
    let ignored = result.diagnostics.filter { $0.code == .invalidValue }
    #expect(
      ignored.map(\.location) == [
        .input("/body/actions/com.klaviyo.action.confirm/label"),
        .input("/body/actions/com.klaviyo.action.confirm/extra"),
        .input("/body/actions/com.klaviyo.action.cancel/label"),
      ])
    #expect(ignored.allSatisfy { $0.code.isLossy && $0.message.hasSuffix("; ignored") })
    let buttons = try #require(result.output?["body"]?["action_buttons"]?.arrayValue)
    #expect(buttons.map { $0["url"] } == ["myapp://c", nil])
  }

  /// A category in Klaviyo's namespace that is none of its four predefined ones is the
  /// app's own and is not upgraded: reading says so (naming the one it differs from only
  /// in case), and `validate` says it once, by its rule.
  @Test func aKlaviyoCategoryThatIsNotPredefinedIsReported() throws {
    let payload =
      #"{"aps":{"alert":"x","category":"com.klaviyo.category.viewdismiss"},"body":{"_k":"k"}}"#
    let result = try convert(payload)
    #expect(result.output?["aps"]?["category"] == "com.klaviyo.category.viewdismiss")
    let unknown = result.diagnostics.filter { $0.code == .unknownCategory }
    #expect(unknown.map(\.location) == [.input("/aps/category")])
    #expect(
      unknown.first?.message
        == "'com.klaviyo.category.viewdismiss' is not one of Klaviyo's predefined categories ('com.klaviyo.category.viewDismiss' differs only in case); read as the app's own category, not upgraded: its buttons show only if the app registered it"
    )
    let other = try convert(
      #"{"aps":{"alert":"x","category":"com.klaviyo.category.shop"},"body":{"_k":"k"}}"#)
    #expect(
      other.diagnostics.filter { $0.code == .unknownCategory }.map(\.message) == [
        "'com.klaviyo.category.shop' is not one of Klaviyo's predefined categories; read as the app's own category, not upgraded: its buttons show only if the app registered it"
      ])
    let app = try convert(#"{"aps":{"alert":"x","category":"SHOP"},"body":{"_k":"k"}}"#)
    #expect(!app.diagnostics.contains { $0.code == .unknownCategory })
    #expect(
      try ValidateOnceTests.codes("klaviyo", payload)["/aps/category"] == [
        "validate.unknown-category"
      ])
  }

  /// The specification's rules `validate` was missing: `_k` a string (with dynamic
  /// buttons, which the draft extension registers only under a string one), a label of
  /// about 30 characters at most, and `body.actions` entries that are objects whose
  /// `url` is a string.
  @Test func validateChecksNotificationIDLabelLengthAndCategoryActions() throws {
    let numberID = try ValidateOnceTests.codes(
      "klaviyo",
      #"{"aps":{"alert":"x","mutable-content":1},"body":{"_k":123,"action_buttons":[{"id":"a","label":"A","action":"open_app"}]}}"#
    )
    #expect(numberID["/body/_k"] == ["validate.wrong-type"])
    // The dictionary the 5.4 SDK sends (`_k.tm`) passes beside buttons of the shipped
    // shape, which its extension registers without reading `_k`; not beside draft
    // buttons, which the draft extension registers only under a string one.
    func objectID(_ button: String) throws -> [String]? {
      try ValidateOnceTests.codes(
        "klaviyo",
        #"{"aps":{"alert":"x","mutable-content":1},"body":{"_k":{"m":"1","tm":"2"},"action_buttons":[\#(button)]}}"#
      )["/body/_k"]
    }
    #expect(try objectID(#"{"id":"a","label":"A","action":"open_app"}"#) == nil)
    #expect(try objectID(#"{"id":"a","label":"A"}"#) == ["validate.wrong-type"])
    let label = String(repeating: "L", count: 31)
    let long = try ValidateOnceTests.codes(
      "klaviyo",
      #"{"aps":{"alert":"x","mutable-content":1},"body":{"_k":"k","action_buttons":[{"id":"a","label":"\#(label)","action":"open_app"},{"id":"b","label":"\#(label.dropLast())","action":"open_app"}]}}"#
    )
    #expect(long["/body/action_buttons/0/label"] == ["validate.long-label"])
    #expect(long["/body/action_buttons/1/label"] == nil)
    let actions = try ValidateOnceTests.codes(
      "klaviyo",
      #"{"aps":{"alert":"x","category":"com.klaviyo.category.yesNo"},"body":{"_k":"k","actions":{"com.klaviyo.action.yes":"myapp://y","com.klaviyo.action.no":{"url":7}}}}"#
    )
    #expect(actions["/body/actions/com.klaviyo.action.yes"] == ["validate.wrong-type"])
    #expect(actions["/body/actions/com.klaviyo.action.no/url"] == ["validate.wrong-type"])
  }

  /// The specification allows 4 buttons; the shipped SDK's README allows 3, the count
  /// convert keeps: `validate` passes a 4th but warns that convert drops it.
  @Test func validateWarnsOfAButtonBeyondTheReadmesLimit() throws {
    let buttons = ["A", "B", "C", "D"].map {
      #"{"id":"\#($0)","label":"\#($0)","action":"open_app"}"#
    }
    let payload =
      #"{"aps":{"alert":"x","mutable-content":1},"body":{"_k":"k","action_buttons":[\#(buttons.joined(separator: ","))]}}"#
    let validated = try ValidateOnceTests.codes("klaviyo", payload)
    #expect(validated == ["/body/action_buttons/3": ["validate.button-beyond-limit"]])
    let (status, streams) = runPushc(["validate", "--from", "klaviyo"], input: payload)
    #expect(status == .success)
    #expect(
      streams.error.contains(
        "button 3 ('D') is beyond the 3 buttons the shipped SDK's README allows (the specification allows 4); convert keeps the first 3 and drops it"
      ))
    let converted = try convert(payload)
    #expect(converted.output?["body"]?["action_buttons"]?.arrayValue?.count == 3)
    let three = try ValidateOnceTests.codes(
      "klaviyo",
      #"{"aps":{"alert":"x","mutable-content":1},"body":{"_k":"k","action_buttons":[\#(buttons.dropLast().joined(separator: ","))]}}"#
    )
    #expect(three.isEmpty)
  }

  /// The shipped extension builds no buttons of its shape beside a non-empty
  /// `aps.category` (`KlaviyoExtension.handleActionButtons`): `validate` warns so, where
  /// convert drops the category (`emit.dropped-category`).
  @Test func validateWarnsThatACategoryHidesShippedButtons() throws {
    let payload =
      #"{"aps":{"alert":"hi","mutable-content":1,"category":"com.klaviyo.category.yesNo"},"body":{"_k":"k","action_buttons":[{"id":"a","label":"A","action":"open_app"}]}}"#
    let validated = try ValidateOnceTests.codes("klaviyo", payload)
    #expect(validated["/aps/category"] == ["parse.obsolete-shape", "validate.hidden-buttons"])
    let (_, streams) = runPushc(["validate", "--from", "klaviyo"], input: payload)
    #expect(
      streams.error.contains(
        "'aps.category' 'com.klaviyo.category.yesNo' makes the shipped SDK skip the dynamic buttons: its extension builds none beside a non-empty category; convert leaves the category out"
      ))
    // An empty category is none; draft-shaped buttons are reported by reading already.
    let empty = try ValidateOnceTests.codes(
      "klaviyo", payload.replacingOccurrences(of: "com.klaviyo.category.yesNo", with: ""))
    #expect(empty["/aps/category"] == nil)
    let draft = try ValidateOnceTests.codes(
      "klaviyo", payload.replacingOccurrences(of: #","action":"open_app""#, with: ""))
    #expect(draft["/aps/category"]?.contains("validate.hidden-buttons") == false)
  }

  /// The shipped extension saves the media under its path + "." + `rich-media-type`,
  /// and iOS types the file by that name's extension: `.png` names a PNG file (`x..png`),
  /// written `png`; a word that is no file type iOS attaches (`foo`, the kind `video`, an
  /// empty type) leaves the push without media, so the media is not read, and said so.
  @Test(arguments: [
    (#"".png""#, "png"), (#""a.gif""#, "gif"), (#""mp4""#, "mp4"), (#""3gp""#, "3gp"),
  ])
  func aMediaTypeIsReadAsTheExtensionTheFileGets(_ type: String, _ written: String) throws {
    let result = try convert(
      #"{"aps":{"alert":"hi","mutable-content":1},"body":{"_k":"k"},"rich-media":"https://c.x/a","rich-media-type":\#(type)}"#
    )
    #expect(result.output?["rich-media-type"] == .string(written))
    #expect(result.diagnostics.all.filter { $0.severity != .note }.isEmpty)
  }

  /// A MIME type is read as the payload meant it (`image/png` as `png`), but the shipped
  /// extension saves the download under its path + `.image/png`, in a folder that does
  /// not exist, and shows no media: a warning says so. One whose subtype is no file
  /// extension (`video/quicktime`) names only the kind, so the type written is the
  /// kind's usual one, assumed, and noted as a type nothing names is.
  @Test(
    arguments: [
      ("image/png", "png", "'png'", nil),
      (
        "video/quicktime", "mp4", "video media",
        "the video 'https://c.x/a' is declared 'mp4': neither its URL nor a type hint names its file extension, so its kind's usual one was assumed; a file of another kind would not attach"
      ),
    ] as [(String, String, String, String?)])
  func aMIMETypeIsReadAsMeantAndSaidToShowNoMedia(
    _ type: String, _ written: String, _ readAs: String, _ assumed: String?
  ) throws {
    let result = try convert(
      #"{"aps":{"alert":"hi","mutable-content":1},"body":{"_k":"k"},"rich-media":"https://c.x/a","rich-media-type":"\#(type)"}"#
    )
    #expect(result.output?["rich-media-type"] == .string(written))
    let warnings = result.diagnostics.filter { $0.severity != .note }
    #expect(warnings.map(\.code) == [.invalidValue])
    #expect(warnings.map(\.location) == [.input("/rich-media-type")])
    #expect(
      warnings.map(\.message) == [
        "'rich-media-type' \"\(type)\" is a MIME type: the shipped SDK saves the media under its path + '.\(type)', in a folder that does not exist, and shows no media; read as \(readAs)"
      ])
    let notes = result.diagnostics.filter {
      $0.code == .derivedValue && $0.message.contains("assumed")
    }
    #expect(notes.map(\.message) == (assumed.map { [$0] } ?? []))
    #expect(notes.allSatisfy { $0.location == .input("/rich-media") })
  }

  @Test(arguments: [
    (#""foo""#, "a '.foo' file"), (#""video""#, "a '.video' file"),
    (#""""#, "a file without an extension"),
  ])
  func aMediaTypeIOSDoesNotAttachLeavesNoMedia(_ type: String, _ file: String) throws {
    let result = try convert(
      #"{"aps":{"alert":"hi","mutable-content":1},"body":{"_k":"k"},"rich-media":"https://c.x/a","rich-media-type":\#(type)}"#
    )
    #expect(result.output?["rich-media"] == nil)
    #expect(result.output?["rich-media-type"] == nil)
    let ignored = result.diagnostics.filter { $0.code == .invalidValue }
    #expect(ignored.map(\.location) == [.input("/rich-media-type")])
    #expect(
      ignored.map(\.message) == [
        "'rich-media-type' \(type) makes the SDK save the media as \(file), which iOS does not attach: the push shows no media; 'rich-media' ignored"
      ])
  }

  /// `--option fallback-category` writes a predefined category only for buttons in its
  /// display order; where the ids are a category's in another order, the warning says
  /// so, naming both orders.
  @Test func noFallbackCategoryNamesACategoryWithTheIDsInAnotherOrder() throws {
    func warning(_ ids: [String]) throws -> String? {
      let buttons = ids.map {
        #"{"id":"com.klaviyo.action.\#($0)","label":"\#($0)","action":"open_app"}"#
      }
      let result = try convert(
        #"{"aps":{"alert":"hi","mutable-content":1},"body":{"_k":"k","action_buttons":[\#(buttons.joined(separator: ","))]}}"#,
        options: ["fallback-category"])
      return result.diagnostics.first { $0.code == .noFallbackCategory }?.message
    }
    #expect(
      try warning(["no", "yes"])
        == "'com.klaviyo.category.yesNo' has these buttons' ids in another order ('com.klaviyo.action.yes', 'com.klaviyo.action.no', while these buttons show 'com.klaviyo.action.no', 'com.klaviyo.action.yes'), and a category shows its buttons in its own order, so no fallback category is written"
    )
    #expect(try warning(["yes", "no"]) == nil)
    #expect(
      try warning(["yes", "maybe"])
        == "no predefined category matches these buttons, so no fallback category is written")
  }

  /// Only Klaviyo's draft builds showed a button's `icon`: the shipped extension
  /// (`KlaviyoActionButtonParser.swift`) reads none. The icon is written for the draft
  /// builds and reported at its place as not shown by the shipped SDK, whatever format
  /// gave it (a warning, not lossy: the output keeps it, and re-reading pushc's own
  /// output loses nothing); `pushc formats` says so.
  @Test func anIconIsWrittenForDraftBuildsAndReportedAsUnshownByTheShippedSDK() throws {
    let payload =
      #"{"aps": {"alert": "x", "mutable-content": 1}, "body": {"_k": "k", "action_buttons": [{"id": "a", "label": "A", "action": "open_app", "icon": "star"}, {"id": "b", "label": "B", "action": "open_app"}]}}"#
    let result = try convert(payload)
    let buttons = try #require(result.output?["body"]?["action_buttons"]?.arrayValue)
    #expect(buttons.map { $0["icon"] } == ["star", nil])
    let reported = result.diagnostics.all.filter { $0.code.name == "emit.draft-only-icon" }
    #expect(reported.map(\.location) == [.input("/body/action_buttons/0/icon")])
    #expect(
      reported.allSatisfy {
        !$0.code.isLossy && $0.severity == .warning
          && $0.message
            == "button 'A' keeps its SF Symbol icon 'star' for klaviyo's draft builds only: the shipped SDK does not show it"
      })

    let fromOneSignal =
      #"{"aps": {"alert": "x", "mutable-content": 1}, "custom": {"i": "00000000-0000-0000-0000-000000000001"}, "buttons": [{"i": "a", "n": "A", "icon_type": "system", "path": "star"}]}"#
    let translator = Translator(from: OneSignal(), to: Klaviyo())
    let translated = translator.translate(try JSONReader.parse(Array(fromOneSignal.utf8)))
    #expect(translated.output?["body"]?["action_buttons"]?.arrayValue?.first?["icon"] == "star")
    #expect(translated.diagnostics.codes.contains("emit.draft-only-icon"))
    #expect(
      Klaviyo().capabilities.summaryLines[3].contains("icons: SF Symbols (draft builds only)"))
  }

  /// Draft-era builds read no `action`: a button written as `open_app` beside the default
  /// link opens `body.url` there (or the link `body.actions` gives its id). Reported at
  /// the button, a warning and not lossy, as for a draft-only icon.
  @Test func anOpenAppButtonBesideTheDefaultLinkIsReportedForDraftBuilds() throws {
    let payload =
      #"{"aps": {"alert": "x", "mutable-content": 1}, "body": {"_k": "k", "action_buttons": [{"id": "a", "label": "A", "action": "deep_link", "url": "app://a"}, {"id": "b", "label": "B", "action": "open_app"}]}, "url": "app://home"}"#
    let result = try convert(payload)
    let reported = result.diagnostics.all.filter { $0.code == .draftFallbackLink }
    #expect(reported.map(\.location) == [.input("/body/action_buttons/1")])
    #expect(reported.allSatisfy { !$0.code.isLossy && $0.severity == .warning })
    #expect(
      reported.first?.message
        == "button 'B' opens the app with the shipped SDK only: klaviyo's draft builds, which read no 'action', open 'app://home' for it, as a button without 'url' falls back to 'body.url'"
    )
    let withoutLink = payload.replacingOccurrences(of: #", "url": "app://home""#, with: "")
    #expect(!(try convert(withoutLink).diagnostics.codes.contains("emit.draft-fallback-link")))
  }

  /// Only draft-era builds read `body.actions`; with the shipped SDK a tap on an app's
  /// own category's action goes to the app's handler. Each link written there is
  /// reported at its target, but not beside a predefined fallback category, whose own
  /// warning says the shipped SDK shows none of its buttons.
  @Test func aRegisteredCategorysLinksAreReportedAsReadByDraftBuildsOnly() throws {
    let braze =
      #"{"aps":{"alert":{"title":"T","body":"B"},"category":"shop_cat"},"ab":{"c":"camp1","ab_cat":{"buy":{"a_uri":"myapp://buy"}}},"ab_uri":"myapp://home"}"#
    let result = Translator(from: Braze(), to: Klaviyo()).translate(
      try JSONReader.parse(Array(braze.utf8)))
    #expect(result.output?["body"]?["actions"] == ["buy": ["url": "myapp://buy"]])
    let reported = result.diagnostics.all.filter { $0.code == .draftOnlyLink }
    #expect(reported.map(\.location) == [.input("/ab/ab_cat/buy")])
    #expect(
      reported.first?.message
        == "category action 'buy' links to 'myapp://buy' in 'body.actions', which only klaviyo's draft builds read: with the shipped SDK the app's own handler decides what 'buy' does"
    )
    // An app's own category kept as the fallback beside dynamic buttons: reported too.
    let ownFallback =
      #"{"aps":{"alert":"x","category":"shop_cat","mutable-content":1},"body":{"_k":"k","actions":{"buy":{"url":"myapp://buy"}},"action_buttons":[{"id":"buy","label":"Buy","action":"deep_link","url":"myapp://b"}]}}"#
    #expect(
      try convert(ownFallback, options: ["fallback-category"]).diagnostics.codes.contains(
        "emit.draft-only-link"))
    let predefined =
      #"{"aps": {"alert": "x", "category": "com.klaviyo.category.viewDismiss"}, "body": {"_k": "k", "actions": {"com.klaviyo.action.view": {"url": "a://v"}}}}"#
    let fallback = try convert(predefined, options: ["fallback-category"])
    #expect(fallback.output?["body"]?["actions"] != nil)
    #expect(!fallback.diagnostics.codes.contains("emit.draft-only-link"))
  }

  /// A `body._k` that is not a string, kept from a Klaviyo source, names no category for
  /// the draft extension, which then shows no buttons; validate refuses it unless it is a
  /// dictionary (the shipped SDK's form). Reported once, where the output has it.
  @Test func aNonStringNotificationIDBesideButtonsIsReportedOffSpec() throws {
    func payload(_ id: String, buttons: Bool = true) -> String {
      #"{"aps": {"alert": "x", "mutable-content": 1}, "body": {"_k": "# + id
        + (buttons ? #", "action_buttons": [{"id": "a", "label": "A", "action": "open_app"}]"# : "")
        + "}}"
    }
    let number = try convert(payload("7"))
    let offSpec = number.diagnostics.all.filter { $0.code == .offSpecField }
    #expect(offSpec.map(\.location) == [.output("/body/_k")])
    #expect(
      offSpec.first?.message
        == "'body._k' is written as kept, a number: the push-button specification requires a string beside dynamic buttons, and 'pushc validate --from klaviyo' refuses this output; klaviyo's draft builds show none of the buttons, the shipped SDK shows them"
    )
    let written = JSONWriter(style: .compact).string(try #require(number.output))
    #expect(try ValidateOnceTests.codes("klaviyo", written)["/body/_k"] == ["validate.wrong-type"])
    let dictionary = try convert(payload(#"{"tm": "t"}"#))
    #expect(
      dictionary.diagnostics.all.filter { $0.code == .offSpecField }.map(\.message) == [
        "'body._k' is written as kept, an object: the push-button specification requires a string beside dynamic buttons; klaviyo's draft builds show none of the buttons, the shipped SDK shows them"
      ])
    #expect(
      !(try convert(payload("7", buttons: false)).diagnostics.codes.contains("emit.off-spec-field"))
    )
    #expect(!(try convert(payload(#""k""#)).diagnostics.codes.contains("emit.off-spec-field")))
  }

  @Test func defaultLinkIsWrittenWhereBothTheDraftAndTheSDKReadIt() throws {
    let output = try #require(try convert(#"{"body": {"_k": "k"}, "url": "app://x"}"#).output)
    #expect(output["url"] == "app://x")
    #expect(output["body"]?["url"] == "app://x")
  }

  @Test func draftButtonsGetExplicitActionsAndURLs() throws {
    let payload =
      #"{"aps": {"alert": "x", "mutable-content": 1}, "body": {"_k": "k", "url": "app://d", "action_buttons": [{"id": "a", "label": "A"}, {"id": "b", "label": "B", "url": "app://b"}, {"id": "c", "label": "C"}]}}"#
    let result = try convert(payload)
    let buttons = try #require(result.output?["body"]?["action_buttons"]?.arrayValue)
    #expect(buttons.map { $0["action"] } == ["deep_link", "deep_link", "deep_link"])
    #expect(buttons.map { $0["url"] } == ["app://d", "app://b", "app://d"])
    #expect(result.diagnostics.codes.filter { $0 == "pass.resolved-fallback" }.count == 2)
    #expect(!result.diagnostics.codes.contains("parse.reordered-buttons"))
  }

  /// A draft button's empty `url` is no link of its own: it falls back to the default
  /// link, never becoming a `deep_link` to nothing, which the shipped SDK skips.
  @Test func aDraftButtonsEmptyLinkFallsBackToTheDefaultLink() throws {
    let payload =
      #"{"aps": {"alert": "x"}, "body": {"_k": "k", "url": "app://d", "action_buttons": [{"id": "a", "label": "A", "url": ""}, {"id": "b", "label": "B", "url": "app://b"}, {"id": "c", "label": "C"}]}}"#
    let result = try convert(payload)
    let buttons = try #require(result.output?["body"]?["action_buttons"]?.arrayValue)
    #expect(buttons.map { $0["url"] } == ["app://d", "app://b", "app://d"])
    #expect(!result.diagnostics.codes.contains("pass.invalid-url"))
  }

  /// A button whose link the shipped SDK cannot parse is not written as if it worked: it
  /// is dropped with a lossy warning, and the output reads back without a button the
  /// SDK would skip. (A draft array's such link is read as none: below.)
  @Test func aButtonWhoseLinkTheSDKCannotParseIsDropped() throws {
    func button(_ id: String, _ url: String) -> String {
      #"{"id": "\#(id)", "label": "\#(id)", "action": {"type": "openURL", "url": "\#(url)", "destination": "app"}}"#
    }
    let document =
      #"{"irVersion": 1, "content": {"body": "hi"}, "tracking": {"notificationID": "k"}, "buttons": ["#
      + [button("a", "myapp://a b"), button("b", "myapp://x\\ty"), button("c", "myapp://c")]
      .joined(separator: ", ") + "]}"
    let result = Translator(from: IRFormat(), to: Klaviyo()).translate(
      try JSONReader.parse(Array(document.utf8)))
    let output = try #require(result.output)
    let buttons = try #require(output["body"]?["action_buttons"]?.arrayValue)
    #expect(buttons.map { $0["id"] } == ["c"])
    let dropped = result.diagnostics.filter { $0.code == .droppedButton }
    #expect(dropped.count == 2)
    #expect(
      dropped.allSatisfy { $0.code.isLossy && $0.message.contains("SDK skips such a button") })
    // Not also said to be kept: check-urls leaves the dropped buttons' links to fit-target.
    #expect(!result.diagnostics.codes.contains("pass.invalid-url"))
    let readBack = try convert(JSONWriter(style: .compact).string(output))
    #expect(!readBack.diagnostics.codes.contains("parse.invalid-button"))
  }

  /// A draft button's link the SDK cannot parse is none of its own: the button falls back
  /// to the default link, and a link that is not empty is reported.
  @Test func aDraftButtonsUnparseableLinkFallsBackToTheDefaultLink() throws {
    let payload =
      #"{"aps": {"alert": "x"}, "body": {"_k": "k", "url": "app://d", "action_buttons": [{"id": "a", "label": "A", "url": "app://a b"}, {"id": "b", "label": "B", "url": "app://b"}]}}"#
    let result = try convert(payload)
    let buttons = try #require(result.output?["body"]?["action_buttons"]?.arrayValue)
    #expect(buttons.map { $0["url"] } == ["app://b", "app://d"])
    #expect(
      result.diagnostics.filter { $0.code == .invalidValue }.map(\.location) == [
        .input("/body/action_buttons/0/url")
      ])
  }

  /// An `action_buttons` element that is not an object makes both SDKs read none of the
  /// array (`as? [[String: Any]]`): the IR keeps the other buttons, as the payload meant
  /// them, and the warning says the SDK showed none.
  @Test func aNonObjectButtonElementSaysTheSDKShowsNoneOfTheButtons() throws {
    let result = try convert(
      #"{"aps":{"alert":"x","mutable-content":1},"body":{"_k":"k","action_buttons":["str",{"id":"a","label":"L","action":"open_app"}]}}"#
    )
    #expect(result.output?["body"]?["action_buttons"]?.arrayValue?.map { $0["id"] } == ["a"])
    let dropped = result.diagnostics.filter { $0.code == .invalidButton }
    #expect(dropped.map(\.location) == [.input("/body/action_buttons/0")])
    #expect(
      dropped.first?.message
        == "a button must be an object, found string; dropped, and with it in the array the SDK shows none of this payload's buttons (the output keeps the others)"
    )
  }

  /// A draft button without a link of its own takes the one `body.actions` gives its id,
  /// as the draft SDK's `actionButtonURL` did, before the default link; the link is
  /// located where it was read.
  @Test func aDraftButtonWithoutALinkTakesTheOneCategoryActionsGivesItsID() throws {
    func migration(_ track: String) -> String {
      #"{"aps":{"alert":"Order shipped!","category":"com.klaviyo.category.viewDismiss","mutable-content":1},"body":{"_k":"order_123","url":"klaviyo://orders/123","action_buttons":[{"id":"com.klaviyo.action.view","label":"Track Order"},{"id":"com.klaviyo.action.dismiss","label":"Dismiss"}],"actions":{"com.klaviyo.action.view":{"url":"\#(track)"}}}}"#
    }
    for options: Set<String> in [[], ["fallback-category"]] {
      let result = try convert(migration("klaviyo://orders/123/track"), options: options)
      let buttons = try #require(result.output?["body"]?["action_buttons"]?.arrayValue)
      let links = Dictionary(
        uniqueKeysWithValues: buttons.map { ($0["label"]?.stringValue ?? "", $0["url"]) })
      #expect(links["Track Order"] == "klaviyo://orders/123/track", "\(options)")
      #expect(links["Dismiss"] == "klaviyo://orders/123", "\(options)")
    }
    let marked = try convert(migration("klaviyo://orders/{{id}}/track"))
    let buttonLink = marked.diagnostics.filter {
      $0.code == .invalidURL && $0.message.hasPrefix("button 'Track Order'")
    }
    #expect(buttonLink.map(\.location) == [.input("/body/actions/com.klaviyo.action.view/url")])
    // Without 'aps.category' too; a member no button takes is reported.
    let bare = try convert(
      #"{"aps":{"alert":"x"},"body":{"_k":"k","url":"app://d","action_buttons":[{"id":"a","label":"A"},{"id":"b","label":"B","url":"app://b"}],"actions":{"a":{"url":"app://a"},"b":{"url":"app://x"}}}}"#
    )
    let buttons = try #require(bare.output?["body"]?["action_buttons"]?.arrayValue)
    #expect(buttons.map { $0["url"] } == ["app://b", "app://a"])
    #expect(
      bare.diagnostics.filter { $0.code == .invalidValue }.map(\.location) == [
        .input("/body/actions/b")
      ])
  }

  /// A button that falls back to a tap link the SDK cannot parse does what the tap then
  /// does, opening the app: it is kept, not dropped for a link it never had.
  @Test func aButtonFallingBackToAnUnusableTapLinkOpensTheApp() throws {
    let payload =
      #"{"aps": {"alert": "x"}, "body": {"_k": "k", "url": "app://h me", "action_buttons": [{"id": "a", "label": "A"}]}}"#
    let result = try convert(payload)
    let buttons = try #require(result.output?["body"]?["action_buttons"]?.arrayValue)
    #expect(buttons.map { $0["action"] } == ["open_app"])
    #expect(!result.diagnostics.codes.contains("fit.dropped-button"))
    #expect(result.diagnostics.codes.contains("fit.dropped-action"))
  }

  /// A tap link the shipped SDK cannot parse opens nothing: it is dropped on writing as
  /// a loss, not written as if a tap opened it, and not also said to be kept.
  @Test func aTapLinkTheSDKCannotParseIsDropped() throws {
    for url in ["myapp://a b", ""] {
      let payload = #"{"aps": {"alert": "hi"}, "body": {"_k": "k"}, "url": "\#(url)"}"#
      let result = try convert(payload)
      let output = try #require(result.output)
      #expect(output["url"] == nil && output["body"]?["url"] == nil, "\(output)")
      let dropped = result.diagnostics.filter { $0.code == .droppedAction }
      #expect(dropped.map(\.location) == [.input("/url")])
      #expect(dropped.allSatisfy { $0.code.isLossy && $0.message.contains("SDK cannot open") })
      #expect(!result.diagnostics.codes.contains("pass.invalid-url"))
    }
  }

  /// A predefined category's buttons show whatever `body.actions` says (the app
  /// registered them); a link the draft SDK cannot parse is no link, as for a draft
  /// button's own: the button does what it does without one, and is not dropped. One
  /// that is not empty is reported where it was given.
  @Test(arguments: ["myapp://a b", ""])
  func aCategoryLinkTheSDKCannotParseIsReadAsNoLink(_ link: String) throws {
    let payload =
      #"{"aps":{"alert":"Hi","category":"com.klaviyo.category.acceptDecline"},"body":{"_k":"k1","actions":{"com.klaviyo.action.accept":{"url":"\#(link)"},"com.klaviyo.action.decline":{"url":"\#(link)"}}},"url":"https://ex.com/ok"}"#
    let result = try convert(payload)
    let buttons = try #require(result.output?["body"]?["action_buttons"]?.arrayValue)
    #expect(buttons.map { $0["label"] } == ["Accept", "Decline"])
    #expect(buttons.map { $0["url"] } == ["https://ex.com/ok", nil])
    #expect(!result.diagnostics.codes.contains("fit.dropped-button"))
    #expect(!result.diagnostics.codes.contains("pass.invalid-url"))
    let unparsed = result.diagnostics.filter { $0.code == .invalidValue }
    if link.isEmpty {
      #expect(unparsed.isEmpty)
    } else {
      #expect(
        unparsed.map(\.location) == [
          .input("/body/actions/com.klaviyo.action.accept/url"),
          .input("/body/actions/com.klaviyo.action.decline/url"),
        ])
      #expect(
        unparsed.map(\.message) == [
          "action 'com.klaviyo.action.accept' links to 'myapp://a b', which the SDK cannot parse (a space or control character); read as no link: button 'Accept' falls back to the default link",
          "action 'com.klaviyo.action.decline' links to 'myapp://a b', which the SDK cannot parse (a space or control character); read as no link: button 'Decline' dismisses the notification",
        ])
    }
  }

  @Test func theDraftsTwoButtonReversalIsUndone() throws {
    let payload =
      #"{"aps": {"mutable-content": 1}, "body": {"_k": "k", "action_buttons": [{"id": "decline", "label": "Decline", "url": "a://d"}, {"id": "accept", "label": "Accept", "url": "a://a"}]}}"#
    let result = try convert(payload)
    #expect(
      result.output?["body"]?["action_buttons"]?.arrayValue?.map { $0["id"] } == [
        "accept", "decline",
      ])
    let shipped =
      #"{"aps": {"mutable-content": 1}, "body": {"_k": "k", "action_buttons": [{"id": "decline", "label": "Decline", "action": "open_app"}, {"id": "accept", "label": "Accept", "action": "open_app"}]}}"#
    #expect(
      try convert(shipped).output?["body"]?["action_buttons"]?.arrayValue?.map { $0["id"] } == [
        "decline", "accept",
      ])
  }

  @Test func migrationPayloadKeepsTheFallbackCategoryWithAWarning() throws {
    let payload =
      #"{"aps": {"alert": "x", "category": "com.klaviyo.category.viewDismiss"}, "body": {"_k": "k", "actions": {"com.klaviyo.action.view": {"url": "a://v"}}}}"#
    let result = try convert(payload, options: ["fallback-category"])
    let output = try #require(result.output)
    #expect(output["aps"]?["category"] == "com.klaviyo.category.viewDismiss")
    #expect(output["body"]?["actions"] == ["com.klaviyo.action.view": ["url": "a://v"]])
    #expect(output["body"]?["action_buttons"]?.arrayValue?.count == 2)
    #expect(result.diagnostics.contains { $0.code == .fallbackCategory && $0.severity == .warning })
  }

  /// The fallback category says whether the source named it, and is a loss where the
  /// buttons showed on the shipped SDK without it (which then skips them): not where
  /// that SDK showed none of them anyway (beside a category, from a predefined one, in
  /// the draft's shape).
  @Test func aFallbackCategoryIsAddedOrKeptAndLossyWhereTheButtonsShowed() throws {
    func fallback(_ payload: String) throws -> Diagnostic? {
      try convert(payload, options: ["fallback-category"]).diagnostics.first {
        $0.message.hasPrefix("'aps.category'")
      }
    }
    let shipped = try #require(
      try fallback(
        #"{"aps":{"alert":"Hi","mutable-content":1},"body":{"_k":"k1","action_buttons":[{"id":"com.klaviyo.action.view","label":"Track","action":"deep_link","url":"myapp://t"},{"id":"com.klaviyo.action.dismiss","label":"Dismiss","action":"open_app"}]},"url":"myapp://home"}"#
      ))
    #expect(shipped.code == .fallbackHidesButtons && shipped.code.isLossy)
    #expect(
      shipped.message
        == "'aps.category' 'com.klaviyo.category.viewDismiss' is added as a fallback; the shipped SDK then skips the dynamic buttons, which the source showed"
    )
    let draft = try #require(
      try fallback(
        #"{"aps":{"alert":"x"},"body":{"_k":"k","action_buttons":[{"id":"com.klaviyo.action.no","label":"N"},{"id":"com.klaviyo.action.yes","label":"Y"}]}}"#
      ))
    #expect(draft.code == .fallbackCategory && !draft.code.isLossy)
    #expect(draft.message.contains("is added as a fallback"))
    for named in [
      #"{"aps":{"alert":"x","category":"com.klaviyo.category.yesNo"},"body":{"_k":"k"}}"#,
      #"{"aps":{"alert":"x","category":"com.klaviyo.category.yesNo","mutable-content":1},"body":{"_k":"k","action_buttons":[{"id":"com.klaviyo.action.yes","label":"Y","action":"open_app"}]}}"#,
    ] {
      let kept = try #require(try fallback(named))
      #expect(kept.code == .fallbackCategory, "\(named)")
      #expect(kept.message.contains("is kept as a fallback"), "\(named)")
    }
    // From another format: a predefined category it named is kept; its own buttons
    // showed, and no longer do.
    func fromAPNs(_ payload: String) throws -> Diagnostic? {
      var translator = Translator(from: APNs(), to: Klaviyo())
      translator.options = ["fallback-category"]
      translator.settings = ["_k": "k"]
      return translator.translate(try JSONReader.parse(Array(payload.utf8))).diagnostics.first {
        $0.message.hasPrefix("'aps.category'")
      }
    }
    let named = try #require(
      try fromAPNs(#"{"aps":{"alert":"x","category":"com.klaviyo.category.yesNo"}}"#))
    #expect(named.code == .fallbackCategory && named.message.contains("is kept"))
    var translator = Translator(from: IRFormat(), to: Klaviyo())
    translator.options = ["fallback-category"]
    let ir = translator.translate(
      try JSONReader.parse(
        Array(
          #"{"irVersion":1,"content":{"body":"x"},"tracking":{"notificationID":"k"},"buttons":[{"id":"com.klaviyo.action.yes","label":"Y","action":{"type":"openApp"},"options":["foreground"]},{"id":"com.klaviyo.action.no","label":"N","action":{"type":"openApp"},"options":["foreground"]}]}"#
            .utf8)))
    #expect(ir.diagnostics.codes.contains("emit.fallback-hides-buttons"))
  }

  @Test func aFallbackCategoryBesideDynamicButtonsIsDroppedByDefault() throws {
    let hybrid =
      #"{"aps": {"category": "com.klaviyo.category.viewDismiss", "mutable-content": 1}, "body": {"_k": "k", "action_buttons": [{"id": "x", "label": "X", "action": "open_app"}]}}"#
    let result = try convert(hybrid)
    #expect(result.output?["aps"]?["category"] == nil)
    #expect(
      result.diagnostics.contains {
        $0.code == .droppedCategory && $0.location == .input("/aps/category")
      })
  }

  @Test func notificationIDComesFromSetThenSourceThenDerivation() throws {
    let withoutK = #"{"aps": {"alert": "same"}}"#
    #expect(try convert(withoutK, settings: ["_k": "given"]).output?["body"]?["_k"] == "given")
    let derived = try convert(withoutK)
    let again = try convert(withoutK)
    #expect(derived.output?["body"]?["_k"] == again.output?["body"]?["_k"])
    #expect(derived.output?["body"]?["_k"]?.stringValue?.hasPrefix("pushc-") == true)
    #expect(
      derived.diagnostics.contains {
        $0.code == .derivedValue && $0.location == .ir("/tracking/notificationID")
      })
    let other = try convert(#"{"aps": {"alert": "different"}}"#)
    #expect(other.output?["body"]?["_k"] != derived.output?["body"]?["_k"])
    let object = #"{"body": {"_k": {"m": "01K"}}}"#
    #expect(try convert(object).output?["body"]?["_k"] == ["m": "01K"])
  }

  /// `--set _k=…` replacing the source's own `_k` (a string, or the dictionary the 5.4
  /// SDK sends) says so where the source gave it; the same value given again says nothing.
  @Test func setReplacingTheSourcesNotificationIDIsNoted() throws {
    for (id, shown) in [
      (#"{"m":"01K","tm":"02T"}"#, #"{"m":"01K","tm":"02T"}"#), (#""old""#, "'old'"),
    ] {
      let result = try convert(
        #"{"aps":{"alert":"x"},"body":{"_k":\#(id)}}"#, settings: ["_k": "new"])
      #expect(result.output?["body"]?["_k"] == "new")
      let replaced = result.diagnostics.filter { $0.code == .replacedValue }
      #expect(replaced.map(\.location) == [.input("/body/_k")], "\(id)")
      #expect(replaced.map(\.severity) == [.note])
      #expect(
        replaced.first?.message
          == "'body._k' (the tracking metadata that marks a Klaviyo push) set to 'new' by --set, replacing the source's \(shown)"
      )
    }
    let same = try convert(#"{"aps":{"alert":"x"},"body":{"_k":"new"}}"#, settings: ["_k": "new"])
    #expect(!same.diagnostics.contains { $0.code == .replacedValue })
  }

  @Test func mediaAndCustomDataGoBackWhereTheyCameFrom() throws {
    let payload =
      #"{"body": {"_k": "k"}, "rich-media": "https://x/v", "rich-media-type": "mp4", "key_value_pairs": {"a": "1"}, "top": 2, "badge_config": "set_count", "badge_value": 4}"#
    let result = try convert(payload)
    let output = try #require(result.output)
    #expect(output["rich-media"] == "https://x/v")
    #expect(output["rich-media-type"] == "mp4")
    #expect(output["key_value_pairs"] == ["a": "1"])
    #expect(output["top"] == 2)
    #expect(output["badge_config"] == "set_count")
    #expect(output["badge_value"] == 4)
    #expect(!result.diagnostics.hasLoss)
  }

  /// The parser tells the first 64 root members apart by the masks of its one pass over
  /// the names and later ones by name: the same payload read with 70 custom keys in
  /// front of its own gives the same output and diagnostics, those keys aside.
  @Test func rootMembersPastTheSixtyFourthReadAsTheFirst() throws {
    let own =
      #""body": {"_k": "k"}, "badge_config": "set_count", "top": 2, "url": "app://x", "badge_value": 4, "key_value_pairs": {"a": "1"}"#
    let fillers = (0..<70).map { #""f\#($0)": \#($0)"# }.joined(separator: ", ")
    let short = try convert("{\(own)}")
    let long = try convert("{\(fillers), \(own)}")
    var trimmed = try #require(long.output?.objectValue)
    for index in 0..<70 { trimmed["f\(index)"] = nil }
    #expect(JSONValue.object(trimmed) == short.output)
    #expect(long.diagnostics.all.map(\.code) == short.diagnostics.all.map(\.code))
    #expect(trimmed["badge_value"] == 4 && trimmed["top"] == 2)
  }

  @Test func toAPNsEveryLossIsReported() throws {
    let payload =
      #"{"aps": {"alert": "x", "mutable-content": 1}, "body": {"_k": "k", "action_buttons": [{"id": "a", "label": "A", "action": "open_app"}]}, "url": "app://x", "rich-media": "https://x/i.png", "badge_config": "increment_one"}"#
    let result = try convert(payload, to: APNs())
    let output = try #require(result.output)
    #expect(output.objectValue?.keys == ["aps"])
    for code in [
      "fit.dropped-button", "fit.dropped-action", "fit.dropped-media", "emit.dropped-field",
      "emit.dropped-extra",
    ] {
      #expect(result.diagnostics.codes.contains(code), "no \(code)")
    }
  }
}

/// Two buttons with one id: the SDK (`matchingActionButton`) takes a tap on either for a
/// tap on the first.
@Suite struct RepeatedButtonIDTests {
  static let payload =
    #"{"aps": {"alert": "x", "mutable-content": 1}, "body": {"_k": "k", "action_buttons": [{"id": "a", "label": "A", "action": "deep_link", "url": "app://a"}, {"id": "a", "label": "A2", "action": "deep_link", "url": "app://a2"}]}}"#

  func translate(to target: any VendorFormat) throws -> Translator.Result {
    var translator = Translator(from: Klaviyo(), to: target)
    translator.defaults = GoldenCase.defaults
    return translator.translate(try JSONReader.parse(Array(Self.payload.utf8)))
  }

  @Test func readingWarnsAtTheButtonThatRepeatsAnID() throws {
    let result = try translate(to: IRFormat())
    let warning = try #require(
      result.diagnostics.first { $0.location == .input("/body/action_buttons/1") })
    #expect(warning.severity == .warning)
    #expect(warning.message.contains("'a'"))
  }

  @Test func klaviyoGetsUniqueIDs() throws {
    let result = try translate(to: Klaviyo())
    let buttons = try #require(result.output?["body"]?["action_buttons"]?.arrayValue)
    #expect(buttons.map { $0["id"] } == ["a", "a-2"])
    #expect(buttons.map { $0["url"] } == ["app://a", "app://a2"])
    #expect(
      result.diagnostics.contains {
        $0.code.name == "fit.renamed-button" && $0.location == .input("/body/action_buttons/1")
      })
  }

  /// Every target whose SDK tells taps apart by button id writes each id once.
  @Test(arguments: ["klaviyo", "onesignal", "iterable"])
  func everyTargetWritingIDsWritesThemOnce(_ id: String) throws {
    let result = try translate(to: try #require(Vendors.named(id)))
    let text = JSONWriter(style: .compact).string(
      try #require(result.output, "\(result.diagnostics.codes)"))
    #expect(text.contains("a-2"), "\(text)")
    #expect(result.diagnostics.contains { $0.code.name == "fit.renamed-button" })
  }

  /// A renamed button is reported where it was read, even when an earlier button was
  /// dropped (here: one whose link the Klaviyo SDK cannot parse).
  @Test func aRenamedButtonIsReportedAtItsOwnPlace() throws {
    let payload =
      #"{"itbl": {"messageId": "m", "actionButtons": [{"identifier": "x", "title": "X", "action": {"type": "openUrl", "data": "x y"}}, {"identifier": "a", "title": "A"}, {"identifier": "a", "title": "A2"}]}}"#
    var translator = Translator(from: Iterable(), to: Klaviyo())
    translator.defaults = GoldenCase.defaults
    let result = translator.translate(try JSONReader.parse(Array(payload.utf8)))
    let buttons = try #require(result.output?["body"]?["action_buttons"]?.arrayValue)
    #expect(buttons.map { $0["id"] } == ["a", "a-2"])
    let renamed = result.diagnostics.all.filter { $0.code.name == "fit.renamed-button" }
    #expect(renamed.map(\.location) == [.input("/itbl/actionButtons/2")])
  }

  /// Dfinery's extension registers its buttons as `DFN_FIRST_BUTTON_ACTION` and
  /// `DFN_SECOND_BUTTON_ACTION` and maps a tap back by position: `l_id` is data, and a
  /// repeated one is written as it is.
  @Test func dfineryKeepsRepeatedIDs() throws {
    let result = try translate(to: Dfinery())
    let buttons = try #require(result.output?["dfn"]?["btn"]?.arrayValue)
    #expect(buttons.map { $0["l_id"] } == ["a", "a"])
    #expect(!result.diagnostics.contains { $0.code.name == "fit.renamed-button" })
  }

  /// A Dfinery payload whose first button has no `l_id` (read as its position, `1`) and
  /// whose second has `l_id` `1` is written back as it was, without a warning about ids.
  @Test func dfineryPositionalIDsRoundTrip() throws {
    let payload =
      #"{"aps": {"alert": {"title": "T", "body": "B"}, "mutable-content": 1, "category": "DFINERY"}, "dfn": {"is_test": 0, "c_id": "c", "s_id": "s", "u_id": "u", "click_act": {"l_id": "1", "l_type": "PushMessage", "act_type": "AppOpen"}, "btn": [{"l_name": "One", "l_type": "Button", "act_type": "AppOpen"}, {"l_id": "1", "l_name": "Two", "l_type": "Button", "act_type": "Deeplink", "uri": "shop://two"}]}}"#
    let result = Translator(from: Dfinery(), to: Dfinery()).translate(
      try JSONReader.parse(Array(payload.utf8)))
    let buttons = try #require(result.output?["dfn"]?["btn"]?.arrayValue)
    #expect(buttons.map { $0["l_id"] } == ["1", "1"])
    #expect(buttons.map { $0["l_name"] } == ["One", "Two"])
    #expect(buttons[1]["uri"] == "shop://two")
    #expect(
      !result.diagnostics.contains {
        $0.code.name == "fit.renamed-button" || $0.code.name == "parse.conflicting-values"
      }, "\(result.diagnostics.all.map(\.message))")
  }
}

extension KlaviyoTests {
  /// A draft button's link read from `body.actions` beside a predefined category is the
  /// button's: it is not also an action of the category, dropped with it.
  @Test func aDraftButtonsCategoryLinkIsNotAlsoTheCategorysAction() throws {
    let payload =
      #"{"aps": {"alert": "Hi", "category": "com.klaviyo.category.yesNo"}, "body": {"_k": "k", "action_buttons": [{"id": "a", "label": "Open"}], "actions": {"a": {"url": "https://x.com/a"}}}}"#
    let result = Translator(from: Klaviyo(), to: Klaviyo()).translate(
      try JSONReader.parse(Array(payload.utf8)))
    #expect(
      result.output?["body"]?["action_buttons"]?.arrayValue?.first?["url"] == "https://x.com/a")
    #expect(!result.diagnostics.contains { $0.message.contains("category action 'a'") })
  }
}

extension KlaviyoTests {
  /// Two draft buttons sharing an id, shown in reverse: the draft SDK still looks a tapped
  /// id up in payload order, so the second in the payload ('B') is the repeat, a tap on it
  /// is taken for one on 'A', and 'B' is the button renamed.
  @Test func aRepeatedIDAmongReversedDraftButtonsIsJudgedInPayloadOrder() throws {
    let result = try convert(
      #"{"aps": {"mutable-content": 1}, "body": {"_k": "k", "action_buttons": [{"id": "x", "label": "A", "url": "app://a"}, {"id": "x", "label": "B", "url": "app://b"}]}}"#
    )
    let conflict = try #require(
      result.diagnostics.first { $0.code.name == "parse.conflicting-values" })
    #expect(conflict.location == .input("/body/action_buttons/1"))
    #expect(
      conflict.message
        == "button 'B' repeats the id 'x' of button 'A': the klaviyo SDK takes a tap on it for a tap on 'A'"
    )
    let renamed = try #require(result.diagnostics.first { $0.code.name == "fit.renamed-button" })
    #expect(renamed.location == .input("/body/action_buttons/1"))
    #expect(
      renamed.message.hasPrefix("button 'B' repeats the id 'x' of button 'A'; written as 'x-2'"))
    let buttons = try #require(result.output?["body"]?["action_buttons"]?.arrayValue)
    #expect(buttons.map { $0["label"] } == ["B", "A"])
    #expect(buttons.map { $0["id"] } == ["x-2", "x"])
  }
}

extension KlaviyoTests {
  /// A fallback category added because the buttons' ids match it shows its own buttons
  /// where it is registered: the warning notes their labels, and that 'Decline' runs in
  /// the background, where the source's 'Nope' opened the app.
  @Test func anAddedFallbackCategorySaysWhatItShowsInstead() throws {
    let result = try convert(
      #"{"body": {"_k": "k", "action_buttons": [{"id": "com.klaviyo.action.accept", "label": "Sure", "action": "deep_link", "url": "app://a"}, {"id": "com.klaviyo.action.decline", "label": "Nope", "action": "open_app"}]}}"#,
      options: ["fallback-category"])
    #expect(result.output?["aps"]?["category"] == "com.klaviyo.category.acceptDecline")
    let warning = try #require(
      result.diagnostics.first { $0.code.name == "emit.fallback-hides-buttons" },
      "\(result.diagnostics.all.map(\.message))")
    #expect(
      warning.notes == [
        "where the app registered 'com.klaviyo.category.acceptDecline' (the draft's predefined-category builds), its buttons show instead: 'Accept' for 'Sure'; 'Decline' for 'Nope', which runs in the background without opening the app"
      ])
    #expect(
      result.diagnostics.all.filter { $0.code.name.hasPrefix("emit.fallback") }.count == 1)
  }

  /// With the category's own labels, the note names only the button that does
  /// something else: the category's 'No' runs in the background.
  @Test func anAddedFallbackCategoryNotesOnlyTheButtonsThatDiffer() throws {
    let result = try convert(
      #"{"body": {"_k": "k", "action_buttons": [{"id": "com.klaviyo.action.yes", "label": "Yes", "action": "open_app"}, {"id": "com.klaviyo.action.no", "label": "No", "action": "open_app"}]}}"#,
      options: ["fallback-category"])
    let warning = try #require(
      result.diagnostics.first { $0.code.name == "emit.fallback-hides-buttons" })
    #expect(
      warning.notes == [
        "where the app registered 'com.klaviyo.category.yesNo' (the draft's predefined-category builds), its buttons show instead: 'No', which runs in the background without opening the app"
      ])
  }

  /// OneSignal's `badge_inc` increments the badge as `badge_config` "increment_one"
  /// does, but is not translated to: the warning says the equivalent exists.
  @Test func aBadgeConfigIsReportedAsUntranslatedWhereTheTargetHasAnEquivalent() throws {
    let payload = #"{"aps": {"alert": "x"}, "body": {"_k": "k"}, "badge_config": "increment_one"}"#
    let result = try convert(payload, to: OneSignal())
    #expect(
      result.diagnostics.filter { $0.code == .droppedExtra }.map(\.message) == [
        "klaviyo field 'badge_config' has an equivalent here that pushc does not translate (onesignal's 'badge_inc'); dropped"
      ])
  }
}
