import PropertyTesting
import PushIR
@testable import PushCompiler
import Testing

/// ``RootIndex`` answers every lookup as ``JSONObject`` does (canonical equivalence,
/// last occurrence and all); its bits only spare the lookups of absent names.
@Suite struct RootIndexTests {
  static let names = [
    "aps", "ab", "K", "_k", "body", "", "é", "e\u{301}", "\u{212A}", "W$", "to", "dfn",
  ]
  static let pieces = [
    "a", "ps", "b", "K", "\u{212A}", "_", "k", "e", "\u{301}", "é", "o", "t", "",
  ]

  @Test func lookupsAgreeWithTheObject() {
    Property("the index answers as the object", defaultCases: 5000).check(record: {
      Issue.record("\($0)")
    }) { item in
      var object = JSONObject()
      for value in 0..<item.random.int(in: 0...6) {
        let key =
          item.random.int(in: 0...1) == 0
          ? item.random.pick(Self.names)
          : (0..<item.random.int(in: 0...3)).map { _ in item.random.pick(Self.pieces) }.joined()
        object.append(key, .number(JSONNumber(value)))
      }
      let index = RootIndex(object)
      item.expect(index.aps == object["aps"], "aps in \(object.keys)")
      let asked = (0..<item.random.int(in: 1...4)).map { _ in item.random.pick(Self.names) }
      for name in asked {
        item.expect(index[name] == object[name], "\(name.debugDescription) in \(object.keys)")
      }
      item.expect(
        index.present(RootNames(asked)) == asked.filter { object[$0] != nil },
        "\(asked) in \(object.keys)")
    }
  }

  @Test func equivalentNamesAreFound() {
    #expect(RootIndex(JSONObject([.init(key: "\u{212A}", value: .null)]))["K"] == .null)
    #expect(RootIndex(JSONObject([.init(key: "K", value: .null)]))["\u{212A}"] == .null)
    #expect(RootIndex(JSONObject([.init(key: "e\u{301}", value: .null)]))["é"] == .null)
    #expect(RootIndex(JSONObject([.init(key: "k", value: .null)]))["K"] == nil)
  }
}
