import PushIR

/// pushc's URL policy: whether a string is a URL as RFC 3986 writes it, and which
/// schemes must not reach a phone. The check-urls pass applies it to every URL the IR
/// carries, and `pushc validate --from klaviyo` to the links the specification names;
/// `Specs/urls.md` states it.
public enum URLPolicy {
  /// Why a string is not a valid URL.
  public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The string is empty.
    case empty
    /// A character RFC 3986 does not allow where it stands: a space, a control character,
    /// a character outside ASCII, `{`, `"`, a second `#`, a `[` outside a host, ….
    case character(Unicode.Scalar)
    /// A `%` not followed by two hexadecimal digits.
    case percentEncoding
    /// No `scheme:` before the first `/`, `?` or `#`.
    case noScheme
    /// Text before the first `:` that is not a scheme (a letter, then letters, digits,
    /// `+`, `-` or `.`).
    case invalidScheme(String)
    /// A malformed authority (`//user@host:port`): why.
    case invalidAuthority(String)
    /// An `http` or `https` URL without a host, which RFC 9110 forbids.
    case missingHost

    /// Why, as the end of a message ("… is not a valid URL: it contains a space").
    public var description: String {
      switch self {
      case .empty: "it is empty"
      case .character(" "): "it contains a space"
      case .character("#"): "it contains '#' twice"
      case .character(let scalar) where scalar.properties.generalCategory == .control:
        "it contains the control character \(scalar.codePoint)"
      case .character(let scalar) where scalar.properties.isWhitespace:
        "it contains the space character \(scalar.codePoint)"
      case .character(let scalar) where !scalar.isASCII:
        "it contains '\(scalar)' (\(scalar.codePoint)), which a URL must percent-encode"
      case .character(let scalar): "it contains '\(scalar)', which a URL must percent-encode"
      case .percentEncoding: "a '%' is not followed by two hexadecimal digits"
      case .noScheme: "it has no scheme (such as 'https:' or 'myapp:')"
      case .invalidScheme(let text):
        "'\(text)' is not a scheme (a letter, then letters, digits, '+', '-' or '.')"
      case .invalidAuthority(let why): why
      case .missingHost: "an http or https URL needs '//' and a host"
      }
    }
  }

  /// The lower-cased scheme of `text` when it is a valid URL by RFC 3986 (an absolute
  /// URI, with an optional fragment), or why it is not. An `http` or `https` URL must
  /// also have a host (RFC 9110). Foundation's `URL(string:)` is not used: it accepts
  /// some of what this refuses and, since iOS 17, percent-encodes the rest.
  public static func check(_ text: String) -> Result<String, Problem> {
    let scalars = Array(text.unicodeScalars)
    guard !scalars.isEmpty else { return .failure(.empty) }
    if let problem = characterProblem(in: scalars) { return .failure(problem) }
    guard let colon = scalars.firstIndex(of: ":"),
      !scalars[..<colon].contains(where: { "/?#".unicodeScalars.contains($0) })
    else { return .failure(.noScheme) }
    let scheme = scalars[..<colon]
    guard let first = scheme.first else { return .failure(.noScheme) }
    guard first.isASCIILetter, scheme.allSatisfy(\.isSchemeCharacter) else {
      return .failure(.invalidScheme(String(String.UnicodeScalarView(scheme))))
    }
    let name = String(String.UnicodeScalarView(scheme)).lowercased()
    var rest = scalars[(colon + 1)...]
    // Brackets may stand only around an IP literal host; the query and fragment end
    // where the path ends.
    if let hash = rest.firstIndex(of: "#") {
      if rest[(hash + 1)...].contains("#") { return .failure(.character("#")) }
      if let bracket = rest[hash...].first(where: \.isBracket) {
        return .failure(.character(bracket))
      }
      rest = rest[..<hash]
    }
    if let question = rest.firstIndex(of: "?") {
      if let bracket = rest[question...].first(where: \.isBracket) {
        return .failure(.character(bracket))
      }
      rest = rest[..<question]
    }
    let isWeb = name == "http" || name == "https"
    guard rest.starts(with: "//".unicodeScalars) else {
      if isWeb { return .failure(.missingHost) }
      if let bracket = rest.first(where: \.isBracket) {
        return .failure(.character(bracket))
      }
      return .success(name)
    }
    let afterSlashes = rest.dropFirst(2)
    let authority = afterSlashes.prefix { $0 != "/" }
    let path = afterSlashes[authority.endIndex...]
    if let bracket = path.first(where: \.isBracket) {
      return .failure(.character(bracket))
    }
    switch host(ofAuthority: authority) {
    case .failure(let problem): return .failure(problem)
    case .success(let host) where host.isEmpty && isWeb: return .failure(.missingHost)
    case .success: return .success(name)
    }
  }

  /// The lower-cased scheme `text` starts with, as `URL(string:)?.scheme` reads it:
  /// the text before the first `:` when that is a scheme and comes before any `/`, `?`
  /// or `#`, whatever follows; `nil` otherwise.
  public static func scheme(of text: String) -> String? {
    let scheme = text.unicodeScalars.prefix { $0 != ":" }
    guard scheme.endIndex != text.unicodeScalars.endIndex, let first = scheme.first,
      first.isASCIILetter, scheme.allSatisfy(\.isSchemeCharacter)
    else { return nil }
    return String(String.UnicodeScalarView(scheme)).lowercased()
  }

  /// The scheme `text` names for a browser or an app that cleans a link before opening
  /// it: percent-encodings decoded (up to three times, for `%2509`), then every space,
  /// control and invisible formatting character removed anywhere (browsers remove tabs
  /// and newlines anywhere and trim the rest), then lower-cased; `nil` when no `:`
  /// remains. `java%09script:alert(1)` names `javascript`.
  public static func cleanedScheme(of text: String) -> String? {
    // Text that starts with a scheme is its own cleaning: no escape, space or control
    // character stands before its first ':', and decoding what follows adds none there.
    if let plain = scheme(of: text) { return plain }
    var decoded = text
    for _ in 0..<3 {
      let next = percentDecoded(decoded)
      if next == decoded { break }
      decoded = next
    }
    var scheme = String.UnicodeScalarView()
    for scalar in decoded.unicodeScalars where !scalar.isIgnoredInLinks {
      if scalar == ":" { return String(scheme).lowercased() }
      scheme.append(scalar)
    }
    return nil
  }

  /// Schemes that must not reach a phone, each with what it would do there.
  public static let unsafeSchemes: [(scheme: String, does: String)] = [
    ("javascript", "runs script in the web view that opens it"),
    ("vbscript", "runs script in the web view that opens it"),
    ("data", "carries an inline document instead of pointing at one"),
    ("file", "reads a file on the device"),
    ("blob", "points into a web page's memory, where nothing on a phone can vouch for it"),
    ("filesystem", "points into a web page's private storage"),
    ("about", "opens a browser's internal page"),
    ("content", "reads another app's data through an Android content provider"),
    ("intent", "starts any component of an Android app"),
  ]

  /// The unsafe scheme `text` names once cleaned (``cleanedScheme(of:)``), with what
  /// it would do, if it names one.
  public static func unsafeScheme(of text: String) -> (scheme: String, does: String)? {
    guard let scheme = cleanedScheme(of: text) else { return nil }
    return unsafeSchemes.first { $0.scheme == scheme }
  }

  /// The first character that may not stand in a URL at all, or a broken `%` escape.
  private static func characterProblem(in scalars: [Unicode.Scalar]) -> Problem? {
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "%" {
        guard index + 2 < scalars.count, scalars[index + 1].isHexDigit,
          scalars[index + 2].isHexDigit
        else { return .percentEncoding }
        index += 3
        continue
      }
      guard scalar.isURLCharacter else { return .character(scalar) }
      index += 1
    }
    return nil
  }

  /// The host of an authority (`user@host:port`, `[v6]:port`), or what is wrong with it.
  private static func host(ofAuthority authority: ArraySlice<Unicode.Scalar>) -> Result<
    String, Problem
  > {
    let text = String(String.UnicodeScalarView(authority))
    let parts = authority.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count <= 2, let hostAndPort = parts.last else {
      return .failure(.invalidAuthority("its authority '\(text)' has more than one '@'"))
    }
    if let userinfo = parts.dropLast().first,
      let bracket = userinfo.first(where: \.isBracket)
    {
      return .failure(.character(bracket))
    }
    let host: ArraySlice<Unicode.Scalar>
    let port: ArraySlice<Unicode.Scalar>
    if hostAndPort.first == "[" {
      guard let close = hostAndPort.firstIndex(of: "]") else {
        return .failure(.invalidAuthority("its host in '\(text)' opens '[' without closing it"))
      }
      host = hostAndPort[...close]
      let literal = hostAndPort[(hostAndPort.startIndex + 1)..<close]
      guard !literal.isEmpty, literal.allSatisfy(\.isIPLiteralCharacter) else {
        return .failure(
          .invalidAuthority(
            "its host '\(String(String.UnicodeScalarView(host)))' is not an IP address"))
      }
      let after = hostAndPort[(close + 1)...]
      guard after.isEmpty || after.first == ":" else {
        return .failure(.invalidAuthority("'\(text)' goes on after the host's ']'"))
      }
      port = after.dropFirst()
    } else {
      if let bracket = hostAndPort.first(where: \.isBracket) {
        return .failure(.character(bracket))
      }
      let colon = hostAndPort.firstIndex(of: ":") ?? hostAndPort.endIndex
      host = hostAndPort[..<colon]
      port = hostAndPort[colon...].dropFirst()
    }
    guard port.allSatisfy(\.isASCIIDigit) else {
      return .failure(
        .invalidAuthority("its port '\(String(String.UnicodeScalarView(port)))' is not a number"))
    }
    return .success(String(String.UnicodeScalarView(host)))
  }

  /// `text` with each `%HH` replaced by its byte, read as UTF-8 (invalid sequences
  /// become U+FFFD).
  private static func percentDecoded(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    let bytes = Array(text.utf8)
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
        let high = bytes[index + 1].hexValue, let low = bytes[index + 2].hexValue
      {
        decoded.append(high << 4 | low)
        index += 3
      } else {
        decoded.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: decoded, as: UTF8.self)
  }
}

