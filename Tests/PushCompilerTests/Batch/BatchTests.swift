import Foundation
import PushCompiler
import PushIR
import Testing

@Suite struct BatchTests {
  let folder: URL

  init() throws {
    folder = try TemporaryFolder.make("batch")
  }

  func file(_ name: String, _ text: String) throws -> String {
    try TemporaryFolder.write(Array(text.utf8), to: name, in: folder)
  }

  func run(_ arguments: [String], input: String = "") -> (ExitCode, BufferedStreams) {
    runPushc(arguments, input: input)
  }

  /// Runs `batch --from auto --to klaviyo` on `input`, writing `output` and the report
  /// `report` (names in the test's folder); returns their paths with the outcome.
  func convertToKlaviyo(_ input: String, output: String = "out", report: String = "report.jsonl")
    -> (code: ExitCode, streams: BufferedStreams, output: String, report: String)
  {
    let output = folder.appendingPathComponent(output).path
    let report = folder.appendingPathComponent(report).path
    let (code, streams) = run([
      "batch", "--from", "auto", "--to", "klaviyo", input, "-o", output, "--report", report,
    ])
    return (code, streams, output, report)
  }

  static let records = [
    #"{"aps": {"alert": "one"}, "body": {"_k": "k1"}}"#,
    #"{"aps": {"alert": "two"}, "dfn": {"c_id": "c", "s_id": "s", "u_id": "u"}}"#,
    #"{"aps": {"alert": "#,
    "",
    #"{"aps": {"alert": "five"}, "W$id": "1_2"}"#,
  ]

