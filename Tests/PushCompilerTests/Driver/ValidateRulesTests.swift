import PushCompiler
import PushIR
import Testing

/// The rules `pushc validate` checks for every format, and vendors' rules that follow
/// what their SDKs read: a payload `validate` calls valid is one the SDK handles as the
/// vendor's push and `convert` would write.
@Suite struct ValidateRulesTests {
  /// The exit code and the JSON diagnostics of `validate --from format` on `payload`.
  static func validate(_ format: String, _ payload: String, options: [String] = []) throws -> (
    code: ExitCode, found: [(code: String, location: String, severity: String)]
  ) {
    let (code, streams) = runPushc(
      ["validate", "--from", format, "--diagnostics", "json"]
        + options.flatMap { ["--option", $0] }, input: payload)
    let found = try streams.error.split(separator: "\n").map { line in
      let value = try JSONReader.parse(Array(line.utf8))
      return (
        code: value["code"]?.stringValue ?? "?", location: value["location"]?.stringValue ?? "?",
        severity: value["severity"]?.stringValue ?? "?"
      )
    }
    return (code, found)
  }

  /// Whether `found` holds `code` at `location`.
  static func has(
    _ found: [(code: String, location: String, severity: String)], _ code: String,
    at location: String
  ) -> Bool {
    found.contains { $0.code == code && $0.location == location }
  }

  /// Validates `payload` as `format` and expects it refused (exit 1) with `code` at
  /// `location`; what was found, for further checks.
  @discardableResult
  static func expectRefused(
    _ format: String, _ payload: String, with code: String, at location: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [(code: String, location: String, severity: String)] {
    let result = try validate(format, payload)
    #expect(result.code == .failed, sourceLocation: sourceLocation)
    #expect(
      has(result.found, code, at: location), "\(result.found)", sourceLocation: sourceLocation)
    return result.found
  }

