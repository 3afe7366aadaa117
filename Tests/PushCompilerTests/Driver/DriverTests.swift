import Foundation
import PushCompiler
import PushIR
import Testing

@Suite struct DriverTests {
  struct Run {
    var code: ExitCode
    var output: String
    var error: String
  }

  func run(_ arguments: [String], input: String = "") -> Run {
    let (code, streams) = runPushc(arguments, input: input)
    return Run(code: code, output: streams.outputText, error: streams.error)
  }

  static let predefined = #"""
    {"aps": {"alert": "Order shipped", "category": "com.klaviyo.category.viewDismiss"},
     "body": {"_k": "k1", "url": "app://orders", "actions": {"com.klaviyo.action.view": {"url": "app://orders/1"}}}}
    """#

  @Test func convertsStandardInputToStandardOutput() throws {
    let result = run(["convert", "--from", "klaviyo", "--to", "klaviyo"], input: Self.predefined)
    #expect(result.code == .success)
    let output = try JSONReader.parse(Array(result.output.utf8))
    #expect(output["aps"]?["category"] == nil)
    #expect(output["aps"]?["mutable-content"] == 1)
    #expect(output["body"]?["action_buttons"]?.arrayValue?.count == 2)
    #expect(result.output.hasSuffix("}\n"))
    #expect(
      result.error.contains(
        "<stdin>:/aps/category: note: 'com.klaviyo.category.viewDismiss' expanded"))
  }

  @Test func shortFlagsEqualsFormsAndCompactOutput() {
    let result = run(
      ["convert", "-f", "apns", "--to=ir", "--compact", "-"], input: #"{"aps":{"alert":"hi"}}"#)
    #expect(result.code == .success)
    #expect(result.output == #"{"irVersion":1,"content":{"body":"hi"}}"# + "\n")
  }

  @Test(arguments: [
    ("", JSONSyntaxError.Kind.emptyInput.rawValue, "<stdin>:1:1: error"),
    ("{\"aps\": ", "json.unexpected-end", "<stdin>:1:9: error"),
    ("[1, 2]", "input.not-an-object", "<stdin>: error"),
    ("{\"a\": \"\u{1}\"}", "json.control-character", "<stdin>:1:8: error"),
  ])
  func badInputExitsWithDataErrorAndWritesNothing(_ input: String, _ code: String, _ prefix: String)
  {
    let result = run(["convert", "-f", "klaviyo", "-t", "klaviyo"], input: input)
    #expect(result.code == .dataError)
    #expect(result.output.isEmpty)
    #expect(result.error.hasPrefix(prefix))
    #expect(
      result.error.contains(
        "[\(code.hasPrefix("json.") || code.hasPrefix("input.") ? code : "json." + code)]"))
  }

  @Test func invalidUTF8AndDeepNestingAreLocated() {
    var streams = BufferedStreams(input: [
      0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC3, 0x28, 0x22, 0x7D,
    ])
    #expect(Driver.run(["convert", "-f", "apns", "-t", "apns"], streams: &streams) == .dataError)
    #expect(streams.output.isEmpty)
    #expect(
      streams.error.hasPrefix("<stdin>:1:7: error: invalid UTF-8 byte 0xC3 [json.invalid-utf8]"))
    let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    let result = run(["convert", "-f", "apns", "-t", "apns"], input: deep)
    #expect(result.code == .dataError)
    #expect(result.error.contains("[json.too-deep]"))
  }

  @Test(arguments: [
    ["convert", "--to", "apns"],
    ["convert", "--from", "apns"],
    ["convert", "--from", "nope", "--to", "apns"],
    ["convert", "--from", "apns", "--to", "apns", "--fail-on", "sometimes"],
    ["convert", "--from", "apns", "--to", "apns", "--option", "fallback-category"],
    ["convert", "--from", "apns", "--to", "apns", "--passes", "bogus"],
    ["convert", "--from", "apns", "--to", "apns", "--set", "novalue"],
    ["convert", "--from", "apns", "--to", "apns", "a.json", "b.json"],
    ["--frobnicate"],
    ["formats", "extra"],
  ])
  func usageErrorsExit64(_ arguments: [String]) {
    let result = run(arguments)
    #expect(result.code == .usage)
    #expect(result.output.isEmpty)
    #expect(result.error.hasPrefix("pushc: "))
  }

  /// An option that takes no value, given one, is refused for that, not as unknown: for
  /// every format's flag-style options, and for fcm's, which takes its inner formats'.
  @Test(arguments: [
    (
      "onesignal", "os-data-format=yes",
      "onesignal's option 'os-data-format' takes no value; give --option os-data-format"
    ),
    ("klaviyo", "fallback-category=1", "klaviyo's option 'fallback-category' takes no value"),
    ("expo", "device-form=", "expo's option 'device-form' takes no value"),
    ("fcm", "device-form=true", "fcm's option 'device-form' takes no value"),
  ])
  func aFlagGivenAValueIsRefusedForThat(_ target: String, _ option: String, _ message: String) {
    let result = run(
      ["convert", "--from", "apns", "--to", target, "--option", option],
      input: #"{"aps": {"alert": "x"}}"#)
    #expect(result.code == .usage)
    #expect(result.output.isEmpty)
    #expect(result.error.contains(message), "\(result.error)")
    #expect(!result.error.contains("has no option"))
  }

  /// A `--set` name the target has no field of is refused, naming the fields it has, as
  /// an unknown `--option` is: a mistyped name would otherwise be dropped unseen.
  @Test(arguments: [
    ("klaviyo", "_K", "--set '_K' names no field of klaviyo's output; it takes '_k'"),
    ("apns", "_k", "--set '_k' names no field of apns's output; apns takes none"),
    ("dfinery", "c_ID", "it takes 'is_test', 'c_id', 's_id', 'u_id', 'n_id'"),
  ])
  func setNamesAFieldOfTheTarget(_ target: String, _ name: String, _ message: String) {
    let arguments = ["convert", "--from", "klaviyo", "--to", target, "--set", "\(name)=1"]
    for command in [arguments, arguments.replacing(["convert"], with: ["batch"]) + ["-o", "-"]] {
      let result = run(command, input: Self.predefined)
      #expect(result.code == .usage)
      #expect(result.output.isEmpty)
      #expect(result.error.contains(message), "\(result.error)")
    }
  }

  /// FCM takes the `--set` fields of the format `--option inner=` names, which it writes
  /// inside; without it, or around a format written in its device form, its own only,
  /// and a name of another format's field is a usage error naming those fcm takes.
  @Test(arguments: [
    (
      [] as [String], "i",
      "--set 'i' names no field of fcm's output; it takes 'token', 'topic', 'condition', and the fields of the format --option inner=FORMAT names"
    ),
    (
      [], "to",
      "--set 'to' names no field of fcm's output; it takes 'token', 'topic', 'condition', and the fields of the format --option inner=FORMAT names"
    ),
    (
      ["--option", "inner=klaviyo"], "i",
      "--set 'i' names no field of fcm's output around klaviyo; it takes 'token', 'topic', 'condition', '_k'"
    ),
    (
      ["--option", "inner=expo"], "to",
      "--set 'to' names no field of fcm's output around expo, written in its device form; it takes 'token', 'topic', 'condition'"
    ),
  ])
  func fcmRefusesAFieldItsInnerFormatDoesNotWrite(
    _ options: [String], _ name: String, _ message: String
  ) {
    let result = run(
      ["convert", "--from", "klaviyo", "--to", "fcm", "--set", "token=abc", "--set", "\(name)=1"]
        + options, input: Self.predefined)
    #expect(result.code == .usage)
    #expect(result.output.isEmpty)
    #expect(result.error.hasPrefix("pushc: " + message), "\(result.error)")
  }

  @Test func fcmTakesTheFieldsOfItsInnerFormat() {
    let klaviyoInside = run(
      [
        "convert", "--from", "klaviyo", "--to", "fcm", "--option", "inner=klaviyo", "--set",
        "_k=mine", "--set", "token=t", "--compact",
      ], input: Self.predefined)
    #expect(klaviyoInside.code == .success)
    #expect(klaviyoInside.output.contains(#""_k":"mine""#))
    let apnsInside = run(
      [
        "convert", "--from", "klaviyo", "--to", "fcm", "--option", "inner=apns", "--set",
        "_k=mine", "--set", "token=t",
      ], input: Self.predefined)
    #expect(apnsInside.code == .usage)
    #expect(apnsInside.error.contains("--set '_k' names no field of fcm's output"))
  }

  /// A word where the command goes is named as no command, even before options that
  /// need one, and a file named there too.
  @Test(arguments: [
    ["frobnicate"], ["conver", "--from", "apns", "-"], ["k.json", "--from", "klaviyo"],
  ])
  func anUnknownCommandIsNamed(_ arguments: [String]) {
    let result = run(arguments)
    #expect(result.code == .usage)
    #expect(
      result.error.hasPrefix(
        "pushc: '\(arguments[0])' is not a command; the first word is one of convert, validate, detect, batch, formats, passes, help, version\n"
      ))
  }

  /// An option the command has no use for is refused by name, not ignored.
  @Test(arguments: [
    (["detect", "--from", "klaviyo", "-"], "'--from' does not apply to 'detect'"),
    (["detect", "-o", "out.json", "-"], "'-o' does not apply to 'detect'"),
    (["validate", "--from", "apns", "--to", "ir", "-"], "'--to' does not apply to 'validate'"),
    (
      ["convert", "-f", "apns", "-t", "apns", "--report", "r.jsonl"],
      "'--report' does not apply to 'convert'"
    ),
    (
      ["batch", "-f", "apns", "-t", "apns", "--dump-after", "parse", "-"],
      "'--dump-after' does not apply to 'batch'"
    ),
    (
      ["batch", "-f", "apns", "-t", "apns", "-", "-"], "standard input ('-') can be read only once"
    ),
    (["formats", "--from", "x"], "'--from' does not apply to 'formats'"),
    (["passes", "-o", "y"], "'-o' does not apply to 'passes'"),
    (["formats", "--diagnostics=json"], "'--diagnostics' does not apply to 'formats'"),
    (["version", "--compact"], "'--compact' does not apply to 'version'"),
    (["--to", "apns"], "'--to' needs a command: convert, validate, detect or batch"),
  ])
  func optionsOutsideTheirCommandAreUsageErrors(_ arguments: [String], message: String) {
    let result = run(arguments, input: #"{"aps":{"alert":"hi"}}"#)
    #expect(result.code == .usage)
    #expect(result.output.isEmpty)
    #expect(result.error.hasPrefix("pushc: \(message)\n"))
  }

  /// An option missing its value is named as it was written, short or long.
  @Test(arguments: [
    (["batch", "--from", "auto", "--to", "klaviyo", "a.ndjson", "-o"], "'-o' needs a value"),
    (["batch", "--to", "klaviyo", "a.ndjson", "--output"], "'--output' needs a value"),
    (["convert", "-t", "apns", "-f"], "'-f' needs a value"),
  ])
  func anOptionWithoutItsValueIsNamedAsWritten(_ arguments: [String], message: String) {
    let result = run(arguments)
    #expect(result.code == .usage)
    #expect(result.error.hasPrefix("pushc: \(message)\n"))
  }

  /// `--help` and `--version` answer wherever they stand, whatever else is given.
  @Test(arguments: [
    (["convert", "--from", "x", "--help"], "usage: pushc convert"),
    (["convert", "in.json", "--help"], "usage: pushc convert"),
    (["--help", "batch", "-o", "y"], "usage: pushc convert"),
    (["formats", "--help"], "usage: pushc formats\n"),
    (["passes", "-h"], "usage: pushc passes\n"),
    (["batch", "-o", "y", "--help"], "usage: pushc batch "),
    (["passes", "--version"], "pushc \(Driver.version) "),
    (["detect", "-o", "y", "--version"], "pushc \(Driver.version) "),
  ])
  func helpAndVersionAnswerAnywhere(_ arguments: [String], output: String) {
    let result = run(arguments)
    #expect(result.code == .success)
    #expect(result.output.hasPrefix(output))
    #expect(result.error.isEmpty)
  }

  @Test func optionsOfEveryCommandStillApply() {
    let input = #"{"aps":{"alert":"hi"}}"#
    #expect(run(["detect", "--diagnostics", "json", "-"], input: input).code == .success)
    #expect(
      run(["validate", "-f", "apns", "--fail-on", "lossy", "-"], input: input).code == .success)
    #expect(
      run(["batch", "-f", "apns", "-t", "apns", "--compact", "-"], input: input).code == .success)
  }

  @Test func missingInputFileExits66() {
    let result = run(["convert", "-f", "apns", "-t", "apns", "/nonexistent/payload.json"])
    #expect(result.code == .noInput)
    #expect(
      result.error
        == "/nonexistent/payload.json: error: cannot read '/nonexistent/payload.json': no such file or directory [input.unreadable]\n"
    )
  }

  @Test func failOnLossyAndWarningWriteNothingAndExit1() {
    let lossy = run(
      ["convert", "-f", "klaviyo", "-t", "apns", "--fail-on=lossy"], input: Self.predefined)
    #expect(lossy.code == .failed)
    #expect(lossy.output.isEmpty)
    let warning = run(
      ["convert", "-f", "klaviyo", "-t", "klaviyo", "--fail-on", "warning"], input: Self.predefined)
    #expect(warning.code == .failed)
    let lossless = run(
      ["convert", "-f", "apns", "-t", "apns", "--fail-on", "lossy"],
      input: #"{"aps": {"alert": "x"}, "k": 1}"#)
    #expect(lossless.code == .success)
  }

  @Test func jsonDiagnosticsAreOneObjectPerLine() throws {
    let result = run(
      ["convert", "-f", "klaviyo", "-t", "klaviyo", "--diagnostics=json"], input: Self.predefined)
    let lines = result.error.split(separator: "\n")
    #expect(lines.count >= 3)
    for line in lines {
      let object = try JSONReader.parse(Array(line.utf8))
      #expect(object["file"] == "<stdin>")
      #expect(object["code"]?.stringValue != nil)
      #expect(object["severity"]?.stringValue != nil)
    }
    #expect(
      lines.contains {
        $0.contains(#""code":"pass.expanded-category""#)
          && $0.contains(#""location":"/aps/category""#)
      })
  }

  @Test func writesTheOutputFileAtomicallyAndOnlyOnSuccess() throws {
    let folder = try TemporaryFolder.make("driver")
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in.json")
    let output = folder.appendingPathComponent("out.json")
    try Data(Self.predefined.utf8).write(to: input)
    #expect(
      run(["convert", "-f", "klaviyo", "-t", "klaviyo", input.path, "-o", output.path]).code
        == .success)
    let written = try JSONReader.parse(Array(Data(contentsOf: output)))
    #expect(written["body"]?["_k"] == "k1")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "in.json", "out.json",
      ])

    let failing = folder.appendingPathComponent("never.json")
    #expect(
      run([
        "convert", "-f", "klaviyo", "-t", "apns", input.path, "-o", failing.path, "--fail-on=lossy",
      ]).code == .failed)
    #expect(!FileManager.default.fileExists(atPath: failing.path))

    let unwritable = run([
      "convert", "-f", "klaviyo", "-t", "klaviyo", input.path, "-o", "/nonexistent/dir/out.json",
    ])
    #expect(unwritable.code == .cannotCreateOutput)
  }

  @Test func validateAppliesTheSpecRules() {
    let valid =
      #"{"aps": {"alert": "x", "mutable-content": 1}, "body": {"_k": "n1", "action_buttons": [{"id": "a", "label": "A", "action": "open_app"}]}}"#
    let okRun = run(["validate", "--from", "klaviyo"], input: valid)
    #expect(okRun.code == .success)
    #expect(okRun.error == "<stdin>: valid klaviyo payload\n")

    let invalid =
      #"{"aps": {"alert": "x", "category": "unknown.category"}, "body": {"action_buttons": [{"id": "a"}]}}"#
    let bad = run(["validate", "--from", "klaviyo"], input: invalid)
    #expect(bad.code == .failed)
    #expect(bad.output.isEmpty)
    for expected in [
      "<stdin>:/body: error: 'body._k' is required",
      "<stdin>:/body/action_buttons/0: error: button 0 has no 'label' string [validate.missing-field]",
      "<stdin>:/aps: error: dynamic buttons need 'aps.mutable-content: 1'",
      "<stdin>:/aps/category: error: 'aps.category' \"unknown.category\" is not a Klaviyo category",
    ] {
      #expect(bad.error.contains(expected), "missing: \(expected)")
    }
  }

  /// The specification's types and button count are rules of their own; a value the
  /// rule types is reported once, by the rule.
  @Test func validateChecksTheSpecsTypesAndButtonCount() {
    func button(_ id: String) -> String { #"{"id": "\#(id)", "label": "L", "action": "open_app"}"# }
    func payload(_ body: String) -> String {
      #"{"aps": {"alert": "x", "mutable-content": 1}, "body": {"_k": "n1", \#(body)}}"#
    }
    let cases: [(body: String, expected: [String])] = [
      (
        #""action_buttons": []"#,
        [
          "/body/action_buttons: error: 'body.action_buttons' holds 0 buttons; the specification allows 1 to 4 [validate.button-count]"
        ]
      ),
      (
        #""action_buttons": [\#((1...5).map { button("b\($0)") }.joined(separator: ", "))]"#,
        [
          "/body/action_buttons: error: 'body.action_buttons' holds 5 buttons; the specification allows 1 to 4 [validate.button-count]"
        ]
      ),
      (
        #""url": 5, "actions": "x", "action_buttons": ["b", {"id": "a", "label": "A", "action": "open_app", "url": 7, "icon": 5}]"#,
        [
          "/body/url: error: 'body.url' must be a string, but it is a number [validate.wrong-type]",
          "/body/actions: error: 'body.actions' must be an object, but it is a string [validate.wrong-type]",
          "/body/action_buttons/0: error: 'body.action_buttons.0' must be an object, but it is a string [validate.wrong-type]",
          "/body/action_buttons/1/url: error: 'body.action_buttons.1.url' must be a string, but it is a number [validate.wrong-type]",
          "/body/action_buttons/1/icon: error: 'body.action_buttons.1.icon' must be a string, but it is a number [validate.wrong-type]",
        ]
      ),
      (
        #""action_buttons": {"0": {}}"#,
        [
          "/body/action_buttons: error: 'body.action_buttons' must be an array, but it is an object [validate.wrong-type]"
        ]
      ),
    ]
    for (body, expected) in cases {
      let result = run(["validate", "--from", "klaviyo"], input: payload(body))
      #expect(result.code == .failed, "\(body)")
      let errors = result.error.split(separator: "\n").filter { $0.contains(": error: ") }
      #expect(errors.map { String($0.dropFirst("<stdin>:".count)) } == expected, "\(body)")
      #expect(!result.error.contains("[parse.wrong-type]"), "\(body)")
    }
    let four = run(
      ["validate", "--from", "klaviyo"],
      input: payload(
        #""action_buttons": [\#((1...4).map { button("b\($0)") }.joined(separator: ", "))]"#))
    #expect(four.code == .success, "\(four.error)")
  }

  /// Each seed specification's rules: what it requires and the types it gives, for the
  /// formats whose specification states them.
  @Test(arguments: [
    (
      "dfinery",
      #"{"aps": {"alert": "x"}, "dfn": {"is_test": true, "c_id": "c", "s_id": "s", "click_act": {"l_id": "1", "l_type": "PushMessage", "act_type": "AppOpen"}, "btn": [{"l_id": "1", "l_type": "Button", "act_type": "AppOpen", "uri": null}]}}"#,
      [
        ":/aps/alert: error: 'aps.alert.title' is missing; the specification requires it [validate.missing-field]",
        ":/dfn/is_test: error: 'dfn.is_test' must be 1 or 0, but it is a boolean [validate.wrong-type]",
        ":/dfn: error: 'dfn.u_id' is missing; the specification requires it [validate.missing-field]",
        ":/dfn/btn/0: error: 'dfn.btn.0.l_name' is missing; the specification requires it [validate.missing-field]",
        ":/aps: error: dfinery's pushes need 'aps.mutable-content: 1', or the service extension never runs [validate.mutable-content]",
        ":/aps: error: 'aps.category' is missing: the extension registers the buttons of 'dfn.btn' under its name ('DFINERY'), so without one they do not show [validate.missing-field]",
      ]
    ),
    (
      "acoustic",
      #"{"aps": {"alert": "x"}, "category-actions": [{"name": "A", "type": "url", "value": "https://a.example"}, {"type": "dial"}]}"#,
      [
        ": error: 'notification-action' is missing; the specification requires it [validate.missing-field]",
        ":/category-actions/1: error: 'category-actions.1.name' is missing; the specification requires it [validate.missing-field]",
        ":/aps: error: dynamic action categories need 'aps.mutable-content: 1', or the service extension never runs [validate.mutable-content]",
      ]
    ),
    (
      "clevertap",
      ##"{"aps": {"alert": "x"}, "W$id": "1", "ct_ContentSlider": "{\"items\": []}", "pt_id": "pt_timer", "pt_json": "{\"pt_title\": \"t\", \"pt_msg\": \"m\", \"pt_bg\": \"#fff\"}"}"##,
      [
        ":/aps: error: the content slider needs 'aps.mutable-content: 1', or the system does not call the app's extension [validate.mutable-content]",
        ":/pt_json: error: 'pt_dl1' is missing; the pt_timer template requires it [validate.missing-field]",
        ":/pt_json: error: 'pt_timer_threshold' or 'pt_timer_end' is missing; the pt_timer template requires one [validate.missing-field]",
      ]
    ),
    (
      "yellowai",
      #"{"topic": "t", "title": 5, "contentAvailable": "yes", "payload": {"deeplink": 7}}"#,
      [
        ":/contentAvailable: error: 'contentAvailable' must be true or false, but it is a string [validate.wrong-type]",
        ":/title: error: 'title' must be a string, but it is a number [validate.wrong-type]",
        ":/payload/deeplink: error: 'payload.deeplink' must be a string, but it is a number [validate.wrong-type]",
      ]
    ),
  ])
  func validateAppliesEachSeedSpecification(
    _ format: String, _ payload: String, _ expected: [String]
  ) {
    let result = run(["validate", "--from", format], input: payload)
    #expect(result.code == .failed)
    let errors = result.error.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(errors.map(String.init) == expected.map { "<stdin>" + $0 })
  }

  /// What reading finds comes first, then the rules; a fault a rule reports is not said
  /// again by the front end at the same place.
  @Test func validateSaysEachFindingOnceReadingFirst() {
    let payload =
      #"{"aps": {"alert": "x", "alert": "y", "mutable-content": 1}, "body": {"_k": "k", "action_buttons": ["b", {"id": "a", "label": "A", "action": "open_app"}]}}"#
    let result = run(["validate", "--from", "klaviyo"], input: payload)
    #expect(result.code == .failed)
    #expect(
      result.error == """
        <stdin>:/aps/alert: warning: 'alert' occurs again later in this object; this value is dropped [input.duplicate-key]
        <stdin>:/body/action_buttons/0: error: 'body.action_buttons.0' must be an object, but it is a string [validate.wrong-type]

