import Foundation
import PushCompiler
import PushIR
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Outputs never replace what a run reads, failures to write name the path and exit 73,
/// files get the permissions the user expects, and an interrupted run leaves nothing.
@Suite struct OutputSafetyTests {
  let folder: String
  static let record = #"{"aps": {"alert": "one"}, "body": {"_k": "k1"}}"#
  static let input = record + "\n{bad\n"

  init() throws {
    folder = try TemporaryFolder.make("outputs").path
  }

  /// Writes `text` to `name` under the test's folder and returns its path.
  @discardableResult
  func file(_ name: String, _ text: String = Self.input) throws -> String {
    try TemporaryFolder.write(Array(text.utf8), to: name, in: URL(fileURLWithPath: folder))
  }

  /// Makes the folder `name` under the test's folder, with those on its way.
  func makeFolder(_ name: String) throws {
    try FileManager.default.createDirectory(
      atPath: folder + "/" + name, withIntermediateDirectories: true)
  }

  /// Makes `name` under the test's folder a symbolic link to `target`, as written.
  func link(_ name: String, to target: String) throws {
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/" + name, withDestinationPath: target)
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

  func run(_ arguments: [String]) -> (ExitCode, BufferedStreams) { runPushc(arguments) }

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
    (
      ["IN", "-o", "DIR/rr.out", "--report", "DIR/rr.out"],
      "-o 'DIR/rr.out' and --report 'DIR/rr.out' name the same file: one would replace the other"
    ),
    (
      ["IN", "-o", "DIR/rr.out", "--report", "DIR/./rr.out"],
      "-o 'DIR/rr.out' and --report 'DIR/./rr.out' name the same file"
    ),
    (
      ["IN", "-o", "DIR/x.out", "--report", "DIR/link.out"],
      "-o 'DIR/x.out' and --report 'DIR/link.out' name the same file"
    ),
    (["IN", "--report", "-"], "--report - and the records would both go to standard output"),
    (["IN", "-o", "-", "--report", "-"], "both go to standard output"),
    (["-", "--report", "-"], "both go to standard output"),
    (["IN", "-o", "/dev/stdout", "--report", "-"], "both go to standard output"),
    (["IN", "-o", "-", "--report", "/dev/stdout"], "both go to standard output"),
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
    try makeFolder("sub")
    try link("link.ndjson", to: "in.ndjson")
    try link("link.out", to: "x.out")
    try link("linked", to: "payloads")
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
    try makeFolder("out")
    let spelled = arguments.map {
      $0.replacingOccurrences(of: "IN", with: input).replacingOccurrences(of: "DIR", with: folder)
    }
    let (code, streams) = run(Self.batch + spelled)
    #expect(code == .success || code == .failed, "\(streams.error)")
    #expect(streams.error.contains(" converted, "))
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
    try makeFolder("sub")
    try link("link.ndjson", to: "in.ndjson")
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
    var streams = OpenFileStreams(input: descriptor)
    let code = Driver.run(Self.batch + ["-", "-o", input], streams: &streams)
    #expect(code == .usage)
    #expect(streams.error.contains("-o '\(input)' is the file standard input reads"))
    #expect(contents("in.ndjson") == Self.input)
  }
}

// MARK: - Outputs that cannot be written

