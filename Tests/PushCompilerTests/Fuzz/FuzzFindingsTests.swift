import Foundation
import PushCompiler
import PushIR
import Testing

/// What the fuzz targets in `Tests/Fuzz/` found, each as its minimised input and the
/// property it broke.
@Suite struct FuzzFindingsTests {
  /// What one driver run returned.
  struct Run {
    var code: ExitCode
    var output: [UInt8]
    var error: String
  }

  /// `convert` from `source` to `target` on `input`, with the golden defaults.
  func convert(_ input: String, from source: String, to target: String, _ extra: [String] = [])
    -> Run
  {
    let defaults = GoldenFiles.root.appendingPathComponent("defaults.json").path
    var streams = BufferedStreams(input: Array(input.utf8))
    let code = Driver.run(
      ["convert", "--from", source, "--to", target, "--defaults", defaults] + extra,
      streams: &streams)
    return Run(code: code, output: streams.output, error: streams.error)
  }

  /// Found by the clevertap target as `{"W$id":"08"}`: Swift's `Int` reads `08`, so the
  /// campaign id was written as the number `08`, which is not JSON. Iterable's
  /// `campaignId` is a whole number other than 0; an id that is not one as JSON spells it is
  /// dropped. (A CleverTap id no longer reaches Iterable: it is CleverTap's. An IR
  /// document's ids, given without an issuer, are taken as Iterable's.)
  @Test func iterableDropsACampaignIDThatIsNotAJSONInteger() throws {
    let run = convert(
      #"{"irVersion": 1, "content": {"body": "x"}, "tracking": {"campaignID": "08"}}"#,
      from: "ir", to: "iterable")
    #expect(run.code == .success)
    let output = try JSONReader.parse(run.output)
    #expect(output["itbl"]?["templateId"] != nil)
    #expect(output["itbl"]?["campaignId"] == nil)
    #expect(
      run.error.contains(
        "/tracking/campaignID: warning: iterable's 'campaignId' is a whole number, and 0 marks a test send, not a campaign; campaign id '08' dropped [emit.dropped-field]"
      ))
    let fromCleverTap = convert(#"{"W$id":"08"}"#, from: "clevertap", to: "iterable")
    #expect(
      fromCleverTap.error.contains(
        "/W$id: warning: the campaign id '08' was issued by clevertap and names nothing at iterable; dropped [emit.dropped-field]"
      ))
  }

  /// The same spelling in Acoustic's numeric `mailingId` (kept numeric when the source
  /// had it so): written as text, since the number would not be JSON.
  @Test(arguments: [("08", JSONValue.string("08")), ("8", .number(JSONNumber(8)))])
  func acousticWritesAMailingIDThatIsNotAJSONIntegerAsText(campaign: String, expected: JSONValue)
    throws
  {
    let input = #"""
      {"irVersion": 1, "content": {"body": "x"}, "tracking": {"campaignID": "\#(campaign)"},
       "extras": {"acoustic": {"@numericMailingId": true}}}
      """#
    let run = convert(input, from: "ir", to: "acoustic")
    #expect(run.code == .success)
    #expect(try JSONReader.parse(run.output)["mce"]?["mailingId"] == expected)
  }

  /// `--set` of a numeric field with a spelling JSON has no integer for is refused rather
  /// than written as an invalid number: a usage error, before the input is read.
  @Test(arguments: ["+5", "007", "-01"])
  func setRefusesANumberThatIsNotAJSONInteger(text: String) {
    let run = convert(
      #"{"W$id":"1"}"#, from: "clevertap", to: "iterable", ["--set", "campaignId=\(text)"])
    #expect(run.code == .usage)
    #expect(run.output.isEmpty)
    #expect(
      run.error.hasPrefix(
        "pushc: 'itbl.campaignId' takes an integer, but --set gives '\(text)'"
      ))
  }

  /// Found by replaying the ir target's corpus with a check that every location names a
  /// value: a request's `topic` dropped from the device form was located at
  /// `output:/topic`, where nothing is written. It is located at the input's `topic`. (A
  /// `--set` value, which has no place in the input, is refused by the device form:
  /// `RequestSettingTests`.)
  @Test func yellowAITopicDroppedFromTheDeviceFormIsLocatedInTheInput() {
    let request = #"{"topic": "com.example.app", "title": "Hi", "body": "There"}"#
    let fromInput = convert(request, from: "yellowai", to: "yellowai", ["--option", "device-form"])
    #expect(fromInput.code == .success)
    #expect(
      fromInput.error.contains("<stdin>:/topic: warning: 'topic' is a header of the API request"))
  }

  /// The same for Expo's `to` (found by the same replay of the ir corpus).
  @Test func expoRecipientsDroppedFromTheDeviceFormAreLocatedInTheInput() {
    let message = #"{"to": "ExponentPushToken[a]", "title": "Hi", "body": "There"}"#
    let fromInput = convert(message, from: "expo", to: "expo", ["--option", "device-form"])
    #expect(fromInput.code == .success)
    #expect(fromInput.error.contains("<stdin>:/to: warning: 'to' names the recipients"))
  }
}
