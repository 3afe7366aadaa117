import Foundation
import PushCompiler
import PushIR
import Testing

/// How batch takes each kind of input: NDJSON whose first record is an array, array files
/// that do not parse, and folders with files that cannot be read, outputs of an earlier
/// run, or other inputs beside them.
extension BatchTests {
  static let payload = #"{"aps": {"alert": "hi"}, "body": {"_k": "k1"}}"#

  /// The lines written to `path`, without the final newline's empty one.
  func lines(_ path: String) throws -> [Substring] {
    try String(contentsOfFile: path, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false
    ).dropLast()
  }

  /// The member `name` of each line of the report at `path`.
  func reported(_ name: String, in path: String) throws -> [JSONValue?] {
    try lines(path).map { try JSONReader.parse(Array($0.utf8))[name] }
  }

  @Test func ndjsonWhoseFirstRecordIsAnArrayIsStillNDJSON() throws {
    let input = try file("x.ndjson", "[1,2]\n" + Self.payload + "\n" + Self.payload + "\n")
    let (code, streams, output, report) = convertToKlaviyo(
      input, output: "x.out", report: "x.jsonl")
    #expect(code == .failed)
    let written = try lines(output)
    #expect(written.count == 3 && written[0] == "null")
    #expect(
      try written.dropFirst().allSatisfy { try JSONReader.parse(Array($0.utf8))["body"] != nil })
    #expect(streams.error.contains("x.ndjson:1: error: the payload is a JSON array"))
    #expect(streams.error.hasSuffix("3 records read: 2 converted, 1 failed\n"))
    let sources = try reported("source", in: report)
    #expect(sources == [.string(input + ":1"), .string(input + ":2"), .string(input + ":3")])
  }

  @Test func aPrettyPrintedArrayIsStillAnArray() throws {
    let input = try file("pretty.json", "[\n  " + Self.payload + ",\n  " + Self.payload + "\n]\n")
    let (code, streams) = run(["batch", "--from", "auto", "--to", "klaviyo", input])
    #expect(code == .success)
    #expect(streams.outputText.split(separator: "\n").count == 2)
  }

  /// An element that does not parse is a record that fails, placed in the file; the
  /// elements around it, and the inputs after the file, keep their lines.
  @Test(arguments: [
    (
      "[" + Self.payload + #", {"b": "\q"}]"#,
      ":1:\(Self.payload.utf8.count + 11): error: invalid escape '\\q' in string", 4, 1
    ),
    (
      "[\n" + Self.payload + ",\n" + #"{"aps": {"alert": ""# + String(repeating: "x", count: 70_000)
        + "\"}}\n]", ":3:19: error:", 4, 1
    ),
  ])
  func anArrayElementThatDoesNotParseIsAFailedRecord(
    _ text: String, _ message: String, _ records: Int, _ failedElement: Int
  ) throws {
    let good = try file("a.ndjson", Self.payload + "\n")
    let broken = try file("broken.json", text)
    let output = folder.appendingPathComponent("out.ndjson").path
    let (code, streams) = run([
      "batch", "--from", "auto", "--to", "klaviyo", good, broken, good, "-o", output,
    ])
    #expect(code == .failed)
    let written = try lines(output)
    #expect(written.count == records && written[0] == written[records - 1])
    #expect(written[1 + failedElement] == "null")
    #expect(written.filter { $0 == "null" }.count == 1)
    #expect(streams.error.contains(broken + message))
  }

  /// Where an array stops being one after its first block, the elements before convert
  /// and the rest of the file is one more record, which fails where the array broke:
  /// the file is not taken for NDJSON once elements have been converted.
  @Test func anArrayThatBreaksLateKeepsItsElements() throws {
    let elements = Array(repeating: Self.payload, count: 300).joined(separator: ",\n")
    let input = try file("late.json", "[\n" + elements + "\n" + Self.payload + "\n]\n")
    let (code, streams, output, report) = convertToKlaviyo(input, output: "late.out")
    #expect(code == .failed)
    let written = try lines(output)
    #expect(written.count == 301 && written.last == "null")
    #expect(written.dropLast().allSatisfy { $0 != "null" })
    #expect(
      streams.error.hasPrefix(
        "\(input):302:1: error: expected ',' or ']', found '{' [json.unexpected-character]"))
    #expect(streams.error.hasSuffix("301 records read: 300 converted, 1 failed\n"))
    let sources = try reported("source", in: report)
    #expect(sources.first == .string(input + ":/0") && sources.last == .string(input + ":/300"))
  }

  /// An element over the record size limit is skipped as an over-long line is, and the
  /// elements after it are read on: the array is scanned, not held, across many reads.
  @Test func anArrayElementOverTheLimitIsSkippedAndTheRestRead() throws {
    let large = #"{"aps": {"alert": ""# + String(repeating: "y", count: 1_200_000) + "\"}}"
    let before = Array(repeating: Self.payload, count: 600)
    let after = Array(repeating: Self.payload, count: 400)
    let input = try file(
      "large.json", "[" + (before + [large] + after).joined(separator: ", ") + "]")
    let (code, streams, output, _) = convertToKlaviyo(input, output: "large.out")
    #expect(code == .failed)
    let written = try lines(output)
    #expect(written.count == 1001 && written[600] == "null")
    #expect(written.filter { $0 == "null" }.count == 1)
    let column = ("[" + before.joined(separator: ", ") + ", ").count + 1
    #expect(streams.error.contains("\(input):1:\(column):/600: error: the record is larger than"))
  }

  /// An input that is missing is found before any input is read: nothing is converted,
  /// reported or written, and the run exits 66 naming it.
  @Test func aMissingInputIsFoundBeforeAnyIsRead() throws {
    let first = try file("first.ndjson", "{bad\n" + Self.payload + "\n")
    let missing = folder.appendingPathComponent("missing.ndjson").path
    let output = folder.appendingPathComponent("out.ndjson").path
    let (code, streams) = run([
      "batch", "--from", "auto", "--to", "klaviyo", first, missing, "-o", output,
    ])
    #expect(code == .noInput)
    #expect(streams.error == "pushc: cannot read '\(missing)': no such file or directory\n")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  /// A file that cannot be read fails as its record does; the others are converted.
  @Test func aFolderFileThatCannotBeReadIsAFailedRecord() throws {
    let input = folder.appendingPathComponent("in").path
    _ = try file("in/a.json", Self.payload)
    try FileManager.default.createSymbolicLink(
      atPath: input + "/b.json", withDestinationPath: "nowhere")
    _ = try file("in/c.json", Self.payload)
    let (code, streams, output, report) = convertToKlaviyo(input)
    #expect(code == .failed)
    #expect(
      streams.error.hasPrefix(
        "\(input)/b.json: error: cannot read '\(input)/b.json': no such file or directory [input.unreadable]\n"
      ))
    #expect(streams.error.hasSuffix("3 records read: 2 converted, 1 failed\n"))
    let written = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
    #expect(written == ["a.json", "c.json"])
    let statuses = try reported("status", in: report)
    #expect(statuses == ["converted", "failed", "converted"])
  }

  @Test(arguments: [["in", "x.ndjson"], ["x.ndjson", "in"], ["in", "in"]])
  func aFolderMustBeTheOnlyInput(_ inputs: [String]) throws {
    _ = try file("in/a.json", Self.payload)
    _ = try file("x.ndjson", Self.payload + "\n")
    let paths = inputs.map { folder.appendingPathComponent($0).path }
    let output = folder.appendingPathComponent("out").path
    let (code, streams) = run(["batch", "-f", "auto", "-t", "klaviyo"] + paths + ["-o", output])
    #expect(code == .usage)
    #expect(
      streams.error
        == "pushc: '\(paths[inputs.firstIndex(of: "in")!])' is a folder: a folder input must be the only input\nrun 'pushc --help' for usage\n"
    )
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  /// An output an earlier run left under a failed record's name is removed, so that it
  /// does not pass for this record's; only a regular file there is removed.
  @Test func aFailedFolderRecordLeavesNoFileUnderItsName() throws {
    let input = folder.appendingPathComponent("in").path
    _ = try file("in/a.json", Self.payload)
    _ = try file("in/b.json", Self.payload)
    _ = try file("in/c.json", Self.payload)
    let output = folder.appendingPathComponent("out").path
    let arguments = ["batch", "-f", "auto", "-t", "klaviyo", input, "-o", output]
    #expect(run(arguments).0 == .success)
    let fm = FileManager.default
    #expect(try fm.contentsOfDirectory(atPath: output).sorted() == ["a.json", "b.json", "c.json"])
    _ = try file("in/b.json", "{")
    // A folder under a failed record's name is no output of it, and stays.
    try fm.removeItem(atPath: output + "/c.json")
    try fm.createDirectory(atPath: output + "/c.json", withIntermediateDirectories: false)
    _ = try file("in/c.json", "[]")
    let (code, streams) = run(arguments)
    #expect(code == .failed)
    #expect(streams.error.hasSuffix("3 records read: 1 converted, 2 failed\n"))
    #expect(try fm.contentsOfDirectory(atPath: output).sorted() == ["a.json", "c.json"])
    var isFolder: ObjCBool = false
    #expect(fm.fileExists(atPath: output + "/c.json", isDirectory: &isFolder) && isFolder.boolValue)
  }

  /// A folder given with trailing slashes names its files with one slash before them.
  @Test func folderPlacesHaveOneSlash() throws {
    let input = folder.appendingPathComponent("in").path
    _ = try file("in/a/bad.json", "{")
    let output = folder.appendingPathComponent("out").path
    let report = folder.appendingPathComponent("report.jsonl").path
    let (code, streams) = run([
      "batch", "-f", "auto", "-t", "klaviyo", input + "//", "-o", output + "/", "--report", report,
    ])
    #expect(code == .failed)
    #expect(streams.error.hasPrefix(input + "/a/bad.json:1:2: error:"))
    #expect(try reported("source", in: report) == [.string(input + "/a/bad.json")])
    #expect(FileIO.joined("/", "a.json") == "/a.json")
    #expect(FileIO.joined("in///", "a/b.json") == "in/a/b.json")
  }

  /// A link back to a folder it is in (`up -> ..`) is not entered, so no file is listed
  /// twice or without end; a link to a folder beside it is followed like a folder.
  @Test func aFolderLinkBackIntoItselfIsNotEntered() throws {
    let input = folder.appendingPathComponent("in").path
    _ = try file("in/a.json", Self.payload)
    _ = try file("in/sub/b.json", Self.payload)
    let manager = FileManager.default
    try manager.createSymbolicLink(atPath: input + "/sub/up", withDestinationPath: "..")
    try manager.createSymbolicLink(atPath: input + "/alias", withDestinationPath: "sub")
    let listing = try FileIO.jsonFiles(under: input)
    #expect(listing.files == ["a.json", "alias/b.json", "sub/b.json"])
    #expect(listing.loops == ["alias/up", "sub/up"])
    let output = folder.appendingPathComponent("out").path
    let (code, streams) = run(["batch", "-f", "auto", "-t", "klaviyo", input, "-o", output])
    #expect(code == .success)
    #expect(
      streams.error.contains(
        "\(input)/sub/up: warning: this linked folder leads back into a folder it is in; not listed again [input.folder-loop]"
      ))
    #expect(streams.error.hasSuffix("pushc: 3 records read: 3 converted, 0 failed\n"))
  }
}

