import PushCompiler
import Testing

/// Options that would contradict each other are refused (exit 64) naming both, never
/// resolved silently by taking one.
@Suite struct RepeatedOptionTests {
  static let payload = #"{"aps": {"alert": "Sale"}, "body": {"_k": "k"}}"#

  @Test(arguments: [
    (
      ["-f", "apns", "--to", "apns", "--to", "klaviyo"], "'--to' is given twice ('apns', 'klaviyo')"
    ),
    (["-f", "apns", "-f", "klaviyo", "-t", "apns"], "'-f' is given twice ('apns', 'klaviyo')"),
    (
      ["-f", "apns", "--from", "klaviyo", "-t", "apns"],
      "'--from' is given twice ('apns', 'klaviyo')"
    ),
    (
      ["-f", "apns", "-t", "apns", "--diagnostics", "json", "--diagnostics=text"],
      "'--diagnostics' is given twice ('json', 'text')"
    ),
    (
      ["-f", "apns", "-t", "apns", "--fail-on", "lossy", "--fail-on", "error"],
      "'--fail-on' is given twice ('lossy', 'error')"
    ),
    (
      ["-f", "apns", "-t", "apns", "--passes", "fit-target", "--passes", "none"],
      "'--passes' is given twice ('fit-target', 'none')"
    ),
    (
      ["-f", "klaviyo", "-t", "klaviyo", "--set", "_k=a", "--set", "_k=b"],
      "--set '_k' is given twice ('_k=a', '_k=b')"
    ),
    (
      ["-f", "klaviyo", "-t", "clevertap", "--set", "W$id=A", "--set", "wzrk_id=B"],
      "--set 'W$id=A' and --set 'wzrk_id=B' give one field of clevertap's output"
    ),
    (
      ["-f", "klaviyo", "-t", "yellowai", "--option", "device-form", "--option", "api-request"],
      "--option 'device-form' and --option 'api-request' exclude each other"
    ),
    (
      [
        "-f", "klaviyo", "-t", "onesignal", "--option", "os-data-format", "--option",
        "custom-format",
      ],
      "--option 'os-data-format' and --option 'custom-format' exclude each other"
    ),
    (
      ["-f", "klaviyo", "-t", "fcm", "--set", "token=T", "--set", "topic=X"],
      "--set 'token=T' and --set 'topic=X' give one field of fcm's output"
    ),
    (
      [
        "-f", "klaviyo", "-t", "fcm", "--option", "inner=klaviyo", "--option", "inner=apns",
        "--set", "token=T",
      ],
      "--option 'inner' is given twice ('inner=klaviyo', 'inner=apns')"
    ),
    (
      ["-f", "klaviyo", "-t", "fcm", "--option", "inner", "--option", "inner=apns"],
      "--option 'inner' is given twice ('inner', 'inner=apns')"
    ),
    (
      ["-f", "klaviyo", "-t", "fcm", "--option", "inner=apns", "--option", "inner"],
      "--option 'inner' is given twice ('inner=apns', 'inner')"
    ),
    (
      [
        "-f", "klaviyo", "-t", "klaviyo", "--option", "fallback-category",
        "--option=fallback-category=",
      ],
      "--option 'fallback-category' is given twice ('fallback-category', 'fallback-category=')"
    ),
    (
      [
        "-f", "klaviyo", "-t", "fcm", "--option", "inner=onesignal", "--option",
        "os-data-format", "--option", "custom-format", "--set", "token=T",
      ],
      "--option 'os-data-format' and --option 'custom-format' exclude each other"
    ),
  ])
  func contradictionsAreUsageErrors(_ arguments: [String], _ message: String) {
    for command in ["convert", "batch"] {
      let (code, streams) = runPushc([command] + arguments + ["-"], input: Self.payload)
      #expect(code == .usage, "\(command) \(arguments)")
      #expect(streams.output.isEmpty)
      #expect(streams.error.hasPrefix("pushc: \(message)"), "\(streams.error)")
      #expect(streams.error.split(separator: "\n").count == 2, "\(streams.error)")
    }
  }

  /// One option of each group, and one name of each field, still converts; `--help`
  /// still answers whatever else the line holds.
  @Test func oneOfEachStillWorks() {
    for arguments in [
      ["-f", "klaviyo", "-t", "clevertap", "--set", "wzrk_id=B"],
      ["-f", "klaviyo", "-t", "yellowai", "--option", "device-form"],
      [
        "-f", "klaviyo", "-t", "fcm", "--set", "topic=X", "--option", "inner=klaviyo", "--set",
        "_k=a",
      ],
    ] {
      let (code, streams) = runPushc(["convert"] + arguments, input: Self.payload)
      #expect(code == .success, "\(arguments): \(streams.error)")
    }
    let (code, streams) = runPushc(["convert", "--from", "a", "--from", "b", "--help"])
    #expect(code == .success)
    #expect(streams.outputText.hasPrefix("usage: pushc convert"))
  }
}

extension RepeatedOptionTests {
  /// The same option with the same value again loses nothing (a wrapper script adds its
  /// defaults to the user's arguments): taken once, the run is the run with it given
  /// once, for `convert` and `batch`.
  @Test(arguments: [
    (["-t", "klaviyo", "--compact", "--compact"], ["-t", "klaviyo", "--compact"]),
    (["-t", "klaviyo", "--fit", "--fit"], ["-t", "klaviyo", "--fit"]),
    (["-t", "klaviyo", "--set", "_k=a", "--set", "_k=a"], ["-t", "klaviyo", "--set", "_k=a"]),
    (
      ["-t", "klaviyo", "--diagnostics", "json", "--diagnostics=json"],
      ["-t", "klaviyo", "--diagnostics", "json"]
    ),
    (
      ["-t", "klaviyo", "--option", "fallback-category", "--option", "fallback-category"],
      ["-t", "klaviyo", "--option", "fallback-category"]
    ),
    (["-t", "klaviyo", "-f", "klaviyo", "--to", "klaviyo"], ["-t", "klaviyo"]),
    (
      ["-t", "clevertap", "--set", "W$id=A", "--set", "W$id=A"],
      ["-t", "clevertap", "--set", "W$id=A"]
    ),
    (
      ["-t", "fcm", "--option", "inner=apns", "--option=inner=apns", "--set", "token=T"],
      ["-t", "fcm", "--option", "inner=apns", "--set", "token=T"]
    ),
  ])
  func exactRepeatsAreTakenOnce(_ repeated: [String], _ once: [String]) {
    for command in ["convert", "batch"] {
      let line = [command, "-f", "klaviyo"] + repeated + ["-"]
      let (expectedCode, expected) = runPushc(
        [command, "-f", "klaviyo"] + once + ["-"], input: Self.payload)
      #expect(expectedCode == .success, "\(once): \(expected.error)")
      let (code, streams) = runPushc(line, input: Self.payload)
      #expect(code == expectedCode, "\(line): \(streams.error)")
      #expect(streams.outputText == expected.outputText, "\(line)")
      #expect(streams.error == expected.error, "\(line)")
    }
  }
}
