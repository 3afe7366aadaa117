import Testing

@testable import PushCompiler

/// What bounds a block of lines: its count, and the bytes it holds.
@Suite struct LineReaderTests {
  /// Twenty records of nine bytes and a newline each.
  static let input = (100..<120).map { #"{"n":\#($0)}"# }.joined(separator: "\n")

  @Test func aBlockEndsOnceItsBytesReachTheCap() throws {
    var reader = LineReader(bytes: Array(Self.input.utf8), path: "t", maxLineBytes: 100)
    var blocks: [[Int]] = []
    while true {
      let block = try reader.nextLines(atMost: 100, bytes: 25)
      if block.isEmpty { break }
      blocks.append(block.map(\.number))
      #expect(block.allSatisfy { $0.bytes?.count == 9 })
    }
    // A line is taken while the block holds fewer than 25 bytes: three lines of ten.
    #expect(blocks.first == [1, 2, 3])
    #expect(blocks.allSatisfy { $0.count <= 3 })
    #expect(blocks.flatMap { $0 } == Array(1...20))
  }

  @Test func aBlockEndsAtItsLineCountWhateverItsBytes() throws {
    var reader = LineReader(bytes: Array(Self.input.utf8), path: "t", maxLineBytes: 100)
    let first = try reader.nextLines(atMost: 4, bytes: .max)
    #expect(first.map(\.number) == [1, 2, 3, 4])
    let rest = try reader.nextLines(atMost: 100)
    #expect(rest.map(\.number) == Array(5...20))
    #expect(try reader.nextLines(atMost: 100).isEmpty)
  }
}