extension Unicode.Scalar {
  /// `A`–`Z`, `a`–`z`.
  fileprivate var isASCIILetter: Bool {
    ("a"..."z").contains(self) || ("A"..."Z").contains(self)
  }

  /// `[` or `]`.
  fileprivate var isBracket: Bool { self == "[" || self == "]" }

  /// `0`–`9`.
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }

  /// `0`–`9`, `a`–`f`, `A`–`F`.
  fileprivate var isHexDigit: Bool {
    isASCIIDigit || ("a"..."f").contains(self) || ("A"..."F").contains(self)
  }

  /// A character of a scheme after its first letter.
  fileprivate var isSchemeCharacter: Bool {
    isASCIILetter || isASCIIDigit || self == "+" || self == "-" || self == "."
  }

  /// A character that may stand somewhere in a URL: unreserved, reserved (general and
  /// sub-delimiters); `%` is checked with its two digits.
  fileprivate var isURLCharacter: Bool {
    value < 128 && URLCharacters.mask[Int(value >> 6)] & (1 << (value & 63)) != 0
  }

  /// A character of an IP literal between `[` and `]`: IPv6 (hex digits, `:`, `.`) or
  /// IPvFuture (`v`, then unreserved, sub-delimiters and `:`).
  fileprivate var isIPLiteralCharacter: Bool {
    isURLCharacter && !"/?#[]@".unicodeScalars.contains(self)
  }

  /// A space, control or invisible formatting character, which link cleaners drop.
  fileprivate var isIgnoredInLinks: Bool {
    properties.isWhitespace || properties.generalCategory == .control
      || properties.generalCategory == .format
  }

  /// `U+0009`, for messages.
  fileprivate var codePoint: String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}

/// The ASCII characters RFC 3986 allows in a URL (unreserved and reserved), as a bit set
/// indexed by code point, since every character of every URL is looked up.
private enum URLCharacters {
  static let mask: [UInt64] = {
    var mask: [UInt64] = [0, 0]
    let allowed =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;="
    for byte in allowed.utf8 { mask[Int(byte >> 6)] |= 1 << (byte & 63) }
    return mask
  }()
}

extension UInt8 {
  /// The value of an ASCII hexadecimal digit.
  fileprivate var hexValue: UInt8? {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
