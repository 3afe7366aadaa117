import PropertyTesting
import PushIR
import Testing

/// What the reader notes of member names: a document it says repeats none has no object
/// that names a member twice, as `==` compares names; any name it cannot compare by its
/// bytes (long, escaped, beyond ASCII) leaves the question to the duplicate-key walk.
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
    #expect(document.value == (try JSONReader.parse(Array(text.utf8))))
  }

  @Test func aCanonicallyEqualNameIsADuplicate() throws {
    // KELVIN SIGN decomposes to K: `==` finds the two names equal.
    let document = try Self.document(#"{"K":1,"\u212A":2}"#)
    #expect(document.value.containsDuplicateKeys)
  }

  /// On generated texts (objects that repeat names, escapes, text beyond ASCII), a
  /// document said to repeat no name has no repeated name.
  @Test func noRepeatedNameIsEverMissed() {
    var repeatsSeen = 0
    var provedFree = 0
    Property("reader's repeated names", defaultCases: 2000).check(record: {
      Issue.record("\($0)")
    }) { item in
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
    // The generated cases hold both kinds, so the property is tested both ways.
    #expect(repeatsSeen > 0 && provedFree > 0)
  }
}
