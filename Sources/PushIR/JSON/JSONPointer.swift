/// An RFC 6901 JSON Pointer: the location of a value inside a JSON document, used as the
/// "source location" of every diagnostic.
public struct JSONPointer: Hashable, Sendable, Comparable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The unescaped reference tokens, outermost first.
  public private(set) var tokens: [String]

  /// The pointer to the whole document (`""`).
  public static let root = JSONPointer(tokens: [])

  /// A pointer made of unescaped tokens.
  public init(tokens: [String]) { self.tokens = tokens }

  /// Parses the RFC 6901 text form (`/aps/alert/title`, `~0` for `~`, `~1` for `/`).
  public init(_ text: String) {
    guard !text.isEmpty else {
      self.tokens = []
      return
    }
    // Most pointers have no escapes; checking bytes first keeps parsing them cheap.
    self.tokens = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
      .dropFirst().map { bytes in
        let token = String(decoding: bytes, as: UTF8.self)
        guard bytes.contains(UInt8(ascii: "~")) else { return token }
        return token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(
          of: "~0", with: "~")
      }
  }

  public init(stringLiteral value: String) { self.init(value) }

  /// This pointer extended by a member name or an array index.
  public func appending(_ token: String) -> JSONPointer {
    JSONPointer(tokens: tokens + [token])
  }

  /// This pointer extended by an array index.
  public func appending(_ index: Int) -> JSONPointer { appending(String(index)) }

  /// Both pointers' tokens, this one's first.
  public static func + (lhs: JSONPointer, rhs: JSONPointer) -> JSONPointer {
    JSONPointer(tokens: lhs.tokens + rhs.tokens)
  }

  /// Whether `self` is `other` or lies inside it.
  public func hasPrefix(_ other: JSONPointer) -> Bool {
    tokens.count >= other.tokens.count && Array(tokens.prefix(other.tokens.count)) == other.tokens
  }

  /// The RFC 6901 text form.
  public var description: String {
    tokens.map { token in
      guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") })
      else { return "/" + token }
      return "/"
        + token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
    .joined()
  }

  public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
    lhs.tokens.lexicographicallyPrecedes(rhs.tokens)
  }
}

extension JSONValue {
  /// The value at `pointer`, or `nil` where the document has none.
  public func value(at pointer: JSONPointer) -> JSONValue? {
    var current = self
    for token in pointer.tokens {
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
  func replacingOccurrences(of target: String, with replacement: String) -> String {
    guard !target.isEmpty, contains(target) else { return self }
    var result = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    result += rest
    return result
  }
}