extension OutputSafetyTests {
  /// Every output that cannot be written exits 73 with a message naming the path given
  /// and what failed; nothing is left behind.
  @Test(arguments: [
    (
      ["IN", "-o", "DIR/missing/out.ndjson"],
      "cannot write 'DIR/missing/out.ndjson': the temporary file beside it cannot be created: no such file or directory"
    ),
    (
      ["IN", "--report", "DIR/missing/r.jsonl"],
      "cannot write 'DIR/missing/r.jsonl': the temporary file beside it cannot be created: no such file or directory"
    ),
    (["IN", "-o", "DIR/folder"], "cannot write 'DIR/folder': is a directory"),
    (["IN", "-o", "DIR/loop"], "cannot write 'DIR/loop': too many levels of symbolic links"),
    (["DIR/payloads", "-o", "DIR/regular"], "cannot write 'DIR/regular': not a directory"),
    (
      ["DIR/payloads", "-o", "DIR/blocked"],
      "cannot write 'DIR/blocked/nested/b.json': the file 'DIR/blocked/nested' is in the way of the folder it goes in (the output of 'DIR/payloads/nested/b.json')"
    ),
  ])
  func unwritableOutputsExit73NamingThePath(_ arguments: [String], _ message: String) throws {
    let input = try file("in.ndjson")
    try file("payloads/a.json", Self.record)
    try file("payloads/nested/b.json", Self.record)
    try file("regular", "keep")
    try file("blocked/nested", "keep")
    try makeFolder("folder")
    try link("loop", to: "loop")
    let spelled = arguments.map {
      $0.replacingOccurrences(of: "IN", with: input).replacingOccurrences(of: "DIR", with: folder)
    }
    let (code, streams) = run(Self.batch + spelled)
    #expect(code == .cannotCreateOutput)
    let expected = message.replacingOccurrences(of: "DIR", with: folder)
    #expect(streams.error.contains("pushc: " + expected + "\n"), "\(streams.error)")
    #expect(contents("regular") == "keep" && contents("blocked/nested") == "keep")
    #expect(!entries().contains { $0.contains(".pushc-") })
  }

