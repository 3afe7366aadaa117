import PushCompiler
import PushIR
import Testing

/// Every loss found translating a vendor's payload is placed in that payload: a
/// diagnostic that says something was dropped or changed names where the user wrote it,
/// never only the IR field it passed through.
@Suite struct LossLocationTests {
  /// The field a "VENDOR-only field 'KEY' has no equivalent here" message names.
  static func droppedField(in message: String) -> String? {
    guard let start = message.range(of: "-only field '"),
      let end = message.range(of: "' has no equivalent", range: start.upperBound..<message.endIndex)
    else { return nil }
    return String(message[start.upperBound..<end.lowerBound])
  }

  /// A name without case or underscores, so that spellings of one name compare equal.
  static func spelling(_ name: String) -> String {
    name.lowercased().filter { $0 != "_" }
  }

  @Test(arguments: GoldenCase.parseCases)
  func everyLossIsPlacedInTheInput(_ golden: GoldenCase) throws {
    let input = try GoldenFiles.json(golden.folder.appendingPathComponent("input.json"))
    for target in Vendors.ids where target != "ir" {
      for diagnostic in golden.translate(input, from: golden.source, to: target).diagnostics
      where diagnostic.code.isLossy {
        if case .ir(let path) = diagnostic.location {
          Issue.record(
            "\(target): \(diagnostic.code) at ir:\(path) (\(diagnostic.message)) is not placed in the input"
          )
        }
        // A dropped field is placed at itself (its name on the path, however the vendor
        // spells it: `fcmOptions` for `fcm_options`), not at the object it was kept with.
        if diagnostic.code == .droppedExtra, let key = Self.droppedField(in: diagnostic.message),
          case .input(let pointer) = diagnostic.location
        {
          #expect(
            pointer.tokens.contains { Self.spelling($0) == Self.spelling(key) },
            "\(target): '\(key)' placed at \(pointer), not where it was read")
        }
      }
    }
  }
}

