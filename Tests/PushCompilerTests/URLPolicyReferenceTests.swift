import PropertyTesting
import PushCompiler
import Testing

/// ``URLPolicy`` reads URLs as UTF-8 bytes; these tests hold it to the definition it
/// implements, written here over Unicode scalars as `Specs/urls.md` words it, on
/// generated text made of the characters that decide verdicts.
@Suite struct URLPolicyReferenceTests {
  /// Characters that change verdicts: delimiters, escapes, brackets, spaces, controls,
  /// invisible and non-ASCII characters, letters of both cases, digits.
  static let alphabet: [String] = [
    ":", "/", "?", "#", "[", "]", "@", "%", "%2", "%3A", "%25", "%09", "%6A", "%E2%9C", ".",
    "+", "-", "_", "~", "!", "'", "a", "Z", "h", "t", "p", "s", "v", "1", "9", "f", "F", " ",
    "\t", "\n", "\r\n", "\u{0}", "\u{7F}", "\u{A0}", "\u{FEFF}", "\u{200B}", "ü", "İ", "😀",
    "{", "\"", "\\", "|", "e\u{301}", ":\u{301}", "http", "HTTPS", "://", "javascript",
    "JavaScript", "data", "[::1]", "[v1.x]", "user@", "80",
  ]

  static func text(_ random: inout SeededRandom) -> String {
    (0..<random.int(in: 0...12)).map { _ in random.pick(alphabet) }.joined()
  }

  @Test func everyVerdictIsTheDefinitions() {
    Property("URL policy by bytes = by scalars", defaultCases: 20000).check(record: {
      Issue.record("\($0)")
    }) { item in
      let text = Self.text(&item.random)
      let shown = text.debugDescription
      let checked = URLPolicy.check(text)
      let expected = ReferenceURLPolicy.check(text)
      item.expect(checked == expected, "check(\(shown)) = \(checked), not \(expected)")
      let scheme = URLPolicy.scheme(of: text)
      let expectedScheme = ReferenceURLPolicy.scheme(of: text)
      item.expect(scheme == expectedScheme, "scheme(of: \(shown)) = \(String(describing: scheme))")
      let cleaned = URLPolicy.cleanedScheme(of: text)
      let expectedCleaned = ReferenceURLPolicy.cleanedScheme(of: text)
      item.expect(
        cleaned == expectedCleaned,
        "cleanedScheme(of: \(shown)) = \(String(describing: cleaned)), not \(String(describing: expectedCleaned))"
      )
    }
  }

  @Test(arguments: [
    "https://example.com", "HTTPS://[::1]:8/x?y#z", "java\tscript:x", "\u{FEFF}data:x",
    "my app:x", "ü:x", "%6Aavascript:x", "a/b:c", "",
  ])
  func knownTextsAgree(_ text: String) {
    #expect(URLPolicy.check(text) == ReferenceURLPolicy.check(text))
    #expect(URLPolicy.cleanedScheme(of: text) == ReferenceURLPolicy.cleanedScheme(of: text))
  }
}

/// The URL policy's definition over Unicode scalars, the way ``URLPolicy`` first
/// implemented it: slow, but read straight from `Specs/urls.md`.
private enum ReferenceURLPolicy {
  typealias Problem = URLPolicy.Problem

