import PushIR
import Testing

/// Short plain ASCII strings are read in one step, and common names are not made at all:
/// every string reads as the general path reads it, whatever its length, its bytes, what
/// follows it and how near the end of the document it is.
@Suite struct JSONReaderShortStringTests {
  /// Texts of every length around the one-step bound of fifteen bytes, plain and not.
  private static let texts: [String] = (0...18).flatMap { length -> [String] in
    let plain = String(String(repeating: "abcdefghij", count: 2).prefix(length))
    guard length > 0 else { return [plain] }
    return [
      plain, "é" + plain.dropFirst(), plain.dropLast() + "é", plain.dropLast() + "\\n",
      "\\u0041" + plain, plain.dropLast() + "\\\"",
    ]
  }

  /// Names the reader knows, and others that share their slots or differ by one byte.
  private static let names = [
    "aps", "alert", "body", "title", "mutable-content", "default", "value", "_k", "relevance-score",
    "priority", "subtitle", "critical", "path", "content-available", "ap", "apsx", "Body",
    "mutable-contenT", "",
  ]

  /// What the reader must make of `written`: `JSONSerialization`-free, by the escapes the
  /// texts above use.
  private func unescaped(_ written: String) -> String {
    written.replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(
      of: "\\u0041", with: "A"
    ).replacingOccurrences(of: "\\\"", with: "\"")
  }

  @Test func readsStringsOfEveryLengthAnywhere() throws {
    for written in Self.texts + Self.names {
      let expected = JSONValue.string(unescaped(written))
      // At the end of the document (fewer than sixteen bytes after the quote), and with
      // more text after it, as a value and as a member name.
      #expect(try JSONReader.parse(Array("\"\(written)\"".utf8)) == expected)
      let padded = "[\"\(written)\", \"\(String(repeating: "z", count: 20))\"]"
      #expect(
        try JSONReader.parse(Array(padded.utf8)) == [
          expected, .string(String(repeating: "z", count: 20)),
        ])
      let member = "{\"\(written)\": \"\(written)\", \"x\": 1}"
      let object = try #require(try JSONReader.parse(Array(member.utf8)).objectValue)
      #expect(object.keys == [unescaped(written), "x"])
      #expect(object[unescaped(written)] == expected)
    }
  }

  @Test func shortStringsStillStopAtControlCharactersAndBadBytes() throws {
    for length in 0...16 {
      let prefix = Array(String(repeating: "a", count: length).utf8)
      let suffix = Array("\", \"zzzzzzzzzzzzzzzzzzzz\"]".utf8)
      for (bad, kind) in [
        (UInt8(0x01), JSONSyntaxError.Kind.controlCharacter), (0xFF, .invalidUTF8),
      ] {
        do {
          _ = try JSONReader.parse([0x5B, 0x22] + prefix + [bad] + suffix)
          Issue.record("a bad byte after \(length) bytes was read")
        } catch {
          #expect(error.kind == kind)
          #expect(error.offset == length + 2)
        }
      }
    }
  }

  @Test func shortStringsAreHeldToTheStringLimit() throws {
    let limits = JSONReader.Limits(maxDepth: 8, maxBytes: 1 << 20, maxStringBytes: 4)
    let document = #"{"alert": 1, "padding": "zzzzzzzzzzzzzzzzzzzz"}"#
    do {
      _ = try JSONReader.parse(Array(document.utf8), limits: limits)
      Issue.record("a five-byte name was read under a four-byte limit")
    } catch {
      #expect(error.kind == .tooLongString)
      #expect(error.offset == 1)
    }
    #expect(throws: Never.self) {
      try JSONReader.parse(Array(#"{"aps": 1, "x": "zzzz"}"#.utf8), limits: limits)
    }
  }

  @Test func numbersOfOneDigitAndMoreKeepTheirSpelling() throws {
    let lexemes =
      (0...9).map(String.init) + ["-0", "-7", "10", "99", "0.5", "1e2", "123456789012345678"]
    for lexeme in lexemes {
      #expect(try JSONReader.parse(Array(lexeme.utf8)) == .number(JSONNumber(lexeme: lexeme)))
      let member = try JSONReader.parse(
        Array("{\"n\": \(lexeme), \"padding\": \"zzzzzzzzzzzzzzzz\"}".utf8))
      #expect(member["n"]?.numberValue?.lexeme == lexeme)
    }
  }

  @Test func escapesAtTheEndOfTheInputFailAsBefore() {
    for (text, kind, offset) in [
      (#""abc\"#, JSONSyntaxError.Kind.unexpectedEnd, 5), (#""abc\x""#, .invalidEscape, 4),
      (#""abc\u00"#, .unexpectedEnd, 8), (#""\"#, .unexpectedEnd, 2),
    ] {
      do {
        _ = try JSONReader.parse(Array(text.utf8))
        Issue.record("\(text) was read")
      } catch {
        #expect(error.kind == kind && error.offset == offset, "\(text)")
      }
    }
  }
}
