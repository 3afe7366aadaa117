import PushCompiler
import PushIR
import Testing

@Suite struct DfineryTests {
  func convert(_ payload: String, to target: any VendorFormat) throws -> Translator.Result {
    var translator = Translator(from: Dfinery(), to: target)
    translator.settings = ["i": "n-1"]
    return translator.translate(try JSONReader.parse(Array(payload.utf8)))
  }

  /// Dfinery's push sender, as the shared corpus has it (`pushsender-payload.json`).
  static let pushSender =
    #"{"aps": {"alert": {"title": "T", "body": "B"}, "mutable-content": 1}, "dfn": {"c_id": "c", "n_id": "n", "s_id": "s", "u_id": "u", "click_act": {"l_id": "1", "l_name": null, "l_type": "PushMessage", "act_type": "Deeplink", "uri": "scheme://path"}}}"#

  /// The tap's link is carried; only the members of `click_act` it does not carry are
  /// reported dropped, each where it was read, and not `click_act` as a whole.
  @Test func aTargetDroppingClickActNamesOnlyWhatIsLost() throws {
    let result = try convert(Self.pushSender, to: OneSignal())
    #expect(result.output?["custom"]?["u"] == "scheme://path")
    let dropped = result.diagnostics.filter {
      $0.code == .droppedExtra && "\($0.location)".hasPrefix("/dfn/click_act")
    }
    #expect(
      dropped.map(\.location) == [
        .input("/dfn/click_act/l_id"), .input("/dfn/click_act/l_name"),
        .input("/dfn/click_act/l_type"),
      ])
    #expect(dropped.first?.message == "dfinery-only field 'l_id' has no equivalent here; dropped")
    #expect(!result.diagnostics.contains { $0.message.contains("'click_act'") })
  }

  /// Dfinery writes back what it kept of `click_act`, beside the tap's link.
  @Test func clickActRoundTrips() throws {
    let result = try convert(Self.pushSender, to: Dfinery())
    #expect(
      result.output?["dfn"]?["click_act"] == [
        "l_id": "1", "l_name": nil, "l_type": "PushMessage", "act_type": "Deeplink",
        "uri": "scheme://path",
      ])
  }

  /// A `dfn` member of a type the specification does not give (`s_id`, `u_id` and the
  /// `click_act` link members are strings, `is_f` is 1 or 0, `ads` a dictionary) is
  /// reported and ignored, as `is_test` is: the defaults file fills the required ids, and
  /// the output passes Dfinery's own validation.
  @Test func wrongTypedKeptMembersAreIgnoredSoDefaultsFillThem() throws {
    let payload =
      #"{"aps":{"alert":{"title":"t","body":"b"},"mutable-content":1},"dfn":{"is_test":0,"c_id":"c","s_id":5,"u_id":["x"],"is_f":"yes","ads":"a","click_act":{"l_id":1,"l_name":2,"l_type":true,"act_type":"AppOpen"}}}"#
    var translator = Translator(from: Dfinery(), to: Dfinery())
    translator.defaults = ["s_id": "svc", "u_id": "user"]
    let result = translator.translate(try JSONReader.parse(Array(payload.utf8)))
    let dfn = try #require(result.output?["dfn"])
    #expect(dfn["s_id"] == "svc")
    #expect(dfn["u_id"] == "user")
    #expect(dfn["is_f"] == nil)
    #expect(dfn["ads"] == nil)
    #expect(
      dfn["click_act"] == [
        "l_id": "1", "l_type": "PushMessage", "act_type": "AppOpen", "uri": nil,
      ])
    let ignored = result.diagnostics.filter {
      [.wrongType, .invalidValue].contains($0.code)
    }.map { "\($0.code.name) \($0.location)" }
    #expect(
      ignored == [
        "parse.wrong-type /dfn/s_id", "parse.wrong-type /dfn/u_id",
        "parse.invalid-value /dfn/is_f", "parse.wrong-type /dfn/ads",
        "parse.wrong-type /dfn/click_act/l_id", "parse.wrong-type /dfn/click_act/l_name",
        "parse.wrong-type /dfn/click_act/l_type",
      ])
    var validation = Diagnostics()
    Dfinery().validate(try #require(result.output), diagnostics: &validation)
    #expect(!validation.hasErrors, "\(validation.codes)")
  }

  /// `is_f` given as `true` is the flag 1, and is written so, as the specification's
  /// number, as `is_test` is.
  @Test func foregroundFlagIsWrittenAsANumber() throws {
    let payload =
      #"{"aps":{"alert":{"title":"t","body":"b"},"mutable-content":1},"dfn":{"is_test":0,"c_id":"c","s_id":"s","u_id":"u","is_f":true,"click_act":{"l_id":"1","l_type":"PushMessage","act_type":"AppOpen"}}}"#
    let result = try convert(payload, to: Dfinery())
    #expect(result.output?["dfn"]?["is_f"] == 1)
    #expect(result.diagnostics.all.isEmpty, "\(result.diagnostics.codes)")
  }

  /// Converts `payload`, read as `source`, into Dfinery with every required id given, and
  /// returns the output, the convert's `emit.off-spec-field` warnings ("LOCATION
  /// MESSAGE") and the messages of what `validate --from dfinery` refuses in the output.
  func offSpecFindings(_ payload: String, from source: any VendorFormat) throws -> (
    output: JSONValue, warnings: [String], refused: [String]
  ) {
    var translator = Translator(from: source, to: Dfinery())
    translator.settings = ["c_id": "c", "s_id": "s", "u_id": "u"]
    let result = translator.translate(try JSONReader.parse(Array(payload.utf8)))
    let output = try #require(result.output, "\(result.diagnostics.codes)")
    let warnings = result.diagnostics.all.filter { $0.code == .offSpecField }
    #expect(warnings.allSatisfy { $0.severity == .warning && !$0.code.isLossy })
    var validation = Diagnostics()
    Dfinery().validate(output, diagnostics: &validation)
    return (
      output, warnings.map { "\($0.location) \($0.message)" },
      validation.all.filter { $0.severity == .error }.map(\.message)
    )
  }

  /// A payload convert writes for Dfinery: the warnings convert gives (location, then
  /// message) and the errors `validate --from dfinery` gives the output.
  struct OffSpecCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let source: String
    let payload: String
    let warnings: [String]
    let refused: [String]
  }

  /// An alert of a body alone, or of a title alone, is written as it is, as the SDK shows
  /// it, and no alert at all stays none; a critical sound keeps its dictionary, which iOS
  /// plays. Convert says that Dfinery's own validation refuses each, where the missing
  /// field would be or where the source gave it; what the specification accepts gives no
  /// such warning.
  static let offSpecCases = [
    OffSpecCase(
      testDescription: "a body alone", source: "klaviyo",
      payload: #"{"aps":{"alert":"Just a body"},"body":{"_k":"k"}}"#,
      warnings: [
        "output:/aps/alert 'aps.alert.title' is missing: Dfinery's specification requires it, and 'pushc validate --from dfinery' refuses this output; the SDK shows the body alone"
      ],
      refused: ["'aps.alert.title' is missing; the specification requires it"]),
    OffSpecCase(
      testDescription: "a title alone", source: "apns",
      payload: #"{"aps":{"alert":{"title":"Only a title"}}}"#,
      warnings: [
        "output:/aps/alert 'aps.alert.body' is missing: Dfinery's specification requires it, and 'pushc validate --from dfinery' refuses this output; the SDK shows the title alone"
      ],
      refused: ["'aps.alert.body' is missing; the specification requires it"]),
    OffSpecCase(
      testDescription: "no alert", source: "apns", payload: #"{"aps":{"content-available":1}}"#,
      warnings: [
        "output:/aps 'aps.alert' is missing: Dfinery's specification requires it, and 'pushc validate --from dfinery' refuses this output; the push shows no alert, as the notification has no text"
      ],
      refused: ["'aps.alert' is missing; the specification requires it"]),
    OffSpecCase(
      testDescription: "a critical sound", source: "apns",
      payload:
        #"{"aps":{"alert":{"title":"t","body":"b"},"sound":{"critical":1,"name":"alarm.caf","volume":0.5}}}"#,
      warnings: [
        "/aps/sound 'aps.sound' is written as a dictionary, for a critical sound: Dfinery's specification gives a string, and 'pushc validate --from dfinery' refuses this output; iOS plays the critical sound it describes"
      ],
      refused: ["'aps.sound' must be a string, but it is an object"]),
    OffSpecCase(
      testDescription: "a titled alert with a named sound", source: "apns",
      payload: #"{"aps":{"alert":{"title":"t","body":"b"},"sound":"default"}}"#,
      warnings: [], refused: []),
  ]

  @Test(arguments: offSpecCases)
  func whatTheSpecificationRefusesIsReported(_ example: OffSpecCase) throws {
    let source = try #require(Vendors.named(example.source))
    let found = try offSpecFindings(example.payload, from: source)
    #expect(found.warnings == example.warnings)
    #expect(found.refused == example.refused)
  }

  /// What those payloads' outputs hold: what the SDK and iOS take, as the source gave it.
  @Test func offSpecOutputsKeepWhatThePhoneShows() throws {
    func output(of example: Int) throws -> JSONValue {
      let example = Self.offSpecCases[example]
      return try offSpecFindings(example.payload, from: try #require(Vendors.named(example.source)))
        .output
    }
    #expect(try output(of: 0)["aps"]?["alert"] == ["body": "Just a body"])
    #expect(try output(of: 2)["aps"]?["alert"] == nil)
    let sound = try output(of: 3)["aps"]?["sound"]
    #expect(sound?["volume"] != nil)
    #expect(sound?["critical"] == 1)
  }

  /// A sound an IR document keeps verbatim, not a string, is reported where it is kept.
  @Test func aKeptSoundOfAnotherTypeIsReported() throws {
    let document =
      #"{"irVersion":1,"content":{"title":"t","body":"b"},"extras":{"aps":{"sound":{"name":5}}}}"#
    let found = try offSpecFindings(document, from: IRFormat())
    #expect(
      found.warnings == [
        "ir:/extras/aps/sound 'aps.sound' is written as the IR document keeps it, of type object: Dfinery's specification gives a string, and 'pushc validate --from dfinery' refuses this output"
      ])
    #expect(found.refused == ["'aps.sound' must be a string, but it is an object"])
  }

  /// `dfn` members an IR document keeps of another type than the specification gives are
  /// written as kept and reported where they are written.
  @Test func keptMembersOfAnotherTypeAreReported() throws {
    let document =
      #"{"irVersion":1,"content":{"title":"t","body":"b"},"extras":{"dfinery":{"is_f":"x","click_act":{"l_id":3}}}}"#
    let found = try offSpecFindings(document, from: IRFormat())
    #expect(found.output["dfn"]?["is_f"] == "x")
    #expect(
      found.warnings == [
        "output:/dfn/is_f a kept value is written as it is, which 'pushc validate --from dfinery' refuses: 'dfn.is_f' must be 1 or 0, but it is a string",
        "output:/dfn/click_act/l_id a kept value is written as it is, which 'pushc validate --from dfinery' refuses: 'dfn.click_act.l_id' must be a string, but it is a number",
      ])
    #expect(found.refused.count == 2)
  }

  /// A missing id is the error `emit.missing-field` alone, kept members or not.
  @Test func aMissingIdBesideKeptMembersIsNoOffSpecValue() throws {
    var translator = Translator(from: IRFormat(), to: Dfinery())
    translator.settings = ["c_id": "c"]
    let result = translator.translate(
      try JSONReader.parse(
        Array(
          #"{"irVersion":1,"content":{"title":"T","body":"B"},"extras":{"dfinery":{"priority":"high"}}}"#
            .utf8)))
    #expect(result.output == nil)
    #expect(
      result.diagnostics.all.filter { $0.code == .missingField }.map(\.location.description)
        == ["output:/dfn/s_id", "output:/dfn/u_id"])
    #expect(!result.diagnostics.contains { $0.code == .offSpecField }, "\(result.diagnostics)")
  }
}
