import Foundation
import PushCompiler
import PushIR
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Standard streams

/// Standard streams closed at the start, standard output named as a file, and writes to
/// it that fail: nothing lands where it was not meant to, and a failure stops the run.
extension OutputSafetyTests {
  /// Two records that convert.
  static let goodInput = record + "\n" + record + "\n"

  /// Runs the built `pushc` with `arguments` from the test's folder, through the shell
  /// so that `redirections` (`2>&-`, `>> log`) apply to it; standard output and error go
  /// to `output` and `errors` unless the redirections send them elsewhere. Returns the
  /// exit status.
  func shell(
    _ redirections: String, _ arguments: [String], output: String = "/dev/null",
    errors: String = "/dev/null"
  ) throws -> Int32? {
    let pushc = try #require(BuiltPushc.path, "build pushc first (swift build)")
    return BuiltPushc.run(
      ["/bin/sh", "-c", "cd \"$1\" && shift && exec \"$0\" \"$@\" " + redirections, pushc, folder]
        + arguments, output: output, errors: errors)
  }

  /// With standard error closed, the report opened first does not take its number: the
  /// failed record's message does not land in the report, which holds its lines alone.
  @Test func aClosedStandardErrorIsNotReplacedByTheReport() throws {
    try file("in.ndjson")
    let status = try shell(
      "2>&-", Self.batch + ["in.ndjson", "-o", "out.ndjson", "--report", "report.jsonl"])
    #expect(status == 1)
    let lines = try #require(contents("report.jsonl")).split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { $0.hasPrefix(#"{"record":"#) }, "\(lines)")
    #expect(contents("out.ndjson")?.hasSuffix("}\nnull\n") == true)
  }

  /// With standard output closed, records meant for it fail (exit 73) instead of landing
  /// in the report, which is then not written either.
  @Test func aClosedStandardOutputFails() throws {
    try file("in.ndjson", Self.goodInput)
    let status = try shell(
      ">&-", Self.batch + ["in.ndjson", "--report", "report.jsonl"],
      errors: folder + "/errors.txt")
    #expect(status == 73)
    #expect(contents("errors.txt") == "pushc: cannot write '<stdout>': bad file descriptor\n")
    #expect(entries() == ["errors.txt", "in.ndjson"])
  }

  /// With standard input closed, reading it fails (exit 66) instead of reading the
  /// output file that took its number.
  @Test func aClosedStandardInputCannotBeRead() throws {
    let status = try shell(
      "<&-", Self.batch + ["-", "-o", "out.ndjson"], errors: folder + "/errors.txt")
    #expect(status == 66)
    #expect(contents("errors.txt") == "pushc: cannot read '<stdin>': bad file descriptor\n")
    #expect(entries() == ["errors.txt"])
  }

