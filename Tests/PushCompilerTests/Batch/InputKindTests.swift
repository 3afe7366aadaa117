import Testing

@testable import PushCompiler

/// Which files are read as one JSON array and which as NDJSON.
@Suite struct InputKindTests {
  static let record = #"{"aps": {"alert": "hi"}}"#

  static let cases: [(text: String, kind: InputKind)] = [
    ("", .lines),
    (" \n\t", .lines),
    (record + "\n" + record, .lines),
    ("[1,2]\n" + record + "\n", .lines),
    ("[1,2]\r\n\r\n  " + record, .lines),
    ("\u{FEFF}\n  [{\"a\": [1]}]\n" + record, .lines),
    (#"["]\"[", {"b": "}"}]"# + "\n" + record, .lines),
    ("[1] [2]\n" + record, .lines),
    ("[\n  " + record + ",\n  " + record + "\n]\n", .array),
    ("[" + record + ", " + record + "]", .array),
    ("[" + record + "]\n\n \r\n", .array),
    ("\u{FEFF}[1, 2]", .array),
    (#"[1, "]"# + "\n" + record, .array),
    ("[1, 2", .array),
    ("[1] [2]", .array),
  ]

  @Test(arguments: cases)
  func kind(_ text: String, _ kind: InputKind) {
    var whole = InputKind.Probe(maxLineBytes: 1 << 20)
    #expect((whole.read(Array(text.utf8)[...]) ?? whole.kindAtEnd) == kind)
    // The same, whatever pieces the file is read in.
    var bytewise = InputKind.Probe(maxLineBytes: 1 << 20)
    let decided = Array(text.utf8).lazy.compactMap { bytewise.read([$0]) }.first
    #expect((decided ?? bytewise.kindAtEnd) == kind)
  }

  /// A first line is read no further than the record size limit: an array not closed
  /// within it makes an array file, whatever follows.
  @Test func anArrayNotClosedWithinTheLimitIsAnArrayFile() {
    let text = Array(("  [1, 2, 3]\n" + Self.record).utf8)
    var within = InputKind.Probe(maxLineBytes: 11)
    #expect(within.read(text[...]) == .lines)
    var beyond = InputKind.Probe(maxLineBytes: 10)
    #expect(beyond.read(text[..<11]) == .array)
  }
}
