import PropertyTesting
import PushCompiler
import PushIR
import Testing

/// ``URLPolicy`` reads URLs as UTF-8 bytes; these tests hold it to the definition it
/// implements, written here over Unicode scalars as `Specs/urls.md` words it, on
/// generated text made of the characters that decide verdicts.
@Suite struct URLPolicyReferenceTests {
  /// Characters that change verdicts: delimiters, escapes, brackets, spaces, controls,
  /// invisible and non-ASCII characters, letters of both cases (among them the first
  /// letter of each unsafe scheme, and others), digits, and the unsafe schemes' names.
  static let alphabet: [String] = [
    ":", "/", "?", "#", "[", "]", "@", "%", "%2", "%3A", "%25", "%09", "%6A", "%E2%9C", ".",
    "+", "-", "_", "~", "!", "'", "a", "Z", "h", "t", "p", "s", "v", "1", "9", "f", "F", " ",
    "\t", "\n", "\r\n", "\u{0}", "\u{7F}", "\u{A0}", "\u{FEFF}", "\u{200B}", "ü", "İ", "😀",
    "{", "\"", "\\", "|", "e\u{301}", ":\u{301}", "http", "HTTPS", "://", "javascript",
    "JavaScript", "data", "[::1]", "[v1.x]", "user@", "80", "b", "C", "i", "j", "java",
    "script", "blob", "About", "intent", "vbscript", "FILE", "content",
  ]

  static func text(_ random: inout SeededRandom) -> String {
    (0..<random.int(in: 0...12)).map { _ in random.pick(alphabet) }.joined()
  }

  @Test func everyVerdictIsTheDefinitions() {
    Property("URL policy by bytes = by scalars", defaultCases: 20000).check(record: {
      Issue.record("\($0)")
    }) { item in
      Self.expectAgreement(on: Self.text(&item.random), &item)
    }
  }

  /// Expects every entry point to give the definition's answer for `text`: the verdict,
  /// the problem alone, the scheme as read and cleaned, and the unsafe scheme.
  static func expectAgreement(on text: String, _ item: inout PropertyCase) {
    let shown = text.debugDescription
    let expected = ReferenceURLPolicy.check(text)
    let checked = URLPolicy.check(IRText(text))
    item.expect(checked == expected, "check(\(shown)) = \(checked), not \(expected)")
    let problem = URLPolicy.problem(in: IRText(text))
    let expectedProblem: URLPolicy.Problem? =
      if case .failure(let problem) = expected { problem } else { nil }
    item.expect(
      problem == expectedProblem, "problem(in: \(shown)) = \(String(describing: problem))")
    let scheme = URLPolicy.scheme(of: IRText(text))
    let expectedScheme = ReferenceURLPolicy.scheme(of: text)
    item.expect(scheme == expectedScheme, "scheme(of: \(shown)) = \(String(describing: scheme))")
    let cleaned = URLPolicy.cleanedScheme(of: IRText(text))
    let expectedCleaned = ReferenceURLPolicy.cleanedScheme(of: text)
    item.expect(
      cleaned == expectedCleaned,
      "cleanedScheme(of: \(shown)) = \(String(describing: cleaned)), not \(String(describing: expectedCleaned))"
    )
    let unsafe = URLPolicy.unsafeScheme(of: IRText(text))?.scheme
    let expectedUnsafe = URLPolicy.unsafeSchemes.first { $0.scheme == expectedCleaned }?.scheme
    item.expect(
      unsafe == expectedUnsafe, "unsafeScheme(of: \(shown)) = \(String(describing: unsafe))")
  }

