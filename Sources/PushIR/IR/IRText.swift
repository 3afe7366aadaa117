/// A text the IR holds: a title, a link, a button's label, an identifier.
///
/// It reads like a `String` (compare it with one, interpolate it, ask for its bytes) and
/// is made from one or from a literal. Its storage is its own affair: code outside this
/// type asks for ``string`` only where it needs a `String` to keep or to change, so that
/// a text can stay as the input spelled it until then.
public struct IRText: Hashable, Comparable, Sendable, ExpressibleByStringInterpolation,
  CustomStringConvertible
{
  /// The text as a `String`.
  public let string: String

  /// The text of `string`.
  @inlinable
  public init(_ string: String) { self.string = string }

  /// The text of `substring`.
  @inlinable
  public init(_ substring: Substring) { self.string = String(substring) }

  /// The text of a literal.
  @inlinable
  public init(stringLiteral value: String) { self.string = value }

  /// The text of a literal with interpolations.
  @inlinable
  public init(stringInterpolation: DefaultStringInterpolation) {
    self.string = String(stringInterpolation: stringInterpolation)
  }

  /// The text, as interpolation and messages show it.
  public var description: String { string }

  /// Whether the text has no characters.
  @inlinable
  public var isEmpty: Bool { string.isEmpty }

  /// The length of the text in UTF-8 bytes.
  @inlinable
  public var utf8Count: Int { string.utf8.count }

  /// The text's UTF-8 bytes.
  @inlinable
  public var utf8: String.UTF8View { string.utf8 }

  /// Calls `body` with the text's UTF-8 bytes, lent for the call only.
  @inlinable
  public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    // In place for every native string; a copy only for one stored otherwise.
    if let result = try string.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = string
    return try copy.withUTF8(body)
  }

  /// Whether the text begins with `prefix`.
  @inlinable
  public func hasPrefix(_ prefix: String) -> Bool { string.hasPrefix(prefix) }

  /// Whether the text ends with `suffix`.
  @inlinable
  public func hasSuffix(_ suffix: String) -> Bool { string.hasSuffix(suffix) }

  /// The text in lower case.
  @inlinable
  public func lowercased() -> String { string.lowercased() }

  @inlinable
  public static func < (lhs: IRText, rhs: IRText) -> Bool { lhs.string < rhs.string }

  /// Whether `text` holds the characters of `string`.
  @inlinable
  public static func == (text: IRText, string: String) -> Bool { text.string == string }

  /// Whether `string` holds the characters of `text`.
  @inlinable
  public static func == (string: String, text: IRText) -> Bool { text.string == string }

  /// Whether `text` holds the characters of `pattern`, so that a `switch` over a text
  /// matches cases given as strings.
  @inlinable
  public static func ~= (pattern: String, text: IRText) -> Bool { text.string == pattern }

  /// Whether `text` differs from `string`.
  @inlinable
  public static func != (text: IRText, string: String) -> Bool { text.string != string }

  /// Whether `string` differs from `text`.
  @inlinable
  public static func != (string: String, text: IRText) -> Bool { text.string != string }
}

extension String {
  /// The characters of `text`.
  @inlinable
  public init(_ text: IRText) { self = text.string }
}
