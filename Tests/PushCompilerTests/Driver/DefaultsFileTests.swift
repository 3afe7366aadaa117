import Foundation
import PushCompiler
import PushIR
import Testing

/// A `--defaults` file that cannot be used stops `convert` and `batch` before anything is
/// converted, with an error placed in that file, not in the input.
@Suite struct DefaultsFileTests {
  let folder: String

  init() throws {
    folder = try TemporaryFolder.make("defaults").path
  }

  /// Writes `text` to `name` under the test's folder and returns its path.
  func file(_ name: String, _ text: String) throws -> String {
    try TemporaryFolder.write(Array(text.utf8), to: name, in: URL(fileURLWithPath: folder))
  }

  func run(_ arguments: [String], input: String = "") -> (ExitCode, BufferedStreams) {
    runPushc(arguments, input: input)
  }

  static let payload = #"{"aps": {"alert": "hi"}}"#

  /// The same run of `convert` (on a file) and of `batch` (on standard input).
  func runs(_ extra: [String]) throws -> [(ExitCode, BufferedStreams)] {
    let input = try file("archive.json", Self.payload)
    return [
      run(["convert", "-f", "apns", "-t", "klaviyo", input] + extra),
      run(["batch", "-f", "apns", "-t", "klaviyo", "-"] + extra, input: Self.payload + "\n"),
    ]
  }

  /// (contents of the defaults file, what follows its path in the message, exit code)
  @Test(arguments: [
    (
      "{\n  x}",
      ":2:3: error: expected a member name in quotes, found 'x' [json.unexpected-character]",
      ExitCode.dataError
    ),
    (
      #"{"_k": 5}"#,
      ":/_k: error: '_k' must be a string, found number; nothing is converted [emit.invalid-field-value]",
      .dataError
    ),
    (
      "[1]",
      ": error: a defaults file holds an object of strings, found array [input.not-an-object]",
      .dataError
    ),
  ])
  func errorsArePlacedInTheDefaultsFile(_ text: String, _ message: String, _ code: ExitCode)
    throws
  {
    let defaults = try file("baddefs.json", text)
    for (exit, streams) in try runs(["--defaults", defaults]) {
      #expect(exit == code)
      #expect(streams.output.isEmpty)
      #expect(streams.error == defaults + message + "\n")
    }
  }