  /// When the report cannot be written, the records file is not renamed into place
  /// either, and no summary claims records were converted.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func aFailedReportLeavesNoRecordsFile() throws {
    let archive = try file("archive.json", "[\(Self.record), \(Self.record)]")
    let (code, streams) = run(
      Self.batch + [archive, "-o", folder + "/ok.ndjson", "--report", "/dev/full"])
    #expect(code == .cannotCreateOutput)
    #expect(streams.error == "pushc: cannot write '/dev/full': no space left on device\n")
    #expect(entries() == ["archive.json"])
  }

  /// When standard output cannot be written, the report is not renamed into place, and
  /// the failure is all that is said.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func aFailedStandardOutputLeavesNoReport() throws {
    try file("in.ndjson", Self.goodInput)
    let status = try shell(
      "", Self.batch + ["in.ndjson", "--report", "report.jsonl"], output: "/dev/full",
      errors: folder + "/errors.txt")
    #expect(status == 73)
    #expect(contents("errors.txt") == "pushc: cannot write '<stdout>': no space left on device\n")
    #expect(entries() == ["errors.txt", "in.ndjson"])
  }

  /// A run whose standard output fails stops there, rather than reading its input to the
  /// end: standard input is a pipe held open, which would keep it reading for ever.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func aRunStopsAtTheFirstFailedWriteOfStandardOutput() throws {
    let pushc = try #require(BuiltPushc.path, "build pushc first (swift build)")
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let child = try #require(
      BuiltPushc.spawn([pushc] + Self.batch + ["-"], standardInput: ends[0], output: "/dev/full"))
    close(ends[0])
    defer { close(ends[1]) }
    let records = Array(Self.goodInput.utf8)
    #expect(records.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == records.count)
    let status = try #require(BuiltPushc.wait(for: child, within: 30), "pushc read on")
    #expect(status & 0x7F == 0 && (status >> 8) & 0xFF == 73, "status \(status)")
  }

  /// `-o /dev/stdout` is standard output itself: appended to where the shell opened it,
  /// not a file replaced.
  @Test func anOutputNamingStandardOutputIsWrittenWhereItStands() throws {
    let input = try file("in.ndjson", Self.goodInput)
    let records = run(Self.batch + [input]).1.outputText
    let one = try file("one.json", Self.record)
    let payload = run(["convert", "-f", "auto", "-t", "apns", "--compact", one]).1
    try file("log", "OLD\n")
    #expect(try shell(">> log", Self.batch + ["in.ndjson", "-o", "/dev/stdout"]) == 0)
    #expect(contents("log") == "OLD\n" + records)
    #expect(
      try shell(
        ">> log", ["convert", "-f", "auto", "-t", "apns", "--compact", one, "-o", "/dev/stdout"])
        == 0)
    #expect(contents("log") == "OLD\n" + records + payload.outputText)
  }

  /// `-o /dev/stderr` (or `/dev/fd/2`, `/proc/self/fd/2`) is standard error itself,
  /// appended to where the shell opened it, after what the run says there: not a file
  /// the run writes that standard error would corrupt, nor one replaced.
  @Test(arguments: ["/dev/stderr", "/dev/fd/2", "/proc/self/fd/2"])
  func anOutputNamingStandardErrorIsWrittenWhereItStands(_ name: String) throws {
    try #require(FileManager.default.fileExists(atPath: name))
    try file("in.ndjson", Self.goodInput)
    let records = run(Self.batch + [folder + "/in.ndjson"]).1.outputText
    let one = try file("one.json", Self.record)
    let convert = ["convert", "-f", "auto", "-t", "apns", "--compact", "one.json"]
    let payload = run(convert.dropLast() + [one]).1.outputText
    try file("log", "OLD\n")
    #expect(try shell("2>> log", convert + ["-o", name]) == 0)
    let log = try #require(contents("log"))
    #expect(log.hasPrefix("OLD\none.json: note: read as ") && log.hasSuffix(payload), "\(log)")
    try file("log", "OLD\n")
    #expect(try shell("2>> log", Self.batch + ["in.ndjson", "-o", name]) == 0)
    #expect(contents("log")?.hasPrefix("OLD\n" + records) == true, "\(contents("log") ?? "")")
    #expect(entries() == ["in.ndjson", "log", "one.json"])
  }

  /// Standard output redirected to a file the run reads, while something goes there, is
  /// a usage error found before anything is read: appending records to the input being
  /// read would never end.
  @Test(arguments: [
    (["IN"], "standard output is the input 'IN'"),
    (["IN", "-o", "DIR/out.ndjson", "--report", "-"], "standard output is the input 'IN'"),
    (["IN", "--defaults", "DIR/defaults.json"], "standard output is the --defaults file"),
  ])
  func standardOutputRedirectedToAnInputIsAUsageError(_ arguments: [String], _ message: String)
    throws
  {
    let input = try file("in.ndjson")
    try file("defaults.json", "{}")
    let redirected = arguments.contains("--defaults") ? folder + "/defaults.json" : input
    let descriptor = open(redirected, O_WRONLY | O_APPEND)
    defer { close(descriptor) }
    var streams = OpenFileStreams(output: descriptor)
    let spelled = arguments.map {
      $0.replacingOccurrences(of: "IN", with: input).replacingOccurrences(of: "DIR", with: folder)
    }
    #expect(Driver.run(Self.batch + spelled, streams: &streams) == .usage)
    let expected = message.replacingOccurrences(of: "IN", with: input)
    #expect(
      streams.error.hasPrefix("pushc: ") && streams.error.contains(expected), "\(streams.error)")
    #expect(contents("in.ndjson") == Self.input && contents("defaults.json") == "{}")

    // Nothing goes to standard output: fine.
    var quiet = OpenFileStreams(output: descriptor)
    let code = Driver.run(Self.batch + [input, "-o", folder + "/out.ndjson"], streams: &quiet)
    #expect(code == .failed, "\(quiet.error)")
  }

  /// The same through the shell, and for `convert`: the input is left as it was.
  @Test func appendingToTheInputIsRefused() throws {
    try file("in.ndjson")
    #expect(try shell(">> in.ndjson", Self.batch + ["in.ndjson"]) == 64)
    #expect(try shell(">> in.ndjson", Self.batch + ["in.ndjson", "-o", "/dev/stdout"]) == 64)
    try file("one.json", Self.record)
    #expect(try shell(">> one.json", ["convert", "-f", "auto", "-t", "apns", "one.json"]) == 64)
    #expect(contents("in.ndjson") == Self.input && contents("one.json") == Self.record)
  }

  /// On a terminal, an error that stops the run clears the progress line before it.
  @Test func anErrorThatStopsTheRunClearsTheProgressLine() {
    var streams = TerminalStreams(errorIsTerminal: true)
    let code = Driver.run(Self.batch + [folder + "/absent.ndjson"], streams: &streams)
    #expect(code == .noInput)
    #expect(
      streams.buffered.error
        == "\r\u{1B}[Kpushc: cannot read '\(folder)/absent.ndjson': no such file or directory\n")
  }

  /// A run stopped by SIGXFSZ, as an output passes the file size limit, removes its
  /// temporary files and dies of that signal.
  @Test func passingTheFileSizeLimitLeavesNoTemporaryFiles() throws {
    let pushc = try #require(BuiltPushc.path, "build pushc first (swift build)")
    // More than the megabyte written through at once, and than the limit of 64 blocks.
    try file("in.ndjson", String(repeating: Self.record + "\n", count: 30_000))
    let status = BuiltPushc.run(
      [
        "/bin/sh", "-c", "cd \"$1\" && shift && ulimit -c 0 && ulimit -f 64 && exec \"$0\" \"$@\"",
        pushc, folder,
      ] + Self.batch + ["in.ndjson", "-o", "out.ndjson", "--report", "report.jsonl"])
    #expect(status == 128 + SIGXFSZ)
    #expect(entries() == ["in.ndjson"])
  }
}

