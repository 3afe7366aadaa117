import PushIR
import Testing

@Suite struct JSONReaderTests {
  private func parse(_ text: String, limits: JSONReader.Limits = .standard) throws(JSONSyntaxError)
    -> JSONValue
  {
    try JSONReader.parse(Array(text.utf8), limits: limits)
  }

  private func error(_ bytes: [UInt8], limits: JSONReader.Limits = .standard) -> JSONSyntaxError? {
    do {
      _ = try JSONReader.parse(bytes, limits: limits)
      return nil
    } catch {
      return error
    }
  }

  private func error(_ text: String) -> JSONSyntaxError? { error(Array(text.utf8)) }

  /// UTF-16 text is told by its byte order mark or by an ASCII character beside a zero
  /// byte, in either order; other starts are not taken for it.
  @Test func utf16TextIsToldByItsFirstTwoBytes() {
    for (first, second) in [(0xFF, 0xFE), (0xFE, 0xFF), (0x7B, 0x00), (0x00, 0x5B)]
      as [(UInt8, UInt8)]
    {
      #expect(JSONSyntaxError.looksLikeUTF16(first, second), "\(first) \(second)")
    }
    for (first, second) in [(0x7B, 0x22), (0x00, 0x00), (0xEF, 0xBB), (0xC3, 0x00), (0x00, 0xA9)]
      as [(UInt8, UInt8)]
    {
      #expect(!JSONSyntaxError.looksLikeUTF16(first, second), "\(first) \(second)")
    }
  }

