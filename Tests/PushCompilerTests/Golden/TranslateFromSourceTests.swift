import Foundation
import PushCompiler
import PushIR
import Testing

/// Translating with the source and recording given per call (what `pushc batch` does for
/// every record) gives what a translator set to that source and recording gives; a
/// translator whose target is changed after it was made translates as one made for that
/// target.
@Suite struct TranslateFromSourceTests {
  @Test(arguments: SummaryRecordingTests.translations)
  func sourceGivenPerCallTranslatesAsTheTranslatorsOwn(
    _ translation: SummaryRecordingTests.Translation
  ) throws {
    let (input, arguments) = try Self.read(translation)
    let source = Vendors.named(translation.source)!
    for recording in [Diagnostics.Recording.full, .summary] {
      let general = GoldenCase.translate(
        input, from: translation.source, to: translation.target, arguments: arguments,
        recording: recording)
      // Another source and the other recording, both overridden by the call.
      let other = translation.source == "klaviyo" ? "apns" : "klaviyo"
      let shared = GoldenCase.translator(
        from: other, to: translation.target, arguments: arguments,
        recording: recording == .full ? .summary : .full)
      let perCall = shared.translate(input, from: source, recording: recording)
      Self.expectSame(perCall, general)
    }
  }

  @Test(arguments: SummaryRecordingTests.translations)
  func changingTheTargetTranslatesAsAFreshTranslator(
    _ translation: SummaryRecordingTests.Translation
  ) throws {
    let (input, arguments) = try Self.read(translation)
    let fresh = GoldenCase.translate(
      input, from: translation.source, to: translation.target, arguments: arguments)
    for first in ["ir", "klaviyo"] {
      var changed = GoldenCase.translator(
        from: translation.source, to: first, arguments: arguments)
      changed.target = Vendors.named(translation.target)!
      Self.expectSame(changed.translate(input), fresh)
    }
  }

  /// The translation's input and, if it has them, its arguments.
  private static func read(_ translation: SummaryRecordingTests.Translation) throws -> (
    JSONValue, JSONValue?
  ) {
    (try GoldenFiles.json(translation.input), try translation.arguments.map(GoldenFiles.json))
  }

  private static func expectSame(_ result: Translator.Result, _ expected: Translator.Result) {
    let bytes = { (value: JSONValue) in JSONWriter(style: .compact).bytes(value) }
    #expect(result.output.map(bytes) == expected.output.map(bytes))
    #expect(result.compactOutput == expected.compactOutput)
    #expect(result.diagnostics == expected.diagnostics)
  }
}
