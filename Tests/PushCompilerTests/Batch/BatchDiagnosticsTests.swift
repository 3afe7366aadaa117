import Foundation
import PushCompiler
import PushIR
import Testing

/// What batch says about its records: where each diagnostic is (the input file, the
/// record, the place in the file), in text and in JSON lines, on standard error and in
/// the report, and which format each record was read as.
@Suite struct BatchDiagnosticsTests {
  let folder: URL

  init() throws {
    folder = try TemporaryFolder.make("batch-diagnostics")
  }

  func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    try TemporaryFolder.write(bytes, to: name, in: folder)
  }

  func file(_ name: String, _ text: String) throws -> String { try file(name, Array(text.utf8)) }

  /// Standard error as separate lines.
  static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

  /// The report's lines, parsed.
  func report(_ path: String) throws -> [JSONValue] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
      try JSONReader.parse(Array($0.utf8))
    }
  }

  /// A converted apns record, then one cut short, one with a byte that is not UTF-8 in a
  /// string, one that is not an object, one no format claims, and one with a duplicate key.
  static let mixed: [UInt8] =
    Array(
      (#"{"aps":{"alert":"x"}}"# + "\n" + #"{"aps":{"alert":"# + "\n" + #"{"aps":{"alert":""#).utf8)
    + [0xFF] + Array(("\"}}\n[1,2]\n" + #"{"foo":1}"# + "\n").utf8)
    + Array((#"{"aps":{"alert":"a","alert":"b"}}"# + "\n").utf8)

  static let mixedArguments = [
    "batch", "--from", "auto", "--to", "klaviyo", "--fail-on", "warning",
  ]

  @Test func theReportNamesTheDetectedFormatFirstAsConvertDoes() throws {
    let record = #"{"aps":{"alert":"x"}}"#
    let reportFile = folder.appendingPathComponent("r.jsonl").path
    var streams = BufferedStreams(input: Array((record + "\n").utf8))
    _ = Driver.run(
      ["batch", "--from", "auto", "--to", "klaviyo", "-", "--report", reportFile],
      streams: &streams)
    var single = BufferedStreams(input: Array(record.utf8))
    _ = Driver.run(
      ["convert", "--from", "auto", "--to", "klaviyo", "--diagnostics", "json", "-"],
      streams: &single)
    let convertFirst = try JSONReader.parse(Array(Self.lines(single.error)[0].utf8))
    #expect(convertFirst["code"] == "input.detected-format")
    let first = try #require(try report(reportFile).first?["diagnostics"]?.arrayValue?.first)
    #expect(first["code"] == "input.detected-format")
    #expect(first["message"] == convertFirst["message"])
    #expect(first["location"] == "")
    #expect(first["file"] == "<stdin>" && first["record"] == 1)
  }

  /// A record detected as a format that does not read with an `--option` some format
  /// reads with (fcm's `inner=`) gets the note that it was not used, after the
  /// detection's, as `convert` says it.
  @Test func theReportSaysAReadingOptionWasNotUsedAsConvertDoes() throws {
    let record = #"{"aps":{"alert":"x"},"body":{"_k":"k"}}"#
    let reportFile = folder.appendingPathComponent("r.jsonl").path
    var streams = BufferedStreams(input: Array((record + "\n").utf8))
    _ = Driver.run(
      [
        "batch", "--from", "auto", "--to", "apns", "--option", "inner=expo", "-", "--report",
        reportFile,
      ], streams: &streams)
    let found = try #require(try report(reportFile).first?["diagnostics"]?.arrayValue)
    #expect(found.prefix(2).map(\.["code"]) == ["input.detected-format", "input.unused-option"])
    #expect(
      found.dropFirst().first?["message"]
        == "--option inner=expo is not used for reading: the payload is read as klaviyo, and only fcm reads with it"
    )
  }

  @Test func aNamedFormatIsNotReportedAsDetected() throws {
    let reportFile = folder.appendingPathComponent("r.jsonl").path
    var streams = BufferedStreams(input: Array((#"{"aps":{"alert":"x"}}"# + "\n").utf8))
    _ = Driver.run(
      ["batch", "--from", "apns", "--to", "klaviyo", "-", "--report", reportFile], streams: &streams
    )
    let codes = try report(reportFile)[0]["diagnostics"]?.arrayValue?.map(\.["code"])
    #expect(codes?.contains("input.detected-format") == false)
  }

  /// Without a report the records are translated keeping only a summary: standard output
  /// and error are the same as with one.
  @Test func withoutAReportOutputAndMessagesAreTheSame() throws {
    let input = try file("mixed.ndjson", Self.mixed)
    var plain = BufferedStreams()
    _ = Driver.run(Self.mixedArguments + [input], streams: &plain)
    var reported = BufferedStreams()
    let reportFile = folder.appendingPathComponent("r.jsonl").path
    _ = Driver.run(Self.mixedArguments + [input, "--report", reportFile], streams: &reported)
    #expect(plain.output == reported.output)
    #expect(plain.error == reported.error)
  }

  @Test func anNDJSONRecordsFailureIsAtItsLineInTheFile() throws {
    let input = try file("mixed.ndjson", Self.mixed)
    var streams = BufferedStreams()
    let code = Driver.run(Self.mixedArguments + [input], streams: &streams)
    #expect(code == .failed)
    #expect(
      Self.lines(streams.error) == [
        "\(input):2:17: error: input ends where a value was expected [json.unexpected-end]",
        "\(input):3:18: error: invalid UTF-8 byte 0xFF [json.invalid-utf8]",
        "\(input):4: error: the payload is a JSON array, but a push payload is an object [input.not-an-object]",
        "\(input):5: error: no format recognises this payload: it has no format's evidence and no 'aps' dictionary [input.unknown-format]",
        "\(input):5: note: name the format with --from",
        "\(input):6:/aps/alert: warning: 'alert' occurs again later in this object; this value is dropped [input.duplicate-key]",
        "pushc: 6 records read: 1 converted, 5 failed",
      ])
  }

  @Test func reportEntriesNameTheFileTheRecordAndThePlaceInTheFile() throws {
    let input = try file("mixed.ndjson", Self.mixed)
    let reportFile = folder.appendingPathComponent("r.jsonl").path
    var streams = BufferedStreams()
    _ = Driver.run(Self.mixedArguments + [input, "--report", reportFile], streams: &streams)
    let lines = try report(reportFile)
    #expect(lines.map { $0["source"]?.stringValue } == (1...6).map { "\(input):\($0)" })
    for (index, line) in lines.enumerated() {
      for entry in line["diagnostics"]?.arrayValue ?? [] {
        #expect(entry["file"] == .string(input))
        #expect(entry["record"] == .number(JSONNumber(index + 1)))
      }
    }
    let cut = try #require(lines[1]["diagnostics"]?.arrayValue?.first)
    #expect(cut["line"] == 2 && cut["column"] == 17 && cut["offset"] == 16)
    let utf8 = try #require(lines[2]["diagnostics"]?.arrayValue?.first)
    #expect(utf8["line"] == 3 && utf8["column"] == 18 && utf8["offset"] == 17)
    let duplicate = try #require(lines[5]["diagnostics"]?.arrayValue?[1])
    #expect(duplicate["code"] == "input.duplicate-key" && duplicate["location"] == "/aps/alert")
  }

  /// A record no format is detected for reports its duplicate keys before the error,
  /// as a record read as a named format does.
  @Test func aRecordNoFormatIsDetectedForReportsItsDuplicateKeys() throws {
    let input = try file("duplicate.ndjson", #"{"aps":{"alert":"ok"},"aps":1}"# + "\n")
    let reportFile = folder.appendingPathComponent("r.jsonl").path
    var streams = BufferedStreams()
    let code = Driver.run(
      ["batch", "--from", "auto", "--to", "apns", input, "--report", reportFile],
      streams: &streams)
    #expect(code == .failed)
    let entries = try #require(try report(reportFile).first?["diagnostics"]?.arrayValue)
    #expect(
      entries.map { $0["code"]?.stringValue } == ["input.duplicate-key", "input.unknown-format"])
    #expect(entries.first?["location"] == "/aps")
  }

  /// Records are numbered across inputs; lines and indexes are each file's own.
  @Test func arrayElementsAreLocatedByPointersIntoTheFile() throws {
    let first = try file("first.ndjson", #"{"aps":{"alert":"x"}}"# + "\n")
    let array = try file(
      "in.json", #"[{"aps":{"alert":"x"}}, 7, {"aps":{"alert":"a","alert":"b"}}]"#)
    let reportFile = folder.appendingPathComponent("r.jsonl").path
    var streams = BufferedStreams()
    _ = Driver.run(Self.mixedArguments + [first, array, "--report", reportFile], streams: &streams)
    // Each led by the line and column where its element begins.
    #expect(
      Self.lines(streams.error).prefix(2) == [
        "\(array):1:25:/1: error: the payload is a JSON number, but a push payload is an object [input.not-an-object]",
        "\(array):1:28:/2/aps/alert: warning: 'alert' occurs again later in this object; this value is dropped [input.duplicate-key]",
      ])
    let lines = try report(reportFile)
    #expect(
      lines.map { $0["source"]?.stringValue }
        == ["\(first):1", "\(array):/0", "\(array):/1", "\(array):/2"])
    let notObject = try #require(lines[2]["diagnostics"]?.arrayValue?.first)
    #expect(notObject["file"] == .string(array) && notObject["record"] == 3)
    #expect(notObject["location"] == "/1")
    let entries = try #require(lines[3]["diagnostics"]?.arrayValue)
    #expect(entries[0]["code"] == "input.detected-format" && entries[0]["location"] == "/2")
    #expect(entries[1]["location"] == "/2/aps/alert")
  }

  @Test func anArrayFileThatIsNotJSONIsOneFailureAtItsPosition() throws {
    let array = try file("broken.json", "[{\"aps\": {}},\n  {\"aps\": ]")
    var streams = BufferedStreams()
    _ = Driver.run(Self.mixedArguments + [array], streams: &streams)
    #expect(
      Self.lines(streams.error).first
        == "\(array):2:11: error: expected a value, found ']' [json.unexpected-character]")
  }

  @Test func folderFilesAreLocatedAsFilesOfTheirOwn() throws {
    let input = folder.appendingPathComponent("payloads").path
    _ = try file("payloads/bad.json", "{\n  \"aps\": ")
    _ = try file("payloads/dup.json", #"{"aps":{"alert":"a","alert":"b"}}"#)
    let output = folder.appendingPathComponent("out").path
    var streams = BufferedStreams()
    _ = Driver.run(Self.mixedArguments + [input, "-o", output], streams: &streams)
    #expect(
      Self.lines(streams.error).prefix(2) == [
        "\(input)/bad.json:2:10: error: input ends where a value was expected [json.unexpected-end]",
        "\(input)/dup.json:/aps/alert: warning: 'alert' occurs again later in this object; this value is dropped [input.duplicate-key]",
      ])
  }

  /// `--diagnostics json`: each failed record's message is its JSON line, with its
  /// record; nothing else is written there, not even on a terminal.
  @Test(arguments: [false, true])
  func jsonDiagnosticsMakeStandardErrorJSONLines(terminal: Bool) throws {
    let input = try file("mixed.ndjson", Self.mixed)
    var streams = TerminalStreams(errorIsTerminal: terminal)
    let code = Driver.run(
      Self.mixedArguments + ["--diagnostics", "json", input], streams: &streams)
    #expect(code == .failed)
    let lines = Self.lines(streams.buffered.error)
    #expect(lines.count == 5)
    let entries = try lines.map { try JSONReader.parse(Array($0.utf8)) }
    #expect(entries.map(\.["record"]) == [2, 3, 4, 5, 6])
    #expect(
      entries.map(\.["code"]) == [
        "json.unexpected-end", "json.invalid-utf8", "input.not-an-object", "input.unknown-format",
        "input.duplicate-key",
      ])
    #expect(
      lines[0]
        == #"{"file":"\#(input)","record":2,"line":2,"column":17,"offset":16,"severity":"error","code":"json.unexpected-end","lossy":false,"message":"input ends where a value was expected"}"#
    )
    #expect(
      lines[4]
        == #"{"file":"\#(input)","record":6,"line":6,"location":"/aps/alert","severity":"warning","code":"input.duplicate-key","lossy":true,"message":"'alert' occurs again later in this object; this value is dropped"}"#
    )
  }

  @Test func aTerminalGetsProgressAndTheSummaryInTextMode() throws {
    let input = try file("mixed.ndjson", Self.mixed)
    var streams = TerminalStreams(errorIsTerminal: true)
    _ = Driver.run(Self.mixedArguments + [input], streams: &streams)
    #expect(streams.buffered.error.contains("\r\u{1B}[Kpushc: 6 records, "))
    #expect(streams.buffered.error.hasSuffix("pushc: 6 records read: 1 converted, 5 failed\n"))
  }

  @Test func recordsWrittenToTheTerminalGetNoProgressLineBetweenThem() throws {
    let input = try file("mixed.ndjson", Self.mixed)
    var streams = TerminalStreams(errorIsTerminal: true, outputIsTerminal: true)
    _ = Driver.run(Self.mixedArguments + [input], streams: &streams)
    #expect(!streams.buffered.error.contains("\r\u{1B}[Kpushc: 6 records, "))
    #expect(streams.buffered.error.hasSuffix("pushc: 6 records read: 1 converted, 5 failed\n"))
    // Written to a file instead, the records leave the terminal to the progress line.
    let output = folder.appendingPathComponent("out.ndjson").path
    streams = TerminalStreams(errorIsTerminal: true, outputIsTerminal: true)
    _ = Driver.run(Self.mixedArguments + [input, "-o", output], streams: &streams)
    #expect(streams.buffered.error.contains("\r\u{1B}[Kpushc: 6 records, "))
  }

  @Test func renderingARecordsDiagnosticsPlacesThemInTheFile() {
    let atText = Diagnostic(
      .json(.unexpectedEnd), "input ends", at: .text(line: 2, column: 4, offset: 20))
    let atRoot = Diagnostic(.unknownFormat, "none", at: .input(.root))
    let atIR = Diagnostic(.resolvedFallback, "falls back", at: .ir("/buttons/1"))
    let line = DiagnosedDocument(file: "a.ndjson", part: .line(7))
    let element = DiagnosedDocument(file: "a.json", part: .element(3, line: 9, column: 5))
    #expect(DiagnosticRenderer.text(atText, in: line).hasPrefix("a.ndjson:8:4: error: "))
    #expect(DiagnosticRenderer.text(atRoot, in: line).hasPrefix("a.ndjson:7: error: "))
    #expect(DiagnosticRenderer.text(atIR, in: line).hasPrefix("a.ndjson:7:ir:/buttons/1: note: "))
    #expect(DiagnosticRenderer.text(atRoot, in: element).hasPrefix("a.json:9:5:/3: error: "))
    #expect(
      DiagnosticRenderer.text(atIR, in: element).hasPrefix("a.json:9:5:/3:ir:/buttons/1: note: "))
    #expect(DiagnosticRenderer.text(atText, in: element).hasPrefix("a.json:10:4: error: "))
    #expect(line.source == "a.ndjson:7" && element.source == "a.json:/3")
    #expect(
      DiagnosticRenderer.jsonLine(atText, in: line, record: 12).hasPrefix(
        #"{"file":"a.ndjson","record":12,"line":8,"column":4,"offset":20,"#))
    #expect(
      DiagnosticRenderer.jsonLine(atIR, in: element, record: 4).hasPrefix(
        #"{"file":"a.json","record":4,"line":9,"column":5,"irLocation":"/buttons/1","#))
    #expect(
      DiagnosticRenderer.jsonLine(atRoot, in: element, record: 4).hasPrefix(
        #"{"file":"a.json","record":4,"line":9,"column":5,"location":"/3","#))
    #expect(
      DiagnosticRenderer.jsonLine(atRoot, in: line, record: 12).hasPrefix(
        #"{"file":"a.ndjson","record":12,"line":7,"location":"","#))
    #expect(
      DiagnosticRenderer.jsonLine(atText, in: element, record: 4).hasPrefix(
        #"{"file":"a.json","record":4,"line":10,"column":4,"offset":20,"#))
  }

  /// An element of a pretty-printed array whose diagnostic is placed by a pointer is
  /// found in the file by where it begins: its line and column lead the text form
  /// (`FILE:LINE:COLUMN:/INDEX/…`) and are the `line` and `column` of its JSON line, on
  /// standard error and in the report alike.
  @Test func arrayElementsArePlacedByTheLineAndColumnTheyBeginAt() throws {
    let input = try file(
      "pretty.json",
      "[\n  {\"aps\": {\"alert\": \"one\"}},\n  {\"aps\": {\"alert\": \"a\", \"alert\": \"b\"}}\n]\n"
    )
    let arguments = ["batch", "-f", "apns", "-t", "klaviyo", "--fail-on", "lossy", input]
    let (_, text) = runPushc(arguments)
    #expect(
      text.error.hasPrefix(
        "\(input):3:3:/1/aps/alert: warning: 'alert' occurs again later in this object; this value is dropped [input.duplicate-key]\n"
      ), "\(text.error)")
    let reportPath = folder.appendingPathComponent("report.jsonl").path
    let (_, json) = runPushc(arguments + ["--diagnostics", "json", "--report", reportPath])
    let line = try JSONReader.parse(Array(try #require(Self.lines(json.error).first).utf8))
    let reported = try report(reportPath)
    let inReport = try #require(reported.last?["diagnostics"]?.arrayValue?.first)
    for diagnostic in [line, inReport] {
      #expect(diagnostic["record"] == 2)
      #expect(diagnostic["line"] == 3 && diagnostic["column"] == 3, "\(diagnostic)")
      #expect(diagnostic["location"] == "/1/aps/alert")
      #expect(diagnostic["offset"] == nil)
    }
    // Every diagnostic of the first element, converted, says where it begins too.
    let first = try #require(reported.first?["diagnostics"]?.arrayValue)
    #expect(!first.isEmpty && first.allSatisfy { $0["line"] == 2 && $0["column"] == 3 })
  }
}

/// Streams in memory whose standard error and output may claim to be terminals.
struct TerminalStreams: DriverStreams {
  var buffered = BufferedStreams()
  let errorIsTerminal: Bool
  let outputIsTerminal: Bool

  init(errorIsTerminal: Bool, outputIsTerminal: Bool = false) {
    self.errorIsTerminal = errorIsTerminal
    self.outputIsTerminal = outputIsTerminal
  }

  mutating func readStandardInput(atMost limit: Int) throws(FileIO.Failure) -> [UInt8] {
    try buffered.readStandardInput(atMost: limit)
  }
  mutating func writeOutput(_ bytes: [UInt8]) { buffered.writeOutput(bytes) }
  mutating func writeError(_ text: String) { buffered.writeError(text) }
  var standardInputDescriptor: Int32? { nil }
}

extension BatchDiagnosticsTests {
  /// A text diagnostic is one line however its file name or message is spelled: a line
  /// break in either is written `\x0A` (a tab stays), so tools that split on lines see
  /// every diagnostic whole.
  @Test func aTextDiagnosticIsOneLineWhateverItNames() {
    let diagnostic = Diagnostic(
      .unknownKey, "'a\nb' is not a key", at: .input("/a\nb"), notes: ["kept\r"])
    let text = DiagnosticRenderer.text(diagnostic, file: "in\nput\t.json")
    #expect(
      text == """
        in\\x0Aput\t.json:/a\\x0Ab: note: 'a\\x0Ab' is not a key [parse.unknown-key]
        in\\x0Aput\t.json:/a\\x0Ab: note: kept\\x0D

        """)
    #expect(DiagnosticRenderer.oneLine("plain é\t") == "plain é\t")
  }
}
