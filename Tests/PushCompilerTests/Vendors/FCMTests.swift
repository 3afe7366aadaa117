import Foundation
import PushCompiler
import PushIR
import Testing

@Suite struct FCMTests {
  func json(_ text: String) throws -> JSONValue { try JSONReader.parse(Array(text.utf8)) }

  func translate(
    _ payload: JSONValue, from source: any VendorFormat, to target: any VendorFormat,
    options: Set<String> = [], settings: [String: String] = [:]
  ) -> Translator.Result {
    var translator = Translator(from: source, to: target)
    translator.options = options
    translator.settings = settings
    translator.defaults = GoldenCase.defaults
    return translator.translate(payload)
  }

  /// The IR as `format` reads it back after writing it, without the fcm envelope's extras
  /// and without layout hints (`@` members of extras, which are not data: a Yellow.ai
  /// device form without the keys detection looks for is read back inside fcm as plain
  /// APNs, `Specs/vendors/fcm.md`, Known gaps).
  func roundTrip(_ ir: JSONValue, through format: any VendorFormat, options: Set<String> = [])
    -> JSONValue?
  {
    guard let written = translate(ir, from: IRFormat(), to: format, options: options).output,
      case .object(var read)? = translate(written, from: format, to: IRFormat()).output
    else { return nil }
    if case .object(var extras)? = read["extras"] {
      extras["fcm"] = nil
      for vendor in extras.keys {
        let data = JSONObject(
          (extras[vendor]?.objectValue ?? JSONObject()).filter {
            !$0.key.hasPrefix("@")
          })
        extras[vendor] = data.isEmpty ? nil : .object(data)
      }
      read["extras"] = extras.isEmpty ? nil : .object(extras)
    }
    if case .object(let data)? = read["customData"] {
      read["customData"] = .object(JSONObject(data.sorted { $0.key < $1.key }))
    }
    return .object(read)
  }

  /// Around each inner format, the envelope carries what that format carries: the IR
  /// corpus reads back from `fcm --option inner=X` as it does from X itself, except for
  /// the image the envelope adds where X has no media.
  @Test(arguments: Vendors.all.filter { $0.id != "ir" && $0.id != "fcm" }.map(\.id))
  func theEnvelopeCarriesWhatItsInnerFormatCarries(_ innerID: String) throws {
    let inner = try #require(Vendors.named(innerID))
    for name in GoldenCase.irCorpus {
      var ir = try GoldenFiles.json(
        GoldenFiles.root.appendingPathComponent("_ir").appendingPathComponent("\(name).ir.json"))
      if inner.capabilities.maxMedia == 0, case .object(var object) = ir {
        object["media"] = nil
        object["mediaPresentation"] = nil
        ir = .object(object)
      }
      // `apns.payload` is what the phone receives: a format's device form, where it has one.
      let direct = roundTrip(
        ir, through: inner,
        options: inner.emitOptions.contains { $0.name == "device-form" } ? ["device-form"] : [])
      let enveloped = roundTrip(ir, through: FCM(), options: ["inner=\(innerID)"])
      // A payload inside with none of the keys detection looks for in its format is read
      // back as another (Specs/vendors/fcm.md, Known gaps): Yellow.ai's device form with
      // only an image, whose `image` then reads as custom data. Only that case is let by.
      let innerRead = translate(
        translate(ir, from: IRFormat(), to: FCM(), options: ["inner=\(innerID)"]).output ?? [:],
        from: FCM(), to: IRFormat()
      ).output?["extras"]?["fcm"]?["@inner"]
      let knownGap =
        innerID == "yellowai" && innerRead != .string(innerID) && ir["defaultAction"] == nil
      #expect(direct != nil && (enveloped == direct || knownGap), "\(name) around \(innerID)")
    }
  }