  /// A device payload over APNs' size limit is invalid (`validate.over-budget`) in every
  /// format, as `convert` refuses to write it: APNs would reject it.
  @Test(arguments: [
    ("klaviyo", #"{"aps":{"alert":"BODY","mutable-content":1},"body":{"_k":"abc"}}"#),
    ("apns", #"{"aps":{"alert":"BODY"}}"#),
    (
      "iterable",
      #"{"aps":{"alert":"BODY"},"itbl":{"templateId":1,"campaignId":1,"messageId":"m","isGhostPush":false}}"#
    ),
  ])
  func aPayloadOverTheSizeLimitIsInvalid(_ format: String, _ template: String) throws {
    let long = template.replacingOccurrences(of: "BODY", with: String(repeating: "a", count: 5000))
    try Self.expectRefused(format, long, with: "validate.over-budget", at: "")
    let short = try Self.validate(format, template)
    #expect(!short.found.contains { $0.code == "validate.over-budget" })
  }

  /// The size `validate` checks is that of what `convert` writes in the same format,
  /// which may be larger than the payload as given: Dfinery's `"uri":null`, Yellow.ai's
  /// `"contentAvailable":false`, FCM's string custom data moved into `data`. A payload of
  /// 4092 bytes that `convert --from F --to F` refuses is not valid either.
  @Test(arguments: [
    (
      "dfinery",
      #"{"aps":{"alert":{"title":"T","body":"B"},"mutable-content":1},"dfn":{"c_id":"1","s_id":"2","u_id":"3","is_test":0,"click_act":{"l_id":"1","l_type":"PushMessage","act_type":"AppOpen"}},"d":"PAD"}"#
    ),
    ("yellowai", #"{"topic":"com.x","title":"T","body":"B","payload":{"botId":"b","d":"PAD"}}"#),
    (
      "fcm",
      #"{"message":{"token":"t","apns":{"payload":{"aps":{"alert":{"title":"T","body":"B"}},"d":"PAD"}}}}"#
    ),
  ])
  func theSizeCheckedIsThatOfWhatConvertWrites(_ format: String, _ template: String) throws {
    let padding = 4092 - (template.utf8.count - 3)
    let payload = template.replacingOccurrences(
      of: "PAD", with: String(repeating: "z", count: padding))
    #expect(payload.utf8.count == 4092)
    let (converted, streams) = runPushc(["convert", "-f", format, "-t", format], input: payload)
    #expect(converted == .dataError)
    #expect(streams.error.contains("[emit.over-budget]"), "\(streams.error)")
    try Self.expectRefused(format, payload, with: "validate.over-budget", at: "")
  }

  /// An FCM message, or an Expo push message, that names no one to send to is not valid,
  /// whether its target is absent or empty: `convert` to the same format writes none.
  @Test(arguments: [
    (
      "fcm", #"{"message":{"token":"","apns":{"payload":{"aps":{"alert":"hi"}}}}}"#,
      "/message/token"
    ),
    ("fcm", #"{"message":{"apns":{"payload":{"aps":{"alert":"hi"}}}}}"#, "/message"),
    ("fcm", #"{"topic":"","apns":{"payload":{"aps":{"alert":"hi"}}}}"#, "/topic"),
    ("expo", #"{"to":"","body":"hi"}"#, ""),
    ("expo", #"{"to":["",""],"body":"hi"}"#, ""),
  ])
  func aMessageWithAnEmptyOrNoTargetIsInvalid(
    _ format: String, _ payload: String, _ location: String
  ) throws {
    try Self.expectRefused(format, payload, with: "validate.missing-field", at: location)
  }

  /// A target that names someone is valid, beside an empty one too.
  @Test(arguments: [
    ("fcm", #"{"message":{"token":"t","apns":{"payload":{"aps":{"alert":"hi"}}}}}"#),
    ("expo", #"{"to":["","ExponentPushToken[x]"],"body":"hi"}"#),
  ])
  func aMessageWithATargetIsValid(_ format: String, _ payload: String) throws {
    let found = try Self.validate(format, payload)
    #expect(!found.found.contains { $0.code == "validate.missing-field" }, "\(found.found)")
  }

  /// An FCM source's empty target is read as none: `convert` reports it and finds the
  /// message going to no one, as when it is absent.
  @Test func anEmptyFCMTargetIsReadAsNone() {
    let (code, streams) = runPushc(
      ["convert", "-f", "fcm", "-t", "fcm"],
      input: #"{"message":{"token":"","apns":{"payload":{"aps":{"alert":"hi"}}}}}"#)
    #expect(code == .dataError)
    #expect(streams.error.contains("/message/token: warning: an empty 'token' names no one"))
    #expect(streams.error.contains("[emit.missing-field]"))
  }

  /// The IR has no size limit: a large IR document is not refused for its size.
  @Test func theIRHasNoSizeLimit() throws {
    let ir = #"{"irVersion":1,"content":{"body":"BODY"}}"#
      .replacingOccurrences(of: "BODY", with: String(repeating: "a", count: 5000))
    #expect(try Self.validate("ir", ir).code == .success)
  }

  /// Media the vendor's service extension attaches needs `aps.mutable-content: 1` (so do
  /// Klaviyo's badge settings), as buttons do: without it the extension never runs.
  @Test(arguments: [
    (
      "klaviyo",
      #"{"aps":{"alert":"New arrivals"},"body":{"_k":"abc"},"rich-media":"https://cdn.example.com/a.jpg"}"#,
      "/aps"
    ),
    (
      "acoustic",
      #"{"aps":{"alert":"hi"},"notification-action":{"type":"openApp"},"media-attachment":"https://cdn.example.com/a.jpg"}"#,
      "/aps"
    ),
    (
      "clevertap",
      #"{"aps":{"alert":"hi"},"W$id":"1","ct_mediaUrl":"https://cdn.example.com/a.jpg","ct_mediaType":"image"}"#,
      "/aps"
    ),
    (
      "iterable",
      #"{"aps":{"alert":"hi","mutable-content":0},"itbl":{"templateId":1,"campaignId":1,"messageId":"m","isGhostPush":false,"attachment-url":"https://x.example/a.jpg"}}"#,
      "/aps"
    ),
    (
      "klaviyo",
      #"{"aps":{"alert":"hi"},"body":{"_k":"abc"},"badge_config":"increment_one"}"#, "/aps"
    ),
  ])
  func mediaWithoutMutableContentIsInvalid(
    _ format: String, _ payload: String, _ location: String
  ) throws {
    try Self.expectRefused(format, payload, with: "validate.mutable-content", at: location)
    let flagged = payload.replacingOccurrences(of: #","mutable-content":0"#, with: "")
      .replacingOccurrences(of: #"{"aps":{"#, with: #"{"aps":{"mutable-content":1,"#)
    let fixed = try Self.validate(format, flagged)
    #expect(!fixed.found.contains { $0.code == "validate.mutable-content" }, "\(fixed.found)")
  }

  /// An empty Klaviyo `aps.category` names no category: the SDK builds its buttons.
  @Test func anEmptyKlaviyoCategoryIsNone() throws {
    let result = try Self.validate(
      "klaviyo",
      #"{"aps":{"alert":"hi","category":"","mutable-content":1},"body":{"_k":"abc","action_buttons":[{"id":"shop","label":"Shop","action":"deep_link","url":"myapp://shop"}]}}"#
    )
    #expect(result.code == .success, "\(result.found)")
    #expect(!result.found.contains { $0.code == "validate.unknown-category" })
  }

  /// A CleverTap template is named by the root `pt_id` and its keys read from the
  /// `pt_json` string, as `CTNotificationViewController` reads them; what is missing is
  /// reported at `/pt_json`.
  @Test func cleverTapTemplatesAreReadAsTheSDKReadsThem() throws {
    let aps = #""aps":{"alert":{"title":"t","body":"b"},"mutable-content":1},"W$id":"1_20250101""#
    // The root pt_id names the timer; pt_json lacks its keys.
    try Self.expectRefused(
      "clevertap",
      #"{\#(aps),"pt_id":"pt_timer","pt_json":"{\"pt_title\":\"Sale\",\"pt_msg\":\"Ends soon\"}"}"#,
      with: "validate.missing-field", at: "/pt_json")
    // A pt_id inside pt_json alone chooses no template.
    let inside = try Self.validate(
      "clevertap",
      #"{\#(aps),"pt_json":"{\"pt_id\":\"pt_timer\",\"pt_title\":\"Sale\"}"}"#)
    #expect(!inside.found.contains { $0.code == "validate.missing-field" }, "\(inside.found)")
    // The root pt_id wins over one inside pt_json.
    let both = try Self.validate(
      "clevertap",
      #"{\#(aps),"pt_id":"pt_timer","pt_json":"{\"pt_id\":\"pt_basic\",\"pt_title\":\"S\",\"pt_msg\":\"E\",\"pt_msg_summary\":\"s\",\"pt_bg\":\"white\"}"}"#
    )
    #expect(
      both.found.contains { $0.code == "validate.missing-field" && $0.location == "/pt_json" })
    // An object pt_json, however complete, is no template: the SDK hands the template a
    // string. That is the rule's finding, beside reading's word on the README's shape,
    // and none of its keys is looked for.
    let object = try Self.validate(
      "clevertap",
      #"{\#(aps),"pt_id":"pt_timer","pt_json":{"pt_title":"S","pt_msg":"E","pt_dl1":"https://x.example","pt_bg":"white","pt_timer_end":1}}"#
    )
    #expect(object.code == .failed)
    #expect(
      object.found.filter { $0.location == "/pt_json" }.map(\.code) == [
        "parse.obsolete-shape", "validate.wrong-type",
      ],
      "\(object.found)")
    #expect(!object.found.contains { $0.code == "validate.missing-field" }, "\(object.found)")
    // Without pt_json, the keys are the root's.
    let root = try Self.validate("clevertap", #"{\#(aps),"pt_id":"pt_timer","pt_title":"S"}"#)
    #expect(Self.has(root.found, "validate.missing-field", at: ""), "\(root.found)")
  }

  /// Dfinery buttons need `aps.category`, the name the extension registers them under:
  /// without one they do not show.
  @Test func dfineryButtonsNeedACategory() throws {
    let payload =
      #"{"aps":{"alert":{"title":"t","body":"b"},"mutable-content":1CATEGORY},"dfn":{"is_test":0,"c_id":"c","s_id":"s","u_id":"u","click_act":{"l_id":"1","l_type":"PushMessage","act_type":"AppOpen"},"btn":[{"l_id":"1","l_name":"Shop","l_type":"Button","act_type":"Deeplink","uri":"myapp://shop"}]}}"#
    let without = try Self.validate(
      "dfinery", payload.replacingOccurrences(of: "CATEGORY", with: ""))
    #expect(
      without.found.contains { $0.code == "validate.missing-field" && $0.location == "/aps" },
      "\(without.found)")
    let with = try Self.validate(
      "dfinery", payload.replacingOccurrences(of: "CATEGORY", with: #","category":"DFINERY""#))
    #expect(with.code == .success, "\(with.found)")
  }

  /// A payload without the marker the vendor's SDK looks for is not the vendor's push: it
  /// is an error for every vendor.
  @Test(arguments: [
    "iterable", "braze", "onesignal", "clevertap", "airship", "customerio", "klaviyo",
    "acoustic", "dfinery",
  ])
  func aPayloadWithoutTheVendorsMarkerIsInvalid(_ format: String) throws {
    let result = try Self.validate(format, #"{"aps":{"alert":"hi","mutable-content":1}}"#)
    #expect(result.code == .failed, "\(result.found)")
    #expect(
      result.found.contains { $0.code == "validate.missing-field" && $0.severity == "error" },
      "\(result.found)")
  }

  /// A marker counts for `validate` only with the type its SDK reads it as, the type
  /// detection requires of it (Specs/detection.md): a `CIO` string, delivery keys that
  /// are numbers, an Airship `_` number or media attachment string, an Acoustic
  /// `category-actions` dictionary are no marker, so the payload is refused and is not
  /// detected as the vendor's.
  @Test(arguments: [
    ("customerio", #"{"aps":{"alert":"hi"},"CIO":"summer"}"#),
    ("customerio", #"{"aps":{"alert":"hi"},"CIO-Delivery-ID":5,"CIO-Delivery-Token":6}"#),
    ("airship", #"{"aps":{"alert":"hi"},"_":5}"#),
    (
      "airship",
      #"{"aps":{"alert":"hi"},"com.urbanairship.media_attachment":"https://x.example/a.png"}"#
    ),
    ("acoustic", #"{"aps":{"alert":"hi"},"category-actions":{"a":1}}"#),
    ("iterable", #"{"aps":{"alert":"hi"},"itbl":[]}"#),
    ("iterable", #"{"aps":{"alert":"hi"},"itbl":null}"#),
    ("iterable", #"{"aps":{"alert":"hi"},"itbl":"x"}"#),
  ])
  func aMarkerOfAnotherTypeIsNoMarker(_ format: String, _ payload: String) throws {
    let result = try Self.validate(format, payload)
    #expect(result.code == .failed, "\(result.found)")
    #expect(Self.has(result.found, "validate.missing-field", at: ""), "\(result.found)")
    #expect(try Self.detectedFormat(payload) != format)
  }

  /// Expo's push message goes to the push tokens of its `to`: a `to` of another type is
  /// ignored, and an empty array names no one (the server SDK's `chunkPushNotifications`
  /// leaves such a message out), so either is no `to` for `validate`, as `convert` to an
  /// expo message finds none.
  @Test(arguments: [
    #"{"title":"x","to":5}"#, #"{"title":"x","to":null}"#,
    #"{"title":"x","to":["ExponentPushToken[a]",5]}"#, #"{"title":"x","to":[]}"#,
  ])
  func anExpoMessageWithoutAPushTokenIsInvalid(_ payload: String) throws {
    let result = try Self.validate("expo", payload)
    #expect(result.code == .failed, "\(result.found)")
    #expect(Self.has(result.found, "validate.missing-field", at: ""), "\(result.found)")
    let valid = try Self.validate("expo", #"{"title":"x","to":["ExponentPushToken[a]"]}"#)
    #expect(valid.code == .success, "\(valid.found)")
  }

  /// A marker of its type counts alike for detection and `validate`: Airship's button
  /// actions dictionary is the SDK's own, so a payload holding it is Airship's and valid.
  @Test func aMarkerDetectionTakesIsOneValidateTakes() throws {
    let payload =
      #"{"aps":{"alert":"hi","category":"ua_yes_no_foreground"},"com.urbanairship.interactive_actions":{"yes":{"^d":"app://a"}}}"#
    #expect(try Self.detectedFormat(payload) == "airship")
    let result = try Self.validate("airship", payload)
    #expect(result.code == .success, "\(result.found)")
  }

  /// The format `pushc detect` names for `payload`, if any.
  static func detectedFormat(_ payload: String) throws -> String? {
    guard case .object(let object) = try JSONReader.parse(Array(payload.utf8)),
      case .detected(let format, _) = Detector.detect(.object(object))
    else { return nil }
    return format.id
  }

  /// An FCM message's phone payload is checked by the rules of its inner format, the one
  /// chosen as the parser chooses it, at the places of the message they stand for.
  @Test func anFCMMessageIsCheckedByItsInnerFormatsRules() throws {
    let message =
      #"{"message":{"token":"t","apns":{"payload":{"aps":{"alert":"hi"},"body":{"_k":5,"action_buttons":[{"id":"a","label":"A","action":"open_app"},{"id":"b","label":"B","action":"open_app"},{"id":"c","label":"C","action":"open_app"},{"id":"d","label":"D","action":"open_app"},{"id":"e","label":"E","action":"open_app"}]},"url":"myapp://a b"}}}}"#
    for format in ["fcm", "auto"] {
      let result = try Self.validate(format, message)
      #expect(result.code == .failed, "\(format): \(result.found)")
      let base = "/message/apns/payload"
      #expect(Self.has(result.found, "validate.button-count", at: base + "/body/action_buttons"))
      #expect(Self.has(result.found, "validate.mutable-content", at: base + "/aps"))
      #expect(Self.has(result.found, "validate.wrong-type", at: base + "/body/_k"))
      #expect(Self.has(result.found, "validate.invalid-url", at: base + "/url"), "\(result.found)")
    }
    // The alert FCM fills from 'notification' is the phone's: Dfinery's rules find it.
    let filled = try Self.validate(
      "fcm",
      #"{"message":{"token":"t","notification":{"title":"t","body":"b"},"apns":{"payload":{"aps":{"mutable-content":1},"dfn":{"is_test":0,"c_id":"c","s_id":"s","u_id":"u","click_act":{"l_id":"1","l_type":"PushMessage","act_type":"AppOpen"}}}}}}"#
    )
    #expect(filled.code == .success, "\(filled.found)")
  }

  /// An inner payload two formats claim alike is refused by `validate` as by `convert`,
  /// never checked as plain APNs; `--option inner=FORMAT`, which the error's note names,
  /// is taken by `validate` and settles it as it does for `convert`.
  @Test func validateReadsAnAmbiguousInnerPayloadAsConvertDoes() throws {
    let ambiguous = FCMTests.ambiguousInside
    for format in ["fcm", "auto"] {
      let refused = try Self.validate(format, ambiguous)
      #expect(refused.code == .failed, "\(format): \(refused.found)")
      #expect(
        Self.has(refused.found, "input.ambiguous-format", at: "/message/apns/payload"),
        "\(format): \(refused.found)")
      let named = try Self.validate(format, ambiguous, options: ["inner=braze"])
      #expect(named.code == .success, "\(format): \(named.found)")
      #expect(!named.found.contains { $0.code == "input.ambiguous-format" })
    }
  }

  /// `validate` writes nothing: an --option no source format reads with is a usage error.
  @Test func validateRefusesAnOptionTheSourceDoesNotReadWith() {
    for arguments in [
      ["--from", "fcm", "--option", "fallback-category"],
      ["--from", "klaviyo", "--option", "inner=braze"],
      ["--from", "klaviyo", "--option", "inner=ir"],
    ] {
      let (code, streams) = runPushc(
        ["validate"] + arguments, input: #"{"aps":{"alert":"hi"},"body":{"_k":"k"}}"#)
      #expect(code == .usage, "\(arguments): \(streams.error)")
      #expect(
        streams.error.contains("validate writes no payload"), "\(arguments): \(streams.error)")
    }
  }

  /// fcm's `inner=` given a value it cannot take is refused for that, listing the formats
  /// it can name, by `validate` and `convert` alike: the option is fcm's, but `ir` (or an
  /// unknown name, or none) is no format fcm carries inside.
  @Test(arguments: [
    (
      "inner=ir",
      "--option inner=ir: ir cannot be the inner format (fcm's apns.payload is a vendor payload); the inner format is one of apns, "
    ),
    ("inner=nope", "--option inner=nope: unknown format 'nope'; the inner format is one of apns, "),
    ("inner", "--option inner needs a format (inner=FORMAT); the inner format is one of apns, "),
  ])
  func anInnerOptionNamingNoInnerFormatIsRefusedForThat(_ option: String, _ message: String) {
    for command in [
      ["validate", "--from", "fcm"], ["validate", "--from", "auto"],
      ["convert", "--from", "fcm", "--to", "apns"], ["convert", "--from", "auto", "--to", "apns"],
    ] {
      let (code, streams) = runPushc(
        command + ["--option", option], input: #"{"message":{"token":"t"}}"#)
      #expect(code == .usage, "\(command): \(streams.error)")
      #expect(streams.error.hasPrefix("pushc: " + message), "\(command): \(streams.error)")
      #expect(streams.error.contains("klaviyo"), "\(command): \(streams.error)")
    }
  }

  /// An `--option inner=FORMAT` that reading went without is said by `validate`, which
  /// otherwise leaves out reading's notes: fcm's payload inside that detection settles
  /// as another format, and, with `--from auto`, a payload detected as a format that
  /// reads with no option.
  @Test func validateSaysWhenTheInnerOptionWasNotUsed() throws {
    let message =
      #"{"message":{"token":"t","apns":{"payload":{"aps":{"alert":{"title":"a","body":"b"}}}}}}"#
    for format in ["fcm", "auto"] {
      let result = try Self.validate(format, message, options: ["inner=klaviyo"])
      #expect(result.code == .success, "\(format): \(result.found)")
      #expect(
        Self.has(result.found, "input.unused-option", at: "/message/apns/payload"),
        "\(format): \(result.found)")
    }
    let klaviyo = #"{"aps":{"alert":{"title":"a","body":"b"}},"body":{"_k":{"m":"1"}}}"#
    let detected = try Self.validate("auto", klaviyo, options: ["inner=expo"])
    #expect(detected.code == .success, "\(detected.found)")
    #expect(Self.has(detected.found, "input.unused-option", at: ""), "\(detected.found)")
    let (_, streams) = runPushc(
      ["validate", "--from", "auto", "--option", "inner=expo"], input: klaviyo)
    #expect(
      streams.error.contains(
        "<stdin>: note: --option inner=expo is not used for reading: the payload is read as klaviyo, and only fcm reads with it [input.unused-option]"
      ), "\(streams.error)")
    // Used, it is not mentioned.
    let used = try Self.validate("fcm", message, options: ["inner=apns"])
    #expect(!used.found.contains { $0.code == "input.unused-option" }, "\(used.found)")
  }

  /// The rules every format's payload gets run on an FCM message's phone payload too, at
  /// the places of the message: media (here the envelope's image, which Firebase's helper
  /// downloads in the service extension) need `mutable-content`, and the inner format's
  /// marker is required.
  @Test func theCommonRulesCheckAnFCMMessagesPhonePayload() throws {
    let image =
      #"{"message":{"token":"t","apns":{"payload":{"aps":{"alert":"hi"MUTABLE}},"fcm_options":{"image":"https://cdn.example.com/a.jpg"}}}}"#
    let without = try Self.validate("fcm", image.replacingOccurrences(of: "MUTABLE", with: ""))
    #expect(without.code == .failed, "\(without.found)")
    #expect(
      Self.has(without.found, "validate.mutable-content", at: "/message/apns/payload/aps"),
      "\(without.found)")
    let with = try Self.validate(
      "fcm", image.replacingOccurrences(of: "MUTABLE", with: #","mutable-content":1"#))
    #expect(with.code == .success, "\(with.found)")

    let unmarked = try Self.validate(
      "fcm",
      #"{"message":{"token":"t","apns":{"payload":{"aps":{"alert":"hi"},"ab":{},"ab_uri":"myapp://a"}}}}"#
    )
    #expect(unmarked.code == .failed, "\(unmarked.found)")
    #expect(
      Self.has(unmarked.found, "validate.missing-field", at: "/message/apns/payload/ab"),
      "\(unmarked.found)")

    // Braze's attachment, read as --option inner=braze names, needs the flag too.
    let ambiguous = FCMTests.ambiguousInside.replacingOccurrences(
      of: #", "mutable-content": 1"#, with: "")
    let named = try Self.validate("fcm", ambiguous, options: ["inner=braze"])
    #expect(
      Self.has(named.found, "validate.mutable-content", at: "/message/apns/payload/aps"),
      "\(named.found)")
  }
}
