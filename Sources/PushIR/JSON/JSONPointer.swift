/// An RFC 6901 JSON Pointer: the location of a value inside a JSON document, used as the
/// "source location" of every diagnostic.
///
/// Stored as its escaped text form: pointers are made on every key a parser reads, and a
/// literal such as `"/aps/alert"` then costs nothing; tokens are split out only when asked.
public struct JSONPointer: Hashable, Sendable, Comparable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The RFC 6901 text form (`/aps/alert/title`, `~0` for `~`, `~1` for `/`).
  public let description: String

  /// The pointer to the whole document (`""`).
  public static let root = JSONPointer("")

  /// A pointer from its RFC 6901 text form.
  public init(_ text: String) { description = text }

  public init(stringLiteral value: String) { self.init(value) }

  /// A pointer made of unescaped tokens.
  public init(tokens: [String]) {
    description = tokens.map { "/" + Self.escape($0) }.joined()
  }

  /// The unescaped reference tokens, outermost first.
  public var tokens: [String] {
    guard !description.isEmpty else { return [] }
    return description.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
      .dropFirst().map(Self.token)
  }

  /// The unescaped token whose text form is `bytes`.
  fileprivate static func token(_ bytes: Substring.UTF8View) -> String {
    let token = String(decoding: bytes, as: UTF8.self)
    guard bytes.contains(UInt8(ascii: "~")) else { return token }
    return token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(
      of: "~0", with: "~")
  }

  /// The last token, or `nil` for the root.
  public var lastToken: String? { tokens.last }

  /// This pointer extended by a member name or an array index. Parsers extend a pointer
  /// by every key they read, so a token without `~` or `/` (nearly all) is appended as
  /// it is, after one pass over its bytes, into text allocated once.
  public func appending(_ token: String) -> JSONPointer {
    extended(by: Self.escape(token))
  }

  /// This pointer extended by an array index.
  public func appending(_ index: Int) -> JSONPointer {
    extended(by: String(index))
  }

  /// This pointer extended by a token already in its text form: both copied once into
  /// text of the final size (a third faster than appending to a copy of the text).
  private func extended(by escapedToken: String) -> JSONPointer {
    let head = description.utf8
    let tail = escapedToken.utf8
    let count = head.count + 1 + tail.count
    // The buffer holds exactly `count` bytes: the head, a slash, the token. The writes
    // stay inside it (`initialize(fromContentsOf:)` checks the room it has), and the
    // standard library validates the bytes as UTF-8 afterwards.
    return JSONPointer(
      String(unsafeUninitializedCapacity: count) { buffer in
        let slash = buffer.initialize(fromContentsOf: head)
        buffer[slash] = UInt8(ascii: "/")
        return buffer[(slash + 1)...].initialize(fromContentsOf: tail)
      })
  }

  /// Whether `token` holds a `~` or a `/`, which the text form escapes.
  private static func needsEscaping(_ token: String) -> Bool {
    func isEscaped(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/") }
    // Over the bytes in place: for the short tokens most keys are, half the time of a
    // span and a third of iterating the view.
    return token.utf8.withContiguousStorageIfAvailable { $0.contains(where: isEscaped) }
      ?? token.utf8.contains(where: isEscaped)
  }

  /// This pointer without its last token; `nil` for the root.
  public var parent: JSONPointer? {
    guard let slash = description.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
    return JSONPointer(String(description[..<slash]))
  }

  /// Both pointers' tokens, this one's first.
  public static func + (lhs: JSONPointer, rhs: JSONPointer) -> JSONPointer {
    JSONPointer(lhs.description + rhs.description)
  }

  /// Whether `self` is `other` or lies inside it.
  public func hasPrefix(_ other: JSONPointer) -> Bool {
    let mine = description.utf8
    let theirs = other.description.utf8
    guard mine.starts(with: theirs) else { return false }
    return mine.count == theirs.count
      || mine[mine.index(mine.startIndex, offsetBy: theirs.count)] == UInt8(ascii: "/")
  }

  public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
    lhs.tokens.lexicographicallyPrecedes(rhs.tokens)
  }

  /// `token` in the text form: `~` as `~0`, `/` as `~1`.
  private static func escape(_ token: String) -> String {
    guard needsEscaping(token) else { return token }
    return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(
      of: "/", with: "~1")
  }
}

extension JSONValue {
  /// The value at `pointer`, or `nil` where the document has none.
  public func value(at pointer: JSONPointer) -> JSONValue? {
    // Token by token from the text, as ``JSONPointer/tokens`` splits it, without the list.
    let text = pointer.description.utf8
    guard var start = text.firstIndex(of: UInt8(ascii: "/")) else { return self }
    var current = self
    while start != text.endIndex {
      start = text.index(after: start)
      let end = text[start...].firstIndex(of: UInt8(ascii: "/")) ?? text.endIndex
      let token = JSONPointer.token(text[start..<end])
      start = end
      switch current {
      case .object(let object):
        guard let next = object[token] else { return nil }
        current = next
      case .array(let elements):
        guard let index = Int(token), elements.indices.contains(index) else { return nil }
        current = elements[index]
      default:
        return nil
      }
    }
    return current
  }
}

extension String {
  /// This string with every occurrence of `target` replaced (a Foundation-free helper).
  /// Works on Unicode scalars: `/` followed by a combining character is still a `/`.
  func replacingOccurrences(of target: String, with replacement: String) -> String {
    let target = Array(target.unicodeScalars)
    let scalars = Array(unicodeScalars)
    guard !target.isEmpty else { return self }
    var result = String.UnicodeScalarView()
    var index = 0
    var replaced = false
    while index < scalars.count {
      if scalars[index...].starts(with: target) {
        result.append(contentsOf: replacement.unicodeScalars)
        index += target.count
        replaced = true
      } else {
        result.append(scalars[index])
        index += 1
      }
    }
    return replaced ? String(result) : self
  }
}