extension BatchTests {
  /// A pipe named as an input (`<(…)` in a shell) is read once, as NDJSON.
  @Test func aPipeIsReadAsNDJSON() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let text = Array(("[1,2]\n" + Self.payload + "\n").utf8)
    #expect(write(ends[1], text, text.count) == text.count)
    close(ends[1])
    defer { close(ends[0]) }
    let (code, streams) = run(["batch", "-f", "auto", "-t", "klaviyo", "/dev/fd/\(ends[0])"])
    #expect(code == .failed)
    #expect(streams.outputText.hasPrefix("null\n{"))
    #expect(streams.error.hasSuffix("2 records read: 1 converted, 1 failed\n"))
  }
}

extension BatchTests {
  /// Makes a file or folder under `folder` whose name is `name`'s bytes, UTF-8 or not.
  func makeRaw(_ folder: String, _ name: [UInt8], folder isFolder: Bool = false) throws {
    let path = (Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]).map { CChar(bitPattern: $0) }
    if isFolder {
      #expect(mkdir(path, 0o755) == 0)
    } else {
      let descriptor = open(path, O_CREAT | O_WRONLY, 0o644)
      try #require(descriptor >= 0)
      let bytes = Array(Self.payload.utf8)
      #expect(write(descriptor, bytes, bytes.count) == bytes.count)
      close(descriptor)
    }
  }

  /// A file or folder whose name is not UTF-8 cannot be named by a path made from a
  /// `String`: it is a failed record, shown with its other bytes as `\xHH`, and nothing
  /// in the output folder is taken for its output.
  @Test func aNameThatIsNotUTF8IsAFailedRecordShownByItsBytes() throws {
    let input = folder.appendingPathComponent("in").path
    _ = try file("in/good.json", Self.payload)
    try makeRaw(input, Array("bad".utf8) + [0xFF, 0xC3] + Array(".json".utf8))
    try makeRaw(input, Array("d".utf8) + [0xFE], folder: true)
    try makeRaw(input, Array("skipped".utf8) + [0xFF])
    let output = folder.appendingPathComponent("out").path
    let unrelated = try file("out/bad\\xFF\\xC3.json", "kept")
    let (code, streams) = run(["batch", "-f", "klaviyo", "-t", "klaviyo", input, "-o", output])
    #expect(code == .failed)
    let reason = "its name is not valid UTF-8, and pushc names files in UTF-8 only"
    #expect(
      streams.error.contains(
        "\(input)/bad\\xFF\\xC3.json: error: cannot read '\(input)/bad\\xFF\\xC3.json': \(reason)"))
    #expect(
      streams.error.contains("\(input)/d\\xFE: error: cannot read '\(input)/d\\xFE': \(reason)"))
    #expect(
      streams.error.contains("\(input): note: 1 file not named '.json' not read: 'skipped\\xFF'"))
    #expect(streams.error.hasSuffix("pushc: 3 records read: 1 converted, 2 failed\n"))
    #expect(try String(contentsOfFile: unrelated, encoding: .utf8) == "kept")
  }

  /// An output that is a link to a name that is not UTF-8 is refused (exit 73) rather
  /// than written through under the name's respelling.
  @Test func anOutputLinkingToANameThatIsNotUTF8IsRefused() throws {
    let input = try file("in.ndjson", Self.payload + "\n")
    let respelled = try file("p\u{FFFD}.txt", "kept")
    let link = folder.appendingPathComponent("out.ndjson").path
    let target = (Array("p".utf8) + [0xFF] + Array(".txt".utf8) + [0]).map { CChar(bitPattern: $0) }
    #expect(symlink(target, link) == 0)
    let (code, streams) = run(["batch", "-f", "klaviyo", "-t", "klaviyo", input, "-o", link])
    #expect(code == .cannotCreateOutput)
    #expect(streams.error.contains("it links to 'p\\xFF.txt', a name that is not valid UTF-8"))
    #expect(try String(contentsOfFile: respelled, encoding: .utf8) == "kept")
  }

  /// UTF-8 is spelled as it is; each other byte as `\xHH`.
  @Test func namesThatAreNotUTF8AreShownByTheirBytes() {
    #expect(FileIO.shown(Array("é".utf8) + [0x80, 0x41, 0xC3, 0xA9]) == "é\\x80Aé")
    #expect(FileIO.shown([0xF0, 0x9F, 0x98]) == "\\xF0\\x9F\\x98")
  }
}

