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
            JSONWriter(style: .compact).bytes(.string(text)) == Self.escapedOneByteAtATime(utf8),
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
            + Self.escapedOneByteAtATime(Array(text.utf8))
          #expect(output == expected, "\(length) bytes after \(before)")
        }
      }
    }
  }

  private static func escapedOneByteAtATime(_ utf8: [UInt8]) -> [UInt8] {
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
