import Foundation
import PushCompiler
import PushIR
import Testing

/// What `pushc batch` asks of a translation changes nothing it writes or decides: one that
/// keeps only the diagnostics' summary (records when no report is asked for) writes the
/// same bytes and decides the same as one that keeps every diagnostic, and one whose
/// payload is emitted straight into text writes the bytes of the value, with the same
/// diagnostics.
@Suite struct SummaryRecordingTests {
  /// One golden input translated to one target.
  struct Translation: CustomTestStringConvertible, Sendable {
    let source: String
    let target: String
    let name: String
    let input: URL
    let arguments: URL?
    var testDescription: String { "\(source)/\(name) → \(target)" }
  }

  /// Every parse case's input to every format, and every cross case with its arguments.
  static let translations: [Translation] =
    GoldenCase.parseCases.flatMap { golden in
      Vendors.ids.map {
        Translation(
          source: golden.source, target: $0, name: golden.name,
          input: golden.folder.appendingPathComponent("input.json"), arguments: nil)
      }
    }
    + GoldenCase.crossCases.map { golden in
      let arguments = golden.folder.appendingPathComponent("args.json")
      return Translation(
        source: golden.source, target: golden.target, name: "cross/\(golden.name)",
        input: golden.folder.appendingPathComponent("input.json"),
        arguments: FileManager.default.fileExists(atPath: arguments.path) ? arguments : nil)
    }

  @Test(arguments: translations)
  func summaryDecidesAndWritesAsFull(_ translation: Translation) throws {
    let input = try GoldenFiles.json(translation.input)
    let arguments = try translation.arguments.map(GoldenFiles.json)
    let full = translate(input, translation, arguments: arguments, recording: .full)
    let summary = translate(input, translation, arguments: arguments, recording: .summary)
    #expect(summary.output.map(Self.bytes) == full.output.map(Self.bytes))
    #expect(summary.compactOutput == full.compactOutput)
    #expect(summary.diagnostics.worstSeverity == full.diagnostics.worstSeverity)
    #expect(summary.diagnostics.hasErrors == full.diagnostics.hasErrors)
    #expect(summary.diagnostics.hasLoss == full.diagnostics.hasLoss)
    #expect(summary.diagnostics.count == full.diagnostics.count)
    #expect(full.diagnostics.count == full.diagnostics.all.count)
    #expect(summary.diagnostics.all.isEmpty)
    for level in CommandLineOptions.FailOn.allCases {
      #expect(level.isTripped(by: summary.diagnostics) == level.isTripped(by: full.diagnostics))
    }
  }

  /// Two writings meet only where the target's emitter writes text itself (Klaviyo's);
  /// for the others the text is the value written, which this holds too.
  @Test func goldenTranslationsIncludeTextWritingTargets() {
    #expect(Self.translations.filter { $0.target == "klaviyo" }.count > 20)
  }

  @Test(arguments: translations)
  func textOutputIsTheValueWritten(_ translation: Translation) throws {
    let input = try GoldenFiles.json(translation.input)
    let arguments = try translation.arguments.map(GoldenFiles.json)
    var translator = GoldenCase.translator(
      from: translation.source, to: translation.target, arguments: arguments)
    for fit in [false, true] {
      translator.fitToBudget = fit
      Self.expectTextAndValueAgree(translator, on: input)
    }
  }

  /// A payload over APNs's size, shortened with `--fit` or refused without it, in both
  /// forms: the text is measured and written as the value is.
  @Test(arguments: ["klaviyo", "apns", "onesignal"])
  func oversizedPayloadsAgreeAsTextAndValue(_ target: String) {
    let body = JSONValue.string(String(repeating: "Ünïcödé \"quoted\" text. ", count: 300))
    let input: JSONValue = [
      "aps": ["alert": ["title": "Sale", "body": body], "category": "com.klaviyo.category.yesNo"],
      "body": ["_k": "k-1", "url": "https://example.com"],
    ]
    var translator = Translator(from: Klaviyo(), to: Vendors.named(target)!)
    for fit in [false, true] {
      translator.fitToBudget = fit
      let text = Self.expectTextAndValueAgree(translator, on: input)
      #expect((text.compactOutput != nil) == fit)
      #expect(text.compactOutput.map { $0.count <= 4096 } ?? true)
    }
  }

  /// Translates `input` in both forms, and appending its text after another's, expects
  /// the same bytes and diagnostics (and the other text kept as it was, with nothing
  /// after it when the translation fails), and gives the translation in text form.
  @discardableResult
  private static func expectTextAndValueAgree(_ translator: Translator, on input: JSONValue)
    -> Translator.Result
  {
    var translator = translator
    translator.buildsOutputValue = true
    let valued = translator.translate(input)
    translator.buildsOutputValue = false
    let text = translator.translate(input)
    #expect(text.output == nil)
    #expect(text.compactOutput == valued.output.map(Self.bytes))
    #expect(text.diagnostics.all == valued.diagnostics.all)
    let before = Array("{\"earlier\":1}\n".utf8)
    var appended = before
    let appending = translator.translate(
      input, from: translator.source, recording: .full, appendingOutputTo: &appended)
    #expect(appended == before + (valued.output.map(Self.bytes) ?? []))
    #expect(appending.output == nil && appending.compactOutput == nil)
    #expect(appending.diagnostics.all == valued.diagnostics.all)
    return text
  }

  private func translate(
    _ input: JSONValue, _ translation: Translation, arguments: JSONValue?,
    recording: Diagnostics.Recording
  ) -> Translator.Result {
    GoldenCase.translate(
      input, from: translation.source, to: translation.target, arguments: arguments,
      recording: recording)
  }

  private static func bytes(_ value: JSONValue) -> [UInt8] {
    JSONWriter(style: .compact).bytes(value)
  }

  @Test func aSummaryStoresNothingAndFormatsNothing() {
    var summary = Diagnostics(recording: .summary)
    var formatted = 0
    func message() -> String {
      formatted += 1
      return "formatted"
    }
    summary.report(.droppedField, message(), at: .ir("/title"))
    summary.report(.overBudget, message(), at: .output(.root), notes: [message()])
    #expect(formatted == 0)
    #expect(summary.all.isEmpty && summary.count == 2)
    #expect(summary.worstSeverity == .error && summary.hasErrors && summary.hasLoss)

    var full = Diagnostics()
    full.report(.droppedField, message(), at: .ir("/title"))
    #expect(formatted == 1)
    #expect(full.codes == ["emit.dropped-field"] && full.hasLoss && !full.hasErrors)
    summary.report(contentsOf: full)
    #expect(summary.count == 3 && summary.all.isEmpty && summary.hasLoss)
  }

  @Test func aSummarySourceMapRecordsNothing() {
    var map = SourceMap(recording: .summary)
    map.record("/title", from: "/aps/alert/title")
    #expect(map.inputLocation(of: "/title") == nil)
    var full = SourceMap()
    full.record("/title", from: "/aps/alert/title")
    #expect(full.inputLocation(of: "/title") == "/aps/alert/title")
  }
}
