/// Fields only one vendor understands, keyed by vendor id: what
/// ``PushNotification/extras`` holds.
///
/// A notification keeps extras of one or two vendors at most, and a parser adds them on
/// every record, so the entries are a short list searched in order rather than a hashed
/// dictionary (which hashed the vendor's name and allocated its table for each record).
/// It reads as a dictionary does: one entry per name (names compared with `==`),
/// subscripted by name, `nil` removing an entry; equality and hashing ignore the order
/// of the entries. Iteration follows the order the entries were added, so a caller that
/// needs a stable order sorts, as it did with a dictionary.
public struct VendorExtras: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
  /// One vendor's extras, labelled as a dictionary's elements are.
  public typealias Element = (key: String, value: JSONObject)

  /// The entries, in the order they were added, no two of the same name.
  private var entries: [Element] = []

  /// No extras.
  public init() {}

  /// The extras `elements`; a later entry of a name replaces an earlier one.
  public init(dictionaryLiteral elements: (String, JSONObject)...) {
    for (vendor, members) in elements { self[vendor] = members }
  }

  /// Whether there are no extras.
  public var isEmpty: Bool { entries.isEmpty }

  /// The number of vendors with extras.
  public var count: Int { entries.count }

  /// The vendors' names, in the order their extras were added: read from the entries
  /// as asked, not gathered into an array (emitters ask on every record).
  public var keys: LazyMapCollection<[Element], String> { entries.lazy.map { $0.key } }

  /// The position of the entry named `vendor`, if there is one.
  @inline(__always)
  private func index(of vendor: String) -> Int? {
    // By index, each name read in place: a closure over the entries would copy each one.
    for index in entries.indices where entries[index].key == vendor { return index }
    return nil
  }

  /// The extras of `vendor`; setting `nil` removes them.
  public subscript(vendor: String) -> JSONObject? {
    get { index(of: vendor).map { entries[$0].value } }
    set {
      switch (index(of: vendor), newValue) {
      case (let index?, let members?): entries[index].value = members
      case (let index?, nil): entries.remove(at: index)
      case (nil, let members?): entries.append((vendor, members))
      case (nil, nil): break
      }
    }
  }

  /// The entries, in the order they were added.
  public func makeIterator() -> IndexingIterator<[Element]> {
    entries.makeIterator()
  }

  /// The number of entries.
  public var underestimatedCount: Int { entries.count }

  /// Whether both hold the same vendors with equal extras, in whatever order.
  public static func == (lhs: VendorExtras, rhs: VendorExtras) -> Bool {
    lhs.count == rhs.count && lhs.entries.allSatisfy { rhs[$0.key] == $0.value }
  }

  /// Hashes the entries independently of their order, as a dictionary does.
  public func hash(into hasher: inout Hasher) {
    var combined = 0
    for entry in entries {
      var entryHasher = Hasher()
      entryHasher.combine(entry.key)
      entryHasher.combine(entry.value)
      combined ^= entryHasher.finalize()
    }
    hasher.combine(entries.count)
    hasher.combine(combined)
  }
}
