import Foundation
import PushCompiler
import PushIR
import Testing

/// Without `--report`, batch keeps only a summary of each record's diagnostics; a record
/// that fails is still reported on standard error exactly as with every diagnostic kept.
@Suite struct BatchFailureMessageTests {
  /// Records read from standard input: an apns payload (dfinery lacks its ids; from
  /// apns, klaviyo derives `_k` and notes it), and a klaviyo one with the draft `body.url`
  /// (a warning located in the input) whose button the target cannot express (a loss at an
  /// IR path the source map locates).
  static let input =
    [
      #"{"aps": {"alert": "one"}}"#,
      #"{"aps": {"alert": "two", "category": "com.klaviyo.category.confirmCancel"}, "body": {"url": "shop://two", "_k": {"m": "1"}}}"#,
    ].joined(separator: "\n") + "\n"

  /// Standard output and error of `pushc batch … -` on ``input``, without a report and
  /// (to compare) with one.
  func run(_ arguments: [String], report: Bool) -> (output: [UInt8], error: String) {
    var streams = BufferedStreams(input: Array(Self.input.utf8))
    var arguments = ["batch"] + arguments + ["-"]
    let reportFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pushc-report-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: reportFile) }
    if report { arguments += ["--report", reportFile.path] }
    _ = Driver.run(arguments, streams: &streams)
    return (streams.output, streams.error)
  }

  @Test(arguments: [
    ["--from", "apns", "--to", "dfinery"],
    ["--from", "auto", "--to", "klaviyo", "--fail-on", "warning"],
    ["--from", "auto", "--to", "klaviyo", "--fail-on", "lossy"],
    ["--from", "klaviyo", "--to", "apns"],
  ])
  func aFailedRecordsMessageIsTheFullOne(_ arguments: [String]) {
    let summary = run(arguments, report: false)
    let full = run(arguments, report: true)
    #expect(summary.output == full.output)
    // The summary line points a run without a report to one.
    #expect(
      summary.error.replacingOccurrences(of: "; --report FILE lists them", with: "") == full.error)
  }

  @Test func aFailedRecordNamesItsMostSeriousDiagnostic() {
    let dfinery = run(["--from", "apns", "--to", "dfinery"], report: false)
    #expect(
      dfinery.error.hasPrefix(
        "<stdin>:1:output:/dfn/c_id: error: dfinery needs 'dfn.c_id', the campaign id clicks and impressions are reported under, and the source has none [emit.missing-field]\n"
      ))
    let warning = run(["--from", "auto", "--to", "klaviyo", "--fail-on", "warning"], report: false)
    #expect(
      warning.error.hasPrefix(
        "<stdin>:2:/body/url: warning: 'body.url' is the draft spec's default link; the shipped SDK reads the root 'url' [parse.obsolete-shape]\n"
      ))
    #expect(warning.error.hasSuffix("pushc: 2 records read: 1 converted, 1 failed\n"))
  }
  /// A record failed by `--fail-on lossy` is named by a loss that tripped it, not by a
  /// warning that lost nothing and comes first; `--fail-on warning` names the first
  /// warning, which tripped it.
  @Test func aRecordFailedByLossyIsNamedByALoss() throws {
    let draft =
      #"{"aps": {"alert": "x"}, "body": {"_k": "k", "url": "shop://home", "action_buttons": [{"id": "a", "label": "A"}]}}"#
    var streams = BufferedStreams(input: Array(draft.utf8))
    _ = Driver.run(
      ["batch", "--from", "klaviyo", "--to", "apns", "--fail-on", "lossy", "-"], streams: &streams)
    #expect(
      streams.error.hasPrefix(
        "<stdin>:1:/body/url: warning: apns has no way to open 'shop://home' on tap; the tap opens the app [fit.dropped-action]\n"
      ), "\(streams.error)")
    var json = BufferedStreams(input: Array(draft.utf8))
    _ = Driver.run(
      [
        "batch", "--from", "klaviyo", "--to", "apns", "--fail-on", "lossy", "--diagnostics", "json",
        "-",
      ],
      streams: &json)
    let line = try JSONReader.parse(Array(json.error.utf8))
    #expect(line["lossy"] == true && line["code"] == "fit.dropped-action")
    var warning = BufferedStreams(input: Array(draft.utf8))
    _ = Driver.run(
      ["batch", "--from", "klaviyo", "--to", "apns", "--fail-on", "warning", "-"], streams: &warning
    )
    #expect(
      warning.error.hasPrefix(
        "<stdin>:1:/body/url: warning: 'body.url' is the draft spec's default link"))
  }
}
