import Foundation
import PropertyTesting
import PushIR
import Testing

@Suite struct JSONWriterTests {
  @Test func prettyIsTwoSpacesWithOrderKept() {
    let value: JSONValue = ["b": [1, true], "a": [:], "c": []]
    #expect(
      JSONWriter().string(value)
        == "{\n  \"b\": [\n    1,\n    true\n  ],\n  \"a\": {},\n  \"c\": []\n}")
    #expect(JSONWriter(style: .compact).string(value) == #"{"b":[1,true],"a":{},"c":[]}"#)
  }

  @Test func escapesOnlyWhatJSONRequires() {
    let text = "quote\" backslash\\ slash/ newline\n tab\t bell\u{7} del\u{7F} é ⚡"
    #expect(
      JSONWriter(style: .compact).string(.string(text))
        == #""quote\" backslash\\ slash/ newline\n tab\t bell\u0007 del"# + "\u{7F} é ⚡\"")
  }

  @Test func numbersKeepTheirSpelling() throws {
    let text = #"[1.0,1e2,-0,0.50,123456789012345678901234567890]"#
    #expect(JSONWriter(style: .compact).string(try JSONReader.parse(Array(text.utf8))) == text)
  }

  @Test func integerTextIsANumberOnlyAsJSONSpellsIt() {
    for text in [
      "42", "-7", "0", "-0", "8", "9223372036854775807", "123456789012345678901234567890",
    ] {
      #expect(JSONNumber(integer: text)?.lexeme == text)
    }
    for text in ["+5", "007", "-01", "00", "08", "-", "", "1.0", "1e2", " 1", "1 ", "\u{663}"] {
      #expect(JSONNumber(integer: text) == nil, "\(text)")
    }
  }

  /// Writer then reader is the identity, on both styles, for a value with every kind.
  @Test func writerThenReaderIsTheIdentity() throws {
    let value: JSONValue = [
      "s": "a\"b\\c\u{0}\u{1F}é😀", "n": .number(JSONNumber(lexeme: "-1.5E-7")), "t": true,
      "f": false, "z": nil,
      "a": [[], [:], ["k": "v"]], "dup": 1,
    ]
    for style in [JSONWriter.Style.compact, .pretty] {
      #expect(try JSONReader.parse(JSONWriter(style: style).bytes(value)) == value)
    }
  }

  /// Plain text is stepped over sixteen and eight bytes at a time: every byte that needs
  /// escaping, at every place in and around those, is escaped as a byte-by-byte writer does.
  @Test func escapesAtEveryPlaceInAWord() {
    let special: [UInt8] = Array(0x00...0x1F) + [0x22, 0x5C]
    let plain: [[UInt8]] = [
      Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8), Array("éà⚡😀 éabcdefgh配送状況 ü".utf8),
    ]
    for filler in plain {
      for byte in special + [0x20, 0x7F] {
        for place in 0...filler.count where place == filler.count || filler[place] & 0xC0 != 0x80 {
          var utf8 = filler
          utf8.insert(byte, at: place)
          let text = String(decoding: utf8, as: UTF8.self)
          #expect(
            JSONWriter(style: .compact).bytes(.string(text)) == ReferenceWriter.escaped(utf8),
            "byte \(byte) at \(place)")
        }
      }
    }
  }

  /// Text after its first escape is written in pieces sized to the room left in the
  /// output: long texts, full of escapes or nearly plain, after outputs of every length
  /// around a piece's size, are escaped as a byte-by-byte writer does.
  @Test func longTextsAreEscapedAcrossPieces() {
    let unit = Array("a\u{1}\"é\\配\n".utf8)
    for length in [1, 63, 64, 65, 200, 1000, 5000] {
      let dense = (0..<length).map { unit[$0 % unit.count] }
      let sparse = [0x0A] + [UInt8](repeating: UInt8(ascii: "x"), count: length)
      for utf8 in [dense, sparse] {
        let text = String(decoding: utf8, as: UTF8.self)
        for before in [0, 1, 100, 2000, 4000] {
          var output = [UInt8](repeating: UInt8(ascii: "-"), count: before)
          JSONWriter.writeString(text, into: &output)
          let expected =
            [UInt8](repeating: UInt8(ascii: "-"), count: before)
            + ReferenceWriter.escaped(Array(text.utf8))
          #expect(output == expected, "\(length) bytes after \(before)")
        }
      }
    }
  }

  /// Names hold the same escapes as strings: a byte of each kind that needs escaping (a
  /// short form, a `\u00XX` form, the lowest and highest control characters, the quote
  /// and the backslash), at every place in names and strings of every length up to past
  /// two words (those tested
  /// whole, those tested a word at a time, and those past sixteen bytes), in both styles.
  @Test func namesAndStringsOfEveryLengthEscapeEveryByte() {
    let filler = Array("abcdefghijé⚡klmnopqrstuvwxyz0123456789ABCDEFGH".utf8)
    for length in 0...40 {
      let plain = String(decoding: filler.prefix(length), as: UTF8.self)
      var utf8s = [Array(plain.utf8)]
      for byte: UInt8 in [0x00, 0x09, 0x0A, 0x1F, 0x22, 0x5C] {
        for place in 0...plain.utf8.count
        where place == plain.utf8.count
          || Array(plain.utf8)[place] & 0xC0 != 0x80
        {
          var utf8 = Array(plain.utf8)
          utf8.insert(byte, at: place)
          utf8s.append(utf8)
        }
      }
      for utf8 in utf8s {
        let text = String(decoding: utf8, as: UTF8.self)
        let value: JSONValue = [text: .string(text), "k": [.string(text), [:], []]]
        for style in [JSONWriter.Style.compact, .pretty] {
          #expect(
            JSONWriter(style: style).bytes(value) == ReferenceWriter(style: style).bytes(value),
            "\(style): \(utf8)")
        }
      }
    }
  }

  /// Texts longer than the room first made for them (2 KB) are moved to memory of their
  /// own, as often as they outgrow it: texts of every length around those sizes, after
  /// outputs of several lengths, are the reference writer's text.
  @Test func textsLongerThanTheirFirstRoom() {
    for count in [1, 2, 50, 70, 71, 72, 73, 140, 200, 1000] {
      for piece in ["abcdefghijklmnopqrstuv\"w", "配送状況はアプリで確認", "a\u{1}"] {
        let value: JSONValue = [
          "items": .array((0..<count).map { .string(piece + String($0)) }),
          "last": ["nested": [.string(String(repeating: piece, count: count))]],
        ]
        for style in [JSONWriter.Style.compact, .pretty] {
          let expected = ReferenceWriter(style: style).bytes(value)
          #expect(JSONWriter(style: style).bytes(value) == expected, "\(style) \(count)")
          for before in [0, 7, 2040, 5000] {
            var output = [UInt8](repeating: UInt8(ascii: "-"), count: before)
            JSONWriter(style: style).write(value, into: &output)
            #expect(
              output == [UInt8](repeating: UInt8(ascii: "-"), count: before) + expected,
              "\(style) \(count) after \(before)")
            #expect(output.capacity > output.count, "no room left for a newline")
          }
        }
      }
    }
  }

  /// Empty containers, nesting and non-ASCII names and strings, in both styles.
  @Test func emptyContainersAndNesting() {
    let value: JSONValue = [
      "": [], "{}": [:], "é⚡": [[[]], [[:]], ["a": [["b": nil]]]],
      "n": [1, .number(JSONNumber(lexeme: "-0.5e3")), "😀"],
    ]
    #expect(
      JSONWriter(style: .compact).string(value)
        == #"{"":[],"{}":{},"é⚡":[[[]],[{}],{"a":[{"b":null}]}],"n":[1,-0.5e3,"😀"]}"#)
    #expect(
      JSONWriter().string(value) == """
        {
          "": [],
          "{}": {},
          "é⚡": [
            [
              []
            ],
            [
              {}
            ],
            {
              "a": [
                {
                  "b": null
                }
              ]
            }
          ],
          "n": [
            1,
            -0.5e3,
            "😀"
          ]
        }
        """)
    for empty: JSONValue in [[], [:], "", nil, true, false, 0] {
      for style in [JSONWriter.Style.compact, .pretty] {
        #expect(JSONWriter(style: style).bytes(empty) == ReferenceWriter(style: style).bytes(empty))
      }
    }
  }

  /// The writer's text of generated values, in both styles, is the reference writer's.
  @Test func generatedValuesAreWrittenAsTheReferenceWriterWrites() {
    Property("JSON writer = reference writer", defaultCases: 1000).check(record: {
      Issue.record("\($0)")
    }) { item in
      let value = JSONGenerator.value(&item.random, depth: 6)
      for style in [JSONWriter.Style.compact, .pretty] {
        let expected = ReferenceWriter(style: style).bytes(value)
        item.expect(
          JSONWriter(style: style).bytes(value) == expected,
          "\(style): expected \(String(decoding: expected, as: UTF8.self))")
      }
    }
  }

  /// Foundation's own JSON reader reads the compact text of generated values (member
  /// names not repeated) as those values: strings and names exactly, numbers as the
  /// same `Double`.
  @Test func foundationReadsTheCompactText() {
    Property("JSON writer → JSONSerialization", defaultCases: 300).check(record: {
      Issue.record("\($0)")
    }) { item in
      let value = Self.foundationReadable(
        JSONGenerator.value(&item.random, depth: 6, duplicates: false))
      let text = JSONWriter(style: .compact).bytes(value)
      do {
        let read = try JSONSerialization.jsonObject(with: Data(text), options: .fragmentsAllowed)
        item.expect(
          Self.foundation(read, matches: value),
          "read \(read) from \(String(decoding: text, as: UTF8.self))")
      } catch {
        item.fail("refused \(String(decoding: text, as: UTF8.self)): \(error)")
      }
    }
  }

  /// `value` without what Foundation reads otherwise than JSON says: numbers beyond
  /// `Double` (refused) become 0, and U+FEFF (dropped) leaves strings and names; a name
  /// this repeats is renamed.
  private static func foundationReadable(_ value: JSONValue) -> JSONValue {
    switch value {
    case .null, .bool: return value
    case .number(let number):
      return (number.doubleValue ?? .infinity).isFinite ? value : 0
    case .string(let text):
      return .string(text.string.replacingOccurrences(of: "\u{FEFF}", with: ""))
    case .array(let elements): return .array(elements.map(foundationReadable))
    case .object(let object):
      var result = JSONObject()
      for member in object {
        var key = member.key.replacingOccurrences(of: "\u{FEFF}", with: "")
        while result[key] != nil { key += "~" }
        result.append(key, foundationReadable(member.value))
      }
      return .object(result)
    }
  }

  /// Whether `object`, as `JSONSerialization` reads it, is `value`.
  private static func foundation(_ object: Any, matches value: JSONValue) -> Bool {
    switch value {
    case .null: return object is NSNull
    case .bool(let flag): return (object as? Bool) == flag
    case .number(let number):
      guard let read = (object as? NSNumber)?.doubleValue, let written = number.doubleValue else {
        return false
      }
      return read == written || abs(read - written) <= abs(written) * 1e-9
    case .string(let string): return (object as? String) == string.string
    case .array(let elements):
      guard let read = object as? [Any], read.count == elements.count else { return false }
      return zip(read, elements).allSatisfy { foundation($0, matches: $1) }
    case .object(let members):
      guard let read = object as? [String: Any], read.count == members.count else { return false }
      return members.allSatisfy { member in
        read[member.key].map { foundation($0, matches: member.value) } ?? false
      }
    }
  }
}