  @Test func keepsMemberOrderAndNumberSpelling() throws {
    let value = try parse(#"{"z": 1.0, "a": 1e2, "m": -0, "big": 123456789012345678901234567890}"#)
    #expect(value.objectValue?.keys == ["z", "a", "m", "big"])
    #expect(value["z"] == .number(JSONNumber(lexeme: "1.0")))
    #expect(value["a"]?.numberValue?.lexeme == "1e2")
    #expect(value["m"]?.numberValue?.lexeme == "-0")
    #expect(value["big"]?.numberValue?.lexeme == "123456789012345678901234567890")
  }

  @Test func tellsOneFromTrue() throws {
    let value = try parse(#"[1, true, "1", null, false]"#)
    #expect(value == .array([1, true, "1", .null, false]))
    #expect(JSONValue.number(JSONNumber(1)) != .bool(true))
  }

  @Test func decodesEscapesAndUnicode() throws {
    let value = try parse(#""a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00 ⚡""#)
    #expect(value == .string("a\"b\\c/d\u{8}\u{c}\n\r\té😀 ⚡"))
  }

  @Test func lastDuplicateKeyWinsOnLookupAndBothAreKept() throws {
    let value = try parse(#"{"a": 1, "a": 2}"#)
    #expect(value["a"] == 2)
    #expect(value.objectValue?.count == 2)
    #expect(value.containsDuplicateKeys)
  }

  /// Repeated names are found at any depth, inside arrays too; names of one length
  /// that differ are not taken for repeats; canonically equivalent names of different
  /// lengths (the Kelvin sign is a `K`) are repeats, as lookups take them.
  @Test func findsRepeatedNamesAtAnyDepth() throws {
    #expect(try parse(#"[{"a": [1, {"b": {"cd": 1, "ce": 2, "cd": 3}}]}]"#).containsDuplicateKeys)
    #expect(try parse(#"{"x": [[{"k": 1, "k": 2}]]}"#).containsDuplicateKeys)
    #expect(try parse(#"{"x": {"K": 1, "\u212A": 2}}"#).containsDuplicateKeys)
    #expect(try parse(#"{"x": {"caf\u00e9": 1, "cafe\u0301": 2}}"#).containsDuplicateKeys)
    #expect(
      !(try parse(#"{"ab": 1, "ac": 2, "b": [{"ab": 1}, {"ab": 2}], "c": {"ab": {}}}"#)
        .containsDuplicateKeys))
  }

  @Test func skipsAByteOrderMark() throws {
    #expect(try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8)) == .object(JSONObject()))
  }

  @Test(arguments: [
    ("", JSONSyntaxError.Kind.emptyInput, 1, 1),
    ("  \n ", .emptyInput, 2, 2),
    ("{", .unexpectedEnd, 1, 2),
    ("[1,]", .unexpectedCharacter, 1, 4),
    ("{\"a\" 1}", .unexpectedCharacter, 1, 6),
    ("{a: 1}", .unexpectedCharacter, 1, 2),
    ("tru", .unexpectedEnd, 1, 4),
    ("nul1", .unexpectedCharacter, 1, 1),
    ("01", .invalidNumber, 1, 1),
    ("1.", .unexpectedEnd, 1, 3),
    ("-", .unexpectedEnd, 1, 2),
    ("1e+", .unexpectedEnd, 1, 4),
    ("1.x", .invalidNumber, 1, 3),
    ("-x", .invalidNumber, 1, 2),
    ("1e+x", .invalidNumber, 1, 4),
    ("{}\n{}", .trailingContent, 2, 1),
    ("\"a\u{1}\"", .controlCharacter, 1, 3),
    ("\"\\x\"", .invalidEscape, 1, 2),
    ("\"\\u12G4\"", .invalidEscape, 1, 6),
    ("\"\\ud800\"", .loneSurrogate, 1, 2),
    ("\"\\udc00\"", .loneSurrogate, 1, 2),
    ("\"\\ud800\\u0041\"", .loneSurrogate, 1, 2),
    ("\"abc", .unexpectedEnd, 1, 5),
  ])
  func rejectsWithKindAndPosition(
    _ text: String, _ kind: JSONSyntaxError.Kind, _ line: Int, _ column: Int
  ) throws {
    let found = try #require(error(text))
    #expect(found.kind == kind)
    #expect(found.line == line)
    #expect(found.column == column)
  }

  @Test(
    arguments: [
      [0x22, 0xFF, 0x22],  // not a UTF-8 byte
      [0x22, 0xC0, 0xAF, 0x22],  // overlong '/'
      [0x22, 0xE0, 0x80, 0xAF, 0x22],  // overlong three-byte
      [0x22, 0xED, 0xA0, 0x80, 0x22],  // encoded surrogate
      [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
      [0x22, 0xE2, 0x82, 0x22],  // truncated sequence
    ] as [[UInt8]])
  func rejectsInvalidUTF8(_ bytes: [UInt8]) throws {
    let found = try #require(error(bytes))
    #expect(found.kind == .invalidUTF8)
    #expect(found.offset == 1)
  }

  @Test(
    arguments: [
      ([0x22, 0x5C, 0x6E, 0xFF, 0x22], 3),  // after an escape
      ([0x22, 0xC3, 0xA9, 0x5C, 0x75, 0x30, 0x30, 0x34, 0x31, 0xC3, 0x22], 9),  // after é and \u0041
      ([0x22, 0x61, 0xE2, 0x82, 0x5C, 0x6E, 0x22], 2),  // a sequence cut by an escape
    ] as [([UInt8], Int)])
  func locatesInvalidUTF8BesideEscapes(_ bytes: [UInt8], _ offset: Int) throws {
    let found = try #require(error(bytes))
    #expect(found.kind == .invalidUTF8)
    #expect(found.offset == offset)
  }

  @Test(
    arguments: [
      ([0x22, 0xC3, 0xA9, 0x5C], JSONSyntaxError.Kind.unexpectedEnd),  // é, then a cut escape
      ([0x22, 0xC3, 0xA9, 0x5C, 0x75, 0x30], .unexpectedEnd),  // é, then a cut \u escape
      ([0x22, 0xC3, 0xA9, 0x5C, 0x71, 0x22], .invalidEscape),  // é, then \q
      ([0x22, 0xFF, 0x5C], .invalidUTF8),  // an invalid byte, then a cut escape
    ] as [([UInt8], JSONSyntaxError.Kind)])
  func reportsWhatStoppedAStringWithTextBeyondASCII(_ bytes: [UInt8], _ kind: JSONSyntaxError.Kind)
    throws
  {
    #expect(try #require(error(bytes)).kind == kind)
  }

  @Test func keepsEscapedAndRawTextTogether() throws {
    let value = try JSONReader.parse(Array(#""é\n\u00e9\ud83d\ude00😀\"x""#.utf8))
    #expect(value == .string("é\né😀😀\"x"))
  }

  @Test func nestingJustUnderTheLimitIsReadAndJustOverIsRejected() throws {
    let limits = JSONReader.Limits(maxDepth: 10, maxBytes: 1 << 20)
    let ok = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
    let deep = String(repeating: "[", count: 11) + String(repeating: "]", count: 11)
    #expect(throws: Never.self) { try parse(ok, limits: limits) }
    #expect(error(Array(deep.utf8), limits: limits)?.kind == .tooDeep)
    #expect(error(Array(deep.utf8), limits: limits)?.column == 11)
  }

  @Test func theStandardDepthLimitHoldsForObjectsToo() throws {
    let depth = JSONReader.Limits.standard.maxDepth
    let ok =
      String(repeating: "{\"a\":", count: depth - 1) + "{}"
      + String(repeating: "}", count: depth - 1)
    let deep =
      String(repeating: "{\"a\":", count: depth) + "{}" + String(repeating: "}", count: depth)
    #expect(throws: Never.self) { try parse(ok) }
    #expect(error(deep)?.kind == .tooDeep)
  }

  @Test func sizeJustUnderTheLimitIsReadAndJustOverIsRejected() throws {
    let limits = JSONReader.Limits(maxDepth: 8, maxBytes: 16)
    #expect(throws: Never.self) {
      try parse("\"" + String(repeating: "x", count: 14) + "\"", limits: limits)
    }
    #expect(
      error(Array(("\"" + String(repeating: "x", count: 15) + "\"").utf8), limits: limits)?.kind
        == .tooLarge)
  }

  @Test func stringsAtTheStandardLimitAreReadAndOneByteMoreIsRejected() throws {
    let limit = JSONReader.Limits.standard.maxStringBytes
    let ok = "{\"k\": \"" + String(repeating: "é", count: limit / 2) + "\"}"
    let long = "{\"k\": \"" + String(repeating: "é", count: limit / 2) + "x\"}"
    #expect(throws: Never.self) { try parse(ok) }
    let found = try #require(error(Array(long.utf8)))
    #expect(found.kind == .tooLongString)
    #expect(found.offset == 6)
    // Escapes count as written, and member names are held to the same limit.
    let escaped = "[\"" + String(repeating: "\\n", count: limit / 2) + "x\"]"
    #expect(error(Array(escaped.utf8))?.kind == .tooLongString)
    let name = "{\"" + String(repeating: "k", count: limit + 1) + "\": 1}"
    #expect(error(Array(name.utf8))?.kind == .tooLongString)
  }

  @Test func membersAtTheStandardLimitAreReadAndOneMoreIsRejected() throws {
    let limit = JSONReader.Limits.standard.maxMembers
    func object(_ count: Int) -> String {
      "{" + (0..<count).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}"
    }
    #expect(throws: Never.self) { try parse(object(limit)) }
    let over = object(limit + 1)
    let tooMany = try #require(error(Array(over.utf8)))
    #expect(tooMany.kind == .tooManyMembers)
    // The first byte beyond the limit: the opening quote of the extra member's name.
    let name = "\"k\(limit)\""
    #expect(tooMany.offset == over.utf8.count - "\(name): \(limit)}".utf8.count)
  }

  @Test func elementsAtTheStandardLimitAreReadAndOneMoreIsRejected() throws {
    let limit = JSONReader.Limits.standard.maxElements
    func array(_ count: Int) -> String {
      "[" + Array(repeating: "0", count: count).joined(separator: ",") + "]"
    }
    #expect(throws: Never.self) { try parse(array(limit)) }
    #expect(error(Array(array(limit + 1).utf8))?.kind == .tooManyElements)
  }

  /// Plain text is stepped over sixteen and eight bytes at a time: a quote, an escape, a
  /// control character or a byte that is not UTF-8, at every place in and around those, is
  /// found where a byte-by-byte reader finds it, and text beyond ASCII just after the
  /// string does not change how the string is read.
  @Test func findsWhatEndsPlainTextAtEveryPlaceInAWord() throws {
    for filler in ["abcdefghijklmnopqrstuvwxyz0123456789", "éà⚡😀 éabcdefgh配送状況 ü"] {
      let utf8 = Array(filler.utf8)
      for place in 0...utf8.count where place == utf8.count || utf8[place] & 0xC0 != 0x80 {
        let before = Array(utf8[..<place])
        let after = Array(utf8[place...])
        let head = String(decoding: before, as: UTF8.self)
        let tail = String(decoding: after, as: UTF8.self)
        #expect(try JSONReader.parse([0x22] + before + [0x22]) == .string(head))
        #expect(
          try JSONReader.parse([0x5B, 0x22] + before + Array(#"", "é"]"#.utf8))
            == [.string(head), "é"])
        #expect(
          try JSONReader.parse([0x22] + before + Array(#"\n\""#.utf8) + after + [0x22])
            == .string(head + "\n\"" + tail))
        let control = try #require(error([0x22] + before + [0x1F] + after + [0x22]))
        #expect(control.kind == .controlCharacter && control.offset == place + 1)
        let invalid = try #require(error([0x22] + before + [0xFF] + after + [0x22]))
        #expect(invalid.kind == .invalidUTF8 && invalid.offset == place + 1)
        let open = try #require(error([0x22] + before))
        #expect(open.kind == .unexpectedEnd && open.offset == place + 1)
      }
    }
  }
}
