import Foundation
import PushCompiler
import PushIR
import Testing

/// The bad-input suite: every case of `Tests/BadInput/` run in process through the
/// driver, as `convert` and, where the case asks, as one record of a `batch`; and the
/// payload size limit on files and standard input.
@Suite struct BadInputTests {
  @Test func everyFolderIsACase() {
    let folders = GoldenFiles.entries(BadInputCase.root).filter {
      var isFolder: ObjCBool = false
      let path = BadInputCase.root.appendingPathComponent($0).path
      return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        && isFolder.boolValue
    }
    #expect(folders == BadInputCase.names)
    #expect(BadInputCase.names.count >= 50)
  }

  /// `convert` with the case's arguments: its exit code, its warnings and errors (code
  /// and location, in order), and its output: the expected document, or nothing at all.
  @Test(arguments: BadInputCase.names)
  func convert(_ name: String) throws {
    let item = try BadInputCase(named: name)
    let run = DriverRun(item.arguments, input: item.input)
    #expect(run.code == item.exit)
    #expect(BadInputCase.reported(run) == item.diagnostics)
    if let expected = item.output {
      #expect(run.outputJSON == expected, "\(run.outputText)")
    } else {
      #expect(run.output.isEmpty, "wrote \(run.outputText)")
    }
  }

  /// A good payload around each batch case: it converts with the arguments of every
  /// case but those reading `ir` (`W$id` is the campaign id clevertap requires).
  static let neighbour = #"{"aps":{"alert":"neighbour"},"W$id":"1_2"}"#

  /// The case as line 2 of an NDJSON batch between two good records: line 2 of the
  /// output is `null` exactly when `convert` fails and the good records convert. The
  /// failure is reported as record 2, at line 2 of the input, by one of the case's
  /// diagnostics: as the only JSON line on standard error with `--diagnostics=json`, and
  /// in text, where the summary reconciles the counts.
  @Test(arguments: BadInputCase.names.filter { (try? BadInputCase(named: $0))?.batch == true })
  func batch(_ name: String) throws {
    let item = try BadInputCase(named: name)
    let arguments = ["batch"] + item.arguments.dropFirst() + ["-"]
    let lines = Array(Self.neighbour.utf8) + [0x0A] + item.input + [0x0A] + Self.neighbour.utf8
    let run = DriverRun(arguments, input: lines)
    let text = DriverRun(arguments + ["--diagnostics=text"], input: lines)
    let failed = item.exit != .success
    #expect(run.code == (failed ? .failed : .success))
    #expect(text.code == run.code && text.output == run.output)
    let output = run.outputText.split(separator: "\n", omittingEmptySubsequences: false)
    try #require(output.count == 4 && output[3].isEmpty, "\(run.outputText)")
    #expect(output[0] != "null" && output[2] != "null")
    if failed {
      #expect(output[1] == "null")
      let entries = run.error.split(separator: "\n")
      try #require(entries.count == 1, "\(run.error)")
      let entry = try JSONReader.parse(Array(entries[0].utf8))
      #expect(entry["file"] == "<stdin>" && entry["record"] == 2)
      let finding = try #require(run.findings.first)
      let expected = item.diagnostics.contains {
        $0.code == finding.code && Self.onLine2($0.location) == finding.location
      }
      #expect(expected, "line 2 is not reported as expected:\n\(run.error)")
      let place =
        finding.location.isEmpty
        ? "<stdin>:2"
        : finding.location.first!.isNumber
          ? "<stdin>:\(finding.location)" : "<stdin>:2:\(finding.location)"
      let reported = text.error.split(separator: "\n").contains {
        $0.hasPrefix(place + ": ") && $0.hasSuffix("[\(finding.code)]")
      }
      #expect(reported, "line 2 is not reported as expected:\n\(text.error)")
    } else {
      #expect(run.error.isEmpty)
      #expect(try JSONReader.parse(Array(output[1].utf8)) == item.output)
    }
    // The records converted may have lost information, which the summary counts.
    let summary = try #require(text.error.split(separator: "\n").last)
    #expect(summary.hasPrefix("pushc: 3 records read: \(failed ? 2 : 3) converted"))
    #expect(summary.hasSuffix(", \(failed ? 1 : 0) failed"))
  }

  /// A location as `convert` gives it for the record alone, as a batch gives it for the
  /// record on line 2: a text position's line is the input's.
  static func onLine2(_ location: String) -> String {
    guard location.first?.isNumber == true, let colon = location.firstIndex(of: ":") else {
      return location
    }
    return "2" + location[colon...]
  }

  // MARK: the payload size limit

  static let limit = JSONReader.Limits.standard.maxBytes

  /// A payload of exactly `size` bytes: custom data in strings under the string limit,
  /// then spaces.
  static func payload(of size: Int) -> [UInt8] {
    let chunk = "\"" + String(repeating: "a", count: 60_000) + "\""
    let count = size / 60_010
    let text =
      #"{"aps":{"alert":"x"},"pad":["#
      + Array(repeating: chunk, count: count).joined(separator: ",")
      + "]}"
    return Array(text.utf8) + Array(repeating: UInt8(ascii: " "), count: size - text.utf8.count)
  }

  static let convertToIR = ["convert", "--from", "apns", "--to", "ir", "--compact"]

  @Test func standardInputJustAtAndJustOverTheLimit() {
    let at = DriverRun(Self.convertToIR, input: Self.payload(of: Self.limit))
    #expect(at.code == .success)
    #expect(at.outputJSON?["customData"]?["pad"]?.arrayValue?.count == Self.limit / 60_010)
    let over = DriverRun(Self.convertToIR, input: Self.payload(of: Self.limit + 1))
    #expect(over.code == .dataError)
    #expect(over.output.isEmpty)
    #expect(
      BadInputCase.reported(over) == [
        .init(code: "json.too-large", location: "1:\(Self.limit + 1)")
      ])
  }

  @Test func fileJustAtAndJustOverTheLimit() throws {
    let folder = try TemporaryFolder.make("limit")
    defer { try? FileManager.default.removeItem(at: folder) }
    for (size, expected) in [(Self.limit, ExitCode.success), (Self.limit + 1, .dataError)] {
      let file = folder.appendingPathComponent("\(size).json")
      try Data(Self.payload(of: size)).write(to: file)
      let run = DriverRun(Self.convertToIR + [file.path], input: [])
      #expect(run.code == expected, "\(size) bytes")
      #expect(run.output.isEmpty == (expected != .success))
      if expected != .success {
        #expect(run.error.contains(#""line":1,"column":\#(Self.limit + 1)"#))
        #expect(run.error.contains(#""code":"json.too-large""#))
      }
    }
  }

  /// An endless file is refused after one byte beyond the limit, not read to its end.
  @Test func anEndlessFileIsReadNoFurtherThanTheLimit() {
    for arguments in [
      Self.convertToIR + ["/dev/zero"],
      Self.convertToIR + ["--defaults", "/dev/zero"],
    ] {
      let run = DriverRun(arguments, input: Array(#"{"aps":{}}"#.utf8))
      #expect(run.code == .dataError)
      #expect(run.output.isEmpty)
      #expect(run.error.contains("too-large"))
    }
  }
}