  /// When one output of a folder input cannot be written where it belongs, no output
  /// replaces a file and no report is written: every output's folder is made and
  /// checked before any record is converted. What stands in the way is named.
  @Test func aFolderOutputWhoseFolderIsBlockedReplacesNothing() throws {
    try file("in/a.json", Self.record)
    try file("in/nested/b.json", Self.record)
    try file("in/z.json", Self.record)
    try file("out/a.json", "OLD")
    try file("out/nested", "keep")
    let (code, streams) = run(
      Self.batch + [folder + "/in", "-o", folder + "/out", "--report", folder + "/r.jsonl"])
    #expect(code == .cannotCreateOutput)
    #expect(
      streams.error
        == "pushc: cannot write '\(folder)/out/nested/b.json': the file '\(folder)/out/nested' is in the way of the folder it goes in (the output of '\(folder)/in/nested/b.json')\n"
    )
    #expect(contents("out/a.json") == "OLD" && contents("out/nested") == "keep")
    #expect(contents("out/z.json") == nil && contents("r.jsonl") == nil)
    #expect(!entries().contains { $0.contains(".pushc-") })
  }

  /// A folder made for files that all fail is removed when the run ends: it would stand
  /// for outputs there are not.
  @Test func noFolderIsLeftForFilesThatAllFail() throws {
    try file("in/a.json", Self.record)
    try file("in/broken/b.json", "{")
    let (code, _) = run(Self.batch + [folder + "/in", "-o", folder + "/out"])
    #expect(code == .failed)
    #expect(contents("out/a.json") != nil)
    #expect(!entries().contains("out/broken"))
  }

  /// A file that exists but where no file can be created beside it, as in `/proc`:
  /// the message says it was the temporary file that failed, not that the file is
  /// missing.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/version")))
  func aReportWhereNoTemporaryFileCanBeCreated() throws {
    let input = try file("in.ndjson")
    let (code, streams) = run(
      Self.batch + [input, "-o", folder + "/out", "--report", "/proc/version"])
    #expect(code == .cannotCreateOutput)
    #expect(
      streams.error.contains(
        "pushc: cannot write '/proc/version': the temporary file beside it cannot be created: "))
    #expect(contents("out") == nil)
    let one = try file("one.json", Self.record)
    let (converted, single) = run([
      "convert", "-f", "auto", "-t", "apns", one, "-o", "/proc/version",
    ])
    #expect(converted == .cannotCreateOutput)
    #expect(single.error.contains("cannot write '/proc/version': the temporary file beside it"))
  }

  /// Standard output that cannot be written (a full disk) is a failure too.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func standardOutputThatCannotBeWrittenExits73() throws {
    let pushc = try #require(BuiltPushc.path, "build pushc first (swift build)")
    let input = try file("in.ndjson", Self.record + "\n")
    let errors = folder + "/errors.txt"
    for arguments in [Self.batch + [input], ["convert", "-f", "auto", "-t", "apns", input]] {
      #expect(BuiltPushc.run([pushc] + arguments, output: "/dev/full", errors: errors) == 73)
      #expect(
        contents("errors.txt")?.contains("pushc: cannot write '<stdout>': no space left on device")
          == true)
    }
  }

  /// A report on standard output that cannot be written is named `<stdout>`, in text and
  /// in JSON, as records there are; neither output is left.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func aReportOnStandardOutputThatCannotBeWrittenIsNamedStdout() throws {
    let pushc = try #require(BuiltPushc.path, "build pushc first (swift build)")
    let input = try file("in.ndjson", Self.record + "\n")
    let errors = folder + "/errors.txt"
    let arguments = Self.batch + [input, "-o", folder + "/out.ndjson", "--report", "-"]
    #expect(BuiltPushc.run([pushc] + arguments, output: "/dev/full", errors: errors) == 73)
    #expect(contents("errors.txt") == "pushc: cannot write '<stdout>': no space left on device\n")
    let json = arguments + ["--diagnostics", "json"]
    #expect(BuiltPushc.run([pushc] + json, output: "/dev/full", errors: errors) == 73)
    #expect(
      contents("errors.txt")
        == #"{"file":"<stdout>","outputLocation":"","severity":"error","code":"output.unwritable","lossy":false,"message":"cannot write '<stdout>': no space left on device"}"#
        + "\n")
    #expect(contents("out.ndjson") == nil)
  }

  /// An input that cannot be read is still 66, not 73.
  @Test func anUnreadableInputIsStill66() throws {
    let (code, streams) = run(Self.batch + [folder + "/absent.ndjson", "-o", folder + "/out"])
    #expect(code == .noInput)
    #expect(streams.error.contains("pushc: cannot read '\(folder)/absent.ndjson': no such file"))
    #expect(entries().isEmpty)
  }

  /// A name of up to 255 bytes is legal, with room for no suffix: its temporary file's
  /// name is cut short, between characters, and the output still lands under the name
  /// given, with nothing else left.
  @Test(arguments: [243, 254, 255])
  func anOutputWithTheLongestLegalNameIsWritten(length: Int) throws {
    // Two-byte characters where the temporary name is cut, so that the cut must fall
    // between characters.
    let name =
      String(repeating: "é", count: (length - 5) / 2)
      + String(repeating: "o", count: (length - 5) % 2) + ".json"
    #expect(name.utf8.count == length)
    let (code, _) = run(Self.batch + [try file("in.ndjson"), "-o", folder + "/" + name])
    #expect(code == .failed)
    #expect(entries().sorted() == ["in.ndjson", name].sorted())
  }

  /// A name longer than a name may be fails before the run, not at the rename after it.
  @Test func anOutputNameTooLongFailsAtOnce() throws {
    let name = String(repeating: "o", count: 256)
    let (code, streams) = run(Self.batch + [try file("in.ndjson"), "-o", folder + "/" + name])
    #expect(code == .cannotCreateOutput)
    #expect(streams.error.contains("file name too long"))
    #expect(streams.error.contains(" converted, ") == false)
  }

  /// `convert` opens its output before it reads: a path that cannot be written fails
  /// first (73), even for input that is not JSON, and a conversion that fails leaves no
  /// file behind, temporary or final.
  @Test func convertOpensItsOutputBeforeReading() throws {
    let notJSON = try file("bad.json", "{bad")
    for output in [String(repeating: "o", count: 256), "missing/out.json"] {
      let (code, streams) = run([
        "convert", "-f", "apns", "-t", "apns", notJSON, "-o", folder + "/" + output,
      ])
      #expect(code == .cannotCreateOutput, "\(output): \(streams.error)")
    }
    let wrongType = try file("wrong.json", #"{"aps": {"alert": 7}}"#)
    let out = folder + "/out.json"
    let tripped = run([
      "convert", "-f", "apns", "-t", "apns", wrongType, "-o", out, "--fail-on", "warning",
    ])
    #expect(tripped.0 == .failed)
    let refused = run(["convert", "-f", "apns", "-t", "dfinery", wrongType, "-o", out])
    #expect(refused.0 == .dataError)
    #expect(entries() == ["bad.json", "wrong.json"])
  }

  /// A pipe is opened only once the output is ready, as before: opening it waits for a
  /// reader, and input that is not JSON is reported (65) without one.
  @Test(.timeLimit(.minutes(1))) func convertToAPipeReportsBadInputWithoutAReader() throws {
    let notJSON = try file("bad.json", "{bad")
    let pipe = folder + "/pipe"
    #expect(mkfifo(pipe, 0o600) == 0)
    let (code, _) = run(["convert", "-f", "apns", "-t", "apns", notJSON, "-o", pipe])
    #expect(code == .dataError)
  }
}

