import PushIR

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks on what the benchmark's runs wrote.
enum BenchCheck {
  /// How many sampled line pairs of two NDJSON files hold the same JSON once every
  /// object's keys are sorted (every 97th line, and the first).
  static func agreement(_ first: String, _ second: String) -> (same: Int, compared: Int) {
    guard let left = BenchFiles.read(first), let right = BenchFiles.read(second) else {
      return (0, 1)
    }
    let leftLines = left.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let rightLines = right.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    guard leftLines.count == rightLines.count else { return (0, 1) }
    var same = 0
    var compared = 0
    for index in stride(from: 0, to: leftLines.count - 1, by: 97) {
      compared += 1
      let a = try? JSONReader.parse(Array(leftLines[index]))
      let b = try? JSONReader.parse(Array(rightLines[index]))
      if let a, let b, sorted(a) == sorted(b) { same += 1 }
    }
    return (same, compared)
  }

  /// Whether two files hold the same bytes, read a chunk at a time.
  static func identical(_ first: String, _ second: String) -> Bool {
    guard let left = fopen(first, "rb") else { return false }
    defer { fclose(left) }
    guard let right = fopen(second, "rb") else { return false }
    defer { fclose(right) }
    var leftChunk = [UInt8](repeating: 0, count: 1 << 16)
    var rightChunk = leftChunk
    while true {
      let count = leftChunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, left) }
      let other = rightChunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, right) }
      guard count == other, leftChunk[..<count] == rightChunk[..<count] else { return false }
      if count == 0 { return true }
    }
  }

  /// What reconciling a batch run found.
  struct Reconciliation {
    var holds: Bool
    var summary: String
  }

  /// Whether the output has one line per record, `null` exactly at the bad lines, and
  /// the report names every bad line as failed and nothing else.
  static func reconcile(output: String, report: String, records: Int, badLines: [Int])
    -> Reconciliation
  {
    guard let written = BenchFiles.read(output), let reported = BenchFiles.read(report) else {
      return Reconciliation(holds: false, summary: "output or report missing")
    }
    let lines = written.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .dropLast()
    let placeholders = Set(
      lines.indices.filter { lines[$0].elementsEqual("null".utf8) }.map { $0 + 1 })
    var failed: Set<Int> = []
    var reportLines = 0
    for line in reported.split(separator: UInt8(ascii: "\n")) {
      reportLines += 1
      guard let entry = try? JSONReader.parse(Array(line)), entry["status"] == "failed",
        let source = entry["source"]?.stringValue,
        let number = source.split(separator: ":").last.flatMap({ Int($0) })
      else { continue }
      failed.insert(number)
    }
    let expected = Set(badLines)
    let holds =
      lines.count == records && placeholders == expected && failed == expected
      && reportLines == records
    return Reconciliation(
      holds: holds,
      summary:
        "\(lines.count) output lines for \(records) records; \(placeholders.count) placeholders, "
        + "\(failed.count) failures reported by line, \(expected.count) bad lines written"
        + (holds ? " - every one matched" : " - MISMATCH"))
  }

  private static func sorted(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let object):
      return .object(
        JSONObject(
          object.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: sorted($0.value)) }))
    case .array(let elements):
      return .array(elements.map(sorted))
    default:
      return value
    }
  }
}
