import Foundation
import Testing

@testable import PushCompiler

@Suite struct StreamingOutputTests {
  /// Pieces of every size (empty ones, a megabyte, thousands of small ones) give the same
  /// file as the same bytes written one after the other.
  @Test func piecesAreWrittenInOrder() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pushc-pieces-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let small = (0..<10).map { Array("small \($0)\n".utf8) }
    let many = (0..<3000).map { index in
      index % 7 == 0 ? [] : Array(String(repeating: "\(index % 10)", count: 400 + index % 13).utf8)
    }
    let large = [[UInt8](repeating: UInt8(ascii: "L"), count: 1 << 20)]
    let pieces = small + [Array("between\n".utf8)] + many + small + large + small
    let output = try StreamingOutput(path: path)
    for piece in pieces { try output.write(piece) }
    try output.commit()
    #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == pieces.flatMap { $0 })
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

  /// A file that outgrows the buffer is written around the page cache where the file
  /// system allows it, from a page boundary on, and ends with its last part page written
  /// through the cache: the bytes are those given, in order, whatever their sizes.
  @Test func aLargeOutputIsWrittenWholeAroundThePageCache() throws {
    let folder = try TemporaryFolder.make("direct").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // Odd sizes, so that no write but the direct ones falls on a page boundary.
    var pieces: [[UInt8]] = []
    var total = 0
    var index = 0
    while total < 3 * OutputBuffer.defaultCapacity + 12_345 {
      let piece = (0..<(1 + index * 7919 % 70_001)).map { UInt8(truncatingIfNeeded: $0 &+ index) }
      pieces.append(piece)
      total += piece.count
      index += 1
    }
    let output = try StreamingOutput(path: folder + "/out.ndjson")
    for piece in pieces { try output.write(piece) }
    #expect(output.writesDirectly == Self.fileSystemAllowsDirectWrites(in: folder))
    try output.commit()
    let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/out.ndjson")))
    #expect(written.count == total)
    #expect(written == pieces.flatMap { $0 })
  }

  /// Whether a file in `folder` takes the direct-write flag.
  private static func fileSystemAllowsDirectWrites(in folder: String) -> Bool {
    let probe = folder + "/probe"
    #expect(FileManager.default.createFile(atPath: probe, contents: nil))
    let descriptor = open(probe, O_WRONLY)
    defer {
      close(descriptor)
      unlink(probe)
    }
    return DirectIO.flag != 0 && DirectIO.enable(descriptor)
  }
}