  /// Pieces of a URL's parts, right ones and ones wrong in each of the ways the rules
  /// tell apart, so that generated links reach every verdict, the authority's included.
  static let schemes = (
    right: ["https", "HTTP", "http", "myapp", "com.example.app", "a+b-c.d", "ftp", "httpss"],
    wrong: ["1app", "my_app", "h%41", "", "java\tscript", "JavaScript", "data"]
  )
  static let separators = (
    right: ["://", "://", ":"], wrong: [":/", ":///", "//", "/", "?:", "#:", ":?", "%3A"]
  )
  static let userinfos = (
    right: ["", "", "user@", "user:secret@", "u%41@"], wrong: ["a@b@", "u[1]@", "@", "u]@", "ü@"]
  )
  static let hosts = (
    right: ["example.com", "EXAMPLE.com", "[::1]", "[2001:db8::1]", "[v1.fe]", "%7Bx%7D"],
    wrong: [
      "", "[]", "[::1", "[::1]x", "[%41]", "[a[b]", "a[b", "a]b", "ho st", "h\u{0}", "héllo",
      "x%",
    ]
  )
  static let ports = (
    right: ["", "", ":", ":80", ":8443"], wrong: [":80a", ":-1", ":[1]", ":8%30", "::"]
  )
  static let paths = (
    right: ["", "/", "/a/b", "/%E2%9C%93", "/a:b@c"],
    wrong: ["/[x]", "/a]", "/a b", "/a\tb", "/{{tag}}", "/ü", "/%zz", "/%4"]
  )
  static let queries = (
    right: ["", "", "?", "?a=1&b=2", "?a/b?c", "?q=%20"], wrong: ["?x=[1]", "?a#"]
  )
  static let fragments = (
    right: ["", "", "#", "#top", "#a/b?c"], wrong: ["#[x]", "#a#b", "#\u{7F}"]
  )

  /// A right piece, or now and then a wrong one.
  static func piece(_ pieces: (right: [String], wrong: [String]), _ random: inout SeededRandom)
    -> String
  {
    random.chance(12) ? random.pick(pieces.wrong) : random.pick(pieces.right)
  }

  /// A link assembled from ``schemes`` … ``fragments``, sometimes with a piece of
  /// ``alphabet`` put in at a random place.
  static func link(_ random: inout SeededRandom) -> String {
    var text =
      piece(schemes, &random) + piece(separators, &random) + piece(userinfos, &random)
      + piece(hosts, &random) + piece(ports, &random) + piece(paths, &random)
      + piece(queries, &random) + piece(fragments, &random)
    if random.chance(20) {
      let scalars = Array(text.unicodeScalars)
      let at = random.int(in: 0...scalars.count)
      text =
        String(String.UnicodeScalarView(scalars[..<at])) + random.pick(alphabet)
        + String(String.UnicodeScalarView(scalars[at...]))
    }
    return text
  }

  /// The verdict's kind, to count which ones the generated links reach.
  static func kind(_ verdict: Result<String, URLPolicy.Problem>) -> String {
    switch verdict {
    case .success: "valid"
    case .failure(.empty): "empty"
    case .failure(.character("#")): "second #"
    case .failure(.character("[")), .failure(.character("]")): "bracket"
    case .failure(.character): "character"
    case .failure(.percentEncoding): "percent"
    case .failure(.noScheme): "no scheme"
    case .failure(.invalidScheme): "invalid scheme"
    case .failure(.invalidAuthority(let why)) where why.contains("more than one"): "two @"
    case .failure(.invalidAuthority(let why)) where why.contains("without closing"): "unclosed ["
    case .failure(.invalidAuthority(let why)) where why.contains("not an IP"): "not an IP"
    case .failure(.invalidAuthority(let why)) where why.contains("goes on"): "after ]"
    case .failure(.invalidAuthority): "port"
    case .failure(.missingHost): "missing host"
    }
  }

  /// Generated links, assembled part by part, get the definition's verdict from every
  /// entry point (the scheme's name, the problem alone, the unsafe scheme), and between
  /// them reach every verdict.
  @Test func everyAssembledLinkGetsTheDefinitionsVerdict() {
    var reached: [String: Int] = [:]
    Property("URL policy on assembled links = by scalars", defaultCases: 20000).check(record: {
      Issue.record("\($0)")
    }) { item in
      let text = Self.link(&item.random)
      reached[Self.kind(ReferenceURLPolicy.check(text)), default: 0] += 1
      Self.expectAgreement(on: text, &item)
    }
    let kinds = [
      "valid", "second #", "bracket", "character", "percent", "no scheme", "invalid scheme",
      "two @", "unclosed [", "not an IP", "after ]", "port", "missing host",
    ]
    for kind in kinds {
      #expect(reached[kind, default: 0] >= 20, "\(kind): \(reached[kind, default: 0]) links")
    }
  }

  @Test(arguments: [
    "https://example.com", "HTTPS://[::1]:8/x?y#z", "java\tscript:x", "\u{FEFF}data:x",
    "my app:x", "ü:x", "%6Aavascript:x", "a/b:c", "",
  ])
  func knownTextsAgree(_ text: String) {
    #expect(URLPolicy.check(IRText(text)) == ReferenceURLPolicy.check(text))
    #expect(URLPolicy.cleanedScheme(of: IRText(text)) == ReferenceURLPolicy.cleanedScheme(of: text))
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
