import Foundation
import PropertyTesting
import PushIR
import Testing

@testable import PushCompiler

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The array reader hands out every element of a file, in order, with its place, however
/// its blocks are bounded and wherever the file's reads end; an element over the limit
/// comes without its bytes.
@Suite struct ArrayElementReaderTests {
  /// The elements read from `text` as a file, in blocks of at most `count` elements and
  /// about `bytes` bytes, those over `limit` bytes without their bytes; where the array
  /// broke, if it did; and the most bytes a block's buffer held.
  static func read(_ text: [UInt8], count: Int, bytes: Int, limit: Int) throws -> (
    elements: [(index: Int, line: Int, column: Int, bytes: [UInt8]?)],
    breakage: ArrayElementReader.Breakage?, largestBuffer: Int
  ) {
    let folder = try TemporaryFolder.make("array-reader")
    let path = try TemporaryFolder.write(text, to: "in.json", in: folder)
    let descriptor = open(path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { _ = close(descriptor) }
    var reader = ArrayElementReader(
      descriptor: descriptor, path: path, maxElementBytes: limit, blocksHeld: 3)
    var elements: [(index: Int, line: Int, column: Int, bytes: [UInt8]?)] = []
    var largestBuffer = 0
    while true {
      let block = try reader.nextElements(atMost: count, bytes: bytes)
      if block.records.isEmpty { break }
      #expect(block.records.count <= count)
      largestBuffer = max(largestBuffer, block.buffer.count)
      for element in block.records {
        elements.append(
          (
            element.index, element.line, element.column,
            block.withBytes(of: element) { $0.map(Array.init) }
          ))
      }
    }
    return (elements, reader.breakage, largestBuffer)
  }

  /// Generated arrays of a few hundred kilobytes (so that the file is read in several
  /// reads), read in blocks of random bounds: the same elements as the scanner finds in
  /// the whole text, in order and numbered, those over the limit without their bytes.
  @Test func everyElementIsHandedOutOnceInOrder() throws {
    var random = SeededRandom(seed: 7)
    for round in 0..<3 {
      var elements: [JSONValue] = []
      var size = 0
      while size < 700_000 {
        let value: JSONValue =
          random.chance(2)
          ? .string(String(repeating: "x", count: random.int(in: 2_000...40_000)))
          : JSONGenerator.value(&random, depth: 4)
        elements.append(value)
        size += JSONWriter(style: .compact).bytes(value).count + 3
      }
      let text = JSONGenerator.spelling(of: .array(elements), &random)
      let expected = ArrayScan.elements(of: text, pieceSize: text.count)
      try #require(expected.last == .end)
      let count = random.int(in: 1...300)
      let bytes = random.int(in: 1...(1 << 20))
      let limit = random.int(in: 1_000...50_000)
      let read = try Self.read(text, count: count, bytes: bytes, limit: limit)
      let context = "round \(round): blocks of \(count) and \(bytes) bytes, limit \(limit)"
      #expect(read.breakage == nil, "\(context)")
      #expect(read.elements.map(\.index) == Array(expected.elements.indices), "\(context)")
      #expect(
        read.elements.map { "\($0.line):\($0.column)" }
          == expected.elements.map { "\($0.line):\($0.column)" }, "\(context)")
      let keptAsExpected = zip(read.elements, expected.elements).allSatisfy { read, found in
        found.bytes.count > limit ? read.bytes == nil : read.bytes == Array(found.bytes)
      }
      #expect(keptAsExpected, "\(context)")
    }
  }

  /// Blank bytes between elements and after the array, megabytes of them, are dropped
  /// as they are scanned: the buffer a block holds stays a few reads long.
  @Test func blankBytesAreNotKept() throws {
    let blanks = String(repeating: " \r\n", count: 1_500_000)
    let text = "[" + #"{"a": 1}"# + blanks + ", 2" + blanks + "]" + blanks
    let read = try Self.read(Array(text.utf8), count: 256, bytes: 4 << 20, limit: 1 << 20)
    #expect(read.elements.count == 2 && read.breakage == nil)
    #expect(
      read.largestBuffer < 4 * ReadBuffer.chunkSize, "a block held \(read.largestBuffer) bytes")
  }

  /// The end of the input inside an element over the limit is told at the element's
  /// start, its offset, line and column agreeing.
  @Test func anElementOverTheLimitCutByTheEndIsToldAtItsStart() throws {
    let text = #"[{"a": 1},"# + "\n  " + #"{"b": "# + String(repeating: " ", count: 1_200_000)
    let read = try Self.read(Array(text.utf8), count: 256, bytes: 4 << 20, limit: 1 << 20)
    #expect(read.elements.count == 1)
    let error = try #require(read.breakage?.error)
    #expect(error.offset == 13 && error.line == 2 && error.column == 3)
    #expect(error.kind == .unexpectedEnd)
  }

  /// A break after many reads is told with the index the next element would have had.
  @Test func aBreakAfterManyReadsIsToldWithTheNextIndex() throws {
    let element = #"{"text": ""# + String(repeating: "z", count: 1_000) + #""}"#
    let text = "[" + Array(repeating: element, count: 900).joined(separator: ",\n") + "\n}"
    let read = try Self.read(Array(text.utf8), count: 256, bytes: 4 << 20, limit: 1 << 20)
    #expect(read.elements.count == 900)
    let breakage = try #require(read.breakage)
    #expect(breakage.index == 900)
    #expect(breakage.error.line == 901 && breakage.error.column == 1)
    #expect(breakage.error.message == "expected ',' or ']', found '}'")
  }
}
