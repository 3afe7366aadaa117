import PushIR

/// What in a payload points to one format: the keys found and how strongly they decide.
public struct Evidence: Sendable, Hashable {
  /// How much the keys found say.
  public enum Strength: Int, Sendable, Comparable, CustomStringConvertible {
    /// Shared by every vendor (`aps` alone): plain APNs unless something says more.
    case weak
    /// Keys the vendor defines but others could carry as custom data.
    case suggestive
    /// The marker the vendor's own SDK looks for.
    case decisive

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The confidence this strength gives when it is the only candidate's.
    public var description: String {
      switch self {
      case .weak: "low"
      case .suggestive: "medium"
      case .decisive: "high"
      }
    }
  }

  /// How strongly the keys decide.
  public var strength: Strength
  /// The keys that decided, as JSON Pointers.
  public var keys: [JSONPointer]
  /// Why they decide, for people.
  public var reason: String

  /// Evidence of `strength` from `keys`.
  public init(_ strength: Strength, keys: [JSONPointer], reason: String) {
    self.strength = strength
    self.keys = keys
    self.reason = reason
  }

  /// Evidence of `strength` from whichever of the root keys `names` are present, or
  /// `nil` when none is.
  static func rootKeys(
    _ names: RootNames, in root: RootIndex, _ strength: Strength, reason: String
  ) -> Evidence? {
    // Most payloads have none of a format's keys; the index tells at once.
    let found = root.present(names)
    return found.isEmpty
      ? nil
      : Evidence(strength, keys: found.map { JSONPointer.root.appending($0) }, reason: reason)
  }

  /// Evidence of `strength` from the first three root keys (in the payload's order) for
  /// which `isMarker` holds, or `nil` when none does. `isMarker` holds only for keys
  /// `starts` may start, so a root whose names start otherwise is passed over at once.
  static func firstRootKeys(
    startingWith starts: FirstBytes, where isMarker: (String) -> Bool, in root: RootIndex,
    _ strength: Strength, reason: String
  ) -> Evidence? {
    guard root.firstBytes.overlaps(starts) else { return nil }
    var keys: [JSONPointer] = []
    let members = root.object.members  // keys read in place, without copying each member
    for index in members.indices where isMarker(members[index].key) {
      let key = JSONPointer.root.appending(members[index].key)
      guard !keys.contains(key) else { continue }  // a name given twice is one key
      keys.append(key)
      if keys.count == 3 { break }
    }
    return keys.isEmpty ? nil : Evidence(strength, keys: keys, reason: reason)
  }

  /// The keys, quoted and listed, for messages.
  public var keyList: String { keys.map { "'\($0)'" }.joined(separator: ", ") }
}

/// The ASCII bytes that names of one kind start with, so that most other names are told
/// apart by their first byte, without comparing or hashing them.
struct FirstBytes: Sendable {
  private var low: UInt64 = 0
  private var high: UInt64 = 0

  /// The first bytes of `names` (every byte, should one be empty or start otherwise
  /// than with an ASCII character).
  init(of names: [String]) {
    for name in names { insert(name) }
  }

  /// No first byte yet.
  init() {}

  /// Adds the first byte of `name` (every byte, should it be empty or start otherwise
  /// than with an ASCII character).
  mutating func insert(_ name: String) {
    guard let byte = name.utf8.first, byte < 0x80 else {
      (low, high) = (.max, .max)
      return
    }
    if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
  }

  /// Whether a name of one set may equal, or start with, a name of `other`: `false`
  /// only when no first byte is in both (every byte is, for a name starting otherwise
  /// than with ASCII), as ``mayStart(_:)`` tells for each.
  func overlaps(_ other: FirstBytes) -> Bool {
    low & other.low != 0 || high & other.high != 0
  }

  /// Whether `text` may equal, or start with, one of the names: `false` only when its
  /// first byte is ASCII and no name's. Exact for `==` and `hasPrefix`, which treat
  /// canonically equivalent text alike: text whose first scalar is ASCII decomposes to
  /// text starting with that scalar (no mark moves before it), so it cannot be
  /// equivalent to text starting with another ASCII character. Text starting with
  /// anything else (the Kelvin sign is a `K`) is always compared.
  func mayStart(_ text: String) -> Bool {
    guard let byte = text.utf8.first, byte < 0x80 else { return true }
    return byte < 64 ? low & (1 << byte) != 0 : high & (1 << (byte - 64)) != 0
  }
}

