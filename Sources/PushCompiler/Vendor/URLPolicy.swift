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
  ///
  /// Read as UTF-8 bytes, every URL of every record: once the characters are checked,
  /// each is an ASCII byte, so positions are byte offsets and no text is copied unless
  /// a message needs it.
  public static func check(_ text: String) -> Result<String, Problem> {
    withBytes(of: text) { bytes in
      check(bytes, of: text).map { colon in lowercasedScheme(in: bytes, endingAt: colon) }
    }
  }

  /// Why `text` is not a valid URL (``check(_:)``), or `nil` when it is: the check
  /// without making the scheme's name, for a caller that needs none (every link of every
  /// record).
  public static func problem(in text: String) -> Problem? {
    withBytes(of: text) { bytes in
      guard case .failure(let problem) = check(bytes, of: text) else { return nil }
      return problem
    }
  }

  /// Whether an SDK that reads links with Foundation's `URL(string:)` is taken to get one
  /// from `text`: it is not empty and holds no space or control character, the rule the
  /// Klaviyo front end reads buttons by (`Specs/vendors/klaviyo.md`). `URL(string:)`
  /// refuses these before iOS 17, and more: any link RFC 3986 disallows, which
  /// ``check(_:)`` reports and keeps, as a template tag may stand for a link. Since iOS 17
  /// it percent-encodes all but the empty text, in apps built with that SDK.
  public static func isParseable(_ text: String) -> Bool {
    // Bytes below 0x80 are ASCII in UTF-8: checking bytes checks those characters. Read
    // in place: a copy of the text to read it as a buffer, or a step through the
    // `UTF8View`, cost more than the check, which every link of every record takes.
    text.utf8.withContiguousStorageIfAvailable(isParseable)
      ?? Array(text.utf8).withUnsafeBufferPointer(isParseable)
  }

  /// ``isParseable(_:)`` of the UTF-8 bytes `bytes`.
  private static func isParseable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // Every byte looked at, the answers combined without a branch: a loop that neither
    // stops early nor branches is one the compiler runs over 8 to 32 bytes at a time,
    // and nearly every link passes, so stopping at a refused byte would save nothing.
    var refused: UInt8 = 0
    for offset in 0..<bytes.count {
      refused |= (bytes[offset] <= 0x20 ? 1 : 0) | (bytes[offset] == 0x7F ? 1 : 0)
    }
    return !bytes.isEmpty && refused == 0
  }

  /// ``check(_:)`` on the UTF-8 `bytes` of `text`: the offset of the `:` ending the
  /// scheme when it is a valid URL, or why it is not.
  private static func check(_ bytes: UnsafeBufferPointer<UInt8>, of text: String) -> Result<
    Int, Problem
  > {
    let count = bytes.count
    guard count > 0 else { return .failure(.empty) }
    if let problem = characterProblem(in: bytes, of: text) { return .failure(problem) }
    var colon = 0
    while colon < count, bytes[colon] != UInt8(ascii: ":") {
      switch bytes[colon] {
      case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): return .failure(.noScheme)
      default: colon += 1
      }
    }
    guard colon < count, colon > 0 else { return .failure(.noScheme) }
    guard isScheme(bytes, endingAt: colon) else {
      return .failure(.invalidScheme(text.utf8Slice(0..<colon)))
    }
    // Brackets may stand only around an IP literal host; the query and fragment end
    // where the path ends.
    let restStart = colon + 1
    var restEnd = count
    if let hash = bytes.firstOffset(of: UInt8(ascii: "#"), in: restStart..<restEnd) {
      if bytes.firstOffset(of: UInt8(ascii: "#"), in: (hash + 1)..<restEnd) != nil {
        return .failure(.character("#"))
      }
      if let bracket = bytes.firstBracket(in: hash..<restEnd) {
        return .failure(.character(bracket))
      }
      restEnd = hash
    }
    if let question = bytes.firstOffset(of: UInt8(ascii: "?"), in: restStart..<restEnd) {
      if let bracket = bytes.firstBracket(in: question..<restEnd) {
        return .failure(.character(bracket))
      }
      restEnd = question
    }
    let isWeb = PackedScheme(bytes[0..<colon]).map { $0 == .http || $0 == .https } ?? false
    guard restEnd - restStart >= 2, bytes[restStart] == UInt8(ascii: "/"),
      bytes[restStart + 1] == UInt8(ascii: "/")
    else {
      if isWeb { return .failure(.missingHost) }
      if let bracket = bytes.firstBracket(in: restStart..<restEnd) {
        return .failure(.character(bracket))
      }
      return .success(colon)
    }
    let authorityStart = restStart + 2
    let authorityEnd =
      bytes.firstOffset(of: UInt8(ascii: "/"), in: authorityStart..<restEnd) ?? restEnd
    let authority = authorityStart..<authorityEnd
    if let bracket = bytes.firstBracket(in: authority.upperBound..<restEnd) {
      return .failure(.character(bracket))
    }
    switch hostIsEmpty(inAuthority: authority, of: bytes, text) {
    case .failure(let problem): return .failure(problem)
    case .success(true) where isWeb: return .failure(.missingHost)
    case .success: return .success(colon)
    }
  }

  /// The lower-cased scheme `text` starts with, as `URL(string:)?.scheme` reads it:
  /// the text before the first `:` when that is a scheme and comes before any `/`, `?`
  /// or `#`, whatever follows; `nil` otherwise.
  public static func scheme(of text: String) -> String? {
    withBytes(of: text) { bytes in
      guard let colon = bytes.firstOffset(of: UInt8(ascii: ":"), in: 0..<bytes.count) else {
        return nil
      }
      return isScheme(bytes, endingAt: colon)
        ? lowercasedScheme(in: bytes, endingAt: colon) : nil
    }
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
    return withBytes(of: text) { cleanedScheme($0, of: text) }
  }

  /// ``cleanedScheme(of:)`` of text that is not a scheme and a `:`, from its UTF-8
  /// `bytes`. Without a '%' before the first ':' (or anywhere, when there is none)
  /// decoding changes nothing there; when that text is ASCII, the characters cleaning
  /// removes are the bytes up to the space and DEL (no ASCII character is a format
  /// character).
  private static func cleanedScheme(_ bytes: UnsafeBufferPointer<UInt8>, of text: String)
    -> String?
  {
    var colon = 0
    var isASCII = true
    while colon < bytes.count, bytes[colon] != UInt8(ascii: ":") {
      if bytes[colon] == UInt8(ascii: "%") { return cleanedSchemeDecoding(text) }
      if bytes[colon] >= 0x80 { isASCII = false }
      colon += 1
    }
    guard colon < bytes.count else { return nil }
    guard isASCII else { return cleanedSchemeDecoding(text) }
    var scheme: [UInt8] = []
    scheme.reserveCapacity(colon)
    for offset in 0..<colon {
      let byte = bytes[offset]
      if byte > 0x20 && byte != 0x7F { scheme.append(byte.asciiLowercased) }
    }
    return String(decoding: scheme, as: UTF8.self)
  }

  /// Runs `body` on the UTF-8 bytes of `text`, in place (a URL is read on every record).
  /// A release build does not check the buffer's bounds, so every read here is in bounds
  /// by construction: each offset is compared with `count` first, or lies in a range
  /// that ends at most there; debug builds check, and the reference tests in debug
  /// exercise every verdict.
  private static func withBytes<Answer>(
    of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Answer
  ) -> Answer {
    var text = text
    return text.withUTF8(body)
  }

  /// ``cleanedScheme(of:)`` for any text: decoded as it says, then read by scalar.
  private static func cleanedSchemeDecoding(_ text: String) -> String? {
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

  /// ``unsafeSchemes``' names, packed in their order, for comparing with a link's scheme
  /// without making its name.
  private static let packedUnsafeSchemes = unsafeSchemes.map { PackedScheme($0.scheme.utf8)! }

  /// The unsafe scheme `text` names once cleaned (``cleanedScheme(of:)``), with what
  /// it would do, if it names one.
  public static func unsafeScheme(of text: String) -> (scheme: String, does: String)? {
    // Text that starts with a scheme is its own cleaning (``cleanedScheme(of:)``): its
    // bytes are compared with the unsafe schemes' as they stand, without making its name,
    // since every link of every record comes here.
    let plain: (isScheme: Bool, unsafe: Int?) = withBytes(of: text) { bytes in
      guard let colon = bytes.firstOffset(of: UInt8(ascii: ":"), in: 0..<bytes.count),
        isScheme(bytes, endingAt: colon)
      else { return (false, nil) }
      let packed = PackedScheme(bytes[0..<colon])
      return (true, packed.map { packed in packedUnsafeSchemes.firstIndex(of: packed) } ?? nil)
    }
    if plain.isScheme { return plain.unsafe.map { unsafeSchemes[$0] } }
    // Not a scheme as it stands: only what cleaning leaves can be one.
    guard let scheme = withBytes(of: text, { cleanedScheme($0, of: text) }) else { return nil }
    // The unsafe schemes are lower-case ASCII letters: compared length first (``MemberName``).
    return unsafeSchemes.first { MemberName($0.scheme) ~= scheme }
  }

  /// The first character that may not stand in a URL at all, or a broken `%` escape.
  /// Every byte before the one found is ASCII, so that one starts a scalar of `text`.
  private static func characterProblem(in bytes: UnsafeBufferPointer<UInt8>, of text: String)
    -> Problem?
  {
    let count = bytes.count
    var offset = 0
    while offset < count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "%") {
        guard offset + 2 < count, bytes[offset + 1].hexValue != nil,
          bytes[offset + 2].hexValue != nil
        else { return .percentEncoding }
        offset += 3
        continue
      }
      guard byte.isURLCharacter else {
        return .character(
          text.unicodeScalars[text.utf8.index(text.utf8.startIndex, offsetBy: offset)])
      }
      offset += 1
    }
    return nil
  }

  /// Whether `bytes[..<colon]` is a scheme (a letter, then letters, digits, `+`, `-` or
  /// `.`).
  private static func isScheme(_ bytes: UnsafeBufferPointer<UInt8>, endingAt colon: Int) -> Bool {
    guard colon > 0, colon <= bytes.count, bytes[0].isASCIILetter else { return false }
    for offset in 1..<colon where !bytes[offset].isSchemeCharacter { return false }
    return true
  }

  /// The scheme `bytes[..<colon]` (``isScheme(_:endingAt:)``), lower-cased.
  private static func lowercasedScheme(in bytes: UnsafeBufferPointer<UInt8>, endingAt colon: Int)
    -> String
  {
    // Made from the bytes at hand (`colon` is at most `bytes.count`, so the slice lies in
    // the buffer): a slice of the string's UTF-8 view would be decoded the slow way.
    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<colon]), as: UTF8.self)
    return bytes[0..<colon].contains(where: \.isASCIIUpperCase) ? name.lowercased() : name
  }

  /// Whether the host of the authority (`user@host:port`, `[v6]:port`) at `authority`
  /// is empty, or what is wrong with it. Every byte is an ASCII URL character.
  private static func hostIsEmpty(
    inAuthority authority: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, _ text: String
  ) -> Result<Bool, Problem> {
    let end = authority.upperBound
    var hostStart = authority.lowerBound
    if let at = bytes.firstOffset(of: UInt8(ascii: "@"), in: authority) {
      if bytes.firstOffset(of: UInt8(ascii: "@"), in: (at + 1)..<end) != nil {
        return .failure(
          .invalidAuthority("its authority '\(text.utf8Slice(authority))' has more than one '@'"))
      }
      if let bracket = bytes.firstBracket(in: hostStart..<at) {
        return .failure(.character(bracket))
      }
      hostStart = at + 1
    }
    let portStart: Int
    let isEmpty: Bool
    if hostStart < end, bytes[hostStart] == UInt8(ascii: "[") {
      guard let close = bytes.firstOffset(of: UInt8(ascii: "]"), in: hostStart..<end) else {
        return .failure(
          .invalidAuthority(
            "its host in '\(text.utf8Slice(authority))' opens '[' without closing it"))
      }
      var isIPLiteral = close > hostStart + 1
      for offset in (hostStart + 1)..<close where !bytes[offset].isIPLiteralCharacter {
        isIPLiteral = false
      }
      guard isIPLiteral else {
        return .failure(
          .invalidAuthority(
            "its host '\(text.utf8Slice(hostStart..<(close + 1)))' is not an IP address"))
      }
      guard close + 1 == end || bytes[close + 1] == UInt8(ascii: ":") else {
        return .failure(
          .invalidAuthority("'\(text.utf8Slice(authority))' goes on after the host's ']'"))
      }
      portStart = min(close + 2, end)
      isEmpty = false
    } else {
      if let bracket = bytes.firstBracket(in: hostStart..<end) {
        return .failure(.character(bracket))
      }
      let colon = bytes.firstOffset(of: UInt8(ascii: ":"), in: hostStart..<end) ?? end
      portStart = min(colon + 1, end)
      isEmpty = colon == hostStart
    }
    for offset in portStart..<end where !bytes[offset].isASCIIDigit {
      return .failure(
        .invalidAuthority("its port '\(text.utf8Slice(portStart..<end))' is not a number"))
    }
    return .success(isEmpty)
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

extension UnsafeBufferPointer<UInt8> {
  /// The offset of the first `byte` in `range`.
  fileprivate func firstOffset(of byte: UInt8, in range: Range<Int>) -> Int? {
    for offset in range where self[offset] == byte { return offset }
    return nil
  }

  /// The first `[` or `]` in `range`.
  fileprivate func firstBracket(in range: Range<Int>) -> Unicode.Scalar? {
    for offset in range where self[offset] == UInt8(ascii: "[") || self[offset] == UInt8(ascii: "]")
    {
      return Unicode.Scalar(self[offset])
    }
    return nil
  }
}

extension String {
  /// The text between two UTF-8 offsets (in ``URLPolicy`` they enclose ASCII bytes only).
  fileprivate func utf8Slice(_ range: Range<Int>) -> String {
    let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
    return String(decoding: utf8[start..<utf8.index(start, offsetBy: range.count)], as: UTF8.self)
  }
}

/// A scheme of at most 16 bytes, lower-cased and packed into two words (zeros after it:
/// no scheme byte is zero), so that two schemes are compared in two steps.
struct PackedScheme: Equatable {
  /// Bytes 0–7, the first in the lowest byte.
  private let low: UInt64
  /// Bytes 8–15.
  private let high: UInt64

  /// `http`, packed.
  static let http = PackedScheme("http".utf8)!
  /// `https`, packed.
  static let https = PackedScheme("https".utf8)!

  /// `bytes` (a scheme's) lower-cased and packed, or `nil` when they are more than 16.
  init?<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
    guard bytes.count <= 16 else { return nil }
    // Packed here rather than by the reader's word packing, which, generic in another
    // module, would run unspecialized on every link.
    var low: UInt64 = 0
    var high: UInt64 = 0
    for (offset, byte) in bytes.enumerated() {
      let lowered = UInt64(byte.asciiLowercased)
      if offset < 8 {
        low |= lowered << (8 * offset)
      } else {
        high |= lowered << (8 * (offset - 8))
      }
    }
    self.low = low
    self.high = high
  }
}

