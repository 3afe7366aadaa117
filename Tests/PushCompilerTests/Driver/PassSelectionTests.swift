import PushCompiler
import Testing

/// `--passes` names passes; an empty name is a mistake, not a request for none.
@Suite struct PassSelectionTests {
  @Test(arguments: ["", ",", "fit-target,,check-urls", ",fit-target", "fit-target,"])
  func anEmptyPassNameIsAUsageError(_ value: String) {
    for command in ["convert", "batch"] {
      let (code, streams) = runPushc(
        [command, "-f", "apns", "-t", "apns", "--passes", value, "-"],
        input: #"{"aps":{"alert":"hi"}}"#)
      #expect(code == .usage, "\(command) --passes '\(value)'")
      #expect(streams.output.isEmpty)
      #expect(
        streams.error.hasPrefix("pushc: --passes '\(value)' names an empty pass"),
        "\(streams.error)")
    }
  }

  @Test func namesAndNoneStillSelect() {
    for value in ["none", "fit-target,check-urls"] {
      let (code, _) = runPushc(
        ["convert", "-f", "apns", "-t", "apns", "--passes", value],
        input: #"{"aps":{"alert":"hi"}}"#)
      #expect(code == .success, "\(value)")
    }
  }
}