// MARK: - Failures that stop the run, with --diagnostics json

extension OutputSafetyTests {
  /// Every line of standard error is a JSON diagnostic; the last one's code and file.
  func lastDiagnostic(_ error: String) -> (code: String?, file: String?) {
    let lines = error.split(separator: "\n").map { try? JSONReader.parse(Array($0.utf8)) }
    #expect(!lines.isEmpty && lines.allSatisfy { $0?["code"] != nil }, "\(error)")
    let last = lines.last ?? nil
    return (last?["code"]?.stringValue, last?["file"]?.stringValue)
  }

  /// An input that cannot be read and an output that cannot be written are diagnostics
  /// (`input.unreadable`, `output.unwritable`) like any other.
  @Test func failuresThatStopTheRunAreJSONLines() throws {
    let input = try file("in.ndjson")
    let one = try file("one.json", Self.record)
    let missing = folder + "/missing/out.ndjson"
    for (arguments, code, expected, file) in [
      (
        Self.batch + [folder + "/absent.ndjson"], ExitCode.noInput, "input.unreadable",
        folder + "/absent.ndjson"
      ),
      (Self.batch + [input, "-o", missing], .cannotCreateOutput, "output.unwritable", missing),
      (
        Self.batch + [input, "--report", missing], .cannotCreateOutput, "output.unwritable", missing
      ),
      (
        ["convert", "-f", "auto", "-t", "apns", one, "-o", missing], .cannotCreateOutput,
        "output.unwritable", missing
      ),
    ] {
      let (exit, streams) = run(arguments + ["--diagnostics", "json"])
      #expect(exit == code)
      let last = lastDiagnostic(streams.error)
      #expect(last.code == expected && last.file == file, "\(streams.error)")
    }
  }

