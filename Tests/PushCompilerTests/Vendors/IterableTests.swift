import PushCompiler
import PushIR
import Testing

@Suite struct IterableTests {
  func translate(
    _ payload: String, from source: any VendorFormat = Iterable(),
    to target: any VendorFormat = Iterable(), settings: [String: String] = ["templateId": "7"]
  ) throws -> Translator.Result {
    var translator = Translator(from: source, to: target)
    translator.settings = settings
    return translator.translate(try JSONReader.parse(Array(payload.utf8)))
  }

  /// A number given with `--set` is written as JSON spells numbers, or refused.
  @Test func numericSettingsAreWrittenAsJSONNumbers() throws {
    let payload = #"{"itbl": {"messageId": "m"}}"#
    let written = try translate(payload, settings: ["templateId": "42"])
    #expect(written.output?["itbl"]?["templateId"] == 42)
    for text in ["+5", "007"] {
      let refused = try translate(payload, settings: ["templateId": text])
      #expect(refused.output == nil)
      #expect(refused.diagnostics.codes.contains("emit.invalid-field-value"), "\(text)")
    }
  }

  /// A refused `--set` number says what is wrong with it: `007` and a number beyond 64 bits
  /// are whole numbers, which "takes a whole number" denied.
  @Test(arguments: [
    ("007", "which JSON does not write with a leading zero"),
    ("99999999999999999999", "which does not fit in 64 bits"),
    ("1E3", "which is a whole number, but not written as an integer (digits only)"),
    ("1.5", "which is not a whole number"),
    ("+5", "which is not a number as JSON writes it"),
    ("abc", "which is not a number as JSON writes it"),
  ])
  func aRefusedNumberSaysWhy(text: String, reason: String) throws {
    let payload = #"{"aps": {"alert": "x"}, "notification-action": {"type": "openApp"}}"#
    let refused = try translate(
      payload, from: Acoustic(), settings: ["templateId": "7", "campaignId": text])
    #expect(refused.output == nil)
    let messages = refused.diagnostics.all.filter { $0.code == .invalidFieldValue }.map(\.message)
    #expect(
      messages == [
        "'itbl.campaignId' takes an integer, but --set gives '\(text)', \(reason); nothing is written"
      ])
  }

  /// Without a `templateId` from `--set`, the source or `--defaults`, Iterable's SDK builds
  /// no push metadata and tracks no open (`IterablePushNotificationMetadata.parse`); without
  /// a `campaignId` it takes the push for a proof and tracks none either: the output is
  /// written, with a warning naming what is missing and saying how to give it.
  @Test func aPushWithoutATemplateOrCampaignIDIsWarnedItsOpensAreUntracked() throws {
    let klaviyo = #"{"aps": {"alert": "x"}, "body": {"_k": "abc"}}"#
    let result = try translate(klaviyo, from: Klaviyo(), settings: [:])
    #expect(result.output?["itbl"]?["templateId"] == nil)
    let warned = result.diagnostics.all.filter { $0.code == .untrackedOpens }
    #expect(
      warned.map(\.message) == [
        "iterable's SDK tracks no open of this push: it needs 'itbl.campaignId' as a number and 'itbl.templateId' as a number"
      ])
    #expect(warned.first?.location == .output("/itbl"))
    #expect(
      warned.first?.notes == [
        "give 'itbl.campaignId' with --set campaignId=N or in a --defaults file",
        "give 'itbl.templateId' with --set templateId=N or in a --defaults file",
        "without a 'campaignId' the SDK takes the push for a proof",
      ])
    #expect(DiagnosticCode.untrackedOpens.severity == .warning)
    #expect(!DiagnosticCode.untrackedOpens.isLossy)
    // Either id alone leaves the other named.
    for (settings, missing) in [
      (["templateId": "7"], "campaignId"), (["campaignId": "5"], "templateId"),
    ] {
      let half = try translate(klaviyo, from: Klaviyo(), settings: settings)
      #expect(
        half.diagnostics.all.filter { $0.code == .untrackedOpens }.map(\.message) == [
          "iterable's SDK tracks no open of this push: it needs 'itbl.\(missing)' as a number"
        ], "\(settings)")
    }
    // Both ids given, a test send (campaign 0) and a ghost push are not warned.
    for settings in [
      ["templateId": "7", "campaignId": "5"], ["campaignId": "0"], ["isGhostPush": "true"],
    ] {
      let quiet = try translate(klaviyo, from: Klaviyo(), settings: settings)
      #expect(quiet.output != nil)
      #expect(!quiet.diagnostics.codes.contains("emit.untracked-opens"), "\(settings)")
    }
    // One of Iterable's own proofs (no campaign) is carried as one, not warned, whatever
    // else its itbl holds (its @proof hint says so, not the other ids kept beside it).
    for (proof, settings) in [
      (
        #"{"aps": {"alert": "x"}, "itbl": {"templateId": 7, "isGhostPush": false, "messageId": "m"}}"#,
        [:]
      ),
      (#"{"aps": {"alert": "x"}, "itbl": {"messageId": "m"}}"#, ["templateId": "5"]),
    ] {
      let carried = try translate(proof, from: Iterable(), settings: settings)
      #expect(carried.output?["itbl"]?["campaignId"] == nil)
      #expect(!carried.diagnostics.codes.contains("emit.untracked-opens"), "\(carried.diagnostics)")
      let ir = try translate(proof, from: Iterable(), to: IRFormat(), settings: settings)
      #expect(ir.output?["extras"]?["iterable"]?["@proof"] == true)
    }
    // A refused template id is the error alone: nothing is written.
    let refused = try translate(klaviyo, from: Klaviyo(), settings: ["templateId": "abc"])
    #expect(refused.output == nil)
    #expect(!refused.diagnostics.codes.contains("emit.untracked-opens"))
  }

  /// `validate --from iterable` warns of an `itbl` without a number `templateId`, a
  /// string `messageId` or a boolean `isGhostPush`: the push is shown and handled, but
  /// the SDK tracks no open of it.
  @Test(arguments: [
    (
      #"{"itbl": {"campaignId": 5, "isGhostPush": false, "messageId": "m"}}"#,
      "/itbl/templateId", "'itbl.templateId' as a number"
    ),
    (
      #"{"itbl": {"campaignId": 5, "templateId": "7", "isGhostPush": false, "messageId": "m"}}"#,
      "/itbl/templateId", "'itbl.templateId' as a number"
    ),
    (
      #"{"itbl": {"templateId": 7, "isGhostPush": false, "messageId": 3}}"#,
      "/itbl/messageId", "'itbl.messageId' as a string"
    ),
    (
      #"{"itbl": {"templateId": 7, "messageId": "m"}}"#,
      "/itbl/isGhostPush", "'itbl.isGhostPush' as a boolean"
    ),
    (
      #"{"itbl": {"isGhostPush": 0}}"#, "/itbl/templateId",
      "'itbl.templateId' as a number and 'itbl.messageId' as a string"
    ),
  ])
  func validateWarnsOfUntrackedOpens(payload: String, location: String, needs: String) throws {
    let json = try JSONReader.parse(Array(payload.utf8))
    var diagnostics = Diagnostics()
    Iterable().validate(json, diagnostics: &diagnostics)
    #expect(
      diagnostics.all.map { "\($0.code) \($0.location) \($0.message)" } == [
        "validate.untracked-opens \(location) iterable's SDK tracks no open of this push: it needs \(needs)"
      ])
    // `pushc validate` says it too (a missing member placed at its object).
    let validated = try ValidateOnceTests.codes("iterable", payload).values.joined()
    #expect(validated.filter { $0 == "validate.untracked-opens" }.count == 1)
  }

  /// A push the SDK tracks an open of, and those it never tracks (a ghost push, a test or
  /// proof with `campaignId` 0), are not warned.
  @Test(arguments: [
    #"{"itbl": {"campaignId": 5, "templateId": 7, "isGhostPush": false, "messageId": "m"}}"#,
    #"{"itbl": {"templateId": 7.5, "isGhostPush": 0, "messageId": "m"}}"#,
    #"{"itbl": {"isGhostPush": true, "messageId": "m"}}"#,
    #"{"itbl": {"campaignId": 0, "isGhostPush": false, "messageId": "m"}}"#,
    #"{"aps": {"alert": "x"}}"#,
  ])
  func validateLetsTrackedAndUntrackablePushesBe(payload: String) throws {
    var diagnostics = Diagnostics()
    Iterable().validate(try JSONReader.parse(Array(payload.utf8)), diagnostics: &diagnostics)
    #expect(diagnostics.all.isEmpty, "\(diagnostics.codes)")
  }

  @Test func buttonOptionsFollowTheSDK() throws {
    let payload =
      #"{"itbl": {"messageId": "m", "actionButtons": [{"identifier": "a", "title": "A"}, {"identifier": "b", "title": "B", "buttonType": "destructive", "openApp": false, "requiresUnlock": true}, {"identifier": "c", "title": "C", "openApp": 0}]}}"#
    let ir = try #require(try translate(payload, to: IRFormat()).output)
    let buttons = try #require(ir["buttons"]?.arrayValue)
    #expect(buttons[0]["options"] == ["foreground", "authenticationRequired"])
    #expect(buttons[0]["action"] == ["type": "openApp"])
    #expect(buttons[1]["options"] == ["destructive", "authenticationRequired"])
    #expect(buttons[1]["action"] == ["type": "dismiss"])
    #expect(buttons[2]["options"] == [])
  }

  @Test func aRegisteredCategoryTakesOnlyTheActions() throws {
    let payload =
      #"{"aps": {"category": "C"}, "itbl": {"messageId": "m", "actionButtons": [{"identifier": "go", "title": "Go", "action": {"type": "openUrl", "data": "app://go"}}]}}"#
    let result = try translate(payload, to: IRFormat())
    let ir = try #require(result.output)
    #expect(ir["buttons"] == nil)
    #expect(ir["category"]?["actionTargets"]?.arrayValue?.first?["actionID"] == "go")
    #expect(result.diagnostics.codes == ["parse.invalid-value"])
    let written = try #require(try translate(payload).output)
    #expect(
      written["itbl"]?["actionButtons"] == [
        ["identifier": "go", "action": ["type": "openUrl", "data": "app://go"]]
      ])
  }

  /// An `itbl` that is not a dictionary is no marker: the SDK ignores the push, as it
  /// does one without `itbl`, so reading says so beside the wrong type.
  @Test(arguments: ["[]", "null", #""x""#, "5"])
  func anItblOfAnotherTypeIsNoMarker(_ itbl: String) throws {
    let result = try translate(#"{"aps": {"alert": "hi"}, "itbl": \#(itbl)}"#, to: APNs())
    #expect(result.output != nil)
    #expect(
      result.diagnostics.contains { $0.code == .wrongType && $0.location == .input("/itbl") },
      "\(result.diagnostics)")
    let marker = try #require(result.diagnostics.first { $0.code == .notVendorPayload })
    #expect(marker.location == .input(.root))
    #expect(marker.message == "no 'itbl' dictionary: the Iterable SDK ignores this push")
    #expect(result.missingMarkers == [.root])
  }

  @Test func optionsIterableCannotKeepAreReported() throws {
    let payload =
      #"{"irVersion": 1, "buttons": [{"id": "r", "label": "Reply", "action": {"type": "custom", "name": "reply", "data": {"n": 1}}, "options": ["destructive"], "textInput": {"buttonTitle": "Send"}}, {"id": "o", "label": "Open", "action": {"type": "openApp"}, "options": []}]}"#
    let result = try translate(payload, from: IRFormat())
    let buttons = try #require(result.output?["itbl"]?["actionButtons"]?.arrayValue)
    #expect(buttons[0]["buttonType"] == "textInput")
    #expect(buttons[0]["action"]?["data"] == #"{"n":1}"#)
    #expect(buttons[1]["openApp"] == true)
    let messages = result.diagnostics.filter { $0.code == .droppedOption }.map(\.message)
    #expect(messages.contains { $0.contains("'Reply' loses its destructive option") })
    #expect(messages.contains { $0.contains("'Open' now opens the app in the foreground") })
    #expect(messages.contains { $0.contains("'Open' now needs an unlocked device") })
    #expect(result.diagnostics.contains { $0.code == .changedAction })
  }

  @Test func idsComeFromSettingsAsTheirTypes() throws {
    let result = try translate(
      #"{"irVersion": 1, "content": {"body": "x"}}"#, from: IRFormat(),
      settings: ["templateId": "12", "isGhostPush": "true", "campaignId": "99", "messageId": "m1"])
    let itbl = try #require(result.output?["itbl"])
    #expect(itbl == ["campaignId": 99, "templateId": 12, "isGhostPush": true, "messageId": "m1"])
    #expect(result.diagnostics.codes.isEmpty)
  }

  @Test func aMissingTemplateIdIsLeftOut() throws {
    let result = try translate(
      #"{"irVersion": 1, "content": {"body": "x"}}"#, from: IRFormat(), settings: [:])
    let itbl = try #require(result.output?["itbl"]?.objectValue)
    #expect(itbl["templateId"] == nil)
    #expect(!result.diagnostics.codes.contains("emit.missing-field"))
  }

  @Test func idsOfTheWrongTypeAreRefused() throws {
    for (name, value) in [("templateId", "abc"), ("campaignId", "x1"), ("isGhostPush", "maybe")] {
      let result = try translate(
        #"{"irVersion": 1, "content": {"body": "x"}}"#, from: IRFormat(), settings: [name: value])
      #expect(result.output == nil)
      #expect(result.diagnostics.codes.contains("emit.invalid-field-value"))
    }
  }

  @Test func aTestSendIsCampaignZero() throws {
    let ir = try #require(
      try translate(#"{"itbl": {"campaignId": 0, "messageId": "m"}}"#, to: IRFormat()).output)
    #expect(ir["tracking"]?["isTest"] == true)
    #expect(ir["tracking"]?["campaignID"] == nil)
    let back = try #require(try translate(#"{"itbl": {"campaignId": 0, "messageId": "m"}}"#).output)
    #expect(back["itbl"]?["campaignId"] == 0)
  }

  /// The SDK takes `campaignId` and `templateId` as `NSNumber`s: a whole number spelled
  /// `10.0` or `1E3` is the same id and is kept as spelled; `0.0` is a test send. Only a
  /// number that is not whole, or a whole one beyond 64 bits (which the SDK's `intValue`
  /// cannot hold), is lost, and said so, for either id alike.
  @Test func wholeIDsAreReadHoweverSpelled() throws {
    let payload =
      #"{"aps": {"alert": "x"}, "itbl": {"campaignId": 1E3, "templateId": 2.0, "messageId": "m"}}"#
    let result = try translate(payload, settings: [:])
    #expect(result.output?["itbl"]?["campaignId"] == .number(JSONNumber(lexeme: "1E3")))
    #expect(result.output?["itbl"]?["templateId"] == .number(JSONNumber(lexeme: "2.0")))
    #expect(!result.diagnostics.codes.contains("parse.invalid-value"))
    let ir = try #require(
      try translate(#"{"itbl": {"campaignId": 10.0, "messageId": "m"}}"#, to: IRFormat()).output)
    #expect(ir["tracking"]?["campaignID"] == "10.0")
    let test = try #require(
      try translate(#"{"itbl": {"campaignId": 0.0, "messageId": "m"}}"#, to: IRFormat()).output)
    #expect(test["tracking"]?["isTest"] == true)
    for (number, reason) in [
      (
        "99999999999999999999",
        "is a whole number beyond 64 bits, which the SDK's 'intValue' cannot hold"
      ),
      ("1.5", "is not a whole number"),
    ] {
      let lost = try translate(
        #"{"itbl": {"campaignId": \#(number), "templateId": 7, "messageId": "m"}}"#,
        settings: [:])
      let invalid = lost.diagnostics.filter { $0.code == .invalidValue }
      #expect(invalid.map(\.message) == ["campaign id '\(number)' \(reason); ignored"])
      #expect(invalid.map(\.location) == [.input("/itbl/campaignId")])
      #expect(lost.output?["itbl"]?["campaignId"] == nil)
      // The template id is any number the SDK sends as it is: kept as spelled.
      let kept = try translate(
        #"{"itbl": {"campaignId": 5, "templateId": \#(number), "messageId": "m"}}"#,
        settings: [:])
      #expect(!kept.diagnostics.codes.contains("parse.invalid-value"), "\(kept.diagnostics)")
      #expect(kept.output?["itbl"]?["templateId"] == .number(JSONNumber(lexeme: number)))
    }
  }

  /// A link or dial button without the foreground option would run in the background,
  /// where the SDK's `UIApplication.open` of its link opens nothing: it is written to
  /// bring the app forward, and said so; a custom action may still run in the background.
  @Test func linkAndDialButtonsBringTheAppForward() throws {
    let payload =
      #"{"irVersion": 1, "content": {"body": "B"}, "buttons": [{"id": "w", "label": "Web", "action": {"type": "openURL", "url": "https://ex.com/a", "destination": "browser"}, "options": []}, {"id": "c", "label": "Call", "action": {"type": "dial", "number": "+15550100"}, "options": []}, {"id": "s", "label": "Snooze", "action": {"type": "custom", "name": "snooze"}, "options": []}]}"#
    let result = try translate(payload, from: IRFormat())
    let buttons = try #require(result.output?["itbl"]?["actionButtons"]?.arrayValue)
    #expect(buttons.map { $0["openApp"] } == [true, true, false])
    let forward = result.diagnostics.filter { $0.message.contains("now brings the app forward") }
    #expect(forward.map(\.code) == [.changedAction, .changedAction])
    #expect(forward.map(\.location) == [.ir("/buttons/0/options"), .ir("/buttons/1/options")])
    #expect(forward[1].message.contains("'tel:+15550100'"))
    // Written so, the payload reads back as it is written again: nothing more to report.
    let written = try #require(result.output)
    let again = try translate(JSONWriter(style: .compact).string(written))
    #expect(again.output?["itbl"]?["actionButtons"] == written["itbl"]?["actionButtons"])
    #expect(!again.diagnostics.contains { $0.message.contains("brings the app forward") })
  }

  /// The SDK opens a link by itself only for `https` (`allowedProtocols` is empty by
  /// default): every other link, the tel: link of a dial among them, is noted at the
  /// place it is written, once each; an https link is not.
  @Test func linksOtherThanHTTPSAreNotedWhereTheyAreWritten() throws {
    let payload =
      #"{"irVersion": 1, "content": {"body": "B"}, "defaultAction": {"type": "openURL", "url": "shop://home", "destination": "app"}, "buttons": [{"id": "w", "label": "Web", "action": {"type": "openURL", "url": "https://ex.com/a", "destination": "app"}, "options": ["foreground"]}, {"id": "c", "label": "Call", "action": {"type": "dial", "number": "+15550100"}, "options": ["foreground"]}, {"id": "h", "label": "Old", "action": {"type": "openURL", "url": "http://ex.com/b", "destination": "app"}, "options": ["foreground"]}]}"#
    let result = try translate(payload, from: IRFormat())
    let notes = result.diagnostics.filter { $0.code.name == "emit.needs-app-setting" }
    #expect(
      notes.map(\.location) == [
        .output("/itbl/defaultAction/data"), .output("/itbl/actionButtons/1/action/data"),
        .output("/itbl/actionButtons/2/action/data"),
      ])
    #expect(
      notes.first?.message
        == "the tap opens 'shop://home', which iterable's SDK opens by itself only for https: unless the app lists 'shop' in iterable's allowedProtocols or handles it in its URL delegate, the link opens nothing"
    )
    #expect(notes[1].message.contains("lists 'tel' in iterable's allowedProtocols"))
  }

  /// A category action's link is noted at the element it is written as.
  @Test func aCategoryActionLinkIsNotedAtItsElement() throws {
    let payload =
      #"{"aps": {"category": "C"}, "itbl": {"messageId": "m", "actionButtons": [{"identifier": "a", "action": {"type": "snooze"}}, {"identifier": "go", "action": {"type": "openUrl", "data": "app://go"}}]}}"#
    let result = try translate(payload)
    let note = try #require(result.diagnostics.first { $0.code.name == "emit.needs-app-setting" })
    #expect(note.location == .output("/itbl/actionButtons/1/action/data"))
  }
}

extension IterableTests {
  /// A button's icon, which only Klaviyo's draft builds show, is reported at the
  /// `actionIcon` it was read from, not at the button.
  @Test func aDraftOnlyIconIsReportedAtItsActionIcon() throws {
    let payload =
      #"{"aps": {"alert": "hi"}, "itbl": {"messageId": "m", "actionButtons": [{"identifier": "b", "title": "Open", "actionIcon": {"iconType": "systemImage", "imageName": "star"}}]}}"#
    let result = try translate(payload, from: Iterable(), to: Klaviyo(), settings: ["_k": "K"])
    let icon = try #require(result.diagnostics.first { $0.code.name == "emit.draft-only-icon" })
    #expect(icon.location == .input("/itbl/actionButtons/0/actionIcon"))
  }
}
