import PropertyTesting
import Testing

@testable import PushIR

/// ``UTF8Validation`` must accept exactly what the standard library accepts, and the
/// reader with it: every verdict is compared with `String(validating:as:)`.
@Suite struct UTF8ValidationTests {
  /// Bytes at the edges of the ranges the rules tell apart.
  private static let edges: [UInt8] = [
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED,
    0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
  ]

  /// Expects the validator's verdict on `bytes` to be the standard library's after each
  /// of `paddings` ASCII bytes, alone and followed by sixteen more: the byte step alone,
  /// or the sixteen-byte step landing on the text at each of those offsets (so that a
  /// sequence starts inside a step or runs across its end).
  private func expectSameVerdict(_ bytes: [UInt8], paddings: [Int] = [0, 7, 14]) {
    for padding in paddings {
      for trailing in [0, 16] {
        expectStandardVerdict(
          on: [UInt8](repeating: 0x61, count: padding) + bytes
            + [UInt8](repeating: 0x62, count: trailing))
      }
    }
  }

  /// Expects the validator's verdict on `text` to be the standard library's.
  private func expectStandardVerdict(on text: [UInt8]) {
    let expected: UTF8Validation.Verdict =
      String(validating: text, as: UTF8.self) == nil
      ? .invalid : text.allSatisfy { $0 < 0x80 } ? .ascii : .multiByte
    let verdict = text.withUnsafeBufferPointer { UTF8Validation.validate($0) }
    #expect(verdict == expected, "\(text.map { String($0, radix: 16) })")
  }

  @Test func agreesOnEveryTwoBytes() {
    for first in UInt8.min...UInt8.max {
      for second in UInt8.min...UInt8.max { expectSameVerdict([first, second]) }
    }
  }

  @Test func agreesOnEveryLeadAndSecondByteBeforeEdgeBytes() {
    for lead in UInt8(0xC0)...UInt8.max {
      for second in UInt8.min...UInt8.max {
        expectSameVerdict([lead, second])
        for third in Self.edges { expectSameVerdict([lead, second, third]) }
      }
    }
  }

  @Test func agreesOnFourByteSequencesOfEdgeBytes() {
    for lead in UInt8(0xE0)...UInt8.max {
      for second in Self.edges {
        for third in Self.edges {
          for fourth in Self.edges { expectSameVerdict([lead, second, third, fourth]) }
        }
      }
    }
  }

  /// Texts strung together from ASCII runs, valid sequences of every length, cut
  /// sequences, stray continuation bytes and arbitrary bytes, from a fixed seed.
  @Test func agreesOnGeneratedTexts() {
    var random = SeededRandom(seed: 0x5554_4638)
    let valid = ["é", "Ж", "ש", "ا", "अ", "ก", "中", "한", "€", "\u{FFFD}", "😀", "𐍈", "\u{10FFFF}"]
      .map { Array($0.utf8) }
    for _ in 0..<20_000 {
      var text: [UInt8] = []
      for _ in 0..<random.int(in: 0...12) {
        switch random.below(6) {
        case 0: text += [UInt8](repeating: 0x20, count: random.int(in: 1...17))
        case 1, 2: text += random.pick(valid)
        case 3:
          let sequence = random.pick(valid)
          text += sequence.prefix(random.below(sequence.count))
        case 4: text.append(UInt8(0x80 + random.below(0x40)))
        default: text.append(UInt8(random.below(256)))
        }
      }
      expectSameVerdict(text, paddings: [0, 3, 8, 13])
    }
  }

  /// The validator cuts a text in two near the middle of what follows its leading ASCII:
  /// texts whose middle falls on each byte of valid sequences, of cut ones and of runs of
  /// continuation bytes longer than a sequence holds.
  @Test func agreesWhereverTheMiddleFalls() {
    let pieces: [[UInt8]] =
      ["é", "中", "😀", "\u{10FFFF}"].map { Array($0.utf8) } + [
        [0x80], [0x80, 0x80, 0x80], [0x80, 0x80, 0x80, 0x80, 0x80], [0xF0, 0x9F, 0x98], [0xE4],
      ]
    for first in pieces {
      for second in pieces {
        for trailing in 0..<12 {
          let text = first + second + [UInt8](repeating: 0x61, count: trailing)
          expectStandardVerdict(on: text)
          expectStandardVerdict(on: text + first)
        }
      }
    }
  }

  /// Texts long enough to be checked by blocks of sixteen bytes: each piece (valid, cut,
  /// stray or never valid) after every count of ASCII bytes from 0 to 35, so that it
  /// starts at each lane of a block and runs across a block's end, and before a few
  /// counts of ASCII, so that it ends the text inside the last block or just before it.
  @Test func agreesWhereverBlocksFall() {
    let pieces: [[UInt8]] =
      ["é", "中", "😀", "\u{10FFFF}", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "\u{10000}"].map {
        Array($0.utf8)
      } + [
        [0x80], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0x80], [0xED, 0xA0, 0x80],
        [0xF0, 0x8F, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF],
        [0xF0, 0x9F, 0x98], [0xE4], [0xC3], [0x80, 0x80, 0x80, 0x80, 0x80],
        [0xE4, 0xB8, 0xAD, 0x80],
      ]
    for piece in pieces {
      for leading in 0..<36 {
        for trailing in [0, 1, 2, 3, 13, 16, 17] {
          let ascii = [UInt8](repeating: 0x61, count: leading)
          let after = [UInt8](repeating: 0x62, count: trailing)
          expectStandardVerdict(on: ascii + piece + after)
          expectStandardVerdict(on: Array("中".utf8) + ascii + piece + after)
          expectStandardVerdict(on: ascii + piece + after + Array("😀".utf8) + piece)
        }
      }
    }
  }

  /// The reader accepts a string's text exactly when the standard library accepts the
  /// text it stands for, and reads that text; escapes among the bytes included.
  @Test func readerAgreesOnGeneratedStrings() {
    var random = SeededRandom(seed: 0x4A53_4F4E)
    for _ in 0..<5_000 {
      var document: [UInt8] = [0x22]
      var meant: [UInt8] = []
      for _ in 0..<random.int(in: 0...40) {
        if random.chance(5) {
          document += Array(#"\n\u00e9"#.utf8)
          meant += Array("\n\u{E9}".utf8)
          continue
        }
        var byte = UInt8(random.below(256))
        if random.chance(30) { byte = UInt8(0x80 + random.below(0x40)) }
        if byte < 0x20 || byte == 0x22 || byte == 0x5C { byte = 0x61 }
        document.append(byte)
        meant.append(byte)
      }
      document.append(0x22)
      let reference = String(validating: meant, as: UTF8.self)
      do {
        let value = try JSONReader.parse(document)
        #expect(value == reference.map { .string($0) })
      } catch {
        #expect(reference == nil)
        #expect(error.kind == .invalidUTF8)
      }
    }
  }
}