        """)
  }

  /// The rules read the payload as the front end does: Yellow.ai's device form is any
  /// payload with `aps`, a Dfinery flag of 0 is no flag, a `null` slider no slider.
  @Test(arguments: [
    (
      "yellowai", #"{"aps": "x", "image": 3}"#,
      ["<stdin>:/image: error: 'image' must be a string, but it is a number [validate.wrong-type]"]
    ),
    (
      "dfinery",
      #"{"aps": {"alert": {"title": "t", "body": "b"}, "mutable-content": 0}, "dfn": {"is_test": 0, "c_id": "c", "s_id": "s", "u_id": "u", "click_act": {"l_id": "1", "l_type": "x", "act_type": "AppOpen"}}}"#,
      [
        "<stdin>:/aps: error: dfinery's pushes need 'aps.mutable-content: 1', or the service extension never runs [validate.mutable-content]"
      ]
    ),
    ("clevertap", #"{"aps": {"alert": "x"}, "W$id": "1", "ct_ContentSlider": null}"#, []),
  ])
  func validateReadsThePayloadAsTheFrontEndDoes(
    _ format: String, _ payload: String, _ errors: [String]
  ) {
    let result = run(["validate", "--from", format], input: payload)
    #expect(result.code == (errors.isEmpty ? .success : .failed))
    #expect(
      result.error.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init)
        == errors)
  }

  /// A payload valid only with warnings says how many, right beside its verdict: a
  /// silent sync, which the SDK consumes instead of showing, is Iterable's push.
  @Test func validateCountsTheWarningsOfAValidPayload() {
    let payload =
      #"{"aps":{"alert":"x"},"itbl":{"templateId":1,"campaignId":1,"messageId":"m","isGhostPush":true},"notificationType":"UpdateEmbedded"}"#
    let ignored = run(["validate", "--from", "iterable"], input: payload)
    #expect(ignored.code == .success)
    #expect(ignored.error.hasSuffix("<stdin>: valid iterable payload, with 1 warning\n"))
    let failed = run(["validate", "--from", "iterable", "--fail-on", "warning"], input: payload)
    #expect(failed.code == .failed)
    #expect(!failed.error.contains("valid iterable payload"))
  }

  /// A root that is not an object is `input.not-an-object` alone, exit 65, as `convert`
  /// says it, with whatever format: no rule is checked against it.
  @Test func validateOfARootThatIsNotAnObjectIsADataError() {
    for format in ["klaviyo", "apns", "auto"] {
      let result = run(["validate", "--from", format], input: "[1]")
      #expect(result.code == .dataError, "\(format)")
      #expect(
        result.error
          == "<stdin>: error: the payload is a JSON array, but a push payload is an object [input.not-an-object]\n",
        "\(format)")
    }
  }

  @Test func dumpAfterAPassPrintsTheIRToStandardError() {
    let result = run(
      ["convert", "-f", "klaviyo", "-t", "klaviyo", "--dump-after", "expand-categories"],
      input: Self.predefined)
    #expect(result.code == .success)
    #expect(result.error.contains("--- after expand-categories ---\n{\n  \"irVersion\": 1"))
    #expect(result.error.contains("\"type\": \"dismiss\""))
  }

  @Test func deselectingFitTargetStillReportsEveryLoss() {
    let all = run(["convert", "-f", "klaviyo", "-t", "apns"], input: Self.predefined)
    let without = run(
      ["convert", "-f", "klaviyo", "-t", "apns", "--passes", "normalize-shapes"],
      input: Self.predefined)
    #expect(all.output == without.output)
    #expect(without.error.contains("[fit.dropped-action]"))
  }

  @Test func helpVersionFormatsAndPassesPrintToStandardOutput() {
    #expect(run(["--help"]).output.hasPrefix("usage: pushc convert"))
    #expect(run(["--version"]).output.hasPrefix("pushc "))
    let formats = run(["formats"]).output
    for id in Vendors.ids { #expect(formats.contains("\n\(id)\n") || formats.hasPrefix("\(id)\n")) }
    #expect(formats.contains("--option fallback-category"))
    #expect(formats.contains("--set _k=VALUE: "))
    #expect(formats.contains("--set W$id=VALUE (or wzrk_id): "))
    #expect(
      run(["passes"]).output.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        == Pipeline.standard.names)
  }

  @Test func oversizedPayloadsAreRefusedUnlessFitShortensTheBody() throws {
    let body = String(repeating: "é", count: 3000)
    let payload = #"{"aps": {"alert": {"title": "Long", "body": "\#(body)"}}, "body": {"_k": "k"}}"#
    let refused = run(["convert", "-f", "klaviyo", "-t", "klaviyo"], input: payload)
    #expect(refused.code == .dataError)
    #expect(refused.output.isEmpty)
    #expect(
      refused.error.contains(
        "<stdin>:output: error: the payload is 6082 bytes; APNs accepts at most 4096 [emit.over-budget]"
      ))

    let fitted = run(
      ["convert", "-f", "klaviyo", "-t", "klaviyo", "--fit", "--compact"], input: payload)
    #expect(fitted.code == .success)
    #expect(fitted.output.utf8.count - 1 <= 4096)
    #expect(fitted.output.utf8.count - 1 > 4000)
    let output = try JSONReader.parse(Array(fitted.output.utf8))
    let shortened = try #require(output["aps"]?["alert"]?["body"]?.stringValue)
    #expect(shortened.hasSuffix("…"))
    #expect(shortened.dropLast().allSatisfy { $0 == "é" })
    #expect(fitted.error.contains("<stdin>:/aps/alert/body: warning: body shortened from 6000 to"))
    #expect(run(["convert", "-f", "klaviyo", "-t", "ir"], input: payload).code == .success)
  }

  @Test func defaultsFileSuppliesRequiredFieldsAndSetWins() throws {
    let folder = try TemporaryFolder.make("defaults")
    defer { try? FileManager.default.removeItem(at: folder) }
    let defaults = folder.appendingPathComponent("defaults.json")
    try Data(#"{"_k": "from-defaults"}"#.utf8).write(to: defaults)
    let payload = #"{"aps": {"alert": "x"}}"#
    let fromFile = run(
      ["convert", "-f", "apns", "-t", "klaviyo", "--defaults", defaults.path], input: payload)
    #expect(fromFile.code == .success)
    #expect(try JSONReader.parse(Array(fromFile.output.utf8))["body"]?["_k"] == "from-defaults")
    #expect(!fromFile.error.contains("emit.derived-value"))
    let overridden = run(
      ["convert", "-f", "apns", "-t", "klaviyo", "--defaults", defaults.path, "--set", "_k=given"],
      input: payload)
    #expect(try JSONReader.parse(Array(overridden.output.utf8))["body"]?["_k"] == "given")
    let ownID = run(
      ["convert", "-f", "klaviyo", "-t", "klaviyo", "--defaults", defaults.path],
      input: #"{"body": {"_k": "own"}}"#)
    #expect(try JSONReader.parse(Array(ownID.output.utf8))["body"]?["_k"] == "own")

    try Data(#"{"_k": 5}"#.utf8).write(to: defaults)
    let wrongType = run(
      ["convert", "-f", "apns", "-t", "klaviyo", "--defaults", defaults.path], input: payload)
    #expect(wrongType.code == .dataError)
    #expect(wrongType.output.isEmpty)
    #expect(
      wrongType.error
        == "\(defaults.path):/_k: error: '_k' must be a string, found number; nothing is converted [emit.invalid-field-value]\n"
    )
    let missing = run(
      ["convert", "-f", "apns", "-t", "klaviyo", "--defaults", "/nonexistent/d.json"],
      input: payload)
    #expect(missing.code == .noInput)
  }

  @Test func missingRequiredFieldsAreNamedAndNothingIsWritten() throws {
    let payload = #"{"aps": {"alert": "Sale"}, "url": "shop://sale", "body": {"_k": "k"}}"#
    let refused = run(["convert", "-f", "klaviyo", "-t", "dfinery"], input: payload)
    #expect(refused.code == .dataError)
    #expect(refused.output.isEmpty)
    for field in ["c_id", "s_id", "u_id"] {
      #expect(
        refused.error.contains(
          "output:/dfn/\(field): error: dfinery needs 'dfn.\(field)'"),
        "no error names \(field)")
      #expect(refused.error.contains("give it with --set '\(field)=VALUE'"))
    }
    let given = run(
      [
        "convert", "-f", "klaviyo", "-t", "dfinery", "--set", "c_id=c", "--set", "s_id=s",
        "--set", "u_id=u",
      ],
      input: payload)
    #expect(given.code == .success)
    let dfn = try JSONReader.parse(Array(given.output.utf8))["dfn"]
    #expect(dfn?["c_id"] == "c" && dfn?["u_id"] == "u")
    #expect(dfn?["click_act"]?["uri"] == "shop://sale")

    let clevertap = run(["convert", "-f", "klaviyo", "-t", "clevertap"], input: payload)
    #expect(clevertap.code == .dataError)
    #expect(clevertap.error.contains("clevertap needs 'W$id'"))
    let aliased = run(
      ["convert", "-f", "klaviyo", "-t", "clevertap", "--set", "wzrk_id=1_20261122"],
      input: payload)
    #expect(try JSONReader.parse(Array(aliased.output.utf8))["W$id"] == "1_20261122")
  }
}

extension DriverTests {
  /// An argument that is not UTF-8 would reach a `String` with replacement characters,
  /// and as a file name name another file: it is refused before anything is opened.
  @Test func anArgumentThatIsNotUTF8IsAUsageError() {
    let arguments: [[UInt8]] = [
      Array("pushc".utf8), Array("detect".utf8), Array("in".utf8) + [0xFF] + Array(".json".utf8),
    ]
    let argv: [UnsafeMutablePointer<CChar>?] =
      arguments.map { bytes in
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in (bytes + [0]).enumerated() { copy[index] = CChar(bitPattern: byte) }
        return copy
      } + [nil]
    defer { argv.forEach { $0?.deallocate() } }
    var streams = BufferedStreams(input: [])
    let code = Driver.run(argv: argv, count: Int32(arguments.count), streams: &streams)
    #expect(code == .usage)
    #expect(
      streams.error.hasPrefix(
        "pushc: argument 2, 'in\\xFF.json', is not valid UTF-8; pushc takes file names and values in UTF-8 only\n"
      ))
  }

  /// A badge beyond the largest count iOS holds (2^63 - 1) is said to be so, not called
  /// no whole number from 0; the largest is kept.
  @Test func aBadgeBeyond63BitsIsSaidToBeSo() {
    let (code, streams) = runPushc(
      ["convert", "-f", "apns", "-t", "apns", "--compact"],
      input: #"{"aps":{"alert":"hi","badge":9223372036854775808}}"#)
    #expect(code == .success)
    #expect(streams.outputText == #"{"aps":{"alert":{"body":"hi"}}}"# + "\n")
    #expect(
      streams.error
        == "<stdin>:/aps/badge: warning: badge '9223372036854775808' is beyond 63 bits: the phone's badge is a signed 64-bit integer, at most 9223372036854775807; ignored [parse.invalid-value]\n"
    )
    let (_, largest) = runPushc(
      ["convert", "-f", "apns", "-t", "apns", "--compact"],
      input: #"{"aps":{"alert":"hi","badge":9223372036854775807}}"#)
    #expect(largest.outputText.contains(#""badge":9223372036854775807"#))
  }
}
