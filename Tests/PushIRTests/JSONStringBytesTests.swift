import PropertyTesting
import Testing

@testable import PushIR

/// The word-at-a-time scans over string text find the same first quote, backslash or
/// control character as a byte-at-a-time scan, and see the same bytes beyond ASCII
/// before it, for a byte to find at every position of texts of every length around the
/// eight- and sixteen-byte steps (and beyond), from every start.
@Suite struct JSONStringBytesTests {
  /// Bytes that need no escape: ASCII letters, space, bytes beyond ASCII (the high bit
  /// set, which the flags must not take for a control character), and the bytes next to
  /// the three kinds to find.
  private static let plainBytes: [UInt8] = [
    0x61, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xA2, 0xC3, 0xDC, 0xE0, 0xFF,
  ]

  /// The bytes to find: quote, backslash and control characters, the lowest and highest.
  private static let specialBytes: [UInt8] = [0x22, 0x5C, 0x00, 0x09, 0x0A, 0x1F]

  /// Lengths around each step, and up to a hundred bytes.
  private static let lengths = Array(0...40) + Array(60...72) + Array(94...100)

  /// Whether `byte` is one the scans look for.
  private static func isSpecial(_ byte: UInt8) -> Bool {
    byte == 0x22 || byte == 0x5C || byte < 0x20
  }

  /// A text of `length` plain bytes, varied by `seed`, with `special` at `position`
  /// (when it lies inside) and, now and then, a second special byte later on.
  private static func text(length: Int, special: UInt8, at position: Int, seed: Int) -> [UInt8] {
    var generator = SeededRandom(seed: UInt64(seed))
    var bytes = (0..<length).map { _ in plainBytes[generator.below(plainBytes.count)]
    }
    if position < length { bytes[position] = special }
    if length > 0, generator.below(4) == 0 {
      let later = position &+ 1 &+ generator.below(length)
      if later < length { bytes[later] = specialBytes[generator.below(specialBytes.count)] }
    }
    return bytes
  }

  /// Every text the suite tries: each length, each special byte at each position (and
  /// past the end, for texts with none), with varied plain bytes around it.
  private static func eachText(_ body: ([UInt8]) -> Void) {
    var seed = 0
    for length in lengths {
      for position in 0...length {
        for special in specialBytes {
          seed &+= 1
          body(text(length: length, special: special, at: position, seed: seed))
        }
      }
    }
  }

  @Test func skipPlainStopsWhereAByteAtATimeScanDoes() {
    Self.eachText { bytes in
      bytes.withUnsafeBufferPointer { buffer in
        for start in 0...min(bytes.count, 40) {
          let first = bytes[start...].firstIndex(where: Self.isSpecial) ?? bytes.count
          var seenBytes: UInt64 = 0
          let stop = JSONStringBytes.skipPlain(buffer, from: start, seenBytes: &seenBytes)
          // It stops at the byte, or before it with fewer than eight bytes left.
          #expect(
            stop == first || (stop < first && bytes.count - stop < 8), "\(bytes) from \(start)")
          let stepped = bytes[start..<min(stop, first)]
          #expect(
            JSONStringBytes.hasNonASCII(seenBytes) == stepped.contains { $0 >= 0x80 },
            "\(bytes) from \(start)")
        }
      }
    }
  }

  @Test func writerEscapesAsAByteAtATimeEscapeDoes() {
    Self.eachText { bytes in
      // Texts beyond ASCII must stay valid UTF-8 to be strings: those bytes become "é".
      let text = bytes.flatMap { $0 >= 0x80 ? [0xC3, 0xA9] : [$0] }
      let string = String(decoding: text, as: UTF8.self)
      let expected = ReferenceWriter.escaped(text)
      #expect(JSONWriter(style: .compact).bytes(.string(string)) == expected, "\(bytes)")
    }
  }

  /// A copy of every length up to twice the longest copied in place, from every
  /// alignment, writes exactly the source's bytes into exactly the destination's range.
  @Test func copyWritesTheBytesAndNothingAroundThem() {
    let source = (0..<96).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    for count in 0...64 {
      for offset in 0..<8 {
        var destination = [UInt8](repeating: 0xEE, count: 96)
        source.withUnsafeBufferPointer { from in
          destination.withUnsafeMutableBufferPointer { to in
            JSONStringBytes.copy(
              count, from: from.baseAddress! + offset, to: to.baseAddress! + 16 + offset)
          }
        }
        let written = Array(destination[(16 + offset)..<(16 + offset + count)])
        #expect(written == Array(source[offset..<(offset + count)]), "count \(count)")
        #expect(destination[..<(16 + offset)].allSatisfy { $0 == 0xEE }, "count \(count)")
        #expect(destination[(16 + offset + count)...].allSatisfy { $0 == 0xEE }, "count \(count)")
      }
    }
  }
}
