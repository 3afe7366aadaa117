import PropertyTesting
@testable import PushCompiler
import Testing

/// ``FirstBytes`` passes over a key only when no name can equal it or start it, as
/// `==` and `hasPrefix` compare (canonical equivalence included).
@Suite struct FirstBytesTests {
  static let names = ["W$", "wzrk_", "^d", "deep_link_action", "K", "_", "com.urbanairship.media"]
  static let pieces = [
    "W", "w", "$", "zrk_", "^", "d", "K", "\u{212A}", "_", "\u{301}", "e", "é", "c", "om.", "x",
    "", "\r\n", "😀",
  ]

  @Test func noKeyPassedOverMatchesAName() {
    Property("first bytes never pass over a match", defaultCases: 5000).check(record: {
      Issue.record("\($0)")
    }) { item in
      let names = (0..<item.random.int(in: 1...3)).map { _ in item.random.pick(Self.names) }
      let starts = FirstBytes(of: names)
      let key = (0..<item.random.int(in: 0...4)).map { _ in item.random.pick(Self.pieces) }
        .joined()
      guard !starts.mayStart(key) else { return }
      for name in names {
        item.expect(key != name && !key.hasPrefix(name), "\(key.debugDescription) vs \(name)")
      }
    }
  }

  @Test func theKelvinSignIsAlwaysCompared() {
    #expect(FirstBytes(of: ["K"]).mayStart("\u{212A}"))
    #expect("\u{212A}" == "K")
    #expect(!FirstBytes(of: ["K"]).mayStart("k"))
    #expect(FirstBytes(of: [""]).mayStart("anything"))
  }
}

/// ``FirstBytes/overlaps(_:)`` says `false` only when no key of one set can equal or
/// start with a name of the other, so a root passed over by it holds no marker.
@Suite struct FirstBytesOverlapTests {
  @Test func noRootPassedOverHoldsAMatch() {
    Property("overlaps never passes over a match", defaultCases: 5000).check(record: {
      Issue.record("\($0)")
    }) { item in
      let names = (0..<item.random.int(in: 1...3)).map { _ in
        item.random.pick(FirstBytesTests.names)
      }
      let keys = (0..<item.random.int(in: 0...4)).map { _ in
        (0..<item.random.int(in: 0...4)).map { _ in item.random.pick(FirstBytesTests.pieces) }
          .joined()
      }
      var keyStarts = FirstBytes()
      for key in keys { keyStarts.insert(key) }
      guard !keyStarts.overlaps(FirstBytes(of: names)) else { return }
      for key in keys {
        for name in names {
          item.expect(key != name && !key.hasPrefix(name), "\(key.debugDescription) vs \(name)")
        }
      }
    }
  }
}