// MARK: - Permissions and symbolic links

extension OutputSafetyTests {
  /// A file replaced keeps its permissions; through a symbolic link, the file it leads
  /// to is replaced (keeping its permissions) and the link stays a link; a link to a
  /// file that does not exist yet creates it.
  @Test func replacedFilesKeepTheirPermissionsAndLinksStayLinks() throws {
    let input = try file("in.ndjson", Self.record + "\n")
    try file("private.ndjson", "old")
    chmod(folder + "/private.ndjson", 0o600)
    try file("target.ndjson", "old")
    chmod(folder + "/target.ndjson", 0o640)
    try link("link.ndjson", to: "target.ndjson")
    try link("chain.ndjson", to: "link.ndjson")
    try link("dangling.ndjson", to: "sub/new.ndjson")
    try makeFolder("sub")
    #expect(run(Self.batch + [input, "-o", folder + "/private.ndjson"]).0 == .success)
    #expect(try mode("private.ndjson") == 0o600)
    let converted = try #require(contents("private.ndjson"))
    #expect(converted.hasPrefix(#"{"aps":"#))
    for link in ["link.ndjson", "chain.ndjson"] {
      try file("target.ndjson", "old")
      #expect(run(Self.batch + [input, "-o", folder + "/" + link]).0 == .success)
      #expect(contents("target.ndjson") == converted)
      #expect(try mode("target.ndjson") == 0o640)
      #expect(
        try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.ndjson")
          == "target.ndjson")
      #expect(
        try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/chain.ndjson")
          == "link.ndjson")
    }
    #expect(run(Self.batch + [input, "-o", folder + "/dangling.ndjson"]).0 == .success)
    #expect(contents("sub/new.ndjson") == converted)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/dangling.ndjson")
        == "sub/new.ndjson")
    let (code, _) = run([
      "convert", "-f", "auto", "-t", "klaviyo", "--compact", input, "-o", folder + "/chain.ndjson",
    ])
    #expect(code == .success && contents("target.ndjson") == converted)
  }

  /// New outputs, reports, output folders and the files in them get what the umask
  /// allows (read once, as the process starts).
  @Test(arguments: [(0o077, 0o600, 0o700), (0o002, 0o664, 0o775), (0o022, 0o644, 0o755)])
  func newFilesFollowTheUmask(_ mask: Int, _ fileMode: Int, _ folderMode: Int) throws {
    let input = try file("in.ndjson", Self.record + "\n")
    try file("payloads/nested/a.json", Self.record)
    let pushc = try #require(BuiltPushc.path, "build pushc first (swift build)")
    for arguments in [
      [input, "-o", folder + "/out.ndjson", "--report", folder + "/report.jsonl"],
      [folder + "/payloads", "-o", folder + "/converted"],
    ] {
      let status = BuiltPushc.run(
        ["/bin/sh", "-c", "umask \(String(mask, radix: 8)) && exec \"$0\" \"$@\"", pushc]
          + Self.batch + arguments)
      #expect(status == 0)
    }
    let convert = BuiltPushc.run(
      [
        "/bin/sh", "-c", "umask \(String(mask, radix: 8)) && exec \"$0\" \"$@\"", pushc,
        "convert", "-f", "auto", "-t", "apns", input, "-o", folder + "/one.json",
      ])
    #expect(convert == 0)
    for name in ["out.ndjson", "report.jsonl", "converted/nested/a.json", "one.json"] {
      #expect(try mode(name) == fileMode, "\(name)")
    }
    for name in ["converted", "converted/nested"] {
      #expect(try mode(name) == folderMode, "\(name)")
    }
  }
}

// MARK: - Interruption

