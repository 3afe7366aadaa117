import PushCompiler
import PushIR
import Testing

/// A field that names a push's recipients is not part of what the phone receives: a
/// target that drops it reports it once, where it was given, saying what it was.
@Suite struct RecipientFieldTests {
  static let cases: [(source: String, input: String, pointer: JSONPointer)] = [
    ("expo", #"{"to":"ExponentPushToken[a]","title":"T","body":"B"}"#, "/to"),
    (
      "fcm", #"{"message":{"token":"tok","apns":{"payload":{"aps":{"alert":"x"}}}}}"#,
      "/message/token"
    ),
    (
      "fcm", #"{"message":{"topic":"news","apns":{"payload":{"aps":{"alert":"x"}}}}}"#,
      "/message/topic"
    ),
    (
      "fcm", #"{"message":{"condition":"'a' in topics","apns":{"payload":{"aps":{"alert":"x"}}}}}"#,
      "/message/condition"
    ),
    (
      "braze", #"{"external_user_ids":["u"],"messages":{"apple_push":{"alert":"x"}}}"#,
      "/external_user_ids"
    ),
    ("braze", #"{"segment_id":"s","messages":{"apple_push":{"alert":"x"}}}"#, "/segment_id"),
    ("braze", #"{"broadcast":true,"messages":{"apple_push":{"alert":"x"}}}"#, "/broadcast"),
  ]

  @Test(arguments: 0..<cases.count, ["apns", "klaviyo", "iterable", "expo"])
  func aRecipientFieldDroppedIsReportedOnceAsSuch(_ index: Int, _ target: String) throws {
    let (source, input, pointer) = Self.cases[index]
    guard source != target else { return }
    var options: Set<String> = []
    if target == "expo" { options = ["device-form"] }
    var translator = Translator(
      from: try #require(Vendors.named(source)), to: try #require(Vendors.named(target)))
    translator.options = options
    translator.defaults = GoldenCase.defaults
    translator.settings = ["_k": "k", "messageId": "m"]
    let result = translator.translate(try JSONReader.parse(Array(input.utf8)))
    #expect(result.output != nil, "\(source) → \(target): \(result.diagnostics.codes)")
    let there = result.diagnostics.filter { $0.location == .input(pointer) }
    #expect(there.count == 1, "\(source) → \(target) at \(pointer): \(there.map(\.message))")
    #expect(there.allSatisfy { $0.code.isLossy })
    #expect(
      there.allSatisfy {
        $0.message.contains("is not part of what the phone receives; dropped")
      }, "\(source) → \(target): \(there.map(\.message))")
  }
}
