import PropertyTesting
import PushIR
import Testing

/// Properties of ``IRText``: a text the reader hands out as a range of the document,
/// however the document spells it (plain, with the writer's own escapes kept as written,
/// or with other escapes undone), is the same text as one made from the `String` it
/// spells, and is written back as the writer writes that `String`.
@Suite struct IRTextProperties {
  /// Read from any spelling of a string, a text equals the text of that string, hashes
  /// as it does, reads as its bytes, and is written as it is.
  @Test func aTextReadFromAnySpellingIsTheTextOfItsString() {
    Property("IRText read ≡ IRText made", defaultCases: 2000).check(record: {
      Issue.record("\($0)")
    }) { item in
      let string = JSONGenerator.string(&item.random)
      let made = IRText(string)
      let spelling = JSONGenerator.spelling(of: .string(made), &item.random)
      guard case .string(let read)? = try? JSONReader.parse(spelling) else {
        return item.expect(false, "\(string.debugDescription) did not read back as a string")
      }
      let shown = "\(string.debugDescription) spelled \(String(decoding: spelling, as: UTF8.self))"
      item.expect(read == made && made == read, "not equal: \(shown)")
      item.expect(read == string && string == read, "not equal to the String: \(shown)")
      item.expect(read.hashValue == made.hashValue, "hashes differ: \(shown)")
      item.expect(Array(read.string.utf8) == Array(string.utf8), "reads otherwise: \(shown)")
      item.expect(read.utf8Count == string.utf8.count, "counts \(read.utf8Count): \(shown)")
      item.expect(read.isEmpty == string.isEmpty, "emptiness differs: \(shown)")
      item.expect(read.firstByte == string.utf8.first, "first byte differs: \(shown)")
      let writer = JSONWriter(style: .compact)
      item.expect(
        writer.bytes(.string(read)) == writer.bytes(.string(made)),
        "written otherwise than its string: \(shown)")
    }
  }

  /// Texts are compared by their bytes, as iOS compares identifiers: canonically
  /// equivalent spellings of one character are two texts, which two `String`s are not.
  @Test func canonicallyEquivalentTextsAreDifferentTexts() throws {
    let precomposed = "\u{E9}"
    let decomposed = "e\u{301}"
    #expect(precomposed == decomposed)
    #expect(IRText(precomposed) != IRText(decomposed))
    let read = try JSONReader.parse(Array("[\"\u{E9}\",\"\\u00e9\",\"e\u{301}\"]".utf8))
    let texts = try #require(read.arrayValue).compactMap(\.textValue)
    #expect(texts.count == 3)
    #expect(texts[0] == texts[1])
    #expect(texts[0] != texts[2])
  }

  /// A text kept with the writer's escapes is written back as it was read; one with an
  /// escape the writer spells otherwise is written as the writer spells its string.
  @Test func keptEscapesAreWrittenAsReadAndOthersAsTheWriterSpellsThem() throws {
    let writer = JSONWriter(style: .compact)
    for (spelled, written) in [
      (#""a\"b\\c\nd\te""#, #""a\"b\\c\nd\te""#),
      (#""a\/b\u0041\u00e9\n""#, "\"a/bA\u{E9}\\n\""),
      (#""\u001f""#, #""\u001f""#),
    ] {
      let value = try JSONReader.parse(Array(spelled.utf8))
      #expect(writer.string(value) == written, "\(spelled)")
    }
  }
}
