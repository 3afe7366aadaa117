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
}
