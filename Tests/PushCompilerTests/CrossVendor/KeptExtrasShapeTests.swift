import PushCompiler
import PushIR
import Testing

/// A member of a vendor's extras that Specs/ir.md gives a shape (a layout hint, or a
/// container such as `mce` or `CIO`) is refused with `input.invalid-ir` at its pointer
/// when it has another: a malformed hint or container would otherwise be used unchecked,
/// or dropped without a word.
@Suite struct KeptExtrasShapeTests {
  /// An IR document's extras, and where and why it must be refused.
  struct Case: CustomTestStringConvertible, Sendable {
    let extras: String
    let location: String
    let message: String
    var testDescription: String { location }
  }

  static let cases: [Case] = [
    Case(
      extras: #"{"clevertap": {"@campaignKey": "aps"}}"#,
      location: "/extras/clevertap/@campaignKey",
      message: "unknown value 'aps'; expected one of 'W$id', 'wzrk_id'"),
    Case(
      extras: #"{"clevertap": {"@campaignKey": 1}}"#, location: "/extras/clevertap/@campaignKey",
      message: "expected a string, found number"),
    Case(
      extras: #"{"acoustic": {"mce": 5}}"#, location: "/extras/acoustic/mce",
      message: "expected an object, found number"),
    Case(
      extras: #"{"onesignal": {"att": 7}}"#, location: "/extras/onesignal/att",
      message: "expected an object, found number"),
    Case(
      extras: #"{"customerio": {"CIO": 5}}"#, location: "/extras/customerio/CIO",
      message: "expected an object, found number"),
    Case(
      extras: #"{"klaviyo": {"body": 5}}"#, location: "/extras/klaviyo/body",
      message: "expected an object, found number"),
    Case(
      extras: #"{"klaviyo": {"@customDataInPairs": ["a", 1]}}"#,
      location: "/extras/klaviyo/@customDataInPairs/1", message: "expected a string, found number"),
    Case(
      extras: #"{"fcm": {"@inner": "nowhere"}}"#, location: "/extras/fcm/@inner",
      message: "unknown value 'nowhere'; expected one of "),
    Case(
      extras: #"{"fcm": {"@unwrapped": "yes"}}"#, location: "/extras/fcm/@unwrapped",
      message: "expected a boolean, found string"),
    Case(
      extras: #"{"acoustic": {"@numericMailingId": 1}}"#,
      location: "/extras/acoustic/@numericMailingId", message: "expected a boolean, found number"),
    Case(
      extras: #"{"braze": {"@deviceForm": "yes"}}"#, location: "/extras/braze/@deviceForm",
      message: "expected a boolean, found string"),
    Case(
      extras: #"{"braze": {"ab": 5}}"#, location: "/extras/braze/ab",
      message: "expected an object, found number"),
    Case(
      extras: #"{"braze": {"request": []}}"#, location: "/extras/braze/request",
      message: "expected an object, found array"),
    Case(
      extras: #"{"braze": {"messages": "x"}}"#, location: "/extras/braze/messages",
      message: "expected an object, found string"),
    Case(
      extras: #"{"braze": {"apple_push": 1}}"#, location: "/extras/braze/apple_push",
      message: "expected an object, found number"),
    Case(
      extras: #"{"braze": {"apple_push": {"alert": "x"}}}"#,
      location: "/extras/braze/apple_push/alert", message: "expected an object, found string"),
    Case(
      extras: #"{"airship": {"actions": 1}}"#, location: "/extras/airship/actions",
      message: "expected an object, found number"),
    Case(
      extras: #"{"airship": {"buttonActions": {"yes": 1}}}"#,
      location: "/extras/airship/buttonActions/yes", message: "expected an object, found number"),
    Case(
      extras: #"{"airship": {"media_attachment": []}}"#,
      location: "/extras/airship/media_attachment", message: "expected an object, found array"),
    Case(
      extras: #"{"airship": {"alertWithoutMedia": {"title": 3}}}"#,
      location: "/extras/airship/alertWithoutMedia/title",
      message: "expected a string or null, found number"),
    Case(
      extras: #"{"airship": {"landingPageSettings": {"tap": true}}}"#,
      location: "/extras/airship/landingPageSettings/tap",
      message: "expected an object, found boolean"),
    Case(
      extras: #"{"airship": {"@actionNames": {"tap": 1}}}"#,
      location: "/extras/airship/@actionNames/tap", message: "expected a string, found number"),
    Case(
      extras: #"{"clevertap": {"ct_ContentSlider": "x"}}"#,
      location: "/extras/clevertap/ct_ContentSlider", message: "expected an object, found string"),
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
