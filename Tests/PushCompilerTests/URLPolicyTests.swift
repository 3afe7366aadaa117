import Foundation
import PushIR
import Testing

@testable import PushCompiler

/// The URL check of RFC 3986 and the unsafe schemes, as `Specs/urls.md` states them.
@Suite struct URLPolicyTests {
  @Test(arguments: [
    ("https://example.com", "https"),
    ("https://shop.example.com/sale/spring?utm_source=push&x=1#top", "https"),
    ("HTTPS://EXAMPLE.COM/", "https"),
    ("http://cdn.example.com/a.jpg", "http"),
    ("myapp://product/12?ref=push", "myapp"),
    ("com.example.app://orders", "com.example.app"),
    ("itms-apps://apps.apple.com/app/id1", "itms-apps"),
    ("mailto:help@example.com?subject=Order%2012", "mailto"),
    ("tel:+15550100", "tel"),
    ("sms:+15550100", "sms"),
    ("myapp:home", "myapp"),
    ("urn:isbn:0451450523", "urn"),
    ("https://[2001:db8::1]:8443/x", "https"),
    ("https://user:secret@host.example:80/", "https"),
    ("https://example.com/%E2%9C%93?q=a/b?c#f/g?h", "https"),
    ("file:///tmp/x", "file"),
    ("myapp://", "myapp"),
  ])
  func validURLsGiveTheirLowerCasedScheme(_ url: String, _ scheme: String) {
    #expect(URLPolicy.check(IRText(url)) == .success(scheme))
  }

  @Test(arguments: [
    ("", URLPolicy.Problem.empty),
    ("not a url", .character(" ")),
    (" https://example.com", .character(" ")),
    ("https://example.com/\t", .character("\t")),
    ("https://example.com/\u{0}", .character("\u{0}")),
    ("https://example.com/\u{A0}", .character("\u{A0}")),
    ("www.example.com/sale", .noScheme),
    ("/relative/path", .noScheme),
    ("a/b:c", .noScheme),
    (":x", .noScheme),
    ("1app://x", .invalidScheme("1app")),
    ("my_app://x", .invalidScheme("my_app")),
    ("java%09script:alert(1)", .invalidScheme("java%09script")),
    ("https://example.com/%zz", .percentEncoding),
    ("https://example.com/100%", .percentEncoding),
    ("https://example.com/%4", .percentEncoding),
    ("shop://sale/{{campaign.code}}", .character("{")),
    ("https://example.com/ürün", .character("ü")),
    ("https://example.com/a|b", .character("|")),
    ("https://example.com/\"q\"", .character("\"")),
    ("https://example.com/a\\b", .character("\\")),
    ("https://example.com/a#b#c", .character("#")),
    ("https://example.com/[a]", .character("[")),
    ("myapp://x?y=[1]", .character("[")),
    ("myapp://x#[1]", .character("[")),
    ("myapp:[x]", .character("[")),
    ("https://us[er@example.com/", .character("[")),
    ("https:/example.com", .missingHost),
    ("https:example.com", .missingHost),
    ("https:///path", .missingHost),
    ("http://", .missingHost),
    ("https://example.com:80a/", .invalidAuthority("its port '80a' is not a number")),
    (
      "https://a@b@example.com/",
      .invalidAuthority("its authority 'a@b@example.com' has more than one '@'")
    ),
    ("https://[::1/x", .invalidAuthority("its host in '[::1' opens '[' without closing it")),
    ("https://[]/", .invalidAuthority("its host '[]' is not an IP address")),
    ("https://[::1]x/", .invalidAuthority("'[::1]x' goes on after the host's ']'")),
  ])
  func invalidURLsSayWhy(_ url: String, _ problem: URLPolicy.Problem) {
    #expect(URLPolicy.check(IRText(url)) == .failure(problem))
  }

