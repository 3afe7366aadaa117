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
    _ names: [String], in root: JSONObject, _ strength: Strength, reason: String
  ) -> Evidence? {
    // Most payloads have none of a format's keys; their first bytes tell at once.
    let starts = FirstBytes(of: names)
    guard root.containsKey(where: starts.mayStart) else { return nil }
    let found = names.filter { root[$0] != nil }
    return found.isEmpty
      ? nil
      : Evidence(strength, keys: found.map { JSONPointer.root.appending($0) }, reason: reason)
  }

  /// Evidence of `strength` from the first three root keys (in the payload's order) for
  /// which `isMarker` holds, or `nil` when none does.
  static func firstRootKeys(
    where isMarker: (String) -> Bool, in root: JSONObject, _ strength: Strength, reason: String
  ) -> Evidence? {
    var keys: [JSONPointer] = []
    let members = root.members  // keys read in place, without copying each member
    for index in members.indices where isMarker(members[index].key) {
      keys.append(JSONPointer.root.appending(members[index].key))
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
    for name in names {
      guard let byte = name.utf8.first, byte < 0x80 else {
        (low, high) = (.max, .max)
        return
      }
      if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
    }
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
    guard case .object(let root) = payload else { return .notAnObject(payload.kindName) }
    // Only the strongest evidence is kept, every record: most formats give none.
    var best: [(format: any VendorFormat, evidence: Evidence)] = []
    for format in formats {
      guard let evidence = format.evidence(in: root) else { continue }
      if let strongest = best.first?.evidence.strength {
        if evidence.strength < strongest { continue }
        if evidence.strength > strongest { best.removeAll(keepingCapacity: true) }
      }
      best.append((format, evidence))
    }
    guard let first = best.first else { return .unknown }
    return best.count == 1 ? .detected(first.format, first.evidence) : .ambiguous(best)
  }
}

extension Detector.Outcome {
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
        .unknownFormat, "no format recognises this payload: it has no vendor's keys and no 'aps'",
        at: .input(.root), notes: ["name the format with --from"])
    case .notAnObject(let kind):
      return JSONValue.notAnObject(kind: kind)
    }
  }
}
