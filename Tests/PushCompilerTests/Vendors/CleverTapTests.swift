import PushCompiler
import PushIR
import Testing

/// What CleverTap's keys mean to the SDK, by their spelling.
@Suite struct CleverTapTests {
  func convert(_ payload: String, to target: any VendorFormat = CleverTap()) throws
    -> Translator.Result
  {
    var translator = Translator(from: CleverTap(), to: target)
    translator.defaults = GoldenCase.defaults
    return translator.translate(try JSONReader.parse(Array(payload.utf8)))
  }

  /// The SDK opens only `wzrk_dl`: a `W$dl` is no tap link. It stays CleverTap's own
  /// data, written back verbatim, with a warning where it was read.
  @Test func aDollarSpelledDeepLinkIsNoTapLink() throws {
    let payload = #"{"aps": {"alert": "hi"}, "W$id": "1_2", "W$dl": "myapp://x"}"#
    let toIR = try convert(payload, to: IRFormat())
    let ir = try #require(toIR.output)
    #expect(ir["defaultAction"] == nil)
    #expect(ir["extras"]?["clevertap"]?["W$dl"] == "myapp://x")
    let warning = try #require(toIR.diagnostics.first { $0.location == .input("/W$dl") })
    #expect(warning.code == .invalidValue)
    #expect(warning.message.contains("'wzrk_dl'"))

    let back = try convert(payload)
    let output = try #require(back.output)
    #expect(output["W$dl"] == "myapp://x")
    #expect(output["wzrk_dl"] == nil)
  }

  /// `W$dl` beside `wzrk_dl` is another key, not a second spelling of the link: both
  /// are kept, the SDK opens `wzrk_dl`, and only a `W$dl` that says otherwise is reported,
  /// as the value the SDK does not hear, never as a tap that opens nothing.
  @Test(arguments: [("myapp://y", nil), ("myapp://x", DiagnosticCode.conflictingValues)])
  func aDollarSpelledDeepLinkBesideTheLinkIsReportedOnlyWhenItDiffers(
    _ dollarLink: String, _ expected: DiagnosticCode?
  ) throws {
    let payload =
      #"{"aps": {"alert": "hi"}, "W$id": "1_2", "W$dl": "\#(dollarLink)", "wzrk_dl": "myapp://y"}"#
    let result = try convert(payload)
    let output = try #require(result.output)
    #expect(output["wzrk_dl"] == "myapp://y")
    #expect(output["W$dl"] == .string(dollarLink))
    let found = result.diagnostics.filter { $0.location == .input("/W$dl") }
    #expect(found.map(\.code) == (expected.map { [$0] } ?? []))
    #expect(found.allSatisfy { $0.message.contains("reads 'wzrk_dl'") })
    #expect(!found.contains { $0.message.contains("opens no link") })
  }

  /// The SDK looks for the preview markers and the account id only under `wzrk_`:
  /// spelled `W$`, they mark no preview and route nothing.
  @Test(arguments: [
    "W$inapp", "W$inbox", "W$adunit", "W$inapp_s3_url", "W$inapp_type", "W$acct_id",
  ])
  func aDollarSpelledKeyTheSDKReadsOnlyUnderWzrkIsIgnoredByIt(_ key: String) throws {
    let payload = #"{"aps": {"alert": "hi"}, "W$id": "1_2", "\#(key)": "v"}"#
    let result = try convert(payload)
    #expect(try #require(result.output)[key] == "v")
    let found = result.diagnostics.filter { $0.location == .input(JSONPointer.root.appending(key)) }
    #expect(found.map(\.code) == [.invalidValue])
  }
}
