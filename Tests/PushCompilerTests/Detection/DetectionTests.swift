import Foundation
import PushCompiler
import PushIR
import Testing

@Suite struct DetectionTests {
  func detect(_ text: String) throws -> Detector.Outcome {
    Detector.detect(try JSONReader.parse(Array(text.utf8)))
  }

  func detectedID(_ outcome: Detector.Outcome) -> String? {
    if case .detected(let format, _) = outcome { return format.id }
    return nil
  }

  @Test(arguments: [
    (#"{"aps": {}, "body": {"_k": {"m": "1"}}}"#, "klaviyo", "high"),
    (#"{"aps": {}, "dfn": {"c_id": "c"}}"#, "dfinery", "high"),
    (#"{"aps": {}, "W$id": "1_2"}"#, "clevertap", "high"),
    (#"{"ct_ContentSlider": "{}"}"#, "clevertap", "medium"),
    (#"{"aps": {}, "notification-action": {"type": "openApp"}}"#, "acoustic", "high"),
    (#"{"title": "t", "payload": {"botId": "b"}}"#, "yellowai", "high"),
    (#"{"aps": {}, "botId": "b"}"#, "yellowai", "medium"),
    (#"{"aps": {}, "os_data": {"i": "n"}}"#, "onesignal", "high"),
    (#"{"aps": {}, "custom": {"i": "n"}, "buttons": []}"#, "onesignal", "high"),
    (#"{"aps": {}, "custom": {"u": "app://x"}}"#, "onesignal", "medium"),
    (#"{"aps": {}, "CIO": {"push": {"link": "app://x"}}}"#, "customerio", "high"),
    (#"{"CIO-Delivery-ID": "d", "CIO-Delivery-Token": "t"}"#, "customerio", "high"),
    (#"{"aps": {}, "itbl": {"messageId": "m"}}"#, "iterable", "high"),
    (#"{"aps": {}, "experienceId": "@a/b", "body": {}}"#, "expo", "high"),
    (#"{"to": "ExponentPushToken[x]", "body": "hi"}"#, "expo", "high"),
    (#"{"title": "t", "richContent": {"image": "https://x.test/a.png"}}"#, "expo", "medium"),
    (#"{"aps": {}, "body": {"url": "https://x.test"}}"#, "expo", "medium"),
    (#"{"aps": {}, "ab": {"c": null}}"#, "braze", "high"),
    (#"{"messages": {"apple_push": {"alert": "hi"}}}"#, "braze", "high"),
    (#"{"aps": {}, "ab_uri": "app://x"}"#, "braze", "medium"),
    (#"{"aps": {}, "_": "5b1d3c1e"}"#, "airship", "high"),
    (#"{"aps": {}, "com.urbanairship.media_attachment": {"url": "u"}}"#, "airship", "high"),
    (#"{"aps": {}, "^d": "app://x"}"#, "airship", "medium"),
    (#"{"message": {"token": "t", "apns": {"payload": {"aps": {}}}}}"#, "fcm", "high"),
    (#"{"apns": {"payload": {"aps": {}}}, "topic": "news"}"#, "fcm", "high"),
    (#"{"notification": {"title": "t"}, "condition": "'a' in topics"}"#, "fcm", "high"),
    (#"{"irVersion": 1}"#, "ir", "high"),
    (#"{"aps": {"alert": "hi"}, "order": 7}"#, "apns", "low"),
  ])
  func namesTheFormatWithItsConfidence(_ payload: String, _ id: String, _ confidence: String)
    throws
  {
    let outcome = try detect(payload)
    #expect(detectedID(outcome) == id)
    if case .detected(_, let evidence) = outcome {
      #expect(evidence.strength.description == confidence)
      #expect(!evidence.keys.isEmpty)
    }
  }

  /// A marker given twice is one key of the evidence (the first is dropped as a
  /// duplicate before anything reads it).
  @Test func aMarkerGivenTwiceIsNamedOnce() throws {
    let outcome = try detect(#"{"aps": {}, "W$id": 1, "W$id": 2, "wzrk_pivot": "p"}"#)
    guard case .detected(let format, let evidence) = outcome else {
      Issue.record("not detected: \(outcome)")
      return
    }
    #expect(format.id == "clevertap")
    #expect(evidence.keys == ["/W$id", "/wzrk_pivot"])
  }

  @Test func equalEvidenceIsAmbiguousAndNothingIsGuessed() throws {
    let outcome = try detect(#"{"aps": {}, "body": {"_k": "k"}, "dfn": {}}"#)
    guard case .ambiguous(let candidates) = outcome else {
      Issue.record("not ambiguous: \(outcome)")
      return
    }
    #expect(Set(candidates.map(\.format.id)) == ["klaviyo", "dfinery"])
    #expect(outcome.failure?.code == .ambiguousFormat)
    #expect(outcome.failure?.message.contains("klaviyo ('/body/_k')") == true)
  }

  /// A root `body` is Expo's data unless Klaviyo's keys are in it; a `body` that holds
  /// no data is the app's own key of a plain APNs payload.
  @Test(arguments: [
    (#"{"aps": {}, "body": {"screen": "home"}}"#, "expo"),
    (#"{"aps": {}, "body": "{\"pushId\": 4}"}"#, "expo"),
    (#"{"aps": {}, "body": {"_k": "k", "url": "x://y"}}"#, "klaviyo"),
    (#"{"aps": {}, "body": {"action_buttons": []}}"#, "klaviyo"),
    (#"{"aps": {}, "body": {"actions": {}, "screen": "home"}}"#, "klaviyo"),
    (#"{"aps": {}, "body": "plain text"}"#, "apns"),
    (#"{"aps": {}, "body": [1, 2]}"#, "apns"),
  ])
  func rootBodyIsToldApart(_ payload: String, _ id: String) throws {
    #expect(detectedID(try detect(payload)) == id, "\(payload)")
  }

  /// `body.actions`, the links of a Klaviyo predefined category's buttons, is Klaviyo's own
  /// key, without `_k`: suggestive, so that another format's suggestive evidence beside it
  /// is ambiguous, not guessed.
  @Test func aKlaviyoCategorysActionsAreKlaviyosEvidence() throws {
    for payload in [
      #"{"aps":{"alert":"Hi","category":"com.klaviyo.category.yesNo"},"body":{"actions":{"com.klaviyo.action.yes":{"url":"myapp://y"}}},"url":"myapp://home"}"#,
      #"{"aps":{"alert":"Hi","category":"com.klaviyo.category.yesNo"},"body":{"actions":{"com.klaviyo.action.yes":{"url":"myapp://y"}}}}"#,
    ] {
      let outcome = try detect(payload)
      guard case .detected(let format, let evidence) = outcome else {
        Issue.record("not detected: \(outcome)")
        continue
      }
      #expect(format.id == "klaviyo", "\(payload)")
      #expect(evidence.strength == .suggestive)
      #expect(evidence.keys == [JSONPointer("/body/actions")])
    }
    // The category alone is not Klaviyo's: an APNs payload, or an Expo device form with
    // its data in `body`, may name one the app registered.
    #expect(detectedID(try detect(#"{"aps":{"category":"com.klaviyo.category.yesNo"}}"#)) == "apns")
    #expect(
      detectedID(
        try detect(#"{"aps":{"category":"com.klaviyo.category.yesNo"},"body":{"screen":"home"}}"#))
        == "expo")
  }

  @Test func payloadsWithoutKnownKeysAreUnknown() throws {
    #expect(try detect(#"{"notification": {"title": "x"}}"#).failure?.code == .unknownFormat)
    // An `aps` that is no dictionary is not APNs evidence, and the message says which is
    // missing: the dictionary, not the key.
    let failure = try detect(#"{"aps": "x"}"#).failure
    #expect(failure?.code == .unknownFormat)
    #expect(
      failure?.message
        == "no format recognises this payload: it has no format's evidence and no 'aps' dictionary")
  }

  @Test func aVendorKeyOfTheWrongShapeLeavesPlainAPNs() throws {
    // `itbl` decides Iterable only as a dictionary; the evidence does not claim the key
    // is absent.
    guard case .detected(let format, let evidence) = try detect(#"{"itbl": 5, "aps": {}}"#)
    else {
      Issue.record("not detected")
      return
    }
    #expect(format.id == "apns")
    #expect(evidence.reason == "an 'aps' dictionary and no other format's evidence")
  }

  /// A marker counts only with the type its SDK reads: a null, or a value of another
  /// type, is custom data, no evidence (the payload is then another format's, or plain
  /// APNs).
  @Test(arguments: [
    (#"{"aps": {"alert": "hi"}, "body": {"_k": "x"}, "CIO": null}"#, "klaviyo"),
    (#"{"aps": {"alert": "hi"}, "body": {"_k": "x"}, "scopeKey": null}"#, "klaviyo"),
    (#"{"aps": {"alert": "hi"}, "body": {"_k": "x"}, "experienceId": 7}"#, "klaviyo"),
    (#"{"aps": {"alert": "hi"}, "CIO": "summer"}"#, "apns"),
    (#"{"aps": {"alert": "hi"}, "CIO-Delivery-ID": 5}"#, "apns"),
    (#"{"aps": {"alert": "hi"}, "W$id": "1", "CIO": "summer"}"#, "clevertap"),
    (#"{"aps": {"alert": "hi"}, "_": null}"#, "apns"),
    (#"{"aps": {"alert": "hi"}, "com.urbanairship.media_attachment": "u"}"#, "apns"),
    (#"{"aps": {"alert": "hi"}, "notification-action": null}"#, "apns"),
    (#"{"aps": {"alert": "hi"}, "category-actions": {"name": "x"}}"#, "apns"),
    (#"{"aps": {"alert": "hi"}, "itbl": {"messageId": "m"}, "_": 3}"#, "iterable"),
  ])
  func aMarkerOfTheWrongTypeIsNoEvidence(_ payload: String, _ id: String) throws {
    #expect(detectedID(try detect(payload)) == id, "\(payload)")
  }

  /// Each marker of the right type still decides.
  @Test(arguments: [
    (#"{"aps": {}, "CIO-Delivery-Token": "t"}"#, "customerio"),
    (#"{"aps": {}, "scopeKey": "@a/b"}"#, "expo"),
    (#"{"aps": {}, "com.urbanairship.metadata": "e30="}"#, "airship"),
    (#"{"aps": {}, "com.urbanairship.interactive_actions": {"yes": {"^d": "a://b"}}}"#, "airship"),
    (#"{"aps": {}, "category-actions": [{"name": "Go", "type": "openApp"}]}"#, "acoustic"),
  ])
  func aMarkerOfItsTypeDecides(_ payload: String, _ id: String) throws {
    #expect(detectedID(try detect(payload)) == id, "\(payload)")
  }

  @Test func aRootThatIsNotAnObjectIsSaidToBeOne() throws {
    let failure = try detect(#"[{"aps": {}}]"#).failure
    #expect(failure?.code == .notAnObject)
    #expect(failure?.message == "the payload is a JSON array, but a push payload is an object")
  }

  /// Real payloads of every registered vendor are detected as that vendor, except the few
  /// that carry no marker of it, or are another format's (named here with what they are
  /// detected as): Yellow.ai's Android example is an FCM message, its keys in `data`.
  static let unmarked: [String: String?] = [
    "acoustic/cordova-types-static-category.json": "apns",
    "yellowai/fcm-android-bot-flow.json": "fcm",
  ]

  @Test(
    .enabled(
      if: !CorpusConformanceTests.registeredFiles.isEmpty, "../shared/corpus is not present"),
    arguments: CorpusConformanceTests.registeredFiles)
  func everyCorpusPayloadIsDetectedAsItsVendor(_ file: String) throws {
    let parts = file.split(separator: "/").map(String.init)
    let outcome = Detector.detect(try CorpusConformanceTests.payload(parts[0], parts[1]))
    let expected = Self.unmarked[file] ?? parts[0]
    #expect(detectedID(outcome) == expected, "\(file)")
  }

  @Test func detectCommandAndFromAuto() throws {
    var streams = BufferedStreams(input: Array(#"{"aps": {"alert": "x"}, "dfn": {}}"#.utf8))
    #expect(Driver.run(["detect"], streams: &streams) == .success)
    #expect(streams.outputText.hasPrefix("dfinery\nevidence: '/dfn'"))
    #expect(streams.outputText.hasSuffix("confidence: high\n"))

    var convert = BufferedStreams(
      input: Array(#"{"aps": {"alert": "x"}, "body": {"_k": "k"}}"#.utf8))
    #expect(
      Driver.run(["convert", "--from", "auto", "--to", "apns"], streams: &convert) == .success)
    #expect(convert.error.contains("note: read as klaviyo: '/body/_k'"))

    var ambiguous = BufferedStreams(input: Array(#"{"body": {"_k": "k"}, "dfn": {}}"#.utf8))
    #expect(Driver.run(["detect"], streams: &ambiguous) == .dataError)
    #expect(ambiguous.outputText.isEmpty)
    #expect(ambiguous.error.contains("[input.ambiguous-format]"))
  }
  /// A duplicate key is reported when the format is detected as when it is named: before
  /// the error of a payload whose last value leaves no format's evidence, and by `detect`,
  /// which reads the payload as a translation would.
  @Test(arguments: [
    ["convert", "--from", "auto", "--to", "apns"], ["validate", "--from", "auto"], ["detect"],
  ])
  func aDuplicateKeyIsReportedWhenNoFormatIsDetected(_ arguments: [String]) throws {
    let warning =
      "<stdin>:/aps: warning: 'aps' occurs again later in this object; this value is dropped [input.duplicate-key]"
    let (failed, unknown) = runPushc(arguments, input: #"{"aps":{"alert":"ok"},"aps":1}"#)
    #expect(failed == .dataError)
    let lines = unknown.error.split(separator: "\n").map(String.init)
    #expect(lines.first == warning, "\(unknown.error)")
    #expect(lines.dropFirst().first?.hasSuffix("[input.unknown-format]") == true)
    let (detected, apns) = runPushc(["detect"], input: #"{"aps":1,"aps":{"alert":"ok"}}"#)
    #expect(detected == .success)
    #expect(apns.outputText.hasPrefix("apns\n"))
    #expect(apns.error == warning + "\n")
  }
}
