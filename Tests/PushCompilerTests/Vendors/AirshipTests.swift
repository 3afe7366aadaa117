import PushCompiler
import PushIR
import Testing

@Suite struct AirshipTests {
  func convert(_ payload: String, from source: any VendorFormat) throws -> Translator.Result {
    Translator(from: source, to: Airship()).translate(try JSONReader.parse(Array(payload.utf8)))
  }

  @Test func aSendIDIsDerivedWhenNothingElseMarksThePush() throws {
    let result = try convert(#"{"aps": {"alert": "hi"}}"#, from: APNs())
    let output = try #require(result.output)
    #expect(output["_"]?.stringValue?.hasPrefix("pushc-") == true)
    let derived = try #require(result.diagnostics.first { $0.code == .derivedValue })
    #expect(derived.message.hasPrefix("'_' derived as "))
  }

  @Test func noSendIDIsDerivedBesideAMediaAttachment() throws {
    let result = try convert(
      #"{"aps": {"alert": "hi", "mutable-content": 1}, "CIO": {"push": {"image": "https://x.example/a.png"}}}"#,
      from: CustomerIO())
    let output = try #require(result.output)
    #expect(output["_"] == nil)
    #expect(output["com.urbanairship.media_attachment"] != nil)
    #expect(!result.diagnostics.contains { $0.code == .derivedValue })
  }
}