  /// Standard output that cannot be written too, for `batch` and `convert`.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func aFailedStandardOutputIsAJSONLine() throws {
    try file("in.ndjson")
    try file("one.json", Self.record)
    for arguments in [
      Self.batch + ["in.ndjson"], ["convert", "-f", "auto", "-t", "apns", "one.json"],
    ] {
      let status = try shell(
        "", arguments + ["--diagnostics", "json"], output: "/dev/full",
        errors: folder + "/errors.txt")
      #expect(status == 73)
      let last = lastDiagnostic(contents("errors.txt") ?? "")
      #expect(last.code == "output.unwritable" && last.file == "<stdout>")
    }
  }
}

// MARK: - Streams that do not block

extension OutputSafetyTests {
  /// A pipe end in non-blocking mode, as a parent process may hand one over.
  func nonBlocking(_ descriptor: Int32) -> Int32 {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    return descriptor
  }

  /// A new pipe whose ends no other child inherits: a `pushc` another test starts
  /// meanwhile holding the write end open would keep this test's run from ever ending.
  func privatePipe() throws -> [Int32] {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return ends
  }

  /// Runs the built `pushc` with `arguments` on a standard input that is an empty pipe,
  /// its errors written to `errors.txt` in the test's folder; the exit status.
  func runOnAnEmptyPipe(_ arguments: [String]) throws -> Int32 {
    let pushc = try #require(BuiltPushc.path, "build pushc first (swift build)")
    let ends = try privatePipe()
    let child = try #require(
      BuiltPushc.spawn(
        [pushc] + arguments, standardInput: ends[0], errors: folder + "/errors.txt"))
    close(ends[0])
    close(ends[1])
    let status = try #require(BuiltPushc.wait(for: child, within: 30), "pushc did not end")
    return status >> 8
  }

  /// A standard input that does not block, with nothing to read yet, is waited on, not
  /// taken for unreadable: every record written later is converted.
  @Test func aStandardInputThatDoesNotBlockIsWaitedOn() throws {
    let pushc = try #require(BuiltPushc.path, "build pushc first (swift build)")
    let ends = try privatePipe()
    let output = folder + "/out.ndjson"
    let child = try #require(
      BuiltPushc.spawn(
        [pushc] + Self.batch + ["-", "-o", output], standardInput: nonBlocking(ends[0])))
    close(ends[0])
    // Were pushc to stop reading, writing to it fails instead of killing the tests.
    BuiltPushc.withoutBrokenPipeSignal {
      let first = Array(Self.goodInput.utf8)
      #expect(BuiltPushc.write(first, to: ends[1]) == first.count)
      usleep(300_000)
      let second = Array((Self.goodInput + Self.record + "\n").utf8)
      #expect(BuiltPushc.write(second, to: ends[1]) == second.count)
    }
    close(ends[1])
    let status = try #require(BuiltPushc.wait(for: child, within: 30), "pushc did not end")
    #expect(status == 0)
    #expect(try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").count == 5)
  }

  /// A standard output that does not block, read late, is waited on until it can take
  /// more: every line arrives.
  @Test func aStandardOutputThatDoesNotBlockIsWaitedOn() throws {
    let pushc = try #require(BuiltPushc.path, "build pushc first (swift build)")
    let input = try file("in.ndjson", String(repeating: Self.record + "\n", count: 2000))
    let ends = try privatePipe()
    let child = try #require(
      BuiltPushc.spawn([pushc] + Self.batch + [input], standardOutput: nonBlocking(ends[1])))
    close(ends[1])
    usleep(300_000)
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while case let count = read(ends[0], &chunk, chunk.count), count > 0 {
      received += chunk[..<count]
    }
    close(ends[0])
    let status = try #require(BuiltPushc.wait(for: child, within: 30), "pushc did not end")
    #expect(status == 0)
    #expect(received.filter { $0 == UInt8(ascii: "\n") }.count == 2000)
  }
}

// MARK: - Streams named twice

extension OutputSafetyTests {
  /// Standard error appended to an input would feed the run its own messages, each a
  /// record that fails in turn: a usage error, and since any message would land in the
  /// input, nothing at all is written, that message included.
  @Test func standardErrorIntoAnInputIsAUsageError() throws {
    try file("in.ndjson")
    let status = try shell("2>> in.ndjson", Self.batch + ["in.ndjson", "-o", "out.ndjson"])
    #expect(status == 64)
    #expect(entries() == ["in.ndjson"])
    #expect(contents("in.ndjson") == Self.input)
  }