extension LossLocationTests {
  /// A vendor's key whose name begins with `@`, the IR's mark of a layout hint among the
  /// fields kept, cannot be kept as data: it is reported as dropped where it was read,
  /// never passed over as a hint. `aps` has no hints, so its `@` keys are carried (and
  /// reported where a target drops them).
  @Test func aKeptNameBeginningWithAtIsNeverLostUnreported() throws {
    let iterable = try JSONReader.parse(Array(#"{"aps": {"alert": "x"}, "itbl": {"@x": 1}}"#.utf8))
    for target in ["iterable", "klaviyo"] {
      let result = GoldenCase.translate(iterable, from: "iterable", to: target)
      #expect(
        result.diagnostics.contains {
          $0.code == .invalidValue && $0.location == .input("/itbl/@x")
        }, "\(target)")
    }
    // Reported dropped, and not also "kept verbatim", in every format that keeps
    // unknown names.
    let payloads: [(format: String, text: String, pointer: JSONPointer)] = [
      ("iterable", #"{"aps": {"alert": "x"}, "itbl": {"@x": 1}}"#, "/itbl/@x"),
      ("customerio", #"{"aps": {"alert": "x"}, "CIO": {"@x": 1}}"#, "/CIO/@x"),
      ("dfinery", #"{"aps": {"alert": "x"}, "dfn": {"@x": 1}}"#, "/dfn/@x"),
      ("braze", #"{"aps": {"alert": "x"}, "ab": {"c": "1", "@x": 1}}"#, "/ab/@x"),
      ("expo", #"{"to": "t", "body": "x", "@x": 1}"#, "/@x"),
      ("yellowai", #"{"userId": "u", "message": "x", "@x": 1}"#, "/@x"),
      (
        "airship",
        #"{"aps": {"alert": "x"}, "com.urbanairship.media_attachment": {"url": ["https://a.example/x.jpg"], "@x": 1}}"#,
        "/com.urbanairship.media_attachment/@x"
      ),
      (
        "fcm",
        #"{"message": {"token": "t", "apns": {"payload": {"aps": {"alert": "x"}}}}, "@x": 1}"#,
        "/@x"
      ),
    ]
    for (format, text, pointer) in payloads {
      let codes = GoldenCase.translate(
        try JSONReader.parse(Array(text.utf8)), from: format, to: format
      )
      .diagnostics.filter { $0.location == .input(pointer) }.map(\.code)
      #expect(codes == [.invalidValue], "\(format): \(codes) at \(pointer)")
    }
    let aps = try JSONReader.parse(
      Array(#"{"aps": {"alert": "x", "@a": 1}, "body": {"_k": "k"}}"#.utf8))
    #expect(GoldenCase.translate(aps, from: "klaviyo", to: "klaviyo").output?["aps"]?["@a"] == 1)
    #expect(
      GoldenCase.translate(aps, from: "klaviyo", to: "yellowai").diagnostics.contains {
        $0.code == .droppedExtra && $0.location == .input("/aps/@a")
      })
  }

  /// Inside a kept group (``VendorFormat/keptGroups``), a name beginning with `@` is the
  /// vendor's own key, not a layout hint (hints stand only at the extras' top): carried
  /// by its own format, and reported where it was read by a target that drops it.
  @Test func aNameBeginningWithAtInsideAGroupIsReportedWhenDropped() throws {
    let payloads: [(format: String, text: String, pointer: JSONPointer)] = [
      ("acoustic", #"{"aps": {"alert": "b"}, "mce": {"mailingId": 5, "@x": 1}}"#, "/mce/@x"),
      ("customerio", #"{"aps": {"alert": "b"}, "CIO": {"push": {"@x": 1}}}"#, "/CIO/push/@x"),
      (
        "braze", #"{"messages": {"apple_push": {"alert": {"body": "b", "@x": 1}}}}"#,
        "/messages/apple_push/alert/@x"
      ),
    ]
    for (format, text, pointer) in payloads {
      let payload = try JSONReader.parse(Array(text.utf8))
      let dropped = GoldenCase.translate(payload, from: format, to: "klaviyo").diagnostics
        .filter { $0.location == .input(pointer) && $0.code.isLossy }.map(\.code)
      #expect(dropped == [.droppedExtra], "\(format): \(dropped)")
      let carried = GoldenCase.translate(payload, from: format, to: format)
      #expect(
        !carried.diagnostics.contains { $0.location == .input(pointer) && $0.code.isLossy },
        "\(format): \(carried.diagnostics)")
      #expect(carried.output.map { "\($0)".contains("@x") } == true, "\(format)")
    }
  }
}

extension LossLocationTests {
  /// Every diagnostic placed in the input names a value the input has, shortened to fit
  /// or not: a place normalize-shapes made (`/aps/alert/body` for a string alert) is
  /// reported where the user wrote its value.
  @Test(arguments: GoldenCase.parseCases)
  func everyInputLocationIsInTheInput(_ golden: GoldenCase) throws {
    let input = try GoldenFiles.json(golden.folder.appendingPathComponent("input.json"))
    for target in Vendors.ids {
      for fits in [false, true] {
        var translator = GoldenCase.translator(from: golden.source, to: target)
        translator.fitToBudget = fits
        for diagnostic in translator.translate(input).diagnostics {
          guard case .input(let pointer) = diagnostic.location else { continue }
          #expect(
            MutationProperties.resolves(pointer, in: input),
            "\(target)\(fits ? " --fit" : ""): \(diagnostic.code) at \(pointer) is not in the input"
          )
        }
      }
    }
  }

  /// A string alert's text, read as `{"body": …}`, is reported at the string: what a
  /// front end reads there and what `--fit` shortens.
  @Test func aStringAlertsTextIsPlacedAtTheString() throws {
    let long = String(repeating: "Ünïcödé text ", count: 400)
    let payload = try JSONReader.parse(Array(#"{"aps": {"alert": "\#(long)"}}"#.utf8))
    var translator = GoldenCase.translator(from: "apns", to: "klaviyo")
    translator.fitToBudget = true
    let shortened = translator.translate(payload).diagnostics.first {
      $0.code == .shortenedBody
    }
    #expect(shortened?.location == .input("/aps/alert"))
    // An alert given as an object keeps its own place.
    let object = try JSONReader.parse(Array(#"{"aps": {"alert": {"body": "\#(long)"}}}"#.utf8))
    #expect(
      translator.translate(object).diagnostics.first { $0.code == .shortenedBody }?.location
        == .input("/aps/alert/body"))
  }
}
