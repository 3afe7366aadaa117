/// A JSON value that keeps what a round trip must not change: member order, the
/// spelling of numbers, and the difference between `1` and `true`.
public enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(JSONNumber)
  case string(IRText)
  case array([JSONValue])
  case object(JSONObject)

  /// The member named `key` when this is an object, else `nil`.
  public subscript(key: String) -> JSONValue? {
    if case .object(let object) = self { return object[key] }
    return nil
  }

  /// The string as a `String`, when this is a string: made anew from a document's
  /// bytes each time (``textValue`` reads it in place).
  public var stringValue: String? {
    if case .string(let value) = self { return value.string }
    return nil
  }

  /// The string, when this is a string.
  public var textValue: IRText? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// A string value holding `string`.
  public static func string(_ string: String) -> JSONValue { .string(IRText(string)) }

  /// The object, when this is an object.
  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// The elements, when this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The number, when this is a number.
  public var numberValue: JSONNumber? {
    if case .number(let value) = self { return value }
    return nil
  }

  /// The kind of value, as named in messages ("string", "object", …).
  public var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }
}

/// Whether `value` is the string `string`: compared in place, without making a value of
/// it, as readers compare a member's value with a keyword for every payload.
@inlinable
public func == (value: JSONValue?, string: String) -> Bool {
  guard case .string(let text)? = value else { return false }
  return text == string
}

/// Whether `value` is anything but the string `string`.
@inlinable
public func != (value: JSONValue?, string: String) -> Bool { !(value == string) }

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
  ExpressibleByNilLiteral
{
  public init(stringLiteral value: String) { self = .string(IRText(value)) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
  }
  public init(nilLiteral: ()) { self = .null }
}

