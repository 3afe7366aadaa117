import PropertyTesting
import PushIR
import Testing

/// What the reader notes of member names: a document it says repeats none has no object
/// that names a member twice, as `==` compares names. Names of ASCII text, short or
/// long, escaped or not, are compared as read, so for them the answer is exact; a name
/// beyond ASCII (which may be canonically equal to one spelled otherwise) leaves the
/// question to the duplicate-key walk.
@Suite struct JSONReaderNameTests {
  static func document(_ text: String) throws -> JSONReader.Document {
    try JSONReader.parseDocument(Array(text.utf8)[...])
  }

  @Test(arguments: [
    (#"{"a":1,"b":{"a":2}}"#, false),
    (#"{"a":{"b":1},"b":2}"#, false),
    (#"[{"a":1,"b":2},{"a":3,"b":4}]"#, false),
    (#"{"aps":{"alert":{"title":"t","body":"b"}},"body":{"_k":"k"},"url":"u"}"#, false),
    (#"{"fifteen-bytes-x":1,"fifteen-bytes-y":2}"#, false),
    (#"{"a":1,"a":2}"#, true),
    (#"{"a":{"b":1},"a":2}"#, true),
    (#"{"x":[{"a":{"c":1,"c":2}}]}"#, true),
    (#"{"a":1,"\u0061":2}"#, true),
    (#"{"K":1,"\u212A":2}"#, true),
    (#"{"sixteen-bytes-xx":1,"b":2,"sixteen-bytes-xy":3}"#, false),
    (#"{"sixteen-bytes-xx":1,"b":2,"sixteen-bytes-xx":3}"#, true),
    (#"{"sixteen-bytes-xx":1,"b":2,"sixteen-bytes-x\u0078":3}"#, true),
    (#"{"é":1,"b":2}"#, true),
  ])
  func namesMayRepeat(_ text: String, _ mayRepeat: Bool) throws {
    let document = try Self.document(text)
    #expect(document.namesMayRepeat == mayRepeat)
    // What the suite promises: a document said to repeat no name has none, as the
    // duplicate-key walk (not the reader) finds.
    #expect(document.namesMayRepeat || !document.value.containsDuplicateKeys)
  }

  /// Names are compared as read up to a point: an object with more members is left to
  /// the duplicate-key walk, so that reading stays linear in the members.
  @Test func aLargeObjectIsLeftToTheWalk() throws {
    func object(_ count: Int) -> String {
      "{" + (0..<count).map { #""n\#($0)":\#($0)"# }.joined(separator: ",") + "}"
    }
    let limit = JSONReader.mostNamesCompared
    #expect(try !Self.document(object(limit)).namesMayRepeat)
    let large = try Self.document(object(limit + 1))
    #expect(large.namesMayRepeat && !large.value.containsDuplicateKeys)
  }

  @Test func aCanonicallyEqualNameIsADuplicate() throws {
    // KELVIN SIGN decomposes to K: `==` finds the two names equal.
    let document = try Self.document(#"{"K":1,"\u212A":2}"#)
    #expect(document.value.containsDuplicateKeys)
  }

  /// On generated texts (objects that repeat names, escapes, text beyond ASCII), a
  /// document said to repeat no name has no repeated name.
  @Test func noRepeatedNameIsEverMissed() {
    var cases = 0
    var repeatsSeen = 0
    var provedFree = 0
    Property("reader's repeated names", defaultCases: 2000).check(record: {
      Issue.record("\($0)")
    }) { item in
      cases += 1
      let value = JSONGenerator.value(&item.random, depth: 5)
      let text = JSONGenerator.spelling(of: value, &item.random)
      guard let document = try? JSONReader.parseDocument(text[...]) else {
        return item.fail("refused \(String(decoding: text, as: UTF8.self))")
      }
      item.expect(document.value == value, "read another value")
      if value.containsDuplicateKeys { repeatsSeen += 1 }
      if !document.namesMayRepeat { provedFree += 1 }
      item.expect(
        document.namesMayRepeat || !value.containsDuplicateKeys,
        "a repeated name was missed in \(String(decoding: text, as: UTF8.self))")
    }
    // A full run's cases hold both kinds, so the property is tested both ways (a replay
    // of one case cannot).
    if cases >= 100 { #expect(repeatsSeen > 0 && provedFree > 0) }
  }

  /// Objects whose names are ASCII, short and long (up to 30 bytes), some spelled with
  /// escapes, some repeated: the reader's answer is exact, the same as the walk's.
  @Test func asciiNamesAreAnsweredExactly() {
    let pool = [
      "a", "ab", "url", "title", "fifteen-bytes-x", "sixteen-bytes-xx", "sixteen-bytes-xy",
      "a-name-of-twenty-nine-bytes-x", "a-name-of-twenty-nine-bytes-y", "key_value_pairs",
    ]
    var random = SeededRandom(seed: 0x4E41_4D45)
    var repeats = 0
    for _ in 0..<1000 {
      var names: [String] = []
      var text = "{"
      for position in 0..<random.int(in: 1...12) {
        let name = random.pick(pool)
        names.append(name)
        // Sometimes the last letter escaped: the same name, spelled otherwise.
        let spelled =
          random.chance(25)
          ? name.dropLast() + "\\u00" + String(name.utf8.last!, radix: 16) : Substring(name)
        text += (position > 0 ? "," : "") + "\"\(spelled)\":\(position)"
      }
      text += "}"
      let document = try? Self.document(text)
      let repeated = Set(names).count != names.count
      if repeated { repeats += 1 }
      #expect(document?.namesMayRepeat == repeated, "\(text)")
      #expect(document?.value.containsDuplicateKeys == repeated, "\(text)")
    }
    #expect(repeats > 100 && repeats < 900)
  }
}