extension OutputSafetyTests {
  /// A run stopped by a signal that ends the process, while it writes its output and
  /// report, removes both temporary files and dies of that signal; nothing is left under
  /// the final names.
  @Test(arguments: BuiltPushc.endingSignals)
  func aSignalLeavesNoTemporaryFiles(_ signalNumber: Int32) throws {
    let run = try startRunWritingOutputAndReport()
    defer { close(run.input) }
    kill(run.child, signalNumber)
    let status = try #require(BuiltPushc.wait(for: run.child, within: 30))
    #expect(status & 0x7F == signalNumber, "status \(status)")
    #expect(entries().isEmpty, "left \(entries()), the report was \(run.temporaryReport)")
  }

  /// The same signal sent again while the first is being handled, as `timeout` sends
  /// its signal to the process and then to its process group, or a user presses Ctrl-C
  /// twice: the second must not end the run before the temporary files are removed. A
  /// burst of signals lands some of them in that moment, though not in every run, so
  /// each signal is tried five times.
  @Test(.serialized, arguments: [SIGTERM, SIGINT], 0..<5)
  func aBurstOfTheSameSignalLeavesNoTemporaryFiles(_ signalNumber: Int32, attempt: Int) throws {
    let run = try startRunWritingOutputAndReport()
    defer { close(run.input) }
    // From two threads: the thread that takes the first signal may be woken on the core
    // of the one sending, which then waits while the handler runs.
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      for _ in 0..<2000 { kill(run.child, signalNumber) }
    }
    let status = try #require(BuiltPushc.wait(for: run.child, within: 30))
    #expect(status & 0x7F == signalNumber, "status \(status)")
    #expect(entries().isEmpty, "left \(entries()), the report was \(run.temporaryReport)")
  }

  /// A folder run stopped by a signal once it has made every output's folder, before it
  /// has written into all of them, removes those still empty, as a run that fails does.
  @Test func aSignalLeavesNoEmptyFolderTheRunMade() throws {
    let pushc = try #require(BuiltPushc.path, "build pushc first (swift build)")
    for sub in 0..<20 {
      for index in 0..<100 { try file("in/s\(sub + 10)/f\(index + 100).json", Self.record) }
    }
    let output = folder + "/out/converted"
    let child = try #require(
      BuiltPushc.spawn([pushc] + Self.batch + [folder + "/in", "-o", output]))
    // The last folder is made after all the others, before any file is converted.
    let made = BuiltPushc.waitFor(within: 30) { FileIO.isDirectory(output + "/s29") ? true : nil }
    kill(child, SIGINT)
    let status = try #require(BuiltPushc.wait(for: child, within: 30))
    try #require(made == true)
    #expect(status & 0x7F == SIGINT, "status \(status)")
    let empty = entries().filter {
      $0.hasPrefix("out") && FileIO.isDirectory(folder + "/" + $0)
        && FileManager.default.subpaths(atPath: folder + "/" + $0)?.isEmpty == true
    }
    #expect(empty.isEmpty, "left \(empty)")
  }

  /// Starts a batch reading standard input from a pipe, held open so that the run is
  /// still going whatever the speed of the machine, and returns once both its output's
  /// and its report's temporary files exist, the report's written through at least once.
  private func startRunWritingOutputAndReport() throws -> (
    child: pid_t, input: Int32, temporaryReport: String
  ) {
    let pushc = try #require(BuiltPushc.path, "build pushc first (swift build)")
    let golden = try GoldenFiles.json(
      GoldenFiles.root.appendingPathComponent("klaviyo/parse/predefined-accept-decline/input.json"))
    let line = JSONWriter(style: .compact).string(golden) + "\n"
    let output = folder + "/out.ndjson"
    let report = folder + "/report.jsonl"
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    // No core file for the signals that would leave one.
    let child = try #require(
      BuiltPushc.spawn(
        ["/bin/sh", "-c", "ulimit -c 0 && exec \"$0\" \"$@\"", pushc] + Self.batch
          + ["-", "-o", output, "--report", report], standardInput: ends[0]))
    close(ends[0])
    do {
      // Enough records for the report's buffer to be written through at least once.
      let records = Array(String(repeating: line, count: 5000).utf8)
      // Were pushc to stop reading, writing to it fails instead of killing the tests.
      let written = BuiltPushc.withoutBrokenPipeSignal { BuiltPushc.write(records, to: ends[1]) }
      try #require(written == records.count, "pushc stopped reading")
      let temporaryReport = try #require(
        BuiltPushc.waitFor(within: 30) {
          entries().first { $0.hasPrefix("report.jsonl.pushc-") && size(of: $0) > 0 }
        })
      #expect(entries().contains { $0.hasPrefix("out.ndjson.pushc-") })
      return (child, ends[1], temporaryReport)
    } catch {
      // The end of its input lets the run finish.
      close(ends[1])
      throw error
    }
  }

  /// Writing to a pipe nobody reads, with the broken-pipe signal held back, fails
  /// instead of ending the process, and leaves the signal's action and this thread's
  /// mask as they were, with no signal pending.
  @Test func aBrokenPipeIsAFailedWriteAndChangesNoSignalSetting() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    close(ends[0])
    defer { close(ends[1]) }
    var before = sigaction()
    sigaction(SIGPIPE, nil, &before)
    var maskBefore = sigset_t()
    pthread_sigmask(SIG_SETMASK, nil, &maskBefore)
    let written = BuiltPushc.withoutBrokenPipeSignal { BuiltPushc.write([1, 2, 3], to: ends[1]) }
    #expect(written == 0)
    var after = sigaction()
    sigaction(SIGPIPE, nil, &after)
    #expect(BuiltPushc.handler(of: after) == BuiltPushc.handler(of: before))
    var maskAfter = sigset_t()
    pthread_sigmask(SIG_SETMASK, nil, &maskAfter)
    #expect(sigismember(&maskAfter, SIGPIPE) == sigismember(&maskBefore, SIGPIPE))
    var pending = sigset_t()
    sigpending(&pending)
    #expect(sigismember(&pending, SIGPIPE) == 0)
  }

  func size(of name: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + name))?[.size] as? Int) ?? 0
  }
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

  /// The signals whose default action ends the process, which `pushc` handles to remove
  /// its temporary files first.
  static let endingSignals = [
    SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGXFSZ, SIGXCPU, SIGALRM, SIGUSR1, SIGUSR2,
    SIGVTALRM, SIGPROF,
  ]

  /// Starts `arguments` with standard input from `standardInput` (or `/dev/null`), its
  /// standard output to `standardOutput` when given, its outputs otherwise to the files
  /// named (`/dev/null` unless told), and the ``endingSignals`` at their default actions
  /// whatever this process does with them.
  static func spawn(
    _ arguments: [String], standardInput: Int32? = nil, standardOutput: Int32? = nil,
    output: String = "/dev/null", errors: String = "/dev/null"
  ) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let standardInput {
      posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    if let standardOutput {
      posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in endingSignals { sigaddset(&defaults, signal) }
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

  /// Writes `bytes` to `descriptor` until all are written or a write fails; returns how
  /// many were written.
  static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int {
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { Self.systemWrite(descriptor, $0) }
      guard count > 0 else { break }
      written += count
    }
    return written
  }

  private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    #if canImport(Glibc)
      Glibc.write(descriptor, bytes.baseAddress, bytes.count)
    #else
      Darwin.write(descriptor, bytes.baseAddress, bytes.count)
    #endif
  }

  /// Runs `body` with SIGPIPE blocked on this thread only, so that a write to a pipe
  /// whose reader has gone fails (`EPIPE`) instead of ending the test process, without
  /// changing the signal's action for the threads of other tests. A SIGPIPE such a write
  /// left pending is taken before the thread's mask is restored.
  static func withoutBrokenPipeSignal<T>(_ body: () throws -> T) rethrows -> T {
    var brokenPipe = sigset_t()
    sigemptyset(&brokenPipe)
    sigaddset(&brokenPipe, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &brokenPipe, &previous)
    defer {
      var pending = sigset_t()
      if sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1 {
        var taken: Int32 = 0
        sigwait(&brokenPipe, &taken)
      }
      pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
    return try body()
  }

  /// The handler an action names, comparable across platforms.
  static func handler(of action: sigaction) -> UnsafeRawPointer? {
    #if canImport(Glibc)
      unsafeBitCast(action.__sigaction_handler.sa_handler, to: UnsafeRawPointer?.self)
    #else
      unsafeBitCast(action.__sigaction_u.__sa_handler, to: UnsafeRawPointer?.self)
    #endif
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