  /// Standard error appended to a `.json` file of a folder input is refused the same way.
  @Test func standardErrorIntoAFileOfTheInputFolderIsAUsageError() throws {
    try file("in/a.json", Self.record)
    try file("in/z.json", Self.record)
    let status = try shell("2>> in/z.json", Self.batch + ["in", "-o", "out"])
    #expect(status == 64)
    #expect(!entries().contains("out"))
    #expect(contents("in/z.json") == Self.record)
  }

  /// Writes the files the standard-error tests name: `in.json`, `out.json` and
  /// `report.jsonl` each holding one record, which it answers, and `defaults.json`.
  private func writeRunFiles() throws -> String {
    let record = #"{"aps": {"alert": "one"}, "body": {"_k": "k1", "x": 1}}"#
    for name in ["in.json", "defaults.json", "out.json", "report.jsonl"] {
      try file(name, name == "defaults.json" ? "{}" : record)
    }
    return record
  }

  /// Each command that reads a payload leaves it as it was when standard error is
  /// appended to it, the `--defaults` file too, and `-o` and `--report` when standard
  /// error is appended to them: exit 64, and not a byte written anywhere.
  @Test(arguments: [
    ("in.json", ["convert", "-f", "klaviyo", "-t", "apns", "in.json"]),
    ("in.json", ["convert", "-f", "klaviyo", "-t", "apns", "-o", "out.json", "in.json"]),
    ("in.json", ["validate", "-f", "klaviyo", "in.json"]),
    ("in.json", ["detect", "in.json"]),
    (
      "defaults.json",
      ["convert", "-f", "klaviyo", "-t", "apns", "--defaults", "defaults.json", "in.json"]
    ),
    ("out.json", ["convert", "-f", "klaviyo", "-t", "apns", "-o", "out.json", "in.json"]),
    ("out.json", ["batch", "-f", "klaviyo", "-t", "apns", "-o", "out.json", "in.json"]),
    (
      "report.jsonl",
      ["batch", "-f", "klaviyo", "-t", "apns", "--report", "report.jsonl", "in.json"]
    ),
  ])
  func standardErrorIntoWhatTheRunReadsOrWritesWritesNothing(
    _ target: String, _ arguments: [String]
  ) throws {
    let record = try writeRunFiles()
    let status = try shell("2>> \(target)", arguments)
    #expect(status == 64, "\(arguments)")
    #expect(contents(target) == (target == "defaults.json" ? "{}" : record), "\(arguments)")
    #expect(entries() == ["defaults.json", "in.json", "out.json", "report.jsonl"])
  }

