/// A text the IR holds: a title, a link, a button's label, an identifier.
///
/// It reads like a `String` (compare it with one, match it in a `switch`, interpolate
/// it, read its UTF-8 bytes) and is made from one or from a literal. It is a range of
/// bytes in a `TextStorage`: a text ``JSONReader`` reads is a range of the document's
/// own copy, so that reading it allocates nothing and writing it back copies its bytes
/// whole, and a text made from a `String` has storage of its own. Code outside this
/// type asks for ``string`` only where it needs a `String` to keep or to change.
///
/// Two texts are equal when their UTF-8 bytes are, as iOS compares identifiers and as
/// JSON spells them: not when they are only canonically equivalent, as two `String`s are.
///
/// Sendable because its storage is never written once made (a buffer's memory cannot say
/// so itself).
public struct IRText: Hashable, @unchecked Sendable, ExpressibleByStringInterpolation,
  CustomStringConvertible
{
  /// The storage the bytes are in.
  @usableFromInline
  let storage: TextStorage
  /// Where in ``storage`` the bytes start.
  @usableFromInline
  let start: UInt32
  /// How many bytes there are, with ``plainBit`` set when none is one the writer escapes
  /// (`"`, `\\`, a control character), or ``escapedBit`` when they are JSON string text
  /// whose escapes are the writer's own (either way, they are written as they are), and
  /// ``asciiBit`` when every byte is ASCII (a `String` made of them is known to be).
  @usableFromInline
  let countAndFlags: UInt32

  /// The text of `string`.
  public init(_ string: String) {
    var string = string
    self = string.withUTF8 { bytes in
      IRText(
        copying: bytes, isPlain: JSONOutput.firstSpecial(in: bytes, from: 0) == bytes.count,
        isASCII: bytes.allSatisfy { $0 < 0x80 })
    }
  }

  /// The text of a literal.
  public init(stringLiteral value: String) { self.init(value) }

  /// The text of a literal with interpolations.
  public init(stringInterpolation: DefaultStringInterpolation) {
    self.init(String(stringInterpolation: stringInterpolation))
  }

  /// A copy of `bytes`, which are valid UTF-8, in storage of its own; `isPlain` when none
  /// of them is one the writer escapes, `isASCII` when all are ASCII.
  init(copying bytes: UnsafeBufferPointer<UInt8>, isPlain: Bool, isASCII: Bool) {
    self.init(
      TextStorage.copying(bytes), start: 0, count: bytes.count, isPlain: isPlain,
      isASCII: isASCII)
  }

  /// The `count` bytes of `storage` from `start`, which are valid UTF-8; `isPlain` when
  /// none of them is one the writer escapes; `isEscaped` when they are JSON string text
  /// whose every escape is one ``isKeptEscape(_:)`` accepts; `isASCII` when every byte is.
  @usableFromInline
  init(
    _ storage: TextStorage, start: Int, count: Int, isPlain: Bool, isEscaped: Bool = false,
    isASCII: Bool
  ) {
    precondition(start <= Int(UInt32.max) && count <= Int(Self.countMask), "a text over 512 MB")
    self.storage = storage
    self.start = UInt32(truncatingIfNeeded: start)
    countAndFlags =
      UInt32(truncatingIfNeeded: count) | (isPlain ? Self.plainBit : 0)
      | (isEscaped ? Self.escapedBit : 0) | (isASCII ? Self.asciiBit : 0)
  }

  /// The bit of ``countAndFlags`` that says the bytes are plain.
  @usableFromInline
  static var plainBit: UInt32 { 1 << 31 }

  /// The bit of ``countAndFlags`` that says the bytes are escaped JSON string text.
  @usableFromInline
  static var escapedBit: UInt32 { 1 << 30 }

  /// The bit of ``countAndFlags`` that says every byte is ASCII.
  @usableFromInline
  static var asciiBit: UInt32 { 1 << 29 }

  /// The bits of ``countAndFlags`` that count the bytes.
  @usableFromInline
  static var countMask: UInt32 { asciiBit &- 1 }

  /// Whether `\` followed by `byte` is an escape a text keeps as it was written: one the
  /// writer writes the same way, which stands for one byte (the reader's one-character
  /// escapes, `JSONReader.unescapedByte(_:)`, but `/`, which the writer leaves
  /// unescaped).
  @inline(__always)
  static func isKeptEscape(_ byte: UInt8) -> Bool {
    byte != UInt8(ascii: "/") && JSONReader.unescapedByte(byte) != nil
  }

  /// The text as a `String`, made anew each time it is asked for.
  public var string: String {
    // The bytes are valid UTF-8: checked as the document was read, or a `String`'s.
    let isASCII = countAndFlags & Self.asciiBit != 0
    return withUTF8 { String(copying: UTF8Span(unchecked: $0.span, isKnownASCII: isASCII)) }
  }

  /// The text, as interpolation and messages show it.
  public var description: String { string }

  /// How many bytes ``storage`` holds for the text, escapes as written included.
  @inlinable
  var storedCount: Int { Int(countAndFlags & Self.countMask) }

  /// The length of the text in UTF-8 bytes.
  @inlinable
  public var utf8Count: Int { isEscaped ? withUTF8(\.count) : storedCount }

  /// Whether the text has no characters (an escaped text has at least one).
  @inlinable
  public var isEmpty: Bool { storedCount == 0 }

  /// Whether none of the text's bytes is one ``JSONWriter`` escapes.
  @inlinable
  var isPlain: Bool { countAndFlags & Self.plainBit != 0 }

  /// Whether the text's stored bytes are JSON string text with escapes.
  @inlinable
  var isEscaped: Bool { countAndFlags & Self.escapedBit != 0 }

  /// Calls `body` with the stored bytes as the writer writes them between quotes: when
  /// they are plain or escaped already, else `nil`.
  @inlinable @inline(__always)
  func withWrittenBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
    guard countAndFlags & (Self.plainBit | Self.escapedBit) != 0 else { return nil }
    return storage.withBytes(from: Int(start), count: storedCount, body)
  }

  /// Calls `body` with the text's UTF-8 bytes, lent for the call only.
  @inlinable @inline(__always)
  public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    guard !isEscaped else { return try withUnescapedUTF8(body) }
    return try storage.withBytes(from: Int(start), count: storedCount, body)
  }

  /// ``withUTF8(_:)`` of an escaped text: unescaped into memory lent for the call.
  @usableFromInline
  func withUnescapedUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result)
    rethrows -> Result
  {
    try storage.withBytes(from: Int(start), count: storedCount) { escaped in
      try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: escaped.count) { text in
        var read = 0
        var written = 0
        while read < escaped.count {
          var byte = escaped[read]
          if byte == UInt8(ascii: "\\") {
            // Every escape kept is one of `isKeptEscape`'s, whole: one the reader
            // unescapes to one byte.
            read &+= 1
            byte = JSONReader.unescapedByte(escaped[read]) ?? escaped[read]
          }
          text[written] = byte
          read &+= 1
          written &+= 1
        }
        return try body(UnsafeBufferPointer(rebasing: text[..<written]))
      }
    }
  }

  /// The first byte of the text, if it has one.
  @inlinable
  public var firstByte: UInt8? { withUTF8 { $0.first } }

  /// Whether the text begins with `prefix`.
  @inlinable
  public func hasPrefix(_ prefix: String) -> Bool {
    withUTF8 { bytes in
      var prefix = prefix
      return prefix.withUTF8 { prefix in
        prefix.count <= bytes.count && bytes.prefix(prefix.count).elementsEqual(prefix)
      }
    }
  }

  /// The text in lower case.
  public func lowercased() -> String { string.lowercased() }

  /// Whether `text` holds the bytes of `string`.
  @inlinable
  public static func == (text: IRText, string: String) -> Bool {
    text.withUTF8 { bytes in
      var string = string
      return string.withUTF8 { Self.same(bytes, $0) }
    }
  }

  /// Whether `string` holds the bytes of `text`.
  @inlinable
  public static func == (string: String, text: IRText) -> Bool { text == string }

  /// Whether `text` differs from `string`.
  @inlinable
  public static func != (text: IRText, string: String) -> Bool { !(text == string) }

  /// Whether `string` differs from `text`.
  @inlinable
  public static func != (string: String, text: IRText) -> Bool { !(text == string) }

  /// Whether `text` holds the bytes of `pattern`, so that a `switch` over a text
  /// matches cases given as strings.
  @inlinable
  public static func ~= (pattern: String, text: IRText) -> Bool { text == pattern }

  @inlinable
  public static func == (lhs: IRText, rhs: IRText) -> Bool {
    // Two texts held as the writer writes them are the same exactly when those bytes
    // are: escaping as the writer does is one to one. Others are compared unescaped.
    let written = plainBit | escapedBit
    guard lhs.countAndFlags & written != 0, rhs.countAndFlags & written != 0 else {
      return lhs.withUTF8 { left in rhs.withUTF8 { right in same(left, right) } }
    }
    return lhs.storage.withBytes(from: Int(lhs.start), count: lhs.storedCount) { left in
      rhs.storage.withBytes(from: Int(rhs.start), count: rhs.storedCount) { same(left, $0) }
    }
  }

  public func hash(into hasher: inout Hasher) {
    // The count from the same bytes: `utf8Count` would unescape an escaped text again.
    withUTF8 { bytes in
      hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
      hasher.combine(bytes.count)
    }
  }

  /// Whether two texts' bytes are the same.
  @inlinable
  static func same(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    guard left.count == right.count else { return false }
    guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
    // A word at a time, then the bytes left.
    var offset = 0
    while offset &+ 8 <= left.count {
      let leftWord = UnsafeRawPointer(leftBase + offset).loadUnaligned(as: UInt64.self)
      let rightWord = UnsafeRawPointer(rightBase + offset).loadUnaligned(as: UInt64.self)
      if leftWord != rightWord { return false }
      offset &+= 8
    }
    while offset < left.count {
      if leftBase[offset] != rightBase[offset] { return false }
      offset &+= 1
    }
    return true
  }
}
