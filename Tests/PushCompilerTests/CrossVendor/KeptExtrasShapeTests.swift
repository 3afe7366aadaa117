import PushCompiler
import PushIR
import Testing

/// A member of a vendor's extras that Specs/ir.md gives a shape (a layout hint, or a
/// container such as `mce` or `CIO`) is refused with `input.invalid-ir` at its pointer
/// when it has another: a malformed hint or container would otherwise be used unchecked,
/// or dropped without a word.
@Suite struct KeptExtrasShapeTests {
  /// A member of one vendor's extras given a misshapen value, and why it must be refused:
  /// the document's extras and the place refused follow from the member.
  struct Case: CustomTestStringConvertible, Sendable {
    let vendor: String
    let member: String
    /// The member's value, as JSON text.
    let value: String
    /// Where in the value the refused place is (`/1`), empty for the value itself.
    let inner: String
    let message: String

    init(
      _ vendor: String, _ member: String, _ value: String, at inner: String = "", _ message: String
    ) {
      (self.vendor, self.member, self.value, self.inner, self.message) =
        (vendor, member, value, inner, message)
    }

    var extras: String { #"{"\#(vendor)": {"\#(member)": \#(value)}}"# }
    var location: String { "/extras/\(vendor)/\(member)\(inner)" }
    var testDescription: String { location }
  }

  static let cases: [Case] = [
    Case(
      "clevertap", "@campaignKey", #""aps""#,
      "unknown value 'aps'; expected one of 'W$id', 'wzrk_id'"),
    Case("clevertap", "@campaignKey", "1", "expected a string, found number"),
    Case("acoustic", "mce", "5", "expected an object, found number"),
    Case("onesignal", "att", "7", "expected an object, found number"),
    Case("customerio", "CIO", "5", "expected an object, found number"),
    Case("klaviyo", "body", "5", "expected an object, found number"),
    Case(
      "klaviyo", "@customDataInPairs", #"["a", 1]"#, at: "/1", "expected a string, found number"),
    Case("fcm", "@inner", #""nowhere""#, "unknown value 'nowhere'; expected one of "),
    Case("fcm", "@unwrapped", #""yes""#, "expected a boolean, found string"),
    Case("acoustic", "@numericMailingId", "1", "expected a boolean, found number"),
    Case("braze", "@deviceForm", #""yes""#, "expected a boolean, found string"),
    Case("braze", "ab", "5", "expected an object, found number"),
    Case("braze", "request", "[]", "expected an object, found array"),
    Case("braze", "messages", #""x""#, "expected an object, found string"),
    Case("braze", "apple_push", "1", "expected an object, found number"),
    Case(
      "braze", "apple_push", #"{"alert": "x"}"#, at: "/alert", "expected an object, found string"),
    Case("airship", "actions", "1", "expected an object, found number"),
    Case(
      "airship", "buttonActions", #"{"yes": 1}"#, at: "/yes", "expected an object, found number"),
    Case("airship", "media_attachment", "[]", "expected an object, found array"),
    Case(
      "airship", "alertWithoutMedia", #"{"title": 3}"#, at: "/title",
      "expected a string or null, found number"),
    Case(
      "airship", "landingPageSettings", #"{"yes": true}"#, at: "/yes",
      "expected an object, found boolean"),
    Case("airship", "tapLandingPageSettings", "[]", "expected an object, found array"),
    Case("airship", "@actionNames", #"{"yes": 1}"#, at: "/yes", "expected a string, found number"),
    Case("airship", "@tapActionName", "1", "expected a string, found number"),
    Case("clevertap", "ct_ContentSlider", #""x""#, "expected an object, found string"),
  ]

  @Test(arguments: cases)
  func aMisshapenMemberIsInvalidIR(_ testCase: Case) throws {
    let ir = try JSONReader.parse(
      Array(#"{"irVersion": 1, "content": {"body": "b"}, "extras": \#(testCase.extras)}"#.utf8))
    let result = Translator(from: IRFormat(), to: APNs()).translate(ir)
    #expect(result.output == nil)
    let error = try #require(result.diagnostics.first { $0.code == .invalidIR })
    #expect("\(error.location)" == testCase.location)
    #expect(error.message.hasPrefix(testCase.message))
  }

  /// Whatever a parser writes is read back: each golden parse case's input, translated
  /// to the IR, is an IR document no shape check refuses.
  @Test(arguments: GoldenCase.parseCases)
  func whatTheParsersWriteIsReadBack(_ golden: GoldenCase) throws {
    let input = try GoldenFiles.json(golden.folder.appendingPathComponent("input.json"))
    let ir = try #require(golden.translate(input, from: golden.source, to: "ir").output)
    let result = Translator(from: IRFormat(), to: IRFormat()).translate(ir)
    let refusal = result.diagnostics.first { $0.code == .invalidIR }
    #expect(refusal == nil, "\(refusal.map { "\($0.location): \($0.message)" } ?? "")")
  }
}
