import PushCompiler
import PushIR
import Testing

/// A vendor's kept extras never repeat a key the emitter wrote from the IR's own fields:
/// the kept member is dropped with `emit.dropped-extra` at its IR path, at every level
/// the extras are merged into (Specs/ir.md, extras).
@Suite struct KeptExtrasClashTests {
  /// One emitter, an IR whose extras name keys the emitter writes itself, and the IR
  /// paths of the kept members that must be dropped.
  struct Case: CustomTestStringConvertible, Sendable {
    let target: String
    let extras: String
    let clashes: [String]
    /// What tells apart two cases of one target (a form), if anything.
    var variant: String? = nil
    var testDescription: String { variant.map { "\(target) (\($0))" } ?? target }
  }

  static let cases: [Case] = [
    Case(
      target: "clevertap", extras: #"{"aps": 1, "W$id": "k", "wzrk_dl": "z", "kept": 1}"#,
      clashes: ["/extras/clevertap/aps", "/extras/clevertap/W$id", "/extras/clevertap/wzrk_dl"]),
    Case(
      target: "dfinery",
      extras: #"{"img": "q", "c_id": "z", "kept": 1,"click_act": {"act_type": "X", "uri": "u"}}"#,
      clashes: [
        "/extras/dfinery/img", "/extras/dfinery/c_id", "/extras/dfinery/click_act/act_type",
        "/extras/dfinery/click_act/uri",
      ]),
    Case(
      target: "klaviyo", extras: #"{"body": {"url": "x", "kept": 1}}"#,
      clashes: ["/extras/klaviyo/body/url"]),
    Case(
      target: "iterable", extras: #"{"defaultAction": "x", "attachment-url": "y", "kept": 1}"#,
      clashes: ["/extras/iterable/defaultAction", "/extras/iterable/attachment-url"]),
    Case(
      target: "fcm", extras: #"{"apns": {"payload": {"x": 1}, "kept": 1}}"#,
      clashes: ["/extras/fcm/apns/payload"]),
    Case(
      target: "acoustic", extras: #"{"mce": {"mailingId": 9, "kept": 1}}"#,
      clashes: ["/extras/acoustic/mce/mailingId"]),
    Case(
      target: "customerio", extras: #"{"CIO": {"push": {"link": "x", "kept": 1}}}"#,
      clashes: ["/extras/customerio/CIO/push/link"]),
    Case(
      target: "expo", extras: #"{"body": "x", "kept": 1}"#, clashes: ["/extras/expo/body"]),
    Case(
      target: "airship",
      extras: #"{"com.urbanairship.media_attachment": {}, "com.urbanairship.kept": 1}"#,
      clashes: ["/extras/airship/com.urbanairship.media_attachment"]),
    Case(
      target: "yellowai", extras: #"{"body": "x", "kept": 1}"#,
      clashes: ["/extras/yellowai/body"]),
    Case(
      target: "braze",
      extras: #"{"@deviceForm": true, "ab": {"c": "z", "att": {"url": "u"}, "kept": 1}}"#,
      clashes: ["/extras/braze/ab/c", "/extras/braze/ab/att"], variant: "device form"),
    Case(
      target: "braze",
      extras: #"""
        {"request": {"messages": {}, "campaign_id": "9", "kept": 1},
         "messages": {"apple_push": {"badge": 1}},
         "apple_push": {"custom_uri": "x", "alert": {"body": "z", "sound": "s"}}}
        """#,
      clashes: [
        "/extras/braze/request/messages", "/extras/braze/request/campaign_id",
        "/extras/braze/messages/apple_push", "/extras/braze/apple_push/custom_uri",
        "/extras/braze/apple_push/alert/body",
      ], variant: "REST request"),
    Case(
      target: "onesignal", extras: #"{"i": "x", "u": "y", "kept": 1}"#,
      clashes: ["/extras/onesignal/i", "/extras/onesignal/u"]),
  ]

  /// An IR with a tap link, one image, a campaign and a notification id, and `extras`
  /// as the target's kept extras.
  static func ir(_ target: String, extras: String) throws -> JSONValue {
    try JSONReader.parse(
      Array(
        """
        {"irVersion": 1, "content": {"body": "b"},
         "defaultAction": {"type": "openURL", "url": "app://x", "destination": "app"},
         "media": [{"url": "https://cdn.example.com/a.jpg", "kind": "image"}],
         "tracking": {"campaignID": "1", "notificationID": "n1"},
         "extras": {"\(target)": \(extras)}}
        """.utf8))
  }

  /// The paths of objects in `value` that hold a key more than once.
  static func repeatedKeys(in value: JSONValue, at path: String = "") -> [String] {
    switch value {
    case .object(let object):
      var seen: Set<String> = []
      var repeated: [String] = []
      for member in object {
        if !seen.insert(member.key).inserted { repeated.append(path + "/" + member.key) }
        repeated += repeatedKeys(in: member.value, at: path + "/" + member.key)
      }
      return repeated
    case .array(let elements):
      return elements.enumerated().flatMap { repeatedKeys(in: $1, at: path + "/\($0)") }
    default:
      return []
    }
  }

  /// Whether some object in `value` has a member named `key`.
  static func holdsKey(_ key: String, in value: JSONValue) -> Bool {
    switch value {
    case .object(let object):
      object.contains { $0.key == key || holdsKey(key, in: $0.value) }
    case .array(let elements): elements.contains { holdsKey(key, in: $0) }
    default: false
    }
  }

  @Test(arguments: cases)
  func keptMembersNeverRepeatAWrittenKey(_ testCase: Case) throws {
    let target = try #require(Vendors.named(testCase.target))
    var translator = Translator(from: IRFormat(), to: target)
    translator.defaults = GoldenCase.defaults
    let result = translator.translate(try Self.ir(testCase.target, extras: testCase.extras))
    let output = try #require(result.output)
    #expect(Self.repeatedKeys(in: output) == [])
    let reported = result.diagnostics.filter {
      $0.code == .droppedExtra && $0.message.contains("clashes with the IR's own value")
    }.map { "\($0.location)" }
    for clash in testCase.clashes {
      #expect(reported.contains("ir:" + clash), "\(clash) not reported; got \(reported)")
    }
    // A member that clashes with nothing is written back.
    #expect(Self.holdsKey("kept", in: output) || Self.holdsKey("com.urbanairship.kept", in: output))
  }
}
