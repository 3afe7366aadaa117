/// Finds where the elements of a JSON array begin and end, in text read a piece at a
/// time, without reading the elements: a file holding one array of records is then read
/// a record at a time, as NDJSON is, in memory that does not grow with the file.
///
/// Elements are found by following nesting and strings only; what is wrong inside one
/// (an invalid escape, a bracket of the wrong kind, a bad number) is for a reader of
/// that element to find. What the scanner reports is where the text stops being an
/// array: a first byte other than `[`, a value missing after `[` or `,`, a byte other
/// than `,` or `]` after an element, anything but blank bytes after the closing `]`, and
/// the end of the input inside the array, each with the message ``JSONReader`` gives
/// for the same text. A byte order mark before the array is skipped.
///
/// Offsets count bytes from the start of the input; lines and columns are 1-based, a
/// column counted in bytes, as in ``JSONSyntaxError``.
public struct JSONArrayScanner: Sendable {
  /// What the next bytes hold.
  public enum Step: Equatable, Sendable {
    /// An element: the offsets of its bytes, and the line and column of its first.
    case element(Range<Int>, line: Int, column: Int)
    /// Nothing more can be told without more input.
    case needsMore
    /// The array closed, and only blank bytes followed it to the end of the input.
    case end
    /// The text stops being an array here.
    case broken(JSONSyntaxError)
    /// The input ended inside the element that begins at this offset, line and column:
    /// what a reader of its bytes finds wrong says more than the scanner can.
    case cut(elementStart: Int, line: Int, column: Int)
  }

  private enum Place {
    case beforeArray
    /// Where a value must come (after `[` when `first`, after `,` otherwise).
    case beforeElement(first: Bool)
    /// In an object or array element, `depth` brackets deep.
    case inContainer
    /// In an element that is a string.
    case inStringElement
    /// In an element that is a number or `true`, `false`, `null` (or a wrong word).
    case inBareElement
    case afterElement
    case afterArray
    case finished
  }

  private var place = Place.beforeArray
  /// The offset of the next byte to look at.
  private var offset = 0
  private var line = 1
  /// The offset of the current line's first byte.
  private var lineStart = 0
  private var depth = 0
  private var inString = false
  private var escaped = false
  private var elementStart = 0
  private var elementLine = 1
  private var elementColumn = 1
  /// How many bytes of a byte order mark the input has started with.
  private var byteOrderMarkSeen = 0
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  public init() {}

  /// The offset from which ``step(in:from:atEnd:)`` needs the input: bytes before it
  /// may be dropped, except those of the element in progress, which a reader needs
  /// whole.
  public var nextOffset: Int { offset }

  /// The offset where the element in progress begins, when one is.
  public var elementInProgress: Int? {
    switch place {
    case .inContainer, .inStringElement, .inBareElement: elementStart
    default: nil
    }
  }

