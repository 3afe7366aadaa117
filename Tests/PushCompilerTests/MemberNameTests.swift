import Testing

@testable import PushCompiler

/// ``MemberName`` matches exactly the names `==` matches, text of other lengths that is
/// canonically equivalent included.
@Suite struct MemberNameTests {
  static let names = [
    "alert", "badge", "aps", "body", "url", "content-available", "rich-media-type", "_k",
  ]
  static let keys =
    names + [
      "", "Alert", "alert ", "alerts", "bodY", "\u{212A}", "aps\u{301}", "caf\u{E9}",
      "cafe\u{301}", "b\u{6F}dy", "url\u{200B}", "_k\u{37E}",
    ]

  @Test func matchesAsEqualityDoes() {
    for name in Self.names {
      for key in Self.keys {
        #expect((MemberName(name) ~= key) == (name == key), "\(name) against \(key)")
      }
    }
  }
}
