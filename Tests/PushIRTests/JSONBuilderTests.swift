import PropertyTesting
import PushIR
import Testing

/// The two ``JSONBuilder``s: the value one rebuilds what is written into it, the text one
/// writes the compact writer's bytes, whatever the nesting, the names and the length.
@Suite struct JSONBuilderTests {
  /// Containers, empty ones, names needing escapes and a text longer than the room a
  /// text starts with (so the text builder moves to memory of its own).
  static let values: [JSONValue] = [
    .null, true, 0, "plain", [], [:], [[], [:], [[]]],
    ["": "", "quote\"": "back\\slash", "tab\t": "line\nfeed", "\u{1}": "\u{1F}"],
    ["a": ["b": ["c": [1, "two", .null, false, ["d": [:]]]]], "e": []],
    ["long": .string(String(repeating: "é\"x\\", count: 1500)), "after": 1],
    .array((0..<300).map { .string("element \($0) ☃") }),
  ]

  @Test(arguments: values)
  func bothBuildersAgreeWithTheWriter(_ value: JSONValue) {
    for seed in 1...8 as ClosedRange<UInt64> {
      let built = JSONBuilderReplay.build(value, choosing: SeededRandom(seed: seed))
      #expect(built.value == value)
      #expect(built.text == JSONWriter(style: .compact).bytes(value))
    }
  }

  @Test func membersAreWrittenInOrderWithoutChecks() {
    func build(_ builder: inout some JSONBuilder) {
      builder.beginObject()
      builder.member(PreparedString("a"), string: "1")
      builder.member(PreparedString("a"), number: JSONNumber(2))
      builder.member(PreparedString("b"), ifPresent: nil)
      builder.member(PreparedString("c"), ifPresent: "3")
      builder.member(PreparedString("d"), object: { $0.member("e", .array([.null])) })
      builder.endObject()
    }
    var tree = JSONValueBuilder()
    build(&tree)
    #expect(tree.builtValue == ["a": "1", "a": 2, "c": "3", "d": ["e": [.null]]])
    let text = JSONWriter.compactText { build(&$0) }
    #expect(String(decoding: text, as: UTF8.self) == #"{"a":"1","a":2,"c":"3","d":{"e":[null]}}"#)
  }

  /// Prepared names and values, short or too long to keep prepared (22 and 23 bytes of
  /// text, 24 and 25 quoted), escaped or not, write as any other string, first in their
  /// object or after a comma.
  @Test(arguments: [
    "", "a", "quote\"", "tab\t", "\u{1}", "é☃", "twenty-two bytes long.",
    "twenty-three bytes long",
    String(repeating: "long ", count: 20),
  ])
  func preparedStringsWriteAsAnyOther(_ text: String) {
    let prepared = PreparedString(text)
    func build(_ builder: inout some JSONBuilder) {
      builder.beginObject()
      builder.member(prepared, string: prepared)
      builder.member(prepared, .array([]))
      builder.name(prepared)
      builder.beginArray()
      builder.string(prepared)
      builder.string(prepared)
      builder.endArray()
      builder.endObject()
    }
    let expected: JSONValue = .object(
      JSONObject([
        .init(key: text, value: .string(text)), .init(key: text, value: []),
        .init(key: text, value: [.string(text), .string(text)]),
      ]))
    var tree = JSONValueBuilder()
    build(&tree)
    #expect(tree.builtValue == expected)
    #expect(JSONWriter.compactText { build(&$0) } == JSONWriter(style: .compact).bytes(expected))
  }

  /// Failure raised while building.
  struct Stop: Error, Equatable {}

  /// What the body throws comes out of `compactText`, after the text outgrew its room.
  @Test func aThrowingBodysErrorComesOut() {
    #expect(throws: Stop()) {
      _ = try JSONWriter.compactText { (builder: inout JSONTextBuilder) throws(Stop) in
        builder.beginObject()
        builder.member(PreparedString("long"), string: String(repeating: "x", count: 5000))
        throw Stop()
      }
    }
  }

  @Test func anEmptyArrayAndNothingAreBuiltAsSuch() {
    var empty = JSONValueBuilder()
    empty.beginArray()
    empty.endArray()
    #expect(empty.builtValue == [])
    #expect(JSONValueBuilder().builtValue == .null)
  }
}

/// Writes a value into a builder the way emitters do: containers opened, filled and
/// closed, or, at random, handed over whole.
enum JSONBuilderReplay {
  /// `value` written into each builder with the same choices from `random`: what the
  /// value builder built and what the text builder wrote.
  static func build(_ value: JSONValue, choosing random: SeededRandom) -> (
    value: JSONValue, text: [UInt8]
  ) {
    var choices = random
    var tree = JSONValueBuilder()
    write(value, into: &tree, random: &choices)
    choices = random
    let text = JSONWriter.compactText { write(value, into: &$0, random: &choices) }
    return (tree.builtValue, text)
  }

  static func write(
    _ value: JSONValue, into builder: inout some JSONBuilder, random: inout SeededRandom
  ) {
    switch value {
    case .string(let text) where random.chance(50): builder.string(text)
    case .number(let number) where random.chance(50): builder.number(number)
    case .array(let elements) where random.chance(80):
      builder.beginArray()
      for element in elements { write(element, into: &builder, random: &random) }
      builder.endArray()
    case .object(let object) where random.chance(80):
      builder.beginObject()
      for member in object {
        builder.name(member.key)
        write(member.value, into: &builder, random: &random)
      }
      builder.endObject()
    default: builder.value(value)
    }
  }
}