  /// Looks at `bytes`, the input from offset `start` on (which must not be after
  /// ``nextOffset``), and says what comes next; `atEnd` when the input ends with them.
  public mutating func step(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, atEnd: Bool
  ) -> Step {
    precondition(start <= offset && offset <= start + bytes.count, "the bytes reach the scan")
    var index = offset - start
    defer { offset = start + index }
    while index < bytes.count {
      let byte = bytes[index]
      switch place {
      case .beforeArray:
        let position = start + index
        if position < 3 && position == byteOrderMarkSeen && byte == Self.byteOrderMark[position] {
          byteOrderMarkSeen += 1
          index += 1
          continue
        }
        if isBlank(byte) {
          noteNewline(byte, at: start + index)
          index += 1
          continue
        }
        guard byte == UInt8(ascii: "["), byteOrderMarkSeen == 0 || byteOrderMarkSeen == 3 else {
          // As the reader says it: a value was expected, and this byte starts none here.
          let partMark = byteOrderMarkSeen != 0 && byteOrderMarkSeen != 3
          let position = partMark ? 0 : start + index
          let found = partMark ? Self.byteOrderMark[0] : byte
          return broken(.unexpectedCharacter, "expected a value, found", found, at: position)
        }
        place = .beforeElement(first: true)
        index += 1
      case .beforeElement(let first):
        if isBlank(byte) {
          noteNewline(byte, at: start + index)
          index += 1
          continue
        }
        if byte == UInt8(ascii: "]") && first {
          place = .afterArray
          index += 1
          continue
        }
        guard Self.startsValue(byte) else {
          return broken(.unexpectedCharacter, "expected a value, found", byte, at: start + index)
        }

        elementStart = start + index
        elementLine = line
        elementColumn = elementStart - lineStart + 1
        index += 1
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          place = .inContainer
          depth = 1
          inString = false
          escaped = false
        case UInt8(ascii: "\""):
          place = .inStringElement
          escaped = false
        default:
          place = .inBareElement
        }
      case .inContainer:
        if inString {
          index = skipString(bytes, from: index, start: start)
          continue
        }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 { return element(endingAt: start + index) }
        case UInt8(ascii: "\n"): noteNewline(byte, at: start + index - 1)
        default: break
        }
      case .inStringElement:
        inString = true
        index = skipString(bytes, from: index, start: start)
        if !inString { return element(endingAt: start + index) }
      case .inBareElement:
        if isBlank(byte) || isStructural(byte) { return element(endingAt: start + index) }
        index += 1
      case .afterElement:
        if isBlank(byte) {
          noteNewline(byte, at: start + index)
          index += 1
          continue
        }
        switch byte {
        case UInt8(ascii: ","): place = .beforeElement(first: false)
        case UInt8(ascii: "]"): place = .afterArray
        default:
          return broken(.unexpectedCharacter, "expected ',' or ']', found", byte, at: start + index)
        }
        index += 1
      case .afterArray:
        guard isBlank(byte) else {
          let message = "unexpected \(JSONSyntaxError.describe(byte)) after the JSON value"
          return broken(.trailingContent, message, at: start + index)
        }
        noteNewline(byte, at: start + index)
        index += 1
      case .finished:
        return .end
      }
    }
    guard atEnd else { return .needsMore }
    let end = start + index
    switch place {
    case .beforeArray:
      return broken(.unexpectedEnd, "input ends where '[' was expected", at: end)
    case .beforeElement:
      return broken(.unexpectedEnd, "input ends where a value was expected", at: end)
    case .inContainer, .inStringElement:
      place = .finished
      return .cut(elementStart: elementStart, line: elementLine, column: elementColumn)
    case .inBareElement:
      return element(endingAt: end)
    case .afterElement:
      return broken(.unexpectedEnd, "input ends where ',' or ']' was expected", at: end)
    case .afterArray, .finished:
      place = .finished
      return .end
    }
  }

  /// Steps over string text from `index`, which is inside a string, to just after its
  /// closing quote (clearing ``inString``) or to the end of `bytes`.
  private mutating func skipString(
    _ bytes: UnsafeBufferPointer<UInt8>, from index: Int, start: Int
  ) -> Int {
    var index = index
    while index < bytes.count {
      if escaped {
        escaped = false
        noteNewline(bytes[index], at: start + index)
        index += 1
        continue
      }
      var seenBytes: UInt64 = 0
      index = JSONStringBytes.skipPlain(bytes, from: index, seenBytes: &seenBytes)
      guard index < bytes.count else { break }
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        inString = false
        return index
      case UInt8(ascii: "\\"): escaped = true
      // A raw control character is the element's reader's to refuse; a newline still
      // starts a line.
      case UInt8(ascii: "\n"): noteNewline(byte, at: start + index - 1)
      default: break
      }
    }
    return index
  }

  /// The element that began at ``elementStart`` and ends before `end`.
  private mutating func element(endingAt end: Int) -> Step {
    place = .afterElement
    return .element(elementStart..<end, line: elementLine, column: elementColumn)
  }

  private mutating func noteNewline(_ byte: UInt8, at position: Int) {
    guard byte == UInt8(ascii: "\n") else { return }
    line += 1
    lineStart = position + 1
  }

  private mutating func broken(
    _ kind: JSONSyntaxError.Kind, _ expectation: String, _ byte: UInt8, at position: Int
  ) -> Step {
    broken(kind, expectation + " " + JSONSyntaxError.describe(byte), at: position)
  }

  private mutating func broken(_ kind: JSONSyntaxError.Kind, _ message: String, at position: Int)
    -> Step
  {
    place = .finished
    return .broken(
      JSONSyntaxError(
        kind, message, offset: position, line: line, column: position - lineStart + 1))
  }

  /// Space, tab, line feed and carriage return: what JSON allows between tokens.
  private func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// A byte a JSON value can begin with: a bracket, a quote, a minus sign, a digit, or
  /// the first letter of `true`, `false` or `null`.
  private static func startsValue(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"),
      UInt8(ascii: "n"):
      true
    default: false
    }
  }

  /// A byte that ends a number or word: one that begins or ends another token.
  private func isStructural(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "["),
      UInt8(ascii: "{"), UInt8(ascii: "\""), UInt8(ascii: ":"):
      true
    default: false
    }
  }
}
