import PushIR
import Testing

@Suite struct JSONPointerTests {
  @Test func escapesTildeAndSlash() {
    let pointer = JSONPointer.root.appending("a/b").appending("m~n").appending(0)
    #expect(pointer.description == "/a~1b/m~0n/0")
    #expect(JSONPointer("/a~1b/m~0n/0") == pointer)
    #expect(JSONPointer("").tokens.isEmpty)
    #expect(JSONPointer("/").tokens == [""])
  }

  /// A `/` or `~` that a combining character follows is escaped all the same: the
  /// escaping works on Unicode scalars, not on characters.
  @Test func escapesBeforeCombiningCharacters() {
    for token in ["/\u{200D}", "~\u{301}", "a/\u{20DD}~\u{200D}b"] {
      let pointer = JSONPointer.root.appending(token)
      #expect(!pointer.description.dropFirst().unicodeScalars.contains("/"), "\(token)")
      #expect(pointer.tokens == [token])
    }
    #expect(JSONPointer("/~1\u{200D}").tokens == ["/\u{200D}"])
  }

  @Test func findsValues() {
    let document: JSONValue = ["aps": ["alert": ["title": "Hi"]], "list": [10, 20]]
    #expect(document.value(at: "/aps/alert/title") == "Hi")
    #expect(document.value(at: "/list/1") == 20)
    #expect(document.value(at: "/list/2") == nil)
    #expect(document.value(at: "/missing") == nil)
  }

  @Test func removingDuplicatesKeepsTheLastAndSaysWhere() throws {
    var value = try JSONReader.parse(Array(#"{"a": 1, "b": {"c": 1, "c": 2}, "a": 3}"#.utf8))
    #expect(value.removeDuplicateKeys() == ["/a", "/b/c"])
    #expect(value == ["b": ["c": 2], "a": 3])
    #expect(value.removeDuplicateKeys().isEmpty)
  }
}

/// ``JSONValue/value(at:)`` walks the pointer's text token by token; it finds what
/// stepping through ``JSONPointer/tokens`` one pointer at a time finds.
@Suite struct JSONPointerWalkTests {
  static let document: JSONValue = [
    "a": ["b": [10, ["c/d": "slash", "e~f": "tilde", "": ["": "empty"]]]],
    "": "root-empty", "x": [],
  ]

  /// One token at a time, each as a pointer of its own.
  static func walked(_ value: JSONValue, _ tokens: [String]) -> JSONValue? {
    tokens.reduce(Optional(value)) { current, token in
      current?.value(at: JSONPointer(tokens: [token]))
    }
  }

  @Test(arguments: [
    "", "/", "/a", "/a/b", "/a/b/0", "/a/b/1/c~1d", "/a/b/1/e~0f", "/a/b/1//", "/a/b/2",
    "/a/b/-1", "/a/b/01", "/x/0", "/a/", "no-slash", "a/b", "//", "/a/b/1/c/d",
  ])
  func walkingTheTextFindsWhatTheTokensFind(_ text: String) {
    let pointer = JSONPointer(text)
    #expect(Self.document.value(at: pointer) == Self.walked(Self.document, pointer.tokens))
  }
}