  @Test func problemsReadAsTheEndOfAMessage() {
    #expect(URLPolicy.Problem.character(" ").description == "it contains a space")
    #expect(
      URLPolicy.Problem.character("\t").description == "it contains the control character U+0009")
    #expect(
      URLPolicy.Problem.character("ü").description
        == "it contains 'ü' (U+00FC), which a URL must percent-encode")
    #expect(
      URLPolicy.Problem.character("{").description
        == "it contains '{', which a URL must percent-encode")
    #expect(URLPolicy.Problem.noScheme.description.hasPrefix("it has no scheme"))
  }

  @Test func theSchemeIsReadAsURLStringReadsIt() {
    #expect(URLPolicy.scheme(of: "MailTo:a@b.example") == "mailto")
    #expect(URLPolicy.scheme(of: "https://x.example/a b") == "https")
    #expect(URLPolicy.scheme(of: " https://x.example") == nil)
    #expect(URLPolicy.scheme(of: "x.example/a:b") == nil)
    #expect(URLPolicy.scheme(of: "https") == nil)
  }

  @Test(arguments: URLPolicy.unsafeSchemes.map(\.scheme))
  func everyUnsafeSchemeIsFoundInEveryDisguise(_ scheme: String) {
    let upper = scheme.uppercased()
    let mixed = String(
      scheme.enumerated().map {
        $0.offset % 2 == 0 ? Character($0.element.uppercased()) : $0.element
      })
    let first = scheme.unicodeScalars.first!
    let encodedFirst = "%" + String(first.value, radix: 16, uppercase: true)
    let split = scheme.index(after: scheme.startIndex)
    let disguises = [
      "\(scheme):x",
      "\(upper):x",
      "\(mixed):x",
      "  \(scheme):x",
      "\t\n\(scheme):x ",
      "\u{FEFF}\u{200B}\(scheme):x",
      "\(scheme[..<split])\t\(scheme[split...]):x",
      "\(scheme[..<split])\u{0}\(scheme[split...]):x",
      "\(scheme[..<split])%09\(scheme[split...]):x",
      "\(scheme[..<split])%2509\(scheme[split...]):x",
      "\(encodedFirst)\(scheme.dropFirst()):x",
      "\(scheme)%3Ax",
    ]
    for text in disguises {
      #expect(
        URLPolicy.unsafeScheme(of: IRText(text))?.scheme == scheme, "\(text.debugDescription)")
    }
  }

  @Test(arguments: [
    "https://example.com/?next=javascript:alert(1)",
    "myapp://data/1",
    "javascript",
    "datas:x",
    "javascripts:x",
    "/file:x",
    "tel:+15550100",
    "https://example.com/%6Aavascript:x",
  ])
  func safeLinksNameNoUnsafeScheme(_ url: String) {
    #expect(URLPolicy.unsafeScheme(of: IRText(url)) == nil)
  }

  @Test func cleaningDecodesAtMostThreeTimes() {
    #expect(URLPolicy.cleanedScheme(of: "java%25252509script:x") == "java%09script")
    #expect(URLPolicy.cleanedScheme(of: "java%252509script:x") == "javascript")
    #expect(URLPolicy.cleanedScheme(of: "no colon") == nil)
  }

  /// Every unsafe scheme, and nothing else, is listed in `Specs/urls.md`.
  @Test func theUnsafeSchemesAreTheOnesTheSpecsList() throws {
    let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "Specs/urls.md")
    let text = try String(contentsOf: specs, encoding: .utf8)
    let listed = text.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: ":") else {
        return nil
      }
      let name = line[line.index(line.startIndex, offsetBy: 3)..<end]
      return line[end...].hasPrefix(":` |") ? String(name) : nil
    }
    #expect(listed == URLPolicy.unsafeSchemes.map(\.scheme))
  }

  /// The unsafe scheme found by comparing bytes packed agrees with the cleaned scheme
  /// looked up by name on every kind of link.
  @Test(arguments: [
    "https://example.com", "HTTPS://EXAMPLE.COM/", "Http:x", "https:example.com", "DATA:x",
    "JavaScript:alert(1)", "about:blank", "abouts:x", "abou:x", "filesystem:x",
    "filesystemfilesystem:x", "a23456789abcdef0:x", "a23456789abcdef01:x", "myapp://x",
    "java%09script:x", " javascript:x", "no colon", "", "1abc:x", "ab_c:x", "tel:+15550100",
    "https://[::1]:80/x", "https://a b", "c:x",
  ])
  func byteAnswersAgreeWithTheGeneralOnes(_ url: String) {
    let cleaned = URLPolicy.cleanedScheme(of: IRText(url))
    #expect(
      URLPolicy.unsafeScheme(of: IRText(url))?.scheme
        == URLPolicy.unsafeSchemes.first { $0.scheme == cleaned }?.scheme)
  }

  /// The check without the scheme's name tells each kind of link apart as the rules say.
  @Test(
    arguments: [
      ("https://example.com", nil), ("myapp://x", nil), ("tel:+15550100", nil),
      ("", .empty), ("no-colon", .noScheme), ("https://a b", .character(" ")),
      ("1abc:x", .invalidScheme("1abc")), ("https:example.com", .missingHost),
    ] as [(String, URLPolicy.Problem?)])
  func problemsAreTheRulesOnes(_ url: String, _ expected: URLPolicy.Problem?) {
    #expect(URLPolicy.problem(in: IRText(url)) == expected)
    if case .failure(let found) = URLPolicy.check(IRText(url)) {
      #expect(found == expected)
    } else {
      #expect(expected == nil)
    }
  }

  /// The constant bit set of URL characters is the set of the characters RFC 3986 lists.
  @Test func urlCharacterBitsAreTheListedCharacters() {
    let mask = URLCharacters.mask(of: URLCharacters.allowed)
    #expect(mask.low == URLCharacters.low)
    #expect(mask.high == URLCharacters.high)
    let delimiters = URLCharacters.mask(of: URLCharacters.generalDelimiters)
    #expect(delimiters.low == URLCharacters.delimitersLow)
    #expect(delimiters.high == URLCharacters.delimitersHigh)
  }

  /// A link starting with a letter no unsafe scheme starts with names none; one starting
  /// with such a letter is still read whole, cleaned as it needs.
  @Test(
    arguments: [
      ("https://example.com", nil), ("Hjavascript:x", nil), ("JavaScript:x", "javascript"),
      ("j\tava%73cript:x", "javascript"), ("V%42script:x", "vbscript"), ("Intent:x", "intent"),
      ("b\nlob:x", "blob"), ("about:blank", "about"), ("c:x", nil),
    ] as [(String, String?)])
  func unsafeSchemeByFirstLetter(_ url: String, _ scheme: String?) {
    #expect(URLPolicy.unsafeScheme(of: IRText(url))?.scheme == scheme)
  }
}
