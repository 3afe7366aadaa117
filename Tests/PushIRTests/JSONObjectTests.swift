import PropertyTesting
import PushIR
import Testing

/// Looking a key up in a ``JSONObject`` answers as a search of its members with `==`
/// would, however the lookup is done: keys that are canonically equivalent but spelled
/// differently (`é` precomposed or not, the Kelvin sign and `K`), of any length, after
/// any change. Taking an object hands its members over whole.
@Suite struct JSONObjectTests {
  static let keys = [
    "a", "K", "\u{212A}", "é", "e\u{301}", "aps", "body", "_k", "url", "\u{FEFF}", "",
    String(repeating: "x", count: 64), String(repeating: "y", count: 128), "ü", "ab",
  ]

  static func searched(_ object: JSONObject, _ key: String) -> JSONValue? {
    object.members.last { $0.key == key }?.value
  }

  @Test func everyLookupMatchesASearch() {
    Property("JSONObject lookup = search", defaultCases: 3000).check(record: {
      Issue.record("\($0)")
    }) { item in
      var object =
        item.random.chance(50)
        ? JSONObject() : JSONObject(capacity: item.random.int(in: 0...4))
      for step in 0..<item.random.int(in: 0...8) {
        let key = item.random.pick(Self.keys)
        switch item.random.below(4) {
        case 0: object[key] = nil
        case 1: object[key] = .number(JSONNumber(step))
        default: object.append(key, .number(JSONNumber(step)))
        }
      }
      if item.random.chance(30) { object = JSONObject(object.members) }
      for key in Self.keys {
        item.expect(
          object[key] == Self.searched(object, key),
          "\(key.debugDescription) in \(object.keys.map(\.debugDescription))")
      }
    }
  }

  @Test func equivalentSpellingsFindEachOther() {
    var object = JSONObject()
    object.append("\u{212A}", 1)
    object.append("e\u{301}", 2)
    #expect(object["K"] == 1)
    #expect(object["é"] == 2)
    #expect(object["k"] == nil)
    object["K"] = nil
    #expect(object["\u{212A}"] == nil)
    #expect(object == JSONObject([.init(key: "e\u{301}", value: 2)]))
  }
}

extension JSONObjectTests {
  @Test func containsKeyLooksAtEveryName() {
    let object = JSONObject([.init(key: "a", value: 1), .init(key: "wzrk_id", value: 2)])
    #expect(object.containsKey { $0.hasPrefix("wzrk_") })
    #expect(!object.containsKey { $0.hasPrefix("W$") })
    #expect(!JSONObject().containsKey { _ in true })
  }

  /// Taking an object hands over its members and leaves an empty object behind.
  @Test func takingLeavesAnEmptyObject() {
    var object = JSONObject()
    object.append("a", 1)
    object.append("b", "two")
    let taken = object.take()
    #expect(object.isEmpty)
    #expect(taken.keys == ["a", "b"] && taken["b"] == "two")
  }
}
