import Foundation
import Testing

@testable import PushCompiler

/// A file taken for an array by its first line that then does not parse: NDJSON whose
/// first line was cut short is read line by line after all; a broken pretty-printed
/// array keeps the elements before the break.
extension InputKindTests {
  @Test(arguments: [
    ("[{\"aps\": {\n" + record + "\n" + record, true),
    ("\u{FEFF}\n [1, 2\r\n\r\n  \n" + record + "\r\n", true),
    ("[1, 2\n7", true),
    ("[\n  {\n    \"aps\": {}\n  },\n", false),
    ("[\n  1,\n  2,\n", false),
    ("[\n  {\"a\": 1},\n", false),
    ("[1, 2", false),
    ("[1, 2\n\n  \n", false),
    ("[1] [2]", false),
  ])
  func unparsedArrays(_ text: String, _ isLines: Bool) {
    #expect(InputKind.isLines(afterUnparsedArray: Array(text.utf8)) == isLines)
  }

  /// A second line cut where the bytes looked at end, not where the file does, is not
  /// taken for a value, whatever its start reads as.
  @Test func aSecondLineCutShortIsNoValue() {
    let start = Array("[{\"a\": \"x\n1234".utf8)
    #expect(InputKind.isLines(afterUnparsedArray: start, endsFile: true))
    #expect(!InputKind.isLines(afterUnparsedArray: start, endsFile: false))
    #expect(InputKind.isLines(afterUnparsedArray: start + [0x0A], endsFile: false))
  }
}

extension BatchTests {
  /// Line *i* answers record *i* even when the first line starts an array it does not
  /// close: that line fails as its own record.
  @Test func ndjsonWhoseFirstLineIsACutOffArrayKeepsItsLines() throws {
    let input = try file(
      "cut.ndjson",
      #"[{"aps": {"alert": "# + "\n" + Self.records[0] + "\n"
        + Self.records[4] + "\n")
    let (code, streams) = run(["batch", "--from", "auto", "--to", "apns", input])
    #expect(code == .failed)
    let lines = streams.outputText.split(separator: "\n")
    #expect(lines.count == 3 && lines[0] == "null" && lines[1] != "null" && lines[2] != "null")
    #expect(streams.error.hasPrefix("\(input):1:"), "\(streams.error)")
    #expect(
      streams.error.hasSuffix(
        "3 records read: 2 converted (2 with lossy warnings; --report FILE lists them), 1 failed\n"
      ))
  }

  /// A single payload printed over several lines is still read a line at a time, each
  /// line a record that fails, and one note says why and what to use instead; records
  /// that fail on lines of their own get no such note.
  @Test func aPrettyPrintedObjectIsNamedInOneNote() throws {
    let pretty = try file("pretty.json", "{\n  \"aps\": {\n    \"alert\": \"x\"\n  }\n}\n")
    let (code, streams) = run(["batch", "--from", "apns", "--to", "apns", pretty])
    #expect(code == .failed)
    #expect(streams.outputText == String(repeating: "null\n", count: 5))
    let note =
      "\(pretty): note: batch reads one JSON document per line, and line 1 opens a value it does not close: this looks like one document printed over several lines; for one payload use 'pushc convert', for several give a folder of '.json' files or a JSON array [input.multi-line-document]\n"
    #expect(streams.error.hasSuffix(note + "pushc: 5 records read: 0 converted, 5 failed\n"))
    #expect(streams.error.components(separatedBy: "[input.multi-line-document]").count == 2)
    let cut = try file(
      "cut-first.ndjson", #"{"aps": {"alert": "# + "\n{\n" + Self.records[0] + "\n")
    let (_, lines) = run(["batch", "--from", "apns", "--to", "apns", cut])
    #expect(!lines.error.contains("input.multi-line-document"), "\(lines.error)")
    // Lines that are JSON, failed only by --fail-on, are no lines of one document.
    let repeated = #"{"aps": {"alert": "a", "alert": "b"}}"#
    let failedByGate = try file(
      "gate.ndjson", #"{"aps": {"alert": "# + "\n" + repeated + "\n" + repeated + "\n")
    let (_, gated) = run([
      "batch", "--from", "apns", "--to", "apns", "--fail-on", "lossy", failedByGate,
    ])
    #expect(gated.error.contains("3 failed"), "\(gated.error)")
    #expect(!gated.error.contains("input.multi-line-document"), "\(gated.error)")
    // From standard input an array is read line by line: the note says where one is read.
    let (_, piped) = run(
      ["batch", "--from", "apns", "--to", "apns", "-"],
      input: "[\n  {\n    \"aps\": {\"alert\": \"x\"}\n  }\n]\n")
    #expect(
      piped.error.contains("or a JSON array in a file [input.multi-line-document]"),
      "\(piped.error)")
    // An array printed an element a line: every element line but the last fails on its
    // comma, and the last one converts; the note still says why the others failed.
    let (_, elements) = run(
      ["batch", "--from", "apns", "--to", "apns", "-"],
      input: "[\n  " + Self.records[0] + ",\n  " + Self.records[4] + ",\n  " + Self.records[0]
        + "\n]\n")
    #expect(elements.error.contains("5 records read: 1 converted"), "\(elements.error)")
    #expect(
      elements.error.contains("or a JSON array in a file [input.multi-line-document]"),
      "\(elements.error)")
  }

  /// A named pipe (`<(cat array.json)`) is read as NDJSON, as standard input is: the note
  /// asks for an array in a file, not for the array it already is.
  @Test func aPrettyPrintedArrayFromANamedPipeIsAskedForInAFile() throws {
    let pipe = try file("placeholder", "")
    try FileManager.default.removeItem(atPath: pipe)
    try #require(mkfifo(pipe, 0o600) == 0)
    let array = "[\n  {\n    \"aps\": {\"alert\": \"x\"}\n  }\n]\n"
    let writer = Thread {
      let descriptor = open(pipe, O_WRONLY)
      guard descriptor >= 0 else { return }
      _ = array.utf8CString.withUnsafeBufferPointer {
        write(descriptor, $0.baseAddress, $0.count - 1)
      }
      close(descriptor)
    }
    writer.start()
    let (code, streams) = run(["batch", "--from", "apns", "--to", "apns", pipe])
    #expect(code == .failed)
    #expect(
      streams.error.contains(
        "for several give a folder of '.json' files, or a JSON array in a file [input.multi-line-document]"
      ), "\(streams.error)")
  }

  /// A pretty-printed array cut short keeps the elements before the cut; the rest is
  /// one record, which fails where the input ends.
  @Test func aPrettyPrintedArrayCutShortKeepsItsElements() throws {
    let input = try file("broken.json", "[\n  {\n    \"aps\": {\"alert\": \"x\"}\n  },\n  {\n")
    let (code, streams) = run(["batch", "--from", "auto", "--to", "apns", input])
    #expect(code == .failed)
    #expect(streams.outputText == #"{"aps":{"alert":{"body":"x"}}}"# + "\nnull\n")
    #expect(
      streams.error.hasPrefix(
        "\(input):6:1: error: input ends where a member name was expected [json.unexpected-end]"))
    #expect(streams.error.hasSuffix("2 records read: 1 converted, 1 failed\n"))
  }
}
