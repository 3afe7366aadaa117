import PushCompiler
import PushIR
import Testing

/// `--dump-after`: every pass that runs can be dumped, and the dump shows what it left.
@Suite struct DumpAfterTests {
  /// A Klaviyo payload whose body alone is larger than APNs accepts.
  static let oversized =
    #"{"aps": {"alert": {"title": "Long", "body": "\#(String(repeating: "é", count: 3400))"}}, "body": {"_k": "k"}}"#

  /// The text standard error holds after `--- after NAME ---`, up to the first line that
  /// is no longer the pretty JSON (a diagnostic's `<stdin>…`).
  static func dumped(_ name: String, in error: String) -> String? {
    guard let start = error.range(of: "--- after \(name) ---\n") else { return nil }
    var lines: [Substring] = []
    for line in error[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
    {
      lines.append(line)
      if line == "}" { break }
    }
    return lines.joined(separator: "\n")
  }

  /// fit-size-budget acts on the emitted payload: its dump is that payload, as the pass
  /// leaves it (the body shortened), the one written to standard output.
  @Test func fitSizeBudgetDumpsThePayloadItKeeps() throws {
    let (code, streams) = runPushc(
      ["convert", "-f", "klaviyo", "-t", "klaviyo", "--fit", "--dump-after", "fit-size-budget"],
      input: Self.oversized)
    #expect(code == .success)
    let dump = try #require(Self.dumped("fit-size-budget", in: streams.error), "\(streams.error)")
    let value = try JSONReader.parse(Array(dump.utf8))
    #expect(value == (try JSONReader.parse(streams.output)))
    let body = try #require(value["aps"]?["alert"]?["body"]?.stringValue)
    #expect(body.hasSuffix("…"))
    #expect(JSONWriter(style: .compact).bytes(value).count <= 4096)
  }

  /// Refused, the payload the pass measured last is dumped (the one that does not fit),
  /// and nothing is written.
  @Test func fitSizeBudgetDumpsThePayloadItRefuses() throws {
    let (code, streams) = runPushc(
      ["convert", "-f", "klaviyo", "-t", "klaviyo", "--dump-after", "fit-size-budget"],
      input: Self.oversized)
    #expect(code == .dataError)
    #expect(streams.output.isEmpty)
    let dump = try #require(Self.dumped("fit-size-budget", in: streams.error), "\(streams.error)")
    let value = try JSONReader.parse(Array(dump.utf8))
    #expect(JSONWriter(style: .compact).bytes(value).count > 4096)
    #expect(streams.error.contains("[emit.over-budget]"))
  }

  /// Writing the IR, nothing is measured: fit-size-budget does not run, so naming it is
  /// a usage error, as for any pass that does not run.
  @Test func fitSizeBudgetDoesNotRunForTheIR() {
    let (code, streams) = runPushc(
      ["convert", "-f", "klaviyo", "-t", "ir", "--dump-after", "fit-size-budget"],
      input: Self.oversized)
    #expect(code == .usage)
    #expect(streams.output.isEmpty)
    #expect(
      streams.error.hasPrefix(
        "pushc: --dump-after names 'fit-size-budget', which is not among the passes that run"))
  }
}

extension DumpAfterTests {
  /// With `--diagnostics json`, standard error stays one JSON object per line: the dump
  /// is a line of its own, `{"dump": NAME, "value": DOCUMENT}`, before the diagnostics.
  @Test(arguments: ["parse", "normalize-shapes", "expand-categories", "fit-size-budget"])
  func aJSONDumpIsOneLine(_ pass: String) throws {
    let (code, streams) = runPushc(
      [
        "convert", "-f", "klaviyo", "-t", "klaviyo", "--diagnostics", "json", "--dump-after", pass,
      ],
      input:
        #"{"aps": {"alert": "Order shipped", "category": "com.klaviyo.category.viewDismiss"}, "body": {"_k": "k1"}}"#
    )
    #expect(code == .success)
    let lines = streams.error.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.last == "")
    var dumps: [JSONValue] = []
    for line in lines.dropLast() {
      let value = try JSONReader.parse(Array(line.utf8))
      #expect(value.objectValue != nil, "\(line)")
      if value["dump"] != nil { dumps.append(value) }
    }
    #expect(dumps.count == 1)
    let dump = try #require(dumps.first)
    #expect(dump["dump"] == .string(pass))
    #expect(dump.objectValue?.keys.map { $0 } == ["dump", "value"])
    #expect(try JSONReader.parse(Array(lines[0].utf8))["dump"] == .string(pass))
    if pass == "fit-size-budget" {
      #expect(dump["value"] == (try JSONReader.parse(streams.output)))
    } else if pass != "normalize-shapes" {
      #expect(dump["value"]?["irVersion"] == 1)
    }
  }
}