/// A JSON number kept as it was spelled, so `1.0`, `1e2` and integers beyond 64 bits
/// pass through unchanged.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
  /// The number exactly as it appears in JSON text.
  public let lexeme: String

  /// Wraps a lexeme the reader has already checked against the JSON number grammar.
  public init(lexeme: String) { self.lexeme = lexeme }

  /// The integer `value`, spelled in decimal.
  public init(_ value: Int) { self.lexeme = String(value) }

  /// The integer `text` spells as JSON spells integers (an optional `-`, then digits
  /// without a leading zero), or `nil` for any other text, such as `+5` or `007`.
  public init?(integer text: String) {
    let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
    guard let first = digits.first, digits.allSatisfy({ (0x30...0x39).contains($0) }),
      first != UInt8(ascii: "0") || digits.count == 1
    else { return nil }
    self.lexeme = text
  }

  /// The number `text` spells, the whole of it, as JSON spells numbers (`-12`, `12.5`,
  /// `1e3`; not `+5`, `007`, `.5` or ` 12`), or `nil` for any other text.
  public init?(spelled text: String) {
    var rest = text.utf8[...]
    func isDigit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }
    /// Drops the digits `rest` starts with; whether there was one.
    func dropDigits() -> Bool {
      let count = rest.prefix(while: { isDigit($0) }).count
      rest.removeFirst(count)
      return count > 0
    }
    if rest.first == UInt8(ascii: "-") { rest.removeFirst() }
    guard isDigit(rest.first) else { return nil }
    if rest.first == UInt8(ascii: "0") { rest.removeFirst() } else { _ = dropDigits() }
    if rest.first == UInt8(ascii: ".") {
      rest.removeFirst()
      guard dropDigits() else { return nil }
    }
    if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
      rest.removeFirst()
      if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest.removeFirst() }
      guard dropDigits() else { return nil }
    }
    guard rest.isEmpty else { return nil }
    self.lexeme = text
  }

  /// The value as an `Int`, when the lexeme is an integer that fits.
  public var intValue: Int? { Int(lexeme) }

  /// The lexeme taken apart: whether a minus sign leads it, its significand (the digits
  /// and any point), and its exponent, `nil` without one. An exponent beyond what an
  /// `Int` holds is clamped to a quarter of its range: it still says which way the point
  /// moves, and sums with a lexeme's digit counts never overflow.
  private var parts: (negative: Bool, significand: Substring.UTF8View, exponent: Int?) {
    let text = lexeme.utf8
    let negative = text.first == UInt8(ascii: "-")
    let body = negative ? text.dropFirst() : text[...]
    let exponentStart = body.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    let significand = body[..<(exponentStart ?? body.endIndex)]
    guard let exponentStart else { return (negative, significand, nil) }
    let exponentText = String(decoding: body[body.index(after: exponentStart)...], as: UTF8.self)
    let bound = Int.max / 4
    let exponent =
      Int(exponentText).map { min(max($0, -bound), bound) }
      ?? (exponentText.hasPrefix("-") ? -bound : bound)
    return (negative, significand, exponent)
  }

  /// The value as an `Int` when it is a whole number that fits, however the lexeme
  /// spells it (`1`, `1.0`, `1e0`, `10E-1`, `-0.0`, `-2.0`); worked out from the digits, never
  /// rounded through a `Double`.
  public var wholeValue: Int? {
    if let value = intValue { return value }
    let (negative, significand, written) = parts
    var exponent = 0
    if let written {
      // Beyond a few million either way (a lexeme holds at most a record's bytes of
      // digits), only a zero is a whole number that fits; the bound also keeps the
      // arithmetic below from overflowing.
      guard written.magnitude <= 4_000_000 else {
        return significand.allSatisfy { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ".") }
          ? 0 : nil
      }
      exponent = written
    }
    // The digits without the point; the point moves the exponent.
    var digits: [UInt8] = []
    var seenPoint = false
    for byte in significand {
      if byte == UInt8(ascii: ".") {
        seenPoint = true
      } else {
        digits.append(byte)
        if seenPoint { exponent -= 1 }
      }
    }
    // Removed at once: one at a time, a long run of zeros would take time growing with
    // its square.
    digits.removeFirst(digits.prefix { $0 == UInt8(ascii: "0") }.count)
    guard !digits.isEmpty else { return 0 }
    if exponent < 0 {
      // The digits below the point must all be zeros.
      guard -exponent <= digits.count,
        digits.suffix(-exponent).allSatisfy({ $0 == UInt8(ascii: "0") })
      else { return nil }
      digits.removeLast(-exponent)
    } else {
      // More than 19 digits never fit in 64 bits.
      guard digits.count + exponent <= 19 else { return nil }
      digits += Array(repeating: UInt8(ascii: "0"), count: exponent)
    }
    guard let magnitude = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
    return negative ? -magnitude : magnitude
  }

  /// Whether the value is a whole number, however the lexeme spells it and whether or
  /// not it fits in 64 bits (`1.0`, `1E3`, `99999999999999999999` and `1e400` are;
  /// `1.5` and `1e-400` are not); decided on the digits, never rounded through a `Double`.
  public var isWhole: Bool {
    if wholeValue != nil { return true }
    let (_, significand, exponent) = parts
    let digits = significand.filter { $0 != UInt8(ascii: ".") }
    let trailingZeros = digits.reversed().prefix { $0 == UInt8(ascii: "0") }.count
    if trailingZeros == digits.count { return true }  // zero, however spelled
    let fractionDigits = significand.drop { $0 != UInt8(ascii: ".") }.dropFirst().count
    // The value is the digits without their trailing zeros, times ten to this power.
    return (exponent ?? 0) - fractionDigits + trailingZeros >= 0
  }

  /// Whether the lexeme is an integer: digits only, after an optional `-`.
  public var isIntegerLexeme: Bool {
    let text = lexeme.utf8
    let digits = text.first == UInt8(ascii: "-") ? text.dropFirst() : text[...]
    return !digits.isEmpty
      && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }

  /// Whether the value lies between 0 and 1 inclusive, decided on the decimal digits of
  /// the lexeme, never rounded through a `Double` (`1.00000000000000001` and `-1e-400`
  /// are outside; `-0` and `1e-400` inside).
  public var isFromZeroToOne: Bool {
    let (negative, significand, exponent) = parts
    let integerDigits = significand.prefix { $0 != UInt8(ascii: ".") }.count
    var digits = significand.filter { $0 != UInt8(ascii: ".") }
    // Where the point stands among `digits` once the exponent has moved it.
    var point = integerDigits + (exponent ?? 0)
    let leadingZeros = digits.prefix { $0 == UInt8(ascii: "0") }.count
    digits.removeFirst(leadingZeros)
    point -= leadingZeros
    while digits.last == UInt8(ascii: "0") { digits.removeLast() }
    guard !digits.isEmpty else { return true }  // zero, `-0` included
    guard !negative else { return false }
    // The value is 0.d₁d₂… × 10^point with d₁ ≠ 0: at most 1 when the point stands
    // before the first digit, or after it when the digits are exactly `1`.
    return point <= 0 || (point == 1 && digits == [UInt8(ascii: "1")])
  }

  /// This number as a count, such as a badge: a whole number from 0 that a signed 64-bit
  /// integer holds (at most 2^63 - 1, as iOS's badge, an `NSInteger`), spelled as an integer (its own spelling when it is one, `-0` included; else
  /// the integer it is, `1` for `1.0`); `nil` for any other number.
  public var asCount: JSONNumber? {
    if let value = intValue { return value >= 0 ? self : nil }
    guard let value = wholeValue, value >= 0 else { return nil }
    return JSONNumber(value)
  }

  /// Whether this is a whole number from 0 beyond 63 bits: one ``asCount`` refuses for
  /// its size alone (`9223372036854775808`, `1e400`).
  public var isCountBeyond63Bits: Bool {
    asCount == nil && lexeme.utf8.first != UInt8(ascii: "-") && isWhole
  }

  /// The value as a `Double` (possibly rounded).
  public var doubleValue: Double? { Double(lexeme) }

  public var description: String { lexeme }
}

