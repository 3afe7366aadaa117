import PushCompiler
import PushIR
import Testing

@Suite struct ExpoTests {
  func translate(
    _ payload: String, from source: any VendorFormat = Expo(), options: Set<String> = [],
    settings: [String: String] = [:]
  ) throws -> Translator.Result {
    var translator = Translator(from: source, to: Expo())
    translator.options = options
    translator.settings = settings
    return translator.translate(try JSONReader.parse(Array(payload.utf8)))
  }

  static let message =
    #"{"to": "ExponentPushToken[a]", "title": "T", "body": "B", "data": {"k": 1}, "richContent": {"image": "https://x.test/i.png"}, "categoryId": "C", "ttl": 60}"#

  @Test func theMessageBecomesTheDeviceFormWithTheOption() throws {
    let result = try translate(Self.message, options: ["device-form"])
    let output = try #require(result.output)
    #expect(output["aps"]?["alert"] == ["title": "T", "body": "B"])
    #expect(output["aps"]?["category"] == "C")
    #expect(output["aps"]?["mutable-content"] == 1)
    #expect(output["body"] == ["k": 1, "_richContent": ["image": "https://x.test/i.png"]])
    #expect(output["to"] == nil)
    #expect(
      result.diagnostics.filter { $0.severity == .warning }.map(\.code.name).sorted() == [
        "emit.dropped-extra", "emit.dropped-field",
      ])
  }

  /// The message's `data` arrives as the device form's `body`, whose `_richContent` the
  /// phone reads as the notification's image: custom data of that name is dropped and
  /// reported in the message as in the device form, never shown as media.
  @Test func customDataNamedLikeTheImageCarrierIsDroppedInBothForms() throws {
    let payload =
      #"{"aps": {"alert": "x"}, "custom": {"i": "q", "a": {"_richContent": {"image": "https://e.com/evil.png"}, "k": 1}}}"#
    for options: Set<String> in [[], ["device-form"]] {
      let result = try translate(
        payload, from: OneSignal(), options: options,
        settings: options.isEmpty ? ["to": "ExponentPushToken[a]"] : [:])
      let output = try #require(result.output)
      let data = options.isEmpty ? output["data"] : output["body"]
      #expect(data == ["k": 1], "\(options)")
      let dropped = result.diagnostics.filter { $0.location == .input("/custom/a/_richContent") }
      #expect(
        dropped.map(\.message) == [
          "custom key '_richContent' would replace expo's own '_richContent'; dropped"
        ], "\(options)")
      #expect(dropped.map(\.code.name) == ["emit.dropped-field"])
    }
  }

  @Test func theDeviceFormStaysUnlessTheMessageIsAskedFor() throws {
    let device =
      #"{"experienceId": "@a/b", "scopeKey": "@a/b", "aps": {"alert": {"title": "T"}}, "body": {"k": 1}}"#
    #expect(try translate(device).output?["experienceId"] == "@a/b")
    let result = try translate(
      device, options: ["api-request"], settings: ["to": "ExpoPushToken[z]"])
    let output = try #require(result.output)
    #expect(output == ["to": "ExpoPushToken[z]", "title": "T", "data": ["k": 1]])
    #expect(result.diagnostics.codes == ["emit.dropped-extra"])
  }

  @Test func theMessageNeedsARecipient() throws {
    let result = try translate(#"{"irVersion": 1, "content": {"body": "x"}}"#, from: IRFormat())
    #expect(result.output == nil)
    #expect(result.diagnostics.codes.contains("emit.missing-field"))
  }

  /// A `to` of another type is ignored, so the message names no recipient, as one
  /// without `to`; an empty array names none either, and is carried as given.
  @Test func aMessageWithoutAPushTokenLacksTheMarker() throws {
    for to in ["5", "[5]", #"["ExponentPushToken[a]", true]"#, "[]"] {
      let result = try translate(#"{"title": "x", "to": \#(to)}"#, options: ["device-form"])
      let marker = result.diagnostics.first { $0.code == .notVendorPayload }
      #expect(marker?.location == .input(.root), "\(to): \(result.diagnostics)")
      #expect(
        marker?.message
          == "no push token in 'to' and no 'aps': Expo's push service sends this message to no one"
      )
      #expect(result.missingMarkers == [.root], "\(to)")
    }
    let empty = try translate(#"{"title": "x", "to": []}"#)
    #expect(empty.output?["to"] == [])
    let refused = try translate(#"{"title": "x", "to": 5}"#)
    #expect(refused.output == nil)
    #expect(refused.diagnostics.codes.contains("emit.missing-field"))
    let sent = try translate(#"{"title": "x", "to": "ExponentPushToken[a]"}"#)
    #expect(!sent.diagnostics.contains { $0.code == .notVendorPayload })
  }

  @Test func emptyStringsOfThePushServiceReadAsAbsent() throws {
    let device =
      #"{"experienceId": "@a/b", "aps": {"alert": {"title": "T", "subtitle": "", "launch-image": ""}, "category": "", "thread-id": ""}, "body": {}}"#
    let result = try translate(device)
    #expect(result.output?["aps"] == ["alert": ["title": "T"]])
    #expect(result.diagnostics.codes.isEmpty)
  }
}