/// A payload's root object with its member names summed up once, so that detection,
/// which asks every format about a few names, passes over most absent ones without
/// comparing them with each member.
///
/// Each name sets one of 64 bits, chosen from its bytes. A name made only of ASCII is
/// equal (`==`, canonical equivalence) to another such name only when their bytes are
/// the same, so they set the same bit; a name holding anything else may be equivalent
/// to one with other bytes, so a member named so sets every bit and a name asked for so
/// is always looked up. A clear bit therefore proves the name absent; a set one means
/// the member is looked up as `JSONObject` would.
public struct RootIndex: Sendable {
  /// The root object.
  public let object: JSONObject
  /// The bits set by the members' names.
  private let nameBits: UInt64
  /// The first bytes of the members' names.
  let firstBytes: FirstBytes
  /// The value of `aps`, which most payloads have and several formats ask about.
  public let aps: JSONValue?

  /// Indexes the member names of `object`.
  public init(_ object: JSONObject) {
    self.object = object
    var nameBits: UInt64 = 0
    var firstBytes = FirstBytes()
    let members = object.members  // names read in place, without copying each member
    for index in members.indices {
      nameBits |= Self.bit(of: members[index].key) ?? .max
      firstBytes.insert(members[index].key)
    }
    self.nameBits = nameBits
    self.firstBytes = firstBytes
    aps = nameBits & Self.apsBit == 0 ? nil : object["aps"]
  }

  /// The bit `aps` sets.
  private static let apsBit = bit(of: "aps") ?? .max

  /// The value of the last member named `key`, as `JSONObject` gives it.
  public subscript(key: String) -> JSONValue? {
    if let bit = Self.bit(of: key), nameBits & bit == 0 { return nil }
    return object[key]
  }

  /// Those of `names` that are members with a value of the type each needs, in their
  /// order.
  func present(_ names: RootNames) -> [String] {
    guard nameBits & names.allBits != 0 else { return [] }
    return names.names.indices.compactMap { index in
      guard nameBits & names.bitOfName[index] != 0,
        let value = object[names.names[index]], names.valueOfName[index].admits(value)
      else { return nil }
      return names.names[index]
    }
  }

  /// The bit `name` sets, or `nil` when it holds anything but ASCII.
  static func bit(of name: String) -> UInt64? {
    let bit = name.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
      var hash: UInt32 = 0
      for byte in bytes {
        guard byte < 0x80 else { return nil }
        hash = hash &* 31 &+ UInt32(byte)
      }
      return 1 << (UInt64(hash ^ hash >> 6) & 63)
    }
    // Text not stored as contiguous UTF-8 is treated as holding anything.
    return bit ?? nil
  }
}

/// The type of value a marker's SDK reads it as; a member with a value of another type
/// (`null` among them) is no evidence.
enum MarkerValue: Sendable {
  /// Any value but `null`.
  case any
  /// A string.
  case string
  /// A dictionary.
  case object
  /// An array.
  case array

  /// Whether `value` is of this type.
  func admits(_ value: JSONValue) -> Bool {
    switch (self, value) {
    case (.any, .null): false
    case (.any, _), (.string, .string), (.object, .object), (.array, .array): true
    default: false
    }
  }
}

/// Root member names a format looks for together, with the bits ``RootIndex`` gives
/// them worked out once.
struct RootNames: Sendable {
  /// The names, in the order evidence lists them.
  let names: [String]
  /// Each name's bit (every bit for a name that must always be looked up).
  fileprivate let bitOfName: [UInt64]
  /// The type each name's value must have to count.
  fileprivate let valueOfName: [MarkerValue]
  /// All the names' bits.
  fileprivate let allBits: UInt64

  /// The names `names`, in that order, each counting with any value but `null`.
  init(_ names: [String]) {
    self.init(names.map { ($0, .any) })
  }

  /// The names of `markers`, in that order, each counting only with a value of its type.
  init(_ markers: [(name: String, value: MarkerValue)]) {
    names = markers.map(\.name)
    valueOfName = markers.map(\.value)
    bitOfName = names.map { RootIndex.bit(of: $0) ?? .max }
    allBits = bitOfName.reduce(0, |)
  }