  static func check(_ text: String) -> Result<String, Problem> {
    let scalars = Array(text.unicodeScalars)
    guard !scalars.isEmpty else { return .failure(.empty) }
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "%" {
        guard index + 2 < scalars.count, scalars[index + 1].properties.isASCIIHexDigit,
          scalars[index + 2].properties.isASCIIHexDigit
        else { return .failure(.percentEncoding) }
        index += 3
        continue
      }
      guard isURLCharacter(scalar) else { return .failure(.character(scalar)) }
      index += 1
    }
    guard let colon = scalars.firstIndex(of: ":"),
      !scalars[..<colon].contains(where: { "/?#".unicodeScalars.contains($0) })
    else { return .failure(.noScheme) }
    let scheme = scalars[..<colon]
    guard let first = scheme.first else { return .failure(.noScheme) }
    guard isLetter(first), scheme.allSatisfy(isSchemeCharacter) else {
      return .failure(.invalidScheme(string(scheme)))
    }
    let name = string(scheme).lowercased()
    var rest = scalars[(colon + 1)...]
    if let hash = rest.firstIndex(of: "#") {
      if rest[(hash + 1)...].contains("#") { return .failure(.character("#")) }
      if let bracket = rest[hash...].first(where: isBracket) {
        return .failure(.character(bracket))
      }
      rest = rest[..<hash]
    }
    if let question = rest.firstIndex(of: "?") {
      if let bracket = rest[question...].first(where: isBracket) {
        return .failure(.character(bracket))
      }
      rest = rest[..<question]
    }
    let isWeb = name == "http" || name == "https"
    guard rest.starts(with: "//".unicodeScalars) else {
      if isWeb { return .failure(.missingHost) }
      if let bracket = rest.first(where: isBracket) { return .failure(.character(bracket)) }
      return .success(name)
    }
    let afterSlashes = rest.dropFirst(2)
    let authority = afterSlashes.prefix { $0 != "/" }
    if let bracket = afterSlashes[authority.endIndex...].first(where: isBracket) {
      return .failure(.character(bracket))
    }
    switch host(ofAuthority: authority) {
    case .failure(let problem): return .failure(problem)
    case .success(let host) where host.isEmpty && isWeb: return .failure(.missingHost)
    case .success: return .success(name)
    }
  }

  static func scheme(of text: String) -> String? {
    let scheme = text.unicodeScalars.prefix { $0 != ":" }
    guard scheme.endIndex != text.unicodeScalars.endIndex, let first = scheme.first,
      isLetter(first), scheme.allSatisfy(isSchemeCharacter)
    else { return nil }
    return String(String.UnicodeScalarView(scheme)).lowercased()
  }

  static func cleanedScheme(of text: String) -> String? {
    var decoded = text
    for _ in 0..<3 {
      let next = percentDecoded(decoded)
      if next == decoded { break }
      decoded = next
    }
    var scheme = String.UnicodeScalarView()
    for scalar in decoded.unicodeScalars
    where
      !(scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
      || scalar.properties.generalCategory == .format)
    {
      if scalar == ":" { return String(scheme).lowercased() }
      scheme.append(scalar)
    }
    return nil
  }

  private static func host(ofAuthority authority: ArraySlice<Unicode.Scalar>) -> Result<
    String, Problem
  > {
    let text = string(authority)
    let parts = authority.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count <= 2, let hostAndPort = parts.last else {
      return .failure(.invalidAuthority("its authority '\(text)' has more than one '@'"))
    }
    if let userinfo = parts.dropLast().first, let bracket = userinfo.first(where: isBracket) {
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
      guard !literal.isEmpty,
        literal.allSatisfy({ isURLCharacter($0) && !"/?#[]@".unicodeScalars.contains($0) })
      else {
        return .failure(.invalidAuthority("its host '\(string(host))' is not an IP address"))
      }
      let after = hostAndPort[(close + 1)...]
      guard after.isEmpty || after.first == ":" else {
        return .failure(.invalidAuthority("'\(text)' goes on after the host's ']'"))
      }
      port = after.dropFirst()
    } else {
      if let bracket = hostAndPort.first(where: isBracket) { return .failure(.character(bracket)) }
      let colon = hostAndPort.firstIndex(of: ":") ?? hostAndPort.endIndex
      host = hostAndPort[..<colon]
      port = hostAndPort[colon...].dropFirst()
    }
    guard port.allSatisfy({ ("0"..."9").contains($0) }) else {
      return .failure(.invalidAuthority("its port '\(string(port))' is not a number"))
    }
    return .success(string(host))
  }

  private static func percentDecoded(_ text: String) -> String {
    let bytes = Array(text.utf8)
    var decoded: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
        let high = UInt8(String(UnicodeScalar(bytes[index + 1])), radix: 16),
        let low = UInt8(String(UnicodeScalar(bytes[index + 2])), radix: 16)
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

  private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    String(String.UnicodeScalarView(scalars))
  }

  private static func isBracket(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "[" || scalar == "]"
  }

  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  private static func isSchemeCharacter(_ scalar: Unicode.Scalar) -> Bool {
    isLetter(scalar) || ("0"..."9").contains(scalar) || "+-.".unicodeScalars.contains(scalar)
  }

  private static func isURLCharacter(_ scalar: Unicode.Scalar) -> Bool {
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;="
      .unicodeScalars.contains(scalar)
  }
}