  /// A command line refused while it is read (a missing `--to`, an option given twice, an
  /// unknown option, one that does not apply, an argument that is not UTF-8) is checked
  /// the same way before its refusal is written: standard error appended to an operand,
  /// to a value of `-o`, `--report` or `--defaults`, or to the file standard input reads,
  /// gets nothing.
  @Test(arguments: [
    ("in.json", ["convert", "-f", "klaviyo", "in.json"]),
    ("in.json", ["convert", "-f", "klaviyo", "-f", "apns", "-t", "apns", "in.json"]),
    ("in.json", ["convert", "-f", "klaviyo", "-t", "apns", "--bogus", "in.json"]),
    ("in.json", ["validate", "-f", "klaviyo", "--to", "apns", "in.json"]),
    ("in.json", ["detect", "in.json", "--", "in.json"]),
    ("in.json", ["batch", "-t", "apns", "in.json"]),
    ("in.json", ["-f", "klaviyo", "-t", "apns", "in.json"]),
    ("in.json", ["convert", "-f", "klaviyo", "-t", "apns", "in.json", #""$(printf '\377')""#]),
    ("out.json", ["convert", "-f", "klaviyo", "-o", "other.json", "-o", "out.json", "in.json"]),
    ("out.json", ["convert", "-f", "klaviyo", "--output=out.json", "in.json"]),
    ("report.jsonl", ["convert", "-f", "klaviyo", "-t", "apns", "--report", "report.jsonl"]),
    ("defaults.json", ["convert", "-f", "klaviyo", "--defaults", "defaults.json", "in.json"]),
    ("in.json", ["convert", "-f", "klaviyo", "<", "in.json"]),
    ("in.json", ["batch", "-f", "klaviyo", "-", "-", "<", "in.json"]),
  ])
  func standardErrorIntoWhatARefusedCommandLineNamesWritesNothing(
    _ target: String, _ arguments: [String]
  ) throws {
    let record = try writeRunFiles()
    // From the first word beginning `<` or `"`, the words are the shell's own.
    let shellWords = arguments.drop { !$0.hasPrefix("<") && !$0.hasPrefix("\"") }
    let words = arguments.prefix(arguments.count - shellWords.count)
    let status = try shell(shellWords.joined(separator: " ") + " 2>> \(target)", Array(words))
    #expect(status == 64, "\(arguments)")
    #expect(contents(target) == (target == "defaults.json" ? "{}" : record), "\(arguments)")
    #expect(entries() == ["defaults.json", "in.json", "out.json", "report.jsonl"])
  }

  /// A refused command line that names no file standard error goes to still says why.
  @Test func aRefusedCommandLineStillSaysWhyElsewhere() throws {
    try file("in.json", "{}")
    let status = try shell(
      "2>> log", ["convert", "-f", "klaviyo", "-o", "out.json", "in.json"])
    #expect(status == 64)
    #expect(
      contents("log") == "pushc: 'convert' needs --to FORMAT\nrun 'pushc --help' for usage\n")
  }

  /// Records on a standard output that is `/dev/null`, and the report sent there by name:
  /// nothing is replaced or mixed up, so the run goes ahead.
  @Test func aReportOnDevNullBesideRecordsOnDevNullIsAllowed() throws {
    try file("in.ndjson", Self.goodInput)
    #expect(try shell("", Self.batch + ["in.ndjson", "--report", "/dev/null"]) == 0)
    #expect(try shell("", Self.batch + ["in.ndjson", "--report", "-"]) == 64)
  }

  /// `/dev/stdin` beside `-`, when standard input is a pipe: the first read would take
  /// it all and the other find nothing, so it is a usage error. From a file, each reads
  /// the file from its start.
  @Test func standardInputNamedTwiceIsAUsageErrorForAPipe() throws {
    try file("in.ndjson", Self.goodInput)
    let arguments = Self.batch + ["/dev/stdin", "-", "-o", "out.ndjson"]
    #expect(try shell("< in.ndjson", arguments) == 0)
    #expect(contents("out.ndjson")?.split(separator: "\n").count == 4)
    let output = folder + "/piped.ndjson"
    #expect(try runOnAnEmptyPipe(Self.batch + ["/dev/stdin", "-", "-o", output]) == 64)
    #expect(
      contents("errors.txt")?.hasPrefix(
        "pushc: '/dev/stdin' is standard input, given as '-' too: it can be read only once\n")
        == true)
    #expect(!entries().contains("piped.ndjson"))
  }
}

extension OutputSafetyTests {
  /// A named pipe given twice: the first read would take everything, so it is a usage
  /// error, found before either is opened (opening would wait for a writer).
  @Test func aNamedPipeGivenTwiceIsAUsageError() throws {
    let fifo = folder + "/in.pipe"
    try #require(mkfifo(fifo, 0o644) == 0)
    let (code, streams) = run(Self.batch + [fifo, fifo, "-o", folder + "/out.ndjson"])
    #expect(code == .usage)
    #expect(streams.error.hasPrefix("pushc: '\(fifo)' and '\(fifo)' are one pipe or device"))
  }
}

extension DriverTests {
  /// An empty path names no file: refused before anything is read, not found out by a
  /// rename that fails once every record is converted.
  @Test(arguments: [["-", "-o", ""], ["-", "-o", "/dev/null", "--report", ""], [""]])
  func anEmptyPathIsAUsageError(_ paths: [String]) {
    let result = run(["batch", "-f", "klaviyo", "-t", "klaviyo"] + paths)
    #expect(result.code == .usage)
    #expect(result.error.contains("empty"))
  }

  /// Records and report both thrown away on `/dev/null` replace nothing.
  @Test func recordsAndReportMayBothGoToDevNull() {
    let result = run(
      ["batch", "-f", "klaviyo", "-t", "klaviyo", "-", "-o", "/dev/null", "--report", "/dev/null"],
      input: Self.predefined.split(separator: "\n").joined() + "\n")
    #expect(result.code == .success)
  }
}