/// The JSON text of a value as the writer is specified to write it, byte by byte with
/// no fast path: what ``JSONWriter`` must write, byte for byte, in both styles.
struct ReferenceWriter {
  let style: JSONWriter.Style

  func bytes(_ value: JSONValue) -> [UInt8] {
    var output: [UInt8] = []
    write(value, indent: 0, into: &output)
    return output
  }

  private func write(_ value: JSONValue, indent: Int, into output: inout [UInt8]) {
    switch value {
    case .null: output += Array("null".utf8)
    case .bool(let flag): output += Array((flag ? "true" : "false").utf8)
    case .number(let number): output += Array(number.lexeme.utf8)
    case .string(let text): output += Self.escaped(Array(text.string.utf8))
    case .array(let elements):
      guard !elements.isEmpty else { return output += Array("[]".utf8) }
      output.append(UInt8(ascii: "["))
      for (position, element) in elements.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        newline(indent + 1, into: &output)
        write(element, indent: indent + 1, into: &output)
      }
      newline(indent, into: &output)
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      guard !object.isEmpty else { return output += Array("{}".utf8) }
      output.append(UInt8(ascii: "{"))
      for (position, member) in object.members.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        newline(indent + 1, into: &output)
        output += Self.escaped(Array(member.key.utf8))
        output += Array((style == .pretty ? ": " : ":").utf8)
        write(member.value, indent: indent + 1, into: &output)
      }
      newline(indent, into: &output)
      output.append(UInt8(ascii: "}"))
    }
  }

  private func newline(_ indent: Int, into output: inout [UInt8]) {
    guard style == .pretty else { return }
    output.append(UInt8(ascii: "\n"))
    output += [UInt8](repeating: UInt8(ascii: " "), count: indent * 2)
  }

  /// `utf8` quoted, with `"`, `\\` and control characters escaped.
  static func escaped(_ utf8: [UInt8]) -> [UInt8] {
    var output: [UInt8] = [0x22]
    for byte in utf8 {
      switch byte {
      case 0x22: output += Array(#"\""#.utf8)
      case 0x5C: output += Array(#"\\"#.utf8)
      case 0x08: output += Array(#"\b"#.utf8)
      case 0x0C: output += Array(#"\f"#.utf8)
      case 0x0A: output += Array(#"\n"#.utf8)
      case 0x0D: output += Array(#"\r"#.utf8)
      case 0x09: output += Array(#"\t"#.utf8)
      case ..<0x20:
        let digits = Array("0123456789abcdef".utf8)
        output += Array(#"\u00"#.utf8) + [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
      default: output.append(byte)
      }
    }
    return output + [0x22]
  }
}
