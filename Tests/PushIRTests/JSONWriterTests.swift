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
}