/// A JSON object: members in their original order. Looking a key up returns its last
/// occurrence, as Apple's JSON decoding does for duplicate keys.
public struct JSONObject: Hashable, Sendable, RandomAccessCollection {
  /// One `"key": value` pair.
  public struct Member: Hashable, Sendable {
    /// The member's name.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// A member named `key` holding `value`.
    public init(key: consuming String, value: consuming JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// The members, in order.
  public private(set) var members: [Member]

  /// An object with `members`, in that order.
  public init(_ members: [Member] = []) { self.members = members }

  /// An empty object with room for `capacity` members, for writers that know how many
  /// they append.
  public init(capacity: Int) {
    members = []
    members.reserveCapacity(capacity)
  }

  public var startIndex: Int { members.startIndex }
  public var endIndex: Int { members.endIndex }
  public subscript(position: Int) -> Member { members[position] }

  /// Whether some member's name satisfies `predicate`. Names are read in place: iterating
  /// the members would copy each value only to look at its name.
  public func containsKey(where predicate: (String) -> Bool) -> Bool {
    members.indices.contains { predicate(members[$0].key) }
  }

  /// The names of the members, in order (with repeats, if any).
  public var keys: [String] { members.map(\.key) }

  /// The value of the last member named `key`; setting replaces that member in place,
  /// or appends a new one; setting `nil` removes every member of that name.
  public subscript(key: String) -> JSONValue? {
    get {
      // By index, not by iterating copies of the members: looked up for every key a
      // parser or detector asks about.
      var index = members.endIndex
      while index > members.startIndex {
        index -= 1
        if members[index].key == key { return members[index].value }
      }
      return nil
    }
    set {
      guard let newValue else {
        members.removeAll { $0.key == key }
        return
      }
      if let index = members.lastIndex(where: { $0.key == key }) {
        members[index].value = newValue
      } else {
        members.append(Member(key: key, value: newValue))
      }
    }
  }

  /// This object, leaving an empty one in its place: a builder that kept it in a stored
  /// property hands it over without a second reference to release later.
  public mutating func take() -> JSONObject {
    var taken = JSONObject()
    swap(&self, &taken)
    return taken
  }

  /// Appends a member without checking for an earlier one of the same name.
  public mutating func append(_ key: consuming String, _ value: consuming JSONValue) {
    members.append(Member(key: key, value: value))
  }

  /// Appends `member` without checking for an earlier one of the same name.
  public mutating func append(_ member: consuming Member) {
    members.append(member)
  }

  /// Removes and returns the value named `key`.
  @discardableResult
  public mutating func removeValue(forKey key: String) -> JSONValue? {
    let value = self[key]
    self[key] = nil
    return value
  }
}