  /// A name given twice in the defaults file is resolved as in a payload (the last value
  /// wins) and reported there as the lossy `input.duplicate-key`; `--fail-on lossy` then
  /// refuses the run before anything is converted.
  @Test func aDuplicateNameInTheDefaultsFileIsALossyWarningThere() throws {
    let defaults = try file("dup.json", #"{"_k": "first", "_k": "second"}"#)
    let warning =
      defaults
      + ":/_k: warning: '_k' occurs again later in this object; this value is dropped [input.duplicate-key]\n"
    for (exit, streams) in try runs(["--defaults", defaults, "--compact"]) {
      #expect(exit == .success)
      #expect(streams.error.hasPrefix(warning), "\(streams.error)")
      #expect(streams.outputText.contains(#""_k":"second""#))
    }
    for (exit, streams) in try runs(["--defaults", defaults, "--fail-on", "lossy"]) {
      #expect(exit == .failed)
      #expect(streams.output.isEmpty)
      #expect(streams.error == warning)
    }
    // A name the target has no field of is left unused, its repeats with it: one file
    // serves several targets.
    let otherTarget = try file("dup-unused.json", #"{"c_id": "1", "c_id": "2", "_k": "k"}"#)
    for (exit, streams) in try runs(["--defaults", otherTarget, "--fail-on", "lossy"]) {
      #expect(exit == .success)
      #expect(!streams.error.contains("input.duplicate-key"), "\(streams.error)")
    }
  }

  @Test func anUnreadableDefaultsFileIsNamed() throws {
    let missing = folder + "/missing.json"
    for (exit, streams) in try runs(["--defaults", missing]) {
      #expect(exit == .noInput)
      #expect(
        streams.error
          == "\(missing): error: cannot read '\(missing)': no such file or directory [input.unreadable]\n"
      )
    }
  }

  @Test func jsonLinesNameTheDefaultsFile() throws {
    let defaults = try file("baddefs.json", "{\n  x}")
    for (exit, streams) in try runs(["--defaults", defaults, "--diagnostics", "json"]) {
      #expect(exit == .dataError)
      let line = try JSONReader.parse(Array(streams.error.utf8))
      #expect(line["file"] == .string(defaults))
      #expect(line["line"] == 2 && line["column"] == 3)
      #expect(line["severity"] == "error")
    }
  }

  /// The defaults file is read before the input: its warnings come first, placed in
  /// it, and what is found in the input afterwards keeps the input's name.
  @Test func laterDiagnosticsKeepTheirFile() throws {
    let defaults = try file("twice.json", #"{"_k": "a", "_k": "b"}"#)
    let input = try file("in.json", Self.payload)
    let (code, streams) = run([
      "convert", "-f", "auto", "-t", "klaviyo", input, "--defaults", defaults,
    ])
    #expect(code == .success, "\(streams.error)")
    let lines = streams.error.split(separator: "\n")
    #expect(lines.first?.hasPrefix("\(defaults):/_k: warning: ") == true, "\(streams.error)")
    #expect(lines.dropFirst().first?.hasPrefix("\(input): note: read as apns") == true)
  }

  /// A defaults file that cannot be used stops `convert` before the input is read:
  /// nothing is said about the input, not even its format.
  @Test func aBadDefaultsFileStopsTheRunBeforeTheInput() throws {
    let defaults = try file("baddefs.json", #"{"_k": true}"#)
    let input = try file("in.json", Self.payload)
    let (code, streams) = run([
      "convert", "-f", "auto", "-t", "klaviyo", input, "--defaults", defaults,
    ])
    #expect(code == .dataError)
    #expect(
      streams.error.hasPrefix("\(defaults):/_k: error: '_k' must be a string, found boolean"))
    #expect(streams.error.split(separator: "\n").count == 1, "\(streams.error)")
  }
}

extension DefaultsFileTests {
  /// Two names of one field in the defaults file (CleverTap's `W$id` and `wzrk_id`), or
  /// two fields of which the output holds one (FCM's `token` and `topic`), are what
  /// `--set` refuses: the file gives one of them to the output and drops the other, so
  /// the other is the lossy `input.duplicate-key` placed there, naming both, and
  /// `--fail-on lossy` refuses the run.
  @Test(arguments: [
    (
      "clevertap", #"{"W$id": "A", "wzrk_id": "B"}"#, "/wzrk_id",
      "'W$id' ('A') and 'wzrk_id' ('B') give one field of clevertap's output", #""W$id":"A""#
    ),
    (
      "clevertap", #"{"wzrk_id": "B", "W$id": "A"}"#, "/wzrk_id",
      "'W$id' ('A') and 'wzrk_id' ('B') give one field of clevertap's output", #""W$id":"A""#
    ),
    (
      "fcm", #"{"topic": "news", "token": "T"}"#, "/topic",
      "'token' ('T') and 'topic' ('news') give one field of fcm's output", #""token":"T""#
    ),
  ])
  func twoNamesOfOneFieldInTheDefaultsFileAreALossyWarningThere(
    _ target: String, _ text: String, _ place: String, _ message: String, _ written: String
  ) throws {
    let defaults = try file("two-names.json", text)
    let input = try file("in.json", Self.payload)
    let runs = [
      run(["convert", "-f", "apns", "-t", target, input, "--defaults", defaults, "--compact"]),
      run(
        ["batch", "-f", "apns", "-t", target, "-", "--defaults", defaults],
        input: Self.payload + "\n"),
    ]
    for (exit, streams) in runs {
      #expect(exit == .success, "\(streams.error)")
      #expect(
        streams.error.hasPrefix("\(defaults):\(place): warning: \(message)"), "\(streams.error)")
      #expect(streams.error.contains("[input.duplicate-key]\n"), "\(streams.error)")
      #expect(streams.outputText.contains(written), "\(streams.outputText)")
    }
    let (exit, streams) = run([
      "convert", "-f", "apns", "-t", target, input, "--defaults", defaults, "--fail-on", "lossy",
    ])
    #expect(exit == .failed)
    #expect(streams.output.isEmpty)
    #expect(streams.error.hasPrefix("\(defaults):\(place): warning: "), "\(streams.error)")
    #expect(streams.error.split(separator: "\n").count == 1, "\(streams.error)")
  }
}

extension DefaultsFileTests {
  /// A `--defaults` file that is standard input, read for the payload or the records
  /// too, would be read twice: the second read finds nothing. Refused as a usage error
  /// (64) before anything is read, as `batch - -` is.
  @Test(arguments: ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"])
  func defaultsFromStandardInputBesideTheInputIsAUsageError(_ path: String) {
    for (arguments, read) in [
      (["batch", "-f", "apns", "-t", "klaviyo"], ("the records are", "")),
      (["batch", "-f", "apns", "-t", "klaviyo", "-"], ("the records are", " (as '-')")),
      (["convert", "-f", "apns", "-t", "klaviyo"], ("the payload is", "")),
      (
        ["convert", "-f", "apns", "-t", "klaviyo", "/dev/stdin"],
        ("the payload is", " (as '/dev/stdin')")
      ),
    ] {
      let (code, streams) = run(arguments + ["--defaults", path], input: #"{"_k": "q"}"#)
      #expect(code == .usage, "\(arguments) \(streams.error)")
      #expect(streams.output.isEmpty)
      #expect(
        streams.error
          == "pushc: --defaults '\(path)' is standard input, which \(read.0) read from too\(read.1): it can be read only once\nrun 'pushc --help' for usage\n"
      )
    }
  }
  /// `--defaults -` is a file named `-`, opened as any other (standard input is only ever
  /// read for the payload or records): with none in the folder it cannot be read (66),
  /// never refused as standard input.
  @Test func defaultsNamedDashIsAFile() {
    #expect(!FileManager.default.fileExists(atPath: "-"))
    let (code, streams) = run(
      ["convert", "-f", "apns", "-t", "klaviyo", "--defaults", "-"], input: #"{"aps": {}}"#)
    #expect(code == .noInput, "\(streams.error)")
    #expect(!streams.error.contains("standard input"), "\(streams.error)")
  }

}

/// Standard streams whose input must not be read: a read is counted, and fails.
struct UnreadStandardInput: DriverStreams {
  var buffered = BufferedStreams()
  /// How many times standard input was read.
  var reads = 0

  mutating func readStandardInput(atMost limit: Int) throws(FileIO.Failure) -> [UInt8] {
    reads += 1
    return try buffered.readStandardInput(atMost: limit)
  }
  mutating func writeOutput(_ bytes: [UInt8]) { buffered.writeOutput(bytes) }
  mutating func writeError(_ text: String) { buffered.writeError(text) }
  var standardInputDescriptor: Int32? { nil }
  var errorIsTerminal: Bool { false }
}

extension DefaultsFileTests {
  /// A `--defaults` value of the wrong type for the target's field is refused before
  /// the payload is read, as batch refuses it before its records: from a pipe that is
  /// not yet written, `convert` would wait for the payload only to refuse it then.
  @Test(arguments: ["convert", "batch"])
  func aBadDefaultsFileIsRefusedBeforeStandardInputIsRead(_ command: String) throws {
    let defaults = try file("wrongtype.json", #"{"_k": 5}"#)
    var streams = UnreadStandardInput()
    let code = Driver.run(
      [command, "-f", "apns", "-t", "klaviyo", "--defaults", defaults], streams: &streams)
    #expect(code == .dataError)
    #expect(streams.reads == 0)
    #expect(
      streams.buffered.error
        == defaults
        + ":/_k: error: '_k' must be a string, found number; nothing is converted [emit.invalid-field-value]\n"
    )
  }
}
