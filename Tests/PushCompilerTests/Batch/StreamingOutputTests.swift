import Foundation
import Testing

@testable import PushCompiler

@Suite struct StreamingOutputTests {
  /// Pieces written through the buffer and pieces handed to the system as they are
  /// (more than one `writev` holds, and empty ones among them) give the same file as
  /// the same bytes written one after the other.
  @Test func piecesAreWrittenInOrderWhetherBufferedOrGathered() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pushc-pieces-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let small = (0..<10).map { Array("small \($0)\n".utf8) }
    let many = (0..<3000).map { index in
      index % 7 == 0 ? [] : Array(String(repeating: "\(index % 10)", count: 400 + index % 13).utf8)
    }
    let large = [[UInt8](repeating: UInt8(ascii: "L"), count: 1 << 20)]
    let output = try StreamingOutput(path: path)
    try output.write(pieces: small)
    try output.write(Array("between\n".utf8))
    try output.write(pieces: many)
    try output.write(pieces: small + large + small)
    try output.write(pieces: [])
    try output.commit()
    let expected = (small + [Array("between\n".utf8)] + many + small + large + small).flatMap { $0 }
    #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == expected)
  }

  /// Outputs committed together are renamed in order: when a later one's rename fails,
  /// the earlier ones stay in place and the later one is not left, neither under its
  /// name nor as a temporary file.
  @Test func aRenameThatFailsLeavesTheOutputsBeforeIt() throws {
    let folder = try TemporaryFolder.make("commit").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let records = try StreamingOutput(path: folder + "/out.ndjson")
    let report = try StreamingOutput(path: folder + "/report.jsonl")
    try records.write(Array("null\n".utf8))
    try report.write(Array("{}\n".utf8))
    // A folder holding a file, made after the report was opened, cannot be renamed over.
    try FileManager.default.createDirectory(
      atPath: folder + "/report.jsonl/kept", withIntermediateDirectories: true)
    #expect(throws: FileIO.Failure.self) { try StreamingOutput.commit([records, report]) }
    #expect(
      try String(contentsOfFile: folder + "/out.ndjson", encoding: .utf8) == "null\n")
    let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(left == ["out.ndjson", "report.jsonl"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder + "/report.jsonl") == ["kept"])
  }
}