  /// `apns.payload` is what the phone receives: a format with a send request of its own
  /// is written there in its device form, with `aps`, as `--option device-form` writes it
  /// alone; the send request's recipients (expo's `to`) are not asked for.
  @Test(arguments: ["braze", "expo", "yellowai"])
  func aFormatWithASendRequestIsWrittenInItsDeviceForm(_ innerID: String) throws {
    let inner = try #require(Vendors.named(innerID))
    let ir = try GoldenFiles.json(
      GoldenFiles.root.appendingPathComponent("_ir").appendingPathComponent(
        "registered-category.ir.json"))
    var translator = Translator(from: IRFormat(), to: FCM())
    translator.options = ["inner=\(innerID)"]
    translator.settings = ["token": "tok"]
    let wrapped = translator.translate(ir)
    let payload = try #require(
      wrapped.output?["message"]?["apns"]?["payload"]?.objectValue, "\(wrapped.diagnostics)")
    let device = try #require(
      translate(ir, from: IRFormat(), to: inner, options: ["device-form"]).output?.objectValue)
    #expect(payload["aps"] != nil, "\(payload)")
    // The app's string data moves to `data`; everything else is the device form's.
    #expect(Set(payload.keys).isSubset(of: Set(device.keys)), "\(payload.keys) \(device.keys)")
  }

  /// `--option api-request` would write a send request where the phone's payload goes.
  @Test func theRequestFormIsRefusedInside() {
    let (code, streams) = runPushc(
      [
        "convert", "-f", "apns", "-t", "fcm", "--set", "token=t", "--option", "inner=expo",
        "--option", "api-request",
      ], input: #"{"aps": {"alert": "x"}}"#)
    #expect(code == .usage)
    #expect(streams.output.isEmpty)
    #expect(
      streams.error.hasPrefix(
        "pushc: --option api-request: fcm's apns.payload is what the phone receives, not a send request; yellowai, expo and braze are written there in their device form"
      ), "\(streams.error)")
  }

  static let aroundKlaviyo = #"""
    {"message": {"topic": "deals",
      "notification": {"title": "Shown by the alert"},
      "data": {"order": "77"},
      "apns": {"payload": {"aps": {"alert": {"body": "Hi"}, "mutable-content": 1},
        "body": {"_k": "k-1", "action_buttons": [{"id": "a", "action": "open_app"}]}},
        "fcm_options": {"image": "https://x.example/i.png"}}}}
    """#

  /// The passes fit the inner payload to what its format's SDK reads, and their
  /// messages name that format, not fcm.
  @Test func passMessagesNameTheFormatThatReadsTheInnerPayload() {
    let (code, streams) = runPushc(
      ["convert", "-f", "klaviyo", "-t", "fcm", "--set", "token=x", "--option", "inner=klaviyo"],
      input:
        #"{"aps":{"alert":{"title":"Hi","body":"There"}},"body":{"_k":"abc"},"url":"shop://x y"}"#
    )
    #expect(code == .success, "\(streams.error)")
    #expect(streams.error.contains("which klaviyo's SDK cannot open"), "\(streams.error)")
    #expect(streams.error.contains("klaviyo's service extension handles every push"))
    #expect(!streams.error.contains("fcm's SDK") && !streams.error.contains("fcm's service"))
  }

  /// With `--passes none` the emitter runs the passes it needs itself: their messages
  /// name the inner format all the same.
  @Test func passMessagesNameTheInnerFormatWithoutThePipeline() {
    let buttons = (1...4).map { #"{"id": "b\#($0)", "label": "B\#($0)", "action": "open_app"}"# }
    let (code, streams) = runPushc(
      [
        "convert", "-f", "klaviyo", "-t", "fcm", "--passes", "none", "--set", "token=x",
        "--option", "inner=klaviyo",
      ],
      input:
        #"{"aps":{"alert":{"title":"Hi","body":"There"}},"body":{"_k":"abc","action_buttons":[\#(buttons.joined(separator: ","))]}}"#
    )
    #expect(code == .success, "\(streams.error)")
    #expect(streams.error.contains("klaviyo shows at most 3 button(s)"), "\(streams.error)")
    #expect(!streams.error.contains("fcm shows"), "\(streams.error)")
  }

  /// An inner format whose capabilities depend on the notification is asked about each
  /// one: onesignal's newer format carries no buttons without alert text, around fcm as
  /// alone.
  @Test func theInnerFormatIsAskedAboutEachNotification() throws {
    let payload = try json(
      #"{"irVersion": 1, "content": {"badge": 1}, "buttons": [{"id": "a", "label": "A", "action": {"type": "openApp"}, "options": ["foreground"]}], "tracking": {"notificationID": "5c1e2f0a-8b7d-4e3a-9f61-2d4c8a0b7e13"}}"#
    )
    let options: Set<String> = ["inner=onesignal", "os-data-format"]
    let alone = translate(payload, from: IRFormat(), to: OneSignal(), options: options)
    let wrapped = translate(
      payload, from: IRFormat(), to: FCM(), options: options, settings: ["token": "x"])
    #expect(alone.output?["os_data"]?["buttons"] == nil)
    let inner = try #require(wrapped.output?["message"]?["apns"]?["payload"])
    #expect(inner["os_data"]?["buttons"] == nil, "\(inner)")
    for result in [alone, wrapped] {
      let dropped = try #require(result.diagnostics.first { $0.code == .droppedButton })
      #expect(dropped.message.contains("onesignal's newer format"), "\(dropped.message)")
    }
  }

  @Test func innerDiagnosticsPointIntoTheEnvelope() throws {
    let result = translate(try json(Self.aroundKlaviyo), from: FCM(), to: IRFormat())
    let ir = try #require(result.output)
    #expect(ir["extras"]?["fcm"]?["@inner"] == "klaviyo")
    #expect(ir["content"]?["title"] == "Shown by the alert")
    #expect(ir["customData"]?["order"] == "77")
    #expect(ir["media"]?.arrayValue?.first?["url"] == "https://x.example/i.png")
    let button = result.diagnostics.first { $0.code == .invalidButton }
    #expect(button?.location == .input("/message/apns/payload/body/action_buttons/0"))
  }

  @Test func theInnerFormatIsKeptUnlessAnOptionNamesAnother() throws {
    let payload = try json(Self.aroundKlaviyo)
    let same = try #require(translate(payload, from: FCM(), to: FCM()).output)
    #expect(same["message"]?["apns"]?["payload"]?["body"]?["_k"] == "k-1")
    #expect(same["message"]?["notification"]?["title"] == "Shown by the alert")
    #expect(same["message"]?["data"]?["order"] == "77")
    #expect(same["message"]?["topic"] == "deals")
    // Read as plain APNs, as the option names, Klaviyo's `body` is the app's data.
    let plain = translate(payload, from: FCM(), to: FCM(), options: ["inner=apns"])
    #expect(plain.output?["message"]?["apns"]?["payload"]?["body"]?["_k"] == "k-1")
    #expect(!plain.diagnostics.contains { $0.code == .droppedField }, "\(plain.diagnostics)")
  }

  @Test func theTargetComesFromSetTheSourceOrTheDefaults() throws {
    let payload = try json(Self.aroundKlaviyo)
    let given = translate(payload, from: FCM(), to: FCM(), settings: ["condition": "'a' in topics"])
    #expect(given.output?["message"]?["condition"] == "'a' in topics")
    #expect(given.output?["message"]?["topic"] == nil)
    let plain = try json(#"{"aps": {"alert": "x"}}"#)
    let translator = Translator(from: APNs(), to: FCM())
    let missing = translator.translate(plain)
    #expect(missing.output == nil)
    #expect(missing.diagnostics.contains { $0.code == .missingField })
  }

  /// A `--set` target replacing the source's is noted where the source's was read, as
  /// every other replaced field is: under the same name with its old value, under another
  /// with its name too (a topic replaced by a token); a value the source already has is not.
  @Test func aSetTargetReplacingTheSourcesIsNoted() throws {
    let payload = try json(Self.aroundKlaviyo)
    func replaced(_ settings: [String: String]) -> [Diagnostic] {
      translate(payload, from: FCM(), to: FCM(), settings: settings).diagnostics.filter {
        $0.code == .replacedValue
      }
    }
    let sameName = replaced(["topic": "sales"])
    #expect(
      sameName.map(\.message) == [
        "'message.topic' (the device token, topic or condition the message goes to) set to 'sales' by --set, replacing the source's 'deals'"
      ])
    #expect(sameName.first?.location == .input("/message/topic"))
    #expect(
      replaced(["token": "t-1"]).map(\.message) == [
        #"'message.token' (the device token, topic or condition the message goes to) set to 't-1' by --set, replacing the source's {"topic":"deals"}"#
      ])
    #expect(replaced(["topic": "deals"]).isEmpty)
  }

  /// What the inner format reports at a place of its payload is placed in the message
  /// the output has: when all of `apns.payload` moved into `notification`, at the message.
  @Test func anInnerPlaceLeftOutOfTheOutputIsReportedWhereItStands() throws {
    let ir = try json(
      #"{"irVersion": 1, "content": {"title": "T", "body": "B"}, "extras": {"fcm": {"token": "t", "@notification": ["title", "body"]}}}"#
    )
    let result = translate(ir, from: IRFormat(), to: FCM(), options: ["inner=customerio"])
    let output = try #require(result.output)
    #expect(output["message"]?["apns"] == nil)
    let marker = try #require(result.diagnostics.first { $0.code.name == "emit.missing-marker" })
    #expect(marker.location == .output("/message"))
  }

  @Test func onlyStringsGoInData() throws {
    let payload = try json(#"{"aps": {"alert": "x"}, "n": 1, "s": "one", "from": "me"}"#)
    let message = try #require(translate(payload, from: APNs(), to: FCM()).output?["message"])
    #expect(message["data"] == ["s": "one"])
    #expect(message["apns"]?["payload"]?["n"] == 1)
    #expect(message["apns"]?["payload"]?["from"] == "me")
  }

  /// FCM refuses `from`, `message_type` and names starting with `google.` or `gcm.`
  /// (`gcm.notification.` among them) in `data`: the app's keys of those names stay in
  /// the payload, which reaches the app the same way, and are refused when read there.
  @Test func reservedNamesStayOutOfData() throws {
    let reserved = ["from", "message_type", "google.c.a.e", "gcm.n.e", "gcm.notification.x"]
    let payload = try json(
      #"{"aps": {"alert": "hi"}, "promo": "yes", "#
        + reserved.map { #""\#($0)": "1""# }.joined(separator: ", ") + "}")
    let message = try #require(translate(payload, from: APNs(), to: FCM()).output?["message"])
    #expect(message["data"] == ["promo": "yes"], "\(message)")
    for key in reserved { #expect(message["apns"]?["payload"]?[key] == "1", "\(key)") }

    let data = reserved.map { #""\#($0)": "1""# }.joined(separator: ", ")
    let read = translate(
      try json(#"{"message": {"token": "t", "data": {"promo": "yes", \#(data)}}}"#), from: FCM(),
      to: IRFormat())
    #expect(read.output?["customData"] == ["promo": "yes"])
    for key in reserved {
      #expect(
        read.diagnostics.contains {
          $0.code == .invalidValue
            && $0.location == .input(JSONPointer("/message/data").appending(key))
        }, "\(key)")
    }
  }

  @Test func theInnerOptionIsCheckedAndTheInnerFormatsOptionsPassThrough() {
    var streams = BufferedStreams(input: Array(#"{"aps": {"alert": "x"}}"#.utf8))
    #expect(
      Driver.run(
        ["convert", "-f", "apns", "-t", "fcm", "--option", "inner=nope"], streams: &streams)
        == .usage)
    streams = BufferedStreams(input: Array(#"{"aps": {"alert": "x"}}"#.utf8))
    #expect(
      Driver.run(
        [
          "convert", "-f", "apns", "-t", "fcm", "--set", "token=t", "--option", "inner=yellowai",
          "--option", "device-form",
        ], streams: &streams) == .success)
    #expect(streams.outputText.contains(#""aps""#))
  }
}

extension FCMTests {
  /// A bad `inner=` value is named for what it is: a format pushc does not know, or one
  /// that cannot stand inside the envelope; not an option fcm lacks.
  @Test(arguments: [
    ("inner=nope", "--option inner=nope: unknown format 'nope'; the inner format is one of apns, "),
    ("inner=", "--option inner= needs a format (inner=FORMAT); the inner format is one of apns, "),
    (
      "inner=ir",
      "--option inner=ir: ir cannot be the inner format (fcm's apns.payload is a vendor payload); the inner format is one of apns, "
    ),
    (
      "inner=fcm",
      "--option inner=fcm: fcm cannot be the inner format (fcm's apns.payload is a vendor payload); the inner format is one of apns, "
    ),
    ("inner", "--option inner needs a format (inner=FORMAT); the inner format is one of apns, "),
  ])
  func aBadInnerFormatIsNamed(_ option: String, _ message: String) {
    let (code, streams) = runPushc(
      ["convert", "-f", "klaviyo", "-t", "fcm", "--set", "token=x", "--option", option],
      input: #"{"aps": {"alert": "x"}}"#)
    #expect(code == .usage)
    #expect(streams.output.isEmpty)
    #expect(streams.error.hasPrefix("pushc: " + message), "\(streams.error)")
    #expect(!streams.error.contains("has no option"))
    #expect(streams.error.contains("klaviyo") && !streams.error.contains(", ir,"))
  }
}

extension FCMTests {
  /// A payload inside that looks like Braze (`ab`) and Customer.io (`CIO`) alike.
  static let ambiguousInside = #"""
    {"message": {"token": "t", "apns": {"payload": {
      "aps": {"alert": {"title": "Sale", "body": "50% off"}, "mutable-content": 1},
      "ab": {"att": {"url": "https://cdn.example.com/a.jpg", "type": "jpg"}},
      "ab_uri": "myapp://sale", "CIO": {"push": {"link": "myapp://sale"}}}}}}
    """#

  /// An inner payload two formats claim equally is refused as a payload at the root is,
  /// placed at `apns.payload`, not read as plain APNs (which lost its media and link).
  @Test func anAmbiguousInnerPayloadIsAnError() throws {
    let result = translate(try json(Self.ambiguousInside), from: FCM(), to: IRFormat())
    #expect(result.output == nil)
    let error = try #require(result.diagnostics.first { $0.code == .ambiguousFormat })
    #expect(error.location == .input("/message/apns/payload"))
    #expect(error.message.contains("customerio ('/message/apns/payload/CIO')"), "\(error.message)")
    #expect(error.message.contains("braze ('/message/apns/payload/ab'"), "\(error.message)")
    #expect(error.notes.contains { $0.contains("--option inner=") }, "\(error.notes)")
  }

  /// The app's data written inside can be another format's evidence: a key `W$…` is
  /// CleverTap's marker. Beside Klaviyo's `body._k` the message then reads back as
  /// neither; inside plain APNs it reads back as CleverTap. Writing says so, with the
  /// option that reads it as written, and that option does.
  @Test(arguments: [
    (
      #""extras": {"fcm": {"@inner": "klaviyo"}}, "#, "klaviyo",
      "looks like klaviyo ('/message/apns/payload/body/_k') and clevertap ('/message/data/W$source') alike"
    ),
    ("", "apns", "looks like clevertap ('/message/data/W$source')"),
  ])
  func aPayloadInsideThatReadsBackAsAnotherFormatIsWarned(
    _ extras: String, _ inner: String, _ looks: String
  ) throws {
    let ir = try json(
      #"{"irVersion": 1, "content": {"body": "hi"}, \#(extras)"customData": {"W$source": "restock"}}"#
    )
    let written = translate(ir, from: IRFormat(), to: FCM(), settings: ["token": "t"])
    let output = try #require(written.output, "\(written.diagnostics)")
    let warning = try #require(written.diagnostics.first { $0.code == .unsettledInnerFormat })
    #expect(warning.severity == .warning && !warning.code.isLossy)
    #expect(warning.location == .output("/message/apns/payload"))
    #expect(
      warning.message
        == "the APNs payload written as \(inner) \(looks): fcm reads this message as \(inner) only when --option inner=\(inner) names it"
    )
    #expect(warning.notes == ["read it back with --option inner=\(inner)"])
    let settled = translate(output, from: FCM(), to: IRFormat(), options: ["inner=\(inner)"])
    #expect(
      settled.output?["extras"]?["fcm"]?["@inner"] == .string(inner), "\(settled.diagnostics)")
    #expect(settled.output?["customData"]?["W$source"] == "restock")
    let unsettled = translate(output, from: FCM(), to: IRFormat())
    #expect(unsettled.output?["extras"]?["fcm"]?["@inner"] != .string(inner))
  }

  /// Data that is no format's evidence leaves the format inside settled: no warning.
  @Test func aPayloadInsideThatReadsBackAsWrittenIsNotWarned() throws {
    for extras in [#""extras": {"fcm": {"@inner": "klaviyo"}}, "#, ""] {
      let ir = try json(
        #"{"irVersion": 1, "content": {"body": "hi"}, \#(extras)"customData": {"source": "restock"}}"#
      )
      let written = translate(ir, from: IRFormat(), to: FCM(), settings: ["token": "t"])
      #expect(written.output != nil)
      #expect(!written.diagnostics.contains { $0.code == .unsettledInnerFormat })
    }
  }

  /// `--option inner=FORMAT` naming one of the candidates reads the payload inside with it.
  @Test func theInnerOptionSettlesAnAmbiguousInnerPayload() throws {
    let result = translate(
      try json(Self.ambiguousInside), from: FCM(), to: IRFormat(), options: ["inner=braze"])
    let ir = try #require(result.output, "\(result.diagnostics)")
    #expect(ir["extras"]?["fcm"]?["@inner"] == "braze")
    #expect(ir["media"]?.arrayValue?.first?["url"] == "https://cdn.example.com/a.jpg")
    #expect(!result.diagnostics.contains { $0.code == .ambiguousFormat })
  }

  /// A payload inside with no vendor's evidence is plain APNs, as before: nothing is guessed.
  @Test func anInnerPayloadWithoutEvidenceIsPlainAPNs() throws {
    let payload = try json(
      #"{"message": {"token": "t", "apns": {"payload": {"aps": {"alert": "hi"}}}}}"#)
    let ir = try #require(translate(payload, from: FCM(), to: IRFormat()).output)
    #expect(ir["extras"]?["fcm"]?["@inner"] == "apns")
  }

  /// On the command line: exit 65 with the error at `apns.payload`, for `--from fcm` and
  /// `--from auto` alike; `--option inner=` is taken for reading even when the target is
  /// not fcm.
  @Test func theCommandLineRefusesAnAmbiguousInnerPayloadUnlessTheOptionNamesIt() {
    for from in ["fcm", "auto"] {
      let (code, streams) = runPushc(
        ["convert", "--from", from, "--to", "klaviyo", "--set", "_k=abc"],
        input: Self.ambiguousInside)
      #expect(code == .dataError, "\(from): \(streams.error)")
      #expect(streams.output.isEmpty)
      #expect(streams.error.contains("/message/apns/payload: error:"), "\(streams.error)")
    }
    let (code, streams) = runPushc(
      [
        "convert", "--from", "fcm", "--to", "klaviyo", "--set", "_k=abc", "--option", "inner=braze",
      ],
      input: Self.ambiguousInside)
    #expect(code == .success, "\(streams.error)")
    #expect(streams.outputText.contains("rich-media"), "\(streams.outputText)")
    #expect(streams.outputText.contains("myapp://sale"))
  }

  /// `--from auto` takes `--option inner=FORMAT`, which fcm reads with, whatever the
  /// target; a payload detected as a format that reads with no option gets a note that
  /// the option was not used for reading.
  @Test func theInnerOptionIsNotUsedForAPayloadDetectedAsAnotherFormat() throws {
    let klaviyo = #"{"aps":{"alert":{"title":"a","body":"b"}},"body":{"_k":{"m":"1"}}}"#
    let note =
      "note: --option inner=expo is not used for reading: the payload is read as klaviyo, and only fcm reads with it [input.unused-option]"
    for target in ["apns", "fcm"] {
      let (code, streams) = runPushc(
        ["convert", "--from", "auto", "--to", target, "--option", "inner=expo"]
          + (target == "fcm" ? ["--set", "token=t"] : []), input: klaviyo)
      #expect(code == .success, "\(target): \(streams.error)")
      #expect(streams.error.contains("<stdin>: " + note), "\(target): \(streams.error)")
    }
    let named = runPushc(
      [
        "convert", "--from", "klaviyo", "--to", "fcm", "--option", "inner=expo", "--set", "token=t",
      ],
      input: klaviyo)
    #expect(named.0 == .success, "\(named.1.error)")
    #expect(!named.1.error.contains("input.unused-option"), "\(named.1.error)")
  }

  /// A message whose `data` holds a `deeplink`, as an app's own data often does.
  static let dataWithDeeplink =
    #"{"message":{"token":"t","notification":{"title":"Hello","body":"World"},"data":{"orderId":"42","deeplink":"app://order/42"}}}"#

  /// `--option inner=apns` reads the payload as plain APNs whatever detection finds: APNs
  /// keeps every key but `aps` as the app's data, so nothing is guessed; the note says
  /// the option chose it, and what detection would have read.
  @Test func theInnerOptionApnsReadsAsPlainAPNsWhateverIsDetected() throws {
    let payload = try json(Self.dataWithDeeplink)
    let detected = try #require(translate(payload, from: FCM(), to: IRFormat()).output)
    #expect(detected["extras"]?["fcm"]?["@inner"] == "yellowai")
    #expect(detected["customData"]?["deeplink"] == nil)

    let result = translate(payload, from: FCM(), to: IRFormat(), options: ["inner=apns"])
    let ir = try #require(result.output, "\(result.diagnostics)")
    #expect(ir["extras"]?["fcm"]?["@inner"] == "apns")
    #expect(ir["customData"]?["deeplink"] == "app://order/42")
    #expect(ir["customData"]?["orderId"] == "42")
    #expect(ir["defaultAction"] == nil, "\(ir)")
    #expect(!result.diagnostics.contains { $0.code == .unusedOption }, "\(result.diagnostics)")
    let note = try #require(result.diagnostics.first { $0.code == .detectedFormat })
    #expect(note.location == .input("/message"))
    #expect(
      note.message.hasPrefix("the APNs payload is read as apns, as --option inner=apns names"))
    #expect(note.message.contains("would be read as yellowai: '/message/data/deeplink'"), "\(note)")

    // A payload several formats claim alike is read as plain APNs too, without an error.
    let ambiguous = translate(
      try json(Self.ambiguousInside), from: FCM(), to: IRFormat(), options: ["inner=apns"])
    let plain = try #require(ambiguous.output, "\(ambiguous.diagnostics)")
    #expect(plain["extras"]?["fcm"]?["@inner"] == "apns")
    #expect(
      ambiguous.diagnostics.contains {
        $0.code == .detectedFormat && $0.message.contains("looks like customerio")
      }, "\(ambiguous.diagnostics)")
  }

  /// On the command line, `convert`, `batch` and `validate` read it so.
  @Test func theCommandLineReadsAsPlainAPNsWhenTheInnerOptionNamesIt() {
    let (code, streams) = runPushc(
      ["convert", "--from", "fcm", "--to", "onesignal", "--option", "inner=apns"],
      input: Self.dataWithDeeplink)
    #expect(code == .success, "\(streams.error)")
    let converted = try? json(streams.outputText)
    #expect(converted?["custom"]?["a"]?["deeplink"] == "app://order/42", "\(streams.outputText)")
    #expect(converted?["custom"]?["u"] == nil, "\(streams.outputText)")
    #expect(!streams.error.contains("input.unused-option"), "\(streams.error)")
    #expect(streams.error.contains("read as apns, as --option inner=apns names"))

    let batch = runPushc(
      ["batch", "--from", "fcm", "--to", "onesignal", "--option", "inner=apns", "-"],
      input: Self.dataWithDeeplink + "\n")
    #expect(batch.0 == .success, "\(batch.1.error)")
    let record = try? json(batch.1.outputText)
    #expect(record?["custom"]?["a"]?["deeplink"] == "app://order/42", "\(batch.1.outputText)")
    #expect(!batch.1.error.contains("input.unused-option"), "\(batch.1.error)")

    let validate = runPushc(
      ["validate", "--from", "fcm", "--option", "inner=apns"], input: Self.dataWithDeeplink)
    #expect(validate.0 == .success, "\(validate.1.error)")
    #expect(!validate.1.error.contains("input.unused-option"), "\(validate.1.error)")
    #expect(!validate.1.error.contains("yellowai ("), "\(validate.1.error)")
  }

  /// `--option inner=FORMAT` settles only a payload inside several formats claim alike: a
  /// payload detection settles (or no format claims) is read as detected, and a note says
  /// the option was not used for reading.
  @Test func theInnerOptionIsNotUsedForAPayloadDetectionSettles() throws {
    let cases = [
      (
        #"{"message": {"token": "t", "apns": {"payload": {"aps": {"alert": "hi"}}}}}"#, "apns",
        "/message/apns/payload"
      ),
      (#"{"message": {"token": "t", "data": {"k": "v"}}}"#, "apns", "/message"),
      (
        #"{"message": {"token": "t", "apns": {"payload": {"aps": {"alert": "hi"}, "body": {"_k": "k"}}}}}"#,
        "klaviyo", "/message/apns/payload"
      ),
    ]
    for (message, read, place) in cases {
      let result = translate(
        try json(message), from: FCM(), to: IRFormat(), options: ["inner=braze"])
      let ir = try #require(result.output, "\(result.diagnostics)")
      #expect(ir["extras"]?["fcm"]?["@inner"] == .string(read))
      let note = result.diagnostics.first {
        $0.code == .unusedOption && $0.message.contains("--option inner=braze")
      }
      #expect(note?.message.contains("not used for reading") == true, "\(result.diagnostics)")
      #expect(note?.location == .input(JSONPointer(place)), "\(String(describing: note))")
    }
    // Naming the format detection finds says nothing more.
    let same = translate(
      try json(cases[2].0), from: FCM(), to: IRFormat(), options: ["inner=klaviyo"])
    #expect(!same.diagnostics.contains { $0.message.contains("not used for reading") })
  }
}
