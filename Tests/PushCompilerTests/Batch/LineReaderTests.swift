#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
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
      if block.records.isEmpty { break }
      blocks.append(block.records.map(\.number))
      #expect(block.records.allSatisfy { line in block.withBytes(of: line) { $0?.count } == 9 })
    }
    // A line is taken while the block holds fewer than 25 bytes: three lines of ten.
    #expect(blocks.first == [1, 2, 3])
    #expect(blocks.allSatisfy { $0.count <= 3 })
    #expect(blocks.flatMap { $0 } == Array(1...20))
  }

  @Test func aBlockEndsAtItsLineCountWhateverItsBytes() throws {
    var reader = LineReader(bytes: Array(Self.input.utf8), path: "t", maxLineBytes: 100)
    let first = try reader.nextLines(atMost: 4, bytes: .max)
    #expect(first.records.map(\.number) == [1, 2, 3, 4])
    let rest = try reader.nextLines(atMost: 100)
    #expect(rest.records.map(\.number) == Array(5...20))
    #expect(try reader.nextLines(atMost: 100).records.isEmpty)
  }

  /// A stream fed a line at a time (a pipe whose writer is still open) gets a block of
  /// the lines already there; reading does not wait for a whole block to arrive.
  @Test func aStreamGivesTheLinesAlreadyThereWithoutWaitingForMore() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { _ = close(ends[1]) }
    // Without blocking reads a reader that waited for more would fail here, not hang.
    _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
    let sent = Array("{\"n\":1}\n{\"n\":2}\n{\"n\":".utf8)
    #expect(write(ends[1], sent, sent.count) == sent.count)
    var reader = LineReader(descriptor: ends[0], owning: true, path: "pipe", maxLineBytes: 100)
    defer { reader.close() }
    let block = try reader.nextLines(atMost: 2048)
    #expect(block.records.map(\.number) == [1, 2])
    #expect(reader.wouldWait)
    let rest = Array("3}\n".utf8)
    #expect(write(ends[1], rest, rest.count) == rest.count)
    #expect(!reader.wouldWait)
    let last = try reader.nextLines(atMost: 2048)
    #expect(
      last.records.map { line in last.withBytes(of: line) { $0.map(Array.init) } } == [
        Array("{\"n\":3}".utf8)
      ])
  }

  /// A line of exactly the limit ending in `\r\n` is kept whether or not its `\n` has
  /// arrived when the reader first sees its `\r`; one byte more is over the limit
  /// either way.
  @Test(arguments: [false, true])
  func aLineAtTheLimitEndingInCRLFIsKeptWhereverAReadEnds(newlineLate: Bool) throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    var writer: Int32? = ends[1]
    defer { if let writer { _ = close(writer) } }
    // Without blocking reads a reader that waited for more would fail here, not hang.
    _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
    func send(_ text: String) {
      let bytes = Array(text.utf8)
      #expect(write(ends[1], bytes, bytes.count) == bytes.count)
    }
    // The `\r` of the second line is the last byte of the first read when the `\n`
    // comes late; the first line lets that read's block end without waiting for more.
    send(newlineLate ? "{}\n{\"n\":1}\r" : "{}\n{\"n\":1}\r\n")
    var reader = LineReader(descriptor: ends[0], owning: true, path: "pipe", maxLineBytes: 7)
    defer { reader.close() }
    let first = try reader.nextLines(atMost: 2048)
    #expect(first.records.map(\.number) == (newlineLate ? [1] : [1, 2]))
    send((newlineLate ? "\n" : "") + "{\"n\":12}\r\n")
    _ = close(ends[1])
    writer = nil
    var lines: [[UInt8]?] = first.records.map { line in
      first.withBytes(of: line) { $0.map(Array.init) }
    }
    while true {
      let block = try reader.nextLines(atMost: 2048)
      if block.records.isEmpty { break }
      lines += block.records.map { line in block.withBytes(of: line) { $0.map(Array.init) } }
    }
    #expect(lines == [Array("{}".utf8), Array("{\"n\":1}".utf8), nil])
  }

  @Test func aFileIsNeverTakenForAStreamThatMightWait() throws {
    var reader = LineReader(bytes: Array(Self.input.utf8), path: "t", maxLineBytes: 100)
    #expect(!reader.wouldWait)
    #expect(try reader.nextLines(atMost: 100).records.count == 20)
  }
}