/// The ASCII characters RFC 3986 allows in a URL (unreserved and reserved), as a bit set
/// indexed by code point, since every character of every URL is looked up.
enum URLCharacters {
  /// The characters, as RFC 3986 lists them.
  static let allowed =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;="

  /// Code points 0–63 of ``allowed``, bit `n` for code point `n`. A constant: a value
  /// worked out when first used is reached through a one-time check, at every character
  /// of every URL. A test checks it against ``allowed`` (``mask(of:)``).
  static var low: UInt64 { 0xAFFF_FFDA_0000_0000 }
  /// Code points 64–127 of ``allowed``, bit `n` for code point `64 + n`; a constant, as
  /// ``low`` is.
  static var high: UInt64 { 0x47FF_FFFE_AFFF_FFFF }

  /// The bit set of the ASCII characters of `text`, as ``low`` and ``high`` hold it.
  static func mask(of text: String) -> (low: UInt64, high: UInt64) {
    var mask: (low: UInt64, high: UInt64) = (0, 0)
    for byte in text.utf8 where byte < 128 {
      if byte < 64 { mask.low |= 1 << byte } else { mask.high |= 1 << (byte - 64) }
    }
    return mask
  }
}

extension UInt8 {
  /// `A`–`Z`, `a`–`z`.
  fileprivate var isASCIILetter: Bool {
    (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z")
  }

  /// `A`–`Z`.
  fileprivate var isASCIIUpperCase: Bool { self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") }

  /// The byte with `A`–`Z` lower-cased.
  fileprivate var asciiLowercased: UInt8 { isASCIIUpperCase ? self | 0x20 : self }

  /// `0`–`9`.
  fileprivate var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }

  /// A character of a scheme after its first letter.
  fileprivate var isSchemeCharacter: Bool {
    isASCIILetter || isASCIIDigit || self == UInt8(ascii: "+") || self == UInt8(ascii: "-")
      || self == UInt8(ascii: ".")
  }

  /// A character that may stand somewhere in a URL: unreserved, reserved (general and
  /// sub-delimiters); `%` is checked with its two digits.
  fileprivate var isURLCharacter: Bool {
    self < 64
      ? URLCharacters.low & (1 << self) != 0
      : self < 128 && URLCharacters.high & (1 << (self - 64)) != 0
  }

  /// A character of an IP literal between `[` and `]`: IPv6 (hex digits, `:`, `.`) or
  /// IPvFuture (`v`, then unreserved, sub-delimiters and `:`).
  fileprivate var isIPLiteralCharacter: Bool {
    switch self {
    case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "["),
      UInt8(ascii: "]"), UInt8(ascii: "@"):
      false
    default: isURLCharacter
    }
  }

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
