import Foundation
import PushCompiler
import Testing

/// The worked examples in `Specs/` and the README are what `pushc` prints, run again on every test run:
/// an example is never edited by hand, so one that drifts from the binary fails here.
@Suite struct SpecsExampleTests {
  /// The text of `Specs/<name>`.
  private static func page(_ name: String) throws -> String {
    try String(
      contentsOf: GoldenFiles.packageRoot.appendingPathComponent("Specs/\(name)"),
      encoding: .utf8)
  }

  /// The body of the first fenced block that opens after `marker` in `text`.
  private static func block(after marker: String, in text: String) throws -> String {
    let start = try #require(text.range(of: marker), "no '\(marker)' in the page").upperBound
    let fence = try #require(text.range(of: "```", range: start..<text.endIndex))
    let bodyStart = try #require(text.range(of: "\n", range: fence.upperBound..<text.endIndex))
    let end = try #require(text.range(of: "\n```", range: bodyStart.upperBound..<text.endIndex))
    return String(text[bodyStart.upperBound...end.lowerBound])
  }

  /// `Specs/ir.md`'s Klaviyo draft payload read into the IR: the diagnostics and the IR
  /// document shown are the ones `pushc convert --from klaviyo --to ir` writes.
  @Test func theIRPageShowsWhatConvertWrites() throws {
    let text = try Self.page("ir.md")
    let name = "poc-2-with-icons.json"
    let input = try Self.block(after: "Input (`\(name)`", in: text)
    let folder = try TemporaryFolder.make("specs-example")
    let path = try TemporaryFolder.write(Array(input.utf8), to: name, in: folder)
    let (code, streams) = runPushc(["convert", "--from", "klaviyo", "--to", "ir", path])
    #expect(code == .success)
    let shownError = try Self.block(after: "writes to standard error:", in: text)
    #expect(streams.error.replacingOccurrences(of: path, with: name) == shownError)
    let shownOutput = try Self.block(after: "and to standard output", in: text)
    #expect(String(decoding: streams.output, as: UTF8.self) == shownOutput)
  }

  /// The README's first example, upgrading a bundled Klaviyo predefined-category payload:
  /// the diagnostics it shows are every line `pushc convert --from klaviyo --to klaviyo`
  /// writes to standard error, the input's folder shown as `…`.
  @Test func theReadmeShowsEveryDiagnosticOfItsFirstExample() throws {
    let readme = try String(
      contentsOf: GoldenFiles.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let input = GoldenFiles.root.appendingPathComponent(
      "klaviyo/parse/predefined-accept-decline/input.json"
    ).path
    let (code, streams) = runPushc(["convert", "--from", "klaviyo", "--to", "klaviyo", input])
    #expect(code == .success)
    let shown = try Self.block(after: "diagnostics go to standard error:", in: readme)
    #expect(streams.error.replacingOccurrences(of: input, with: "…/input.json") == shown)
  }
}
