import PushIR
import Testing

/// ``VendorExtras`` answers as the dictionary it replaces would: one entry per name under
/// `==` (canonically equivalent names are the same vendor), `nil` removing an entry,
/// equality and hashing blind to the order the entries were added.
@Suite struct VendorExtrasTests {
  static let one = JSONObject([JSONObject.Member(key: "a", value: "1")])
  static let two = JSONObject([JSONObject.Member(key: "b", value: 2)])

  /// Applies the same writes to extras and to a dictionary, checking every read agrees.
  @Test func readsAsADictionaryAfterEachWrite() {
    let writes: [(String, JSONObject?)] = [
      ("klaviyo", Self.one), ("aps", Self.two), ("klaviyo", Self.two), ("caf\u{E9}", Self.one),
      ("cafe\u{301}", Self.two), ("aps", nil), ("none", nil), ("\u{212A}", Self.one),
      ("K", Self.two), ("klaviyo", nil),
    ]
    var extras = VendorExtras()
    var dictionary: [String: JSONObject] = [:]
    for (vendor, members) in writes {
      extras[vendor] = members
      dictionary[vendor] = members
      #expect(extras.count == dictionary.count)
      #expect(extras.isEmpty == dictionary.isEmpty)
      #expect(extras.keys.sorted() == dictionary.keys.sorted())
      for name in ["klaviyo", "aps", "caf\u{E9}", "cafe\u{301}", "K", "\u{212A}", "none"] {
        #expect(extras[name] == dictionary[name])
      }
      #expect(
        extras.sorted { $0.key < $1.key }.map(\.key)
          == dictionary.sorted { $0.key < $1.key }.map(\.key))
    }
  }

  /// Equality and hashing ignore the order in which vendors were added.
  @Test func equalWhateverTheOrder() {
    var forward = VendorExtras()
    forward["klaviyo"] = Self.one
    forward["aps"] = Self.two
    let backward: VendorExtras = ["aps": Self.two, "klaviyo": Self.one]
    #expect(forward == backward)
    #expect(forward.hashValue == backward.hashValue)
    var different = backward
    different["aps"] = Self.one
    #expect(forward != different)
    different["aps"] = nil
    #expect(forward != different)
  }
}
