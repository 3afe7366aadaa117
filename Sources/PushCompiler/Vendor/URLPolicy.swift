import PushIR

/// pushc's URL policy: whether a string is a URL as RFC 3986 writes it, and which
/// schemes must not reach a phone. The check-urls pass applies it to every URL the IR
/// carries, and `pushc validate --from klaviyo` to the links the specification names;
/// `Specs/urls.md` states it.
///
/// Every text is read as its UTF-8 bytes, in place (a URL is read on every record). A
/// release build does not check the buffer's bounds, so every read here is in bounds by
/// construction: each offset is compared with `count` first, or lies in a range that
/// ends at most there; debug builds check, and the reference tests in debug exercise
/// every verdict.
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
  public static func check(_ text: IRText) -> Result<String, Problem> {
    text.withUTF8 { bytes in
      check(bytes: bytes).map { colon in lowercasedScheme(in: bytes, endingAt: colon) }
    }
  }

  /// Why `text` is not a valid URL (``check(_:)``), or `nil` when it is: the check
  /// without making the scheme's name, for a caller that needs none (every link of every
  /// record).
  public static func problem(in text: IRText) -> Problem? {
    text.withUTF8 { bytes in
      guard case .failure(let problem) = check(bytes: bytes) else { return nil }
      return problem
    }
  }

  /// Whether an SDK that reads links with Foundation's `URL(string:)` is taken to get one
  /// from `text`: it is not empty and holds no space or control character, the rule the
  /// Klaviyo front end reads buttons by (`Specs/vendors/klaviyo.md`). `URL(string:)`
  /// refuses these before iOS 17, and more: any link RFC 3986 disallows, which
  /// ``check(_:)`` reports and keeps, as a template tag may stand for a link. Since iOS 17
  /// it percent-encodes all but the empty text, in apps built with that SDK.
  public static func isParseable(_ text: IRText) -> Bool {
    // Bytes below 0x80 are ASCII in UTF-8: checking bytes checks those characters. Read
    // in place: a copy of the text, or a step through the `UTF8View`, cost more than the
    // check, which every link of every record takes.
    text.withUTF8(isParseable)
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

  /// The part of a URL a byte stands in, as ``check(_:of:)`` reads it in one pass.
  private enum Part {
    /// Before the first `:`.
    case scheme
    /// After `scheme://`, up to the next `/`, `?` or `#`.
    case authority
    /// After the scheme (or the authority), up to the first `?` or `#`.
    case path
    /// From the first `?` after the scheme up to the first `#`.
    case query
    /// From the first `#` after the scheme.
    case fragment
    /// After a `/`, `?` or `#` that comes before any `:`: there is no scheme, and only
    /// the characters are left to check.
    case afterMissingScheme
  }

  /// ``check(_:)`` on a text's UTF-8 `bytes`: the offset of the `:` ending the scheme
  /// when it is a valid URL, or why it is not.
  private static func check(bytes: UnsafeBufferPointer<UInt8>) -> Result<
    Int, Problem
  > {
    let count = bytes.count
    guard count > 0 else { return .failure(.empty) }
    // One pass checks every character and notes where each part ends and what in it
    // breaks the rules; the verdict then takes the rules in their order: a character
    // anywhere comes first, so a structural problem is only noted until the end. Every
    // link of every record comes here; the host alone is read again.
    var part = Part.scheme
    var colon = 0
    var isScheme = bytes[0].isASCIILetter
    var authorityStart: Int? = nil
    var authorityEnd = count
    var firstAt: Int? = nil
    var hasSecondAt = false
    var firstAuthorityBracket: Int? = nil
    var hasSecondHash = false
    // The first `[` or `]` of each part (brackets may stand only around an IP literal
    // host), zero when there is none.
    var pathBracket: UInt8 = 0
    var queryBracket: UInt8 = 0
    var fragmentBracket: UInt8 = 0
    var offset = 0
    while offset < count {
      let byte = bytes[offset]
      guard byte.isURLCharacter else {
        guard byte == UInt8(ascii: "%") else {
          // Every byte before it is ASCII, so this one starts a scalar.
          return .failure(.character(bytes.scalar(at: offset)))
        }
        guard offset + 2 < count, bytes[offset + 1].hexValue != nil,
          bytes[offset + 2].hexValue != nil
        else { return .failure(.percentEncoding) }
        if part == .scheme { isScheme = false }
        offset += 3
        continue
      }
      guard byte.isGeneralDelimiter else {
        if part == .scheme && !byte.isSchemeCharacter { isScheme = false }
        offset += 1
        continue
      }
      switch part {
      case .scheme:
        switch byte {
        case UInt8(ascii: ":"):
          colon = offset
          if offset + 2 < count, bytes[offset + 1] == UInt8(ascii: "/"),
            bytes[offset + 2] == UInt8(ascii: "/")
          {
            part = .authority
            authorityStart = offset + 3
            offset += 3
            continue
          }
          part = .path
        case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): part = .afterMissingScheme
        default: isScheme = false
        }
      case .authority:
        switch byte {
        case UInt8(ascii: "/"):
          authorityEnd = offset
          part = .path
        case UInt8(ascii: "?"):
          authorityEnd = offset
          part = .query
        case UInt8(ascii: "#"):
          authorityEnd = offset
          part = .fragment
        case UInt8(ascii: "@"):
          if firstAt == nil { firstAt = offset } else { hasSecondAt = true }
        case UInt8(ascii: "["), UInt8(ascii: "]"):
          if firstAuthorityBracket == nil { firstAuthorityBracket = offset }
        default: break
        }
      case .path:
        switch byte {
        case UInt8(ascii: "?"): part = .query
        case UInt8(ascii: "#"): part = .fragment
        case UInt8(ascii: "["), UInt8(ascii: "]"): if pathBracket == 0 { pathBracket = byte }
        default: break
        }
      case .query:
        switch byte {
        case UInt8(ascii: "#"): part = .fragment
        case UInt8(ascii: "["), UInt8(ascii: "]"): if queryBracket == 0 { queryBracket = byte }
        default: break
        }
      case .fragment:
        switch byte {
        case UInt8(ascii: "#"): hasSecondHash = true
        case UInt8(ascii: "["), UInt8(ascii: "]"):
          if fragmentBracket == 0 { fragmentBracket = byte }
        default: break
        }
      case .afterMissingScheme: break
      }
      offset += 1
    }
    guard part != .scheme, part != .afterMissingScheme, colon > 0 else {
      return .failure(.noScheme)
    }
    guard isScheme else { return .failure(.invalidScheme(bytes.text(0..<colon))) }
    if hasSecondHash { return .failure(.character("#")) }
    if fragmentBracket != 0 { return .failure(.character(Unicode.Scalar(fragmentBracket))) }
    if queryBracket != 0 { return .failure(.character(Unicode.Scalar(queryBracket))) }
    let isWeb = isWebScheme(bytes, endingAt: colon)
    guard let authorityStart else {
      if isWeb { return .failure(.missingHost) }
      if pathBracket != 0 { return .failure(.character(Unicode.Scalar(pathBracket))) }
      return .success(colon)
    }
    if pathBracket != 0 { return .failure(.character(Unicode.Scalar(pathBracket))) }
    let authority = authorityStart..<authorityEnd
    if hasSecondAt {
      return .failure(
        .invalidAuthority("its authority '\(bytes.text(authority))' has more than one '@'"))
    }
    var hostStart = authorityStart
    if let firstAt {
      if let bracket = firstAuthorityBracket, bracket < firstAt {
        return .failure(.character(Unicode.Scalar(bytes[bracket])))
      }
      hostStart = firstAt + 1
    }
    switch hostIsEmpty(from: hostStart, inAuthority: authority, of: bytes) {
    case .failure(let problem): return .failure(problem)
    case .success(true) where isWeb: return .failure(.missingHost)
    case .success: return .success(colon)
    }
  }

  /// Whether the scheme `bytes[..<colon]` is `http` or `https`, in any case.
  private static func isWebScheme(_ bytes: UnsafeBufferPointer<UInt8>, endingAt colon: Int)
    -> Bool
  {
    guard colon == 4 || colon == 5, colon <= bytes.count else { return false }
    return bytes[0].asciiLowercased == UInt8(ascii: "h")
      && bytes[1].asciiLowercased == UInt8(ascii: "t")
      && bytes[2].asciiLowercased == UInt8(ascii: "t")
      && bytes[3].asciiLowercased == UInt8(ascii: "p")
      && (colon == 4 || bytes[4].asciiLowercased == UInt8(ascii: "s"))
  }

  /// The lower-cased scheme `text` starts with, as `URL(string:)?.scheme` reads it:
  /// the text before the first `:` when that is a scheme and comes before any `/`, `?`
  /// or `#`, whatever follows; `nil` otherwise.
  public static func scheme(of text: IRText) -> String? {
    text.withUTF8 { bytes in
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
  public static func cleanedScheme(of text: IRText) -> String? {
    // Text that starts with a scheme is its own cleaning: no escape, space or control
    // character stands before its first ':', and decoding what follows adds none there.
    if let plain = scheme(of: text) { return plain }
    return text.withUTF8(cleanedScheme)
  }

  /// ``cleanedScheme(of:)`` of text that is not a scheme and a `:`, from its UTF-8
  /// `bytes`. Without a '%' before the first ':' (or anywhere, when there is none)
  /// decoding changes nothing there; when that text is ASCII, the characters cleaning
  /// removes are the bytes up to the space and DEL (no ASCII character is a format
  /// character).
  private static func cleanedScheme(_ bytes: UnsafeBufferPointer<UInt8>)
    -> String?
  {
    var colon = 0
    var isASCII = true
    while colon < bytes.count, bytes[colon] != UInt8(ascii: ":") {
      if bytes[colon] == UInt8(ascii: "%") { return cleanedSchemeDecoding(bytes.text()) }
      if bytes[colon] >= 0x80 { isASCII = false }
      colon += 1
    }
    guard colon < bytes.count else { return nil }
    guard isASCII else { return cleanedSchemeDecoding(bytes.text()) }
    var scheme: [UInt8] = []
    scheme.reserveCapacity(colon)
    for offset in 0..<colon {
      let byte = bytes[offset]
      if byte > 0x20 && byte != 0x7F { scheme.append(byte.asciiLowercased) }
    }
    return String(decoding: scheme, as: UTF8.self)
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

  /// The letters ``unsafeSchemes``' names start with, bit `n` for the `n`th letter of
  /// the alphabet (`a` is bit 0); each name starts with a lower-case ASCII letter.
  private static let unsafeSchemeInitials: UInt32 = unsafeSchemes.reduce(0) { mask, entry in
    mask | 1 << (entry.scheme.utf8.first! - UInt8(ascii: "a"))
  }

  /// ``unsafeSchemes``' names, packed in their order, for comparing with a link's scheme
  /// without making its name.
  private static let packedUnsafeSchemes = unsafeSchemes.map { PackedScheme($0.scheme.utf8)! }

  /// The unsafe scheme `text` names once cleaned (``cleanedScheme(of:)``), with what
  /// it would do, if it names one.
  public static func unsafeScheme(of text: IRText) -> (scheme: String, does: String)? {
    // Cleaning keeps a leading letter first, lower-cased (it removes no letter, and
    // decoding changes only what follows a `%`): a link starting with a letter that no
    // unsafe scheme starts with (`https:`, `mailto:`, most links) names none.
    if let first = text.firstByte, first.isASCIILetter,
      unsafeSchemeInitials & (1 << (first.asciiLowercased &- UInt8(ascii: "a"))) == 0
    {
      return nil
    }
    // Text that starts with a scheme is its own cleaning (``cleanedScheme(of:)``): its
    // bytes are compared with the unsafe schemes' as they stand, without making its name,
    // since every link of every record comes here.
    let plain: (isScheme: Bool, unsafe: Int?) = text.withUTF8 { bytes in
      guard let colon = bytes.firstOffset(of: UInt8(ascii: ":"), in: 0..<bytes.count),
        isScheme(bytes, endingAt: colon)
      else { return (false, nil) }
      let packed = PackedScheme(bytes[0..<colon])
      return (true, packed.map { packed in packedUnsafeSchemes.firstIndex(of: packed) } ?? nil)
    }
    if plain.isScheme { return plain.unsafe.map { unsafeSchemes[$0] } }
    // Not a scheme as it stands: only what cleaning leaves can be one.
    guard let scheme = text.withUTF8(cleanedScheme) else { return nil }
    // The unsafe schemes are lower-case ASCII letters: compared length first (``MemberName``).
    return unsafeSchemes.first { MemberName($0.scheme) ~= scheme }
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

  /// Whether the host of the authority (`user@host:port`, `[v6]:port`) at `authority`,
  /// starting at `hostStart` (after its one `@`, if any), is empty, or what is wrong with
  /// it. Every byte is an ASCII URL character.
  private static func hostIsEmpty(
    from hostStart: Int, inAuthority authority: Range<Int>,
    of bytes: UnsafeBufferPointer<UInt8>
  ) -> Result<Bool, Problem> {
    let end = authority.upperBound
    let portStart: Int
    let isEmpty: Bool
    if hostStart < end, bytes[hostStart] == UInt8(ascii: "[") {
      var close = hostStart + 1
      var isIPLiteral = true
      while close < end, bytes[close] != UInt8(ascii: "]") {
        if !bytes[close].isIPLiteralCharacter { isIPLiteral = false }
        close += 1
      }
      guard close < end else {
        return .failure(
          .invalidAuthority(
            "its host in '\(bytes.text(authority))' opens '[' without closing it"))
      }
      guard isIPLiteral, close > hostStart + 1 else {
        return .failure(
          .invalidAuthority(
            "its host '\(bytes.text(hostStart..<(close + 1)))' is not an IP address"))
      }
      guard close + 1 == end || bytes[close + 1] == UInt8(ascii: ":") else {
        return .failure(
          .invalidAuthority("'\(bytes.text(authority))' goes on after the host's ']'"))
      }
      portStart = min(close + 2, end)
      isEmpty = false
    } else {
      // A bracket anywhere in the host or port comes before what is wrong with the port.
      var colon = end
      for offset in hostStart..<end {
        let byte = bytes[offset]
        if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") {
          return .failure(.character(Unicode.Scalar(byte)))
        }
        if byte == UInt8(ascii: ":") && colon == end { colon = offset }
      }
      portStart = min(colon + 1, end)
      isEmpty = colon == hostStart
    }
    for offset in portStart..<end where !bytes[offset].isASCIIDigit {
      return .failure(
        .invalidAuthority("its port '\(bytes.text(portStart..<end))' is not a number"))
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

  /// The text of the bytes in `range` (all of them by default), for a message: in
  /// ``URLPolicy`` a range encloses whole characters.
  fileprivate func text(_ range: Range<Int>? = nil) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: self[range ?? 0..<count]), as: UTF8.self)
  }

  /// The scalar whose UTF-8 starts at `offset`.
  fileprivate func scalar(at offset: Int) -> Unicode.Scalar {
    text(offset..<count).unicodeScalars.first!
  }
}

/// A scheme of at most 16 bytes, lower-cased and packed into two words (zeros after it:
/// no scheme byte is zero), so that two schemes are compared in two steps.
struct PackedScheme: Equatable {
  /// Bytes 0–7, the first in the lowest byte.
  private let low: UInt64
  /// Bytes 8–15.
  private let high: UInt64

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

  /// RFC 3986's general delimiters, which end or divide a URL's parts.
  static let generalDelimiters = ":/?#[]@"

  /// Code points 0–63 of ``generalDelimiters``, as ``low`` holds those of ``allowed``.
  static var delimitersLow: UInt64 { 0x8400_8008_0000_0000 }
  /// Code points 64–127 of ``generalDelimiters``, as ``high`` holds those of ``allowed``.
  static var delimitersHigh: UInt64 { 0x0000_0000_2800_0001 }

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

  /// One of RFC 3986's general delimiters (``URLCharacters/generalDelimiters``).
  fileprivate var isGeneralDelimiter: Bool {
    self < 64
      ? URLCharacters.delimitersLow & (1 << self) != 0
      : self < 128 && URLCharacters.delimitersHigh & (1 << (self - 64)) != 0
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