  @Test func ndjsonKeepsOneLinePerRecordInOrderWithPlaceholders() throws {
    let input = try file("in.ndjson", Self.records.joined(separator: "\n") + "\n")
    let output = folder.appendingPathComponent("out.ndjson").path
    let report = folder.appendingPathComponent("report.jsonl").path
    let (code, streams) = run([
      "batch", "--from", "auto", "--to", "apns", input, "-o", output, "--report", report,
    ])
    #expect(code == .failed)
    let lines = try String(contentsOfFile: output, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 6)  // five records and the final newline
    #expect(lines[2] == "null" && lines[3] == "null")
    #expect(try JSONReader.parse(Array(lines[4].utf8))["aps"]?["alert"]?["body"] == "five")
    #expect(
      streams.error.contains("in.ndjson:3:19: error: input ends where a value was expected"))
    #expect(streams.error.contains("in.ndjson:4:1: error: input holds no JSON value"))
    #expect(streams.error.contains("5 records read: 3 converted (3 with lossy warnings), 2 failed"))
    let statuses = try reported("status", in: report)
    #expect(statuses == ["converted", "converted", "failed", "failed", "converted"])
  }

  @Test func standardInputToStandardOutputIsAFilter() {
    let (code, streams) = run(
      ["batch", "-f", "klaviyo", "-t", "ir", "-"], input: Self.records[0] + "\n" + Self.records[0])
    #expect(code == .success)
    #expect(streams.outputText.split(separator: "\n").count == 2)
    #expect(streams.error.contains("2 records read: 2 converted, 0 failed"))
  }

  @Test func oneRecordIsCountedInTheSingular() {
    let (code, streams) = run(["batch", "-f", "klaviyo", "-t", "ir", "-"], input: Self.records[0])
    #expect(code == .success)
    #expect(streams.error.hasSuffix("pushc: 1 record read: 1 converted, 0 failed\n"))
  }

  /// Without a report a converted record keeps only the summary of its diagnostics;
  /// the closing line still counts the records that lost information.
  @Test func theSummaryCountsConvertedRecordsThatLostInformation() throws {
    let lossless = #"{"aps": {"alert": "plain"}}"#
    let dropsButtons =
      #"{"aps": {"alert": "two"}, "body": {"_k": "k", "action_buttons": [{"id": "a", "label": "A", "action": "open_app"}]}}"#
    let input = lossless + "\n" + dropsButtons + "\n"
    let (code, streams) = run(["batch", "-f", "klaviyo", "-t", "apns", "-"], input: input)
    #expect(code == .success)
    #expect(
      streams.error.hasSuffix(
        "pushc: 2 records read: 2 converted (1 with lossy warnings; --report FILE lists them), 0 failed\n"
      ))
    let report = folder.appendingPathComponent("lossy.jsonl").path
    let (_, reported) = run(
      ["batch", "-f", "klaviyo", "-t", "apns", "-", "--report", report], input: input)
    #expect(
      reported.error.hasSuffix(
        "pushc: 2 records read: 2 converted (1 with lossy warnings), 0 failed\n"))
    let (_, clean) = run(["batch", "-f", "klaviyo", "-t", "apns", "-"], input: lossless)
    #expect(clean.error.hasSuffix("pushc: 1 record read: 1 converted, 0 failed\n"))
  }

  @Test func arrayFilesGiveOneLinePerElement() throws {
    let input = try file("in.json", "[" + Self.records[0] + ", 7, " + Self.records[4] + "]")
    let (code, streams) = run(["batch", "--from", "auto", "--to", "apns", input])
    #expect(code == .failed)
    let lines = streams.outputText.split(separator: "\n")
    #expect(lines.count == 3 && lines[1] == "null")
    // Named by where the element begins in the file, then its pointer in the array.
    let column = ("[" + Self.records[0] + ", ").count + 1
    #expect(streams.error.contains("in.json:1:\(column):/1: error:"), "\(streams.error)")
  }

  @Test func foldersGiveAFolderWithTheSameNames() throws {
    let input = folder.appendingPathComponent("payloads").path
    _ = try file("payloads/a.json", Self.records[0])
    _ = try file("payloads/nested/b.json", Self.records[4])
    _ = try file("payloads/nested/bad.json", "{")
    _ = try file("payloads/notes.txt", "not a payload")
    let output = folder.appendingPathComponent("converted").path
    let (code, streams) = run(["batch", "--from", "auto", "--to", "ir", input, "-o", output])
    #expect(code == .failed)
    let fm = FileManager.default
    #expect(fm.fileExists(atPath: output + "/a.json"))
    #expect(fm.fileExists(atPath: output + "/nested/b.json"))
    #expect(!fm.fileExists(atPath: output + "/nested/bad.json"))
    #expect(streams.error.contains("3 records read: 2 converted, 1 failed"))
  }

  @Test func anUnwritableOutputLeavesNothingBehind() throws {
    let input = try file("one.ndjson", Self.records[0] + "\n")
    let (code, _) = run(["batch", "-f", "klaviyo", "-t", "apns", input, "-o", "/nonexistent/x"])
    #expect(code == .cannotCreateOutput)
    let (usage, _) = run(["batch", "-f", "klaviyo", input])
    #expect(usage == .usage)
  }

  /// Records of every length, CRLF endings, empty lines, lines over the size limit and a
  /// last line without a newline, over many reads and several blocks: one output line
  /// per record in order, each failure named by its line, the same from a file and from
  /// standard input.
  @Test func linesAcrossReadsAndBlocksKeepTheirNumbersAndOrder() throws {
    let count = 5000
    let tooLong = Set([700, 701, 4321])
    var lines: [String] = []
    for index in 0..<count {
      if tooLong.contains(index) {
        lines.append(#"{"aps": {"alert": ""# + String(repeating: "x", count: 1 << 20) + #""}}"#)
      } else if index % 1000 == 3 {
        lines.append("")
      } else {
        let padding = String(repeating: "é", count: index % 300)
        lines.append(
          #"{"aps": {"alert": "n\#(index) \#(padding)"}}"# + (index % 2 == 1 ? "\r" : ""))
      }
    }
    let text = lines.joined(separator: "\n")
    let input = try file("many.ndjson", text)
    let output = folder.appendingPathComponent("many.out").path
    let (code, streams) = run(["batch", "-f", "apns", "-t", "apns", input, "-o", output])
    #expect(code == .failed)
    let failures = Set(tooLong).union((0..<count).filter { $0 % 1000 == 3 })
    #expect(streams.error.contains("\(count) records read: \(count - failures.count) converted"))
    for index in failures.sorted() {
      #expect(streams.error.contains("many.ndjson:\(index + 1):"))
    }
    let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
    let outputLines = written.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    #expect(outputLines.count == count + 1)
    for index in 0..<count {
      let line = Array(outputLines[index])
      if failures.contains(index) {
        #expect(line == Array("null".utf8), "line \(index + 1)")
      } else {
        let body = try JSONReader.parse(line)["aps"]?["alert"]?["body"]?.stringValue
        #expect(body?.hasPrefix("n\(index) ") == true, "line \(index + 1)")
      }
    }
    let (_, piped) = run(["batch", "-f", "apns", "-t", "apns", "-"], input: text)
    #expect(piped.output == written)
  }

  /// Report lines are put together from each diagnostic's JSON line without reading it
  /// back: they are still the compact writer's text of the report object, and hold the
  /// diagnostics `convert --diagnostics json` reports for the same record, the detected
  /// format first, each naming the input file and the record, a text position at the
  /// file's line; for every parse golden's input and the bad records, from a file whose
  /// name needs escaping.
  @Test func reportLinesHoldEachRecordsDiagnosticsAsTheCompactWriterWritesThem() throws {
    var records = Self.records
    for golden in GoldenCase.parseCases {
      let input = try GoldenFiles.json(golden.folder.appendingPathComponent("input.json"))
      records.append(JSONWriter(style: .compact).string(input))
    }
    let input = try file("q\"uo\\te é.ndjson", records.joined(separator: "\n") + "\n")
    let report = convertToKlaviyo(input, output: "out.ndjson").report
    let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == records.count)
    for (index, line) in zip(records.indices, lines) {
      let bytes = Array(line.utf8)
      let value = try JSONReader.parse(bytes)
      #expect(JSONWriter(style: .compact).bytes(value) == bytes)
      let place = "\(input):\(index + 1)"
      #expect(value["source"]?.stringValue == place)
      let (_, single) = run(
        ["convert", "--from", "auto", "--to", "klaviyo", "--diagnostics", "json", "-"],
        input: records[index])
      let expected = try single.error.split(separator: "\n").map { text -> JSONValue in
        let object = try #require(try JSONReader.parse(Array(text.utf8)).objectValue)
        var entry = JSONObject()
        for member in object {
          switch member.key {
          case "file":
            entry.append("file", .string(input))
            entry.append("record", .number(JSONNumber(index + 1)))
            // A place that is no text position is found by the record's line.
            if object["line"] == nil { entry.append("line", .number(JSONNumber(index + 1))) }
          case "line": entry.append("line", .number(JSONNumber(index + 1)))
          default: entry.append(member.key, member.value)
          }
        }
        return .object(entry)
      }
      #expect(value["diagnostics"]?.arrayValue == expected, "record \(index + 1)")
    }
  }
}

extension BatchTests {
  /// A message may quote a whole value: one longer than the reader's 64 KB string limit
  /// still reaches the report in full, as `convert --diagnostics json` prints it.
  @Test func reportLinesKeepMessagesLongerThanAnyInputString() throws {
    let long = String(repeating: "x", count: 1_000)
    let values = Array(repeating: "\"\(long)\"", count: 100).joined(separator: ",")
    let input = try file(
      "long.ndjson", #"{"aps": {"alert": "hi", "mutable-content": ["# + values + "]}}\n")
    let report = folder.appendingPathComponent("long.jsonl").path
    let output = folder.appendingPathComponent("long.out").path
    let (code, _) = run([
      "batch", "--from", "apns", "--to", "apns", input, "-o", output, "--report", report,
    ])
    #expect(code == .success)
    let line = try Data(contentsOf: URL(fileURLWithPath: report))
    let entry = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
    let diagnostics = try #require(entry["diagnostics"] as? [[String: Any]])
    let flagged = try #require(
      diagnostics.first { $0["location"] as? String == "/aps/mutable-content" })
    let message = try #require(flagged["message"] as? String)
    #expect(message.utf8.count > 100_000)
    #expect(message.contains(long))
  }
}
