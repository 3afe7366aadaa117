import Foundation
import PushCompiler
import PushIR
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Outputs never replace what a run reads.
@Suite struct OutputSafetyTests {
  let folder: String
  static let record = #"{"aps": {"alert": "one"}, "body": {"_k": "k1"}}"#
  static let input = record + "\n{bad\n"

  init() throws {
    folder =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "pushc-outputs-\(UUID().uuidString)"
      ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  /// Writes `text` to `name` under the test's folder and returns its path.
  @discardableResult
  func file(_ name: String, _ text: String = Self.input) throws -> String {
    let path = folder + "/" + name
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func contents(_ name: String) -> String? {
    FileManager.default.contents(atPath: folder + "/" + name).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  /// Every entry under the test's folder, as relative paths, sorted.
  func entries() -> [String] {
    (FileManager.default.subpaths(atPath: folder) ?? []).sorted()
  }

  func run(_ arguments: [String]) -> (ExitCode, BufferedStreams) {
    var streams = BufferedStreams()
    let code = Driver.run(arguments, streams: &streams)
    return (code, streams)
  }

  func mode(_ name: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/" + name)
    return (attributes[.posixPermissions] as? Int) ?? -1
  }
}

// MARK: - Outputs that would replace what is read

extension OutputSafetyTests {
  static let batch = ["batch", "--from", "auto", "--to", "klaviyo"]

  /// Each spelling of a collision, with absolute paths so that the working directory
  /// does not matter: a usage error naming the clash, before anything is read or
  /// written; the input is as it was and nothing new is left in the folder.
  @Test(arguments: [
    (["IN", "-o", "IN"], "-o 'IN' is the input 'IN'"),
    (["IN", "-o", "DIR/./in.ndjson"], "is the input 'IN'"),
    (["IN", "-o", "DIR/sub/../in.ndjson"], "is the input 'IN'"),
    (["IN", "-o", "DIR/link.ndjson"], "is the input 'IN'"),
    (["DIR/link.ndjson", "-o", "IN"], "is the input 'DIR/link.ndjson'"),
    (["IN", "--report", "IN"], "--report 'IN' is the input 'IN'"),
    (["IN", "-o", "DIR/rr.out", "--report", "DIR/rr.out"], "-o and --report both name"),
    (["IN", "-o", "DIR/rr.out", "--report", "DIR/./rr.out"], "-o and --report both name"),
    (["IN", "-o", "DIR/x.out", "--report", "DIR/link.out"], "-o and --report both name"),
    (["IN", "--report", "-"], "--report - and the records would both go to standard output"),
    (["IN", "-o", "-", "--report", "-"], "both go to standard output"),
    (["-", "--report", "-"], "both go to standard output"),
    (
      ["IN", "--defaults", "DIR/defaults.json", "-o", "DIR/defaults.json"], "is the --defaults file"
    ),
    (["DIR/payloads", "-o", "DIR/payloads"], "is the input folder 'DIR/payloads'"),
    (["DIR/payloads", "-o", "DIR/payloads/"], "is the input folder"),
    (["DIR/payloads", "-o", "DIR/payloads/converted"], "lies inside the input folder"),
    (["DIR/payloads", "-o", "DIR/payloads/nested/new"], "lies inside the input folder"),
    (["DIR/payloads", "-o", "DIR/linked/converted"], "lies inside the input folder"),
    (["DIR/payloads", "-o", "DIR"], "holds the input folder"),
    (
      ["DIR/payloads", "-o", "DIR/out", "--report", "DIR/payloads/r.json"],
      "lies inside the input folder"
    ),
    (
      ["DIR/payloads", "-o", "DIR/out", "--report", "DIR/out/r.json"],
      "lies inside the output folder"
    ),
    (
      ["DIR/payloads", "-o", "DIR/out", "--report", "DIR/payloads/a.json"],
      "lies inside the input folder"
    ),
  ])
  func batchOutputsThatWouldReplaceAnInputAreUsageErrors(_ arguments: [String], _ message: String)
    throws
  {
    let input = try file("in.ndjson")
    try file("defaults.json", "{}")
    try file("payloads/a.json", Self.record)
    try file("payloads/nested/b.json", Self.record)
    try FileManager.default.createDirectory(
      atPath: folder + "/sub", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link.ndjson", withDestinationPath: "in.ndjson")
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link.out", withDestinationPath: "x.out")
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/linked", withDestinationPath: "payloads")
    let before = entries()
    let spelled = arguments.map {
      $0.replacingOccurrences(of: "IN", with: input).replacingOccurrences(of: "DIR", with: folder)
    }
    let (code, streams) = run(Self.batch + spelled)
    #expect(code == .usage)
    let expected = message.replacingOccurrences(of: "IN", with: input).replacingOccurrences(
      of: "DIR", with: folder)
    #expect(
      streams.error.hasPrefix("pushc: ") && streams.error.contains(expected), "\(streams.error)")
    #expect(streams.output.isEmpty)
    #expect(contents("in.ndjson") == Self.input)
    #expect(entries() == before)
  }

  /// Outputs beside the inputs, a report in the output folder that no converted file can
  /// take the name of, and a report on standard output while the records go to a file
  /// are all fine.
  @Test(arguments: [
    ["IN", "-o", "DIR/out.ndjson", "--report", "DIR/report.jsonl"],
    ["IN", "-o", "DIR/out.ndjson", "--report", "-"],
    ["DIR/payloads", "-o", "DIR/out", "--report", "DIR/out/report.jsonl"],
    ["DIR/payloads", "-o", "DIR/out", "--report", "-"],
    ["DIR/payloads", "-o", "DIR/payloads-converted"],
  ])
  func outputsBesideTheInputsAreFine(_ arguments: [String]) throws {
    let input = try file("in.ndjson")
    try file("payloads/a.json", Self.record)
    try FileManager.default.createDirectory(
      atPath: folder + "/out", withIntermediateDirectories: true)
    let spelled = arguments.map {
      $0.replacingOccurrences(of: "IN", with: input).replacingOccurrences(of: "DIR", with: folder)
    }
    let (code, streams) = run(Self.batch + spelled)
    #expect(code == .success || code == .failed, "\(streams.error)")
    #expect(streams.error.contains("records read"))
  }

  /// Relative spellings and links, as a user types them from the folder that holds the
  /// input, are the same file.
  @Test(arguments: [
    ["in.ndjson", "-o", "./in.ndjson"],
    ["./in.ndjson", "-o", "in.ndjson"],
    ["in.ndjson", "-o", "link.ndjson"],
    ["in.ndjson", "--report", "sub/../in.ndjson"],
    ["in.ndjson", "-o", "rr.out", "--report", "./rr.out"],
  ])
  func relativeSpellingsNameTheSameFile(_ arguments: [String]) throws {
    let pushc = try #require(BuiltPushc.path, "build pushc first (swift build)")
    try file("in.ndjson")
    try FileManager.default.createDirectory(
      atPath: folder + "/sub", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link.ndjson", withDestinationPath: "in.ndjson")
    let before = entries()
    let status = BuiltPushc.run(
      ["/bin/sh", "-c", "cd \"$1\" && shift && exec \"$0\" \"$@\"", pushc, folder] + Self.batch
        + arguments)
    #expect(status == 64)
    #expect(contents("in.ndjson") == Self.input)
    #expect(entries() == before)
  }

  /// `convert -o` naming its input would replace it with the conversion, losing what
  /// the diagnostics say was not carried over: a usage error too.
  @Test func convertToItsOwnInputIsAUsageError() throws {
    let input = try file("one.json", Self.record)
    for output in [input, folder + "/./one.json"] {
      let (code, streams) = run(["convert", "--from", "auto", "--to", "apns", input, "-o", output])
      #expect(code == .usage)
      #expect(streams.error.contains("is the input '\(input)'"))
    }
    #expect(contents("one.json") == Self.record)
    let (code, _) = run([
      "convert", "--from", "auto", "--to", "apns", input, "-o", folder + "/two.json",
    ])
    #expect(code == .success)
  }

  /// Standard input redirected from the file `-o` names is a collision as well.
  @Test func standardInputFromTheOutputFileIsAUsageError() throws {
    let input = try file("in.ndjson")
    let descriptor = open(input, O_RDONLY)
    defer { close(descriptor) }
    var streams = DescriptorStreams(descriptor: descriptor)
    let code = Driver.run(Self.batch + ["-", "-o", input], streams: &streams)
    #expect(code == .usage)
    #expect(streams.error.contains("-o '\(input)' is the file standard input reads"))
    #expect(contents("in.ndjson") == Self.input)
  }
}

/// Streams whose input is an open file, as a shell's `< FILE` gives.
struct DescriptorStreams: DriverStreams {
  var descriptor: Int32
  var error = ""
  mutating func readStandardInput(atMost limit: Int) throws(FileIO.Failure) -> [UInt8] { [] }
  mutating func writeOutput(_ bytes: [UInt8]) {}
  mutating func writeError(_ text: String) { error += text }
  var standardInputDescriptor: Int32? { descriptor }
  var errorIsTerminal: Bool { false }
}

/// The `pushc` executable beside this test bundle, and ways to run it.
enum BuiltPushc {
  /// The `pushc` built with the tests, when it is there.
  static let path: String? = {
    var url = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    if !FileManager.default.fileExists(atPath: url.path), let main = Bundle.main.executableURL {
      url = main
    }
    for _ in 0..<4 {
      url.deleteLastPathComponent()
      let candidate = url.appendingPathComponent("pushc").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }()

  /// Starts `arguments` with standard input from `standardInput` (or `/dev/null`), its
  /// outputs to the files named (`/dev/null` unless told), and SIGINT, SIGTERM, SIGHUP
  /// and SIGPIPE at their default actions whatever this process does with them.
  static func spawn(
    _ arguments: [String], standardInput: Int32? = nil, output: String = "/dev/null",
    errors: String = "/dev/null"
  ) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let standardInput {
      posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ) == 0 else {
      return nil
    }
    return pid
  }

  /// Runs `arguments` to the end and returns its exit status (128 + the signal when one
  /// killed it).
  static func run(
    _ arguments: [String], output: String = "/dev/null", errors: String = "/dev/null"
  ) -> Int32? {
    guard let pid = spawn(arguments, output: output, errors: errors),
      let status = wait(for: pid, within: 60)
    else { return nil }
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }

  /// The raw wait status of `pid`, or nil (after killing it) when it has not ended in
  /// `seconds`.
  static func wait(for pid: pid_t, within seconds: Double) -> Int32? {
    var status: Int32 = 0
    let ended = waitFor(within: seconds) { waitpid(pid, &status, WNOHANG) == pid ? true : nil }
    if ended == nil {
      kill(pid, SIGKILL)
      waitpid(pid, &status, 0)
      return nil
    }
    return status
  }

  /// The first value `poll` gives within `seconds`, checking every few milliseconds.
  static func waitFor<T>(within seconds: Double, _ poll: () -> T?) -> T? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if let value = poll() { return value }
      usleep(2000)
    }
    return nil
  }
}