  /// Whether `object` has the member `name`, one of the names, with a value of the type
  /// it needs: what a parser's missing-marker check asks of a payload's root, by the types
  /// detection requires.
  func isPresent(_ name: String, in object: JSONObject) -> Bool {
    guard let index = names.firstIndex(of: name), let value = object[name] else { return false }
    return valueOfName[index].admits(value)
  }

  /// Whether `object` has any of the names as a member with a value of the type it needs.
  func anyPresent(in object: JSONObject) -> Bool {
    names.contains { isPresent($0, in: object) }
  }
}

/// Picks the format of a payload from its keys, or says why it cannot.
public enum Detector {
  /// What detection found.
  public enum Outcome: Sendable {
    /// One format has the strongest evidence.
    case detected(any VendorFormat, Evidence)
    /// Several formats have equally strong evidence; nothing is guessed.
    case ambiguous([(format: any VendorFormat, evidence: Evidence)])
    /// No format recognises the payload.
    case unknown
    /// The payload is not a JSON object (its kind, as messages name it), so it is no
    /// format's.
    case notAnObject(String)
  }

  /// The format whose evidence is strongest, among `formats`.
  public static func detect(_ payload: JSONValue, among formats: [any VendorFormat] = Vendors.all)
    -> Outcome
  {
    guard case .object(let object) = payload else { return .notAnObject(payload.kindName) }
    let root = RootIndex(object)
    // Only the strongest evidence is kept, every record: most formats give none. Formats
    // are asked in place and copied only when they give evidence.
    // The usual single candidate is kept by its index; a list is made only for a tie.
    var first: (index: Int, evidence: Evidence)?
    var ties: [(format: any VendorFormat, evidence: Evidence)] = []
    for index in formats.indices {
      guard let evidence = formats[index].evidence(in: root) else { continue }
      if let strongest = first?.evidence.strength {
        if evidence.strength < strongest { continue }
        if evidence.strength == strongest {
          ties.append((formats[index], evidence))
          continue
        }
        ties.removeAll()
      }
      first = (index, evidence)
    }
    guard let first else { return .unknown }
    let format = formats[first.index]
    return ties.isEmpty
      ? .detected(format, first.evidence) : .ambiguous([(format, first.evidence)] + ties)
  }
}

extension Detector {
  /// The notes `input.unused-option` for each of `options` that some format reads with
  /// (``VendorFormat/readsOption(_:)``) and `format`, the one detected, does not: such an
  /// option was taken because `--from auto` might have read a payload of a format that
  /// reads with it, and the payload was read without it. Located at the root.
  public static func unusedOptionNotes(_ options: Set<String>, readAs format: any VendorFormat)
    -> [Diagnostic]
  {
    options.sorted().compactMap { option in
      guard !format.readsOption(option) else { return nil }
      let readers = Vendors.all.filter { $0.readsOption(option) }.map(\.id)
      guard !readers.isEmpty else { return nil }
      return Diagnostic(
        .unusedOption,
        "--option \(option) is not used for reading: the payload is read as \(format.id), and only \(readers.joined(separator: ", ")) reads with it",
        at: .input(.root))
    }
  }
}

extension Detector.Outcome {
  /// The note naming the format an outcome names and the keys that decided, located at
  /// the root; `nil` when it names none.
  public var note: Diagnostic? {
    guard case .detected(let format, let evidence) = self else { return nil }
    return Diagnostic(
      .detectedFormat,
      "read as \(format.id): \(evidence.keyList) (\(evidence.reason)); confidence \(evidence.strength)",
      at: .input(.root))
  }

  /// The error diagnostic for an outcome that names no format, located at the root.
  public var failure: Diagnostic? {
    switch self {
    case .detected: return nil
    case .ambiguous(let candidates):
      let list = candidates.map { "\($0.format.id) (\($0.evidence.keyList))" }
      return Diagnostic(
        .ambiguousFormat,
        "the payload looks like \(list.joined(separator: " and ")) alike; nothing is guessed",
        at: .input(.root), notes: ["name the format with --from"])
    case .unknown:
      return Diagnostic(
        .unknownFormat,
        "no format recognises this payload: it has no format's evidence and no 'aps' dictionary",
        at: .input(.root), notes: ["name the format with --from"])
    case .notAnObject(let kind):
      return JSONValue.notAnObject(kind: kind)
    }
  }
}