extension BatchTests {
  /// Files of a folder input not named `.json` are not read, and one note says which:
  /// `A.JSON` is not passed over without a word.
  @Test func filesNotNamedJSONAreNamedInOneNote() throws {
    let input = folder.appendingPathComponent("in").path
    _ = try file("in/a.json", Self.payload)
    for name in ["A.JSON", "b.txt", "sub/c.ndjson", "d", "e.json.bak", "f.yaml"] {
      _ = try file("in/" + name, Self.payload)
    }
    let listing = try FileIO.jsonFiles(under: input)
    #expect(listing.files == ["a.json"])
    #expect(listing.skipped == ["A.JSON", "b.txt", "d", "e.json.bak", "f.yaml", "sub/c.ndjson"])
    let output = folder.appendingPathComponent("out").path
    let (code, streams) = run(["batch", "-f", "klaviyo", "-t", "klaviyo", input, "-o", output])
    #expect(code == .success)
    #expect(
      streams.error == """
        \(input): note: 6 files not named '.json' not read: 'A.JSON', 'b.txt', 'd', 'e.json.bak', 'f.yaml', and 1 more [input.skipped-files]
        pushc: 1 record read: 1 converted, 0 failed

        """)
  }
}

extension BatchTests {
  /// A report inside the input folder, under a name other than `.json`, is the run's
  /// own: neither it nor its temporary file is named among the files passed over, on
  /// the first run (the temporary file alone) or on the next (the report too).
  @Test func theRunsOwnReportIsNotAFileSkipped() throws {
    let input = folder.appendingPathComponent("in").path
    _ = try file("in/a.json", Self.payload)
    _ = try file("in/notes.txt", "notes")
    let output = folder.appendingPathComponent("out").path
    let arguments = ["batch", "-f", "klaviyo", "-t", "klaviyo", input, "-o", output]
    for _ in 0..<2 {
      let (code, streams) = run(arguments + ["--report", input + "/./report.log"])
      #expect(code == .success)
      #expect(
        streams.error.hasPrefix(
          "\(input): note: 1 file not named '.json' not read: 'notes.txt' [input.skipped-files]\n"),
        "\(streams.error)")
    }
  }
}

