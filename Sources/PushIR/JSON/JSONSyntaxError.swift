/// Why JSON text could not be read, and where: the byte offset, line and column of the
/// first byte that is wrong.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong; its raw value is the stable suffix of the diagnostic code `json.<kind>`.
  public enum Kind: String, Sendable, CaseIterable {
    case emptyInput = "empty-input"
    case unexpectedEnd = "unexpected-end"
    case unexpectedCharacter = "unexpected-character"
    case invalidUTF8 = "invalid-utf8"
    case controlCharacter = "control-character"
    case invalidEscape = "invalid-escape"
    case loneSurrogate = "lone-surrogate"
    case invalidNumber = "invalid-number"
    case trailingContent = "trailing-content"
    case tooDeep = "too-deep"
    case tooLarge = "too-large"
    case tooLongString = "too-long-string"
    case tooManyMembers = "too-many-members"
    case tooManyElements = "too-many-elements"
  }

  /// What went wrong.
  public var kind: Kind
  /// A lower-case sentence naming what was found and what was expected.
  public var message: String
  /// Zero-based byte offset of the offending byte.
  public var offset: Int
  /// One-based line number.
  public var line: Int
  /// One-based column, counted in bytes.
  public var column: Int

  /// An error at `offset` in `bytes`, with line and column worked out from it.
  public init(_ kind: Kind, _ message: String, offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    self.kind = kind
    self.message = message
    self.offset = offset
    var line = 1
    var lineStart = 0
    for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    self.line = line
    self.column = offset - lineStart + 1
  }

  /// An error at `offset`, `line` and `column`, worked out by the caller.
  public init(_ kind: Kind, _ message: String, offset: Int, line: Int, column: Int) {
    self.kind = kind
    self.message = message
    self.offset = offset
    self.line = line
    self.column = column
  }

  public var description: String { "\(line):\(column): \(message)" }

  /// `line` and `column` of a text that begins at `startLine` and `startColumn` of a
  /// larger one (a record of a file), as a line and column of the larger one: only the
  /// first line's columns move.
  public static func position(
    line: Int, column: Int, inTextStartingAt startLine: Int, _ startColumn: Int
  ) -> (line: Int, column: Int) {
    (startLine + line - 1, line == 1 ? startColumn + column - 1 : column)
  }

  /// Whether text starting with `first` and `second` starts as UTF-16 text does: with
  /// its byte order mark, or with an ASCII character beside a zero byte. Asked only of
  /// text that failed to read, to say why.
  public static func looksLikeUTF16(_ first: UInt8, _ second: UInt8) -> Bool {
    (first, second) == (0xFF, 0xFE) || (first, second) == (0xFE, 0xFF)
      || (first != 0 && first < 0x80 && second == 0) || (first == 0 && second != 0 && second < 0x80)
  }

  /// The byte found, as messages name it: quoted, or `end of input` for none.
  static func describe(_ byte: UInt8?) -> String {
    byte.map { "'\(spelling(of: $0))'" } ?? "end of input"
  }

  /// A printable ASCII byte as itself, any other as `0x` and two hex digits.
  static func spelling(of byte: UInt8) -> String {
    (0x21..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "0x" + hex(byte)
  }

  /// `byte` as two upper-case hex digits.
  static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}