extension OutputSafetyTests {
  /// The usage error of a `--defaults` file refused because of what the records are read
  /// from: `reason`, then the hint.
  static func defaultsRefusal(_ reason: String) -> String {
    "pushc: --defaults \(reason)\nrun 'pushc --help' for usage\n"
  }

  /// A `--defaults` file that is the very file the records or the payload are read from,
  /// known by device and inode however it is named (`/dev/stdin` with standard input
  /// redirected from the records, the records' own path): one file cannot hold both, so
  /// it is a usage error that says so, rather than that a file can be read only once.
  @Test func defaultsThatAreTheRecordsFileAreAUsageError() throws {
    try file("in.ndjson", Self.goodInput)
    try file("defaults.json", #"{"_k": "abc"}"#)
    let fromStandardInput = Self.defaultsRefusal(
      "'/dev/stdin' is the file standard input reads, which the records are read from too: one file cannot hold both the defaults and the records"
    )
    for (redirection, arguments, message) in [
      ("< in.ndjson", Self.batch + ["--defaults", "/dev/stdin"], fromStandardInput),
      (
        "< in.ndjson", Self.batch + ["-", "--defaults", "/dev/fd/0"],
        fromStandardInput
          .replacingOccurrences(of: "'/dev/stdin'", with: "'/dev/fd/0'")
          .replacingOccurrences(of: "read from too", with: "read from too (as '-')")
      ),
      (
        "< defaults.json", Self.batch + ["--defaults", "defaults.json"],
        fromStandardInput.replacingOccurrences(of: "'/dev/stdin'", with: "'defaults.json'")
      ),
      (
        "",
        [
          "convert", "-f", "auto", "-t", "klaviyo", "defaults.json", "--defaults",
          "./defaults.json",
        ],
        Self.defaultsRefusal(
          "'./defaults.json' is the input 'defaults.json' too: one file cannot hold both the defaults and the payload"
        )
      ),
    ] {
      let status = try shell(
        redirection, arguments + ["-o", "out.ndjson"], errors: folder + "/errors.txt")
      #expect(status == 64, "\(arguments)")
      #expect(contents("errors.txt") == message, "\(arguments)")
      #expect(contents("out.ndjson") == nil)
    }
  }

  /// A `--defaults` file among the `.json` files of a folder input would be a record
  /// too, however it is named.
  @Test func defaultsInsideTheInputFolderAreAUsageError() throws {
    try makeFolder("in")
    try file("in/a.json", Self.record)
    try file("in/defaults.json", #"{"_k": "abc"}"#)
    for named in ["in/defaults.json", "./in/../in/defaults.json"] {
      let (code, streams) = run([
        "batch", "--from", "auto", "--to", "klaviyo", folder + "/in", "-o", folder + "/out",
        "--defaults", folder + "/" + named,
      ])
      #expect(code == .usage)
      #expect(
        streams.error
          == Self.defaultsRefusal(
            "'\(folder)/\(named)' is a .json file of the input folder '\(folder)/in', each of which is read as a record: one file cannot hold both the defaults and a record"
          ))
      #expect(!entries().contains("out"))
    }
  }

  /// Standard input holding the defaults, the records named as a file: nothing is read
  /// twice, and the defaults fill the records' missing fields.
  @Test func defaultsOnStandardInputBesideNamedRecordsAreRead() throws {
    try file("in.ndjson", #"{"aps": {"alert": "one"}}"# + "\n")
    try file("defaults.json", #"{"_k": "from-stdin"}"#)
    let status = try shell(
      "< defaults.json", Self.batch + ["in.ndjson", "--defaults", "/dev/stdin", "-o", "out.ndjson"])
    #expect(status == 0)
    #expect(contents("out.ndjson")?.contains(#""_k":"from-stdin""#) == true)
  }

  /// Standard input a pipe, read for the defaults and the records: the message says it
  /// is a pipe, which can be read only once.
  @Test func defaultsFromAPipedStandardInputNameThePipe() throws {
    #expect(try runOnAnEmptyPipe(Self.batch + ["--defaults", "/dev/stdin"]) == 64)
    #expect(
      contents("errors.txt")
        == Self.defaultsRefusal(
          "'/dev/stdin' is standard input, a pipe, which the records are read from too: it can be read only once"
        ))
  }
}
