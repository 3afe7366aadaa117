import PushIR
import Testing

/// The reader builds objects, arrays and unescaped strings on stacks that start small and
/// move to the heap as they fill: documents on both sides of every switch read the same,
/// limits count per container, and a read that fails partway leaves nothing behind.
@Suite struct JSONReaderStackTests {
  /// Compact JSON text for `value`, whose strings need no escapes.
  private func text(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): flag ? "true" : "false"
    case .number(let number): number.lexeme
    case .string(let string): "\"" + string.string + "\""
    case .array(let elements): "[" + elements.map(text).joined(separator: ",") + "]"
    case .object(let object):
      "{" + object.members.map { "\"\($0.key)\":" + text($0.value) }.joined(separator: ",") + "}"
    }
  }

  /// An object of `count` members whose values alternate between scalars and `inner`.
  private func object(_ count: Int, inner: JSONValue?) -> JSONValue {
    .object(
      JSONObject(
        (0..<count).map { index in
          let value: JSONValue =
            if let inner, index % 3 == 1 { inner } else if index % 2 == 0 {
              .number(JSONNumber(index))
            } else { .string("v\(index) é") }
          return JSONObject.Member(key: "k\(index)", value: value)
        }))
  }

  @Test(arguments: [0, 1, 15, 16, 17, 40])
  func nestedObjectsAndArraysOfEverySizeReadAsWritten(count: Int) throws {
    var value: JSONValue = .array((0..<count).map { .number(JSONNumber($0)) })
    for level in 0..<4 {
      value =
        level % 2 == 0
        ? object(count, inner: value) : .array(Array(repeating: value, count: min(count, 3)) + [1])
    }
    #expect(try JSONReader.parse(Array(text(value).utf8)) == value)
  }

  @Test func deepNestingReadsAsWritten() throws {
    let depth = JSONReader.Limits.standard.maxDepth
    var value: JSONValue = "bottom"
    for level in 1..<depth {
      value = level % 2 == 0 ? .array([1, value, "x"]) : ["a": 1, "b": value, "c": "y"]
    }
    #expect(try JSONReader.parse(Array(text(value).utf8)) == value)
  }

  /// Cutting a document anywhere, or putting a byte no JSON holds anywhere, fails, also
  /// once its stacks have moved to the heap (what a failure left on them is freed with
  /// them); the whole document reads.
  @Test func cutOrCorruptDocumentsFail() throws {
    let value = object(
      20, inner: object(18, inner: .array((0..<20).map { .number(JSONNumber($0)) })))
    let bytes = Array(text(value).utf8)
    for end in stride(from: 0, to: bytes.count, by: 7) {
      #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array(bytes[..<end])) }
      var broken = bytes
      broken[end] = 0xFF
      #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(broken) }
    }
    #expect(try JSONReader.parse(bytes) == value)
  }

  /// Member and element limits count each container's own, not those of the containers
  /// around it that are still on the stack.
  @Test func limitsCountEachContainerOnItsOwn() throws {
    let limits = JSONReader.Limits(
      maxDepth: 8, maxBytes: 1 << 20, maxMembers: 3, maxElements: 3)
    let atLimit = #"{"a":[1,[2,3,4],{"x":1,"y":2,"z":3}],"b":{"p":[5,6,7],"q":1,"r":2},"c":3}"#
    #expect(throws: Never.self) { try JSONReader.parse(Array(atLimit.utf8), limits: limits) }

    let members = #"{"a":{"x":1,"y":2,"z":3},"b":2,"c":3,"d":4}"#
    let tooManyMembers = try #require(
      error(members, limits: limits), "a fourth member is one too many")
    #expect(tooManyMembers.kind == .tooManyMembers)
    #expect(tooManyMembers.message == "object with more than 3 members")
    // At the fourth member's name, the first byte beyond the limit, not at its value.
    #expect(tooManyMembers.offset == members.utf8.count - 6)

    let elements = #"[[1,2,3],[4,5,6],7,8]"#
    let tooManyElements = try #require(
      error(elements, limits: limits), "a fourth element is one too many")
    #expect(tooManyElements.kind == .tooManyElements)
    #expect(tooManyElements.message == "array with more than 3 elements")
    #expect(tooManyElements.offset == elements.utf8.count - 2)

    let inner = #"{"a":{"x":1,"y":2,"z":3,"w":4}}"#
    #expect(error(inner, limits: limits)?.offset == inner.utf8.count - 7)
  }

  /// Unescaped text is gathered on its own stack: strings longer than its first memory,
  /// escapes that write bytes beyond ASCII, and escapes in text that is otherwise ASCII.
  @Test(arguments: [1, 100, 1023, 1024, 1025, 5000])
  func longEscapedStringsReadAsWritten(length: Int) throws {
    let plain = String(repeating: "ab", count: length / 2)
    let cases: [(written: String, read: String)] = [
      (plain + #"\n"#, plain + "\n"),
      (#"\t"# + plain + #"\u00e9"# + plain, "\t" + plain + "é" + plain),
      (plain + #"\ud83d\ude00"# + "é" + plain + #"\\"#, plain + "😀é" + plain + "\\"),
      (#"\u0041"# + plain, "A" + plain),
    ]
    for (written, read) in cases {
      #expect(
        try JSONReader.parse(Array(("[\"" + written + "\",\"k\"]").utf8)) == [.string(read), "k"])
    }
    let invalid = Array(("\"" + plain + #"\n"#).utf8) + [0xC3, 0x28, 0x22]
    #expect(error(invalid)?.kind == .invalidUTF8)
    #expect(error(invalid)?.offset == plain.utf8.count + 3)
  }

  /// The error reading `text` throws, recorded as an issue when it throws none.
  private func error(_ text: String, limits: JSONReader.Limits = .standard) -> JSONSyntaxError? {
    error(Array(text.utf8), limits: limits)
  }

  /// The error reading `bytes` throws, recorded as an issue when it throws none.
  private func error(_ bytes: [UInt8], limits: JSONReader.Limits = .standard) -> JSONSyntaxError? {
    #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(bytes, limits: limits) }
  }
}
