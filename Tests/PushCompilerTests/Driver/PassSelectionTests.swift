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

  /// `--fit` when fit-size-budget does not run would shorten nothing: a usage error before
  /// the input is read, as `--dump-after` naming a pass that does not run is.
  @Test(arguments: [
    ["convert", "-f", "apns", "-t", "apns", "--passes", "none", "--fit"],
    ["convert", "-f", "apns", "-t", "apns", "--passes", "check-urls,fit-target", "--fit"],
    ["convert", "-f", "apns", "-t", "ir", "--fit"],
    ["batch", "-f", "apns", "-t", "apns", "--passes", "none", "--fit"],
  ])
  func fitWithoutFitSizeBudgetIsAUsageError(_ arguments: [String]) {
    let (code, streams) = runPushc(arguments, input: "not json")
    #expect(code == .usage)
    #expect(streams.output.isEmpty)
    #expect(
      streams.error
        == "pushc: --fit shortens the body in 'fit-size-budget', which is not among the passes that run\nrun 'pushc --help' for usage\n"
    )
    let (selected, _) = runPushc(
      ["convert", "-f", "apns", "-t", "apns", "--passes", "fit-size-budget", "--fit"],
      input: #"{"aps":{"alert":"hi"}}"#)
    #expect(selected == .success)
  }
}