extension BatchTests {
  /// Text that fails because it is UTF-16 says so in a note, whether it is read as
  /// NDJSON (each line its own document) or as an array, and so does `convert`.
  @Test func utf16InputIsNamedInANote() throws {
    func utf16(_ text: String) -> [UInt8] {
      text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }
    let note = "note: the text looks like UTF-16, and JSON is read as UTF-8"
    let lines = try TemporaryFolder.write(
      [0xFF, 0xFE] + utf16(Self.payload + "\n" + Self.payload + "\n"), to: "u16.ndjson", in: folder)
    let array = try TemporaryFolder.write(
      utf16("[" + Self.payload + "]"), to: "a16.json", in: folder)
    for input in [lines, array] {
      let (code, streams) = run([
        "batch", "-f", "klaviyo", "-t", "klaviyo", input, "-o", "/dev/null",
      ])
      #expect(code == .failed)
      #expect(streams.error.contains("\(input):1:"), "\(streams.error)")
      #expect(streams.error.contains(note), "\(streams.error)")
    }
    let (code, streams) = run(["convert", "-f", "klaviyo", "-t", "klaviyo", lines])
    #expect(code == .dataError)
    #expect(streams.error.contains(note))
    #expect(
      !run(["convert", "-f", "klaviyo", "-t", "klaviyo", try file("bad.json", "{bad")]).1.error
        .contains(note))
  }
}
