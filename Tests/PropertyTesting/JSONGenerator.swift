import PushIR

/// Random JSON values of every kind, and random spellings of them as JSON text.
///
/// Strings mix ASCII, the characters JSON must escape (quote, backslash, every control
/// character), characters it may escape (`/`, U+007F, U+2028), other scripts, combining
/// sequences and characters beyond the Basic Multilingual Plane. Numbers take every
/// lexical shape of RFC 8259: signs, zero, fractions, exponents with and without signs
/// and leading zeros, and integers far beyond 64 bits.
public enum JSONGenerator {
  /// Fragments strings are built from, by kind.
  static let fragments: [[String]] = [
    ["a", "Z", "0", "9", " ", "push", "Sale", "-", "_", ".", ":", "?", "&", "=", "%", "#", "~"],
    [
      "\"", "\\", "\u{0}", "\u{1}", "\u{8}", "\u{9}", "\u{A}", "\u{C}", "\u{D}", "\u{1F}", "\u{1B}",
    ],
    [
      "/", "\u{7F}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFD}", "\u{FFFF}", "\u{80}", "\u{A0}",
    ],
    ["é", "ß", "Ω", "ж", "中文", "日本語", "한국어", "שלום", "مرحبا", "ไทย", "€", "⚡", "✓"],
    ["e\u{301}", "👩‍💻", "🇨🇭", "👍🏽", "\u{200D}", "\u{200B}", "a\u{20DD}"],
    ["😀", "𝄞", "🚀", "\u{10000}", "\u{10FFFF}", "\u{1F4E6}", "𠜎"],
  ]

  /// A random string of up to `maxFragments` fragments (possibly empty).
  public static func string(_ random: inout SeededRandom, maxFragments: Int = 8) -> String {
    var text = ""
    for _ in 0..<random.int(in: 0...maxFragments) {
      // ASCII most of the time; each other kind now and then.
      let kind = random.chance(50) ? 0 : random.int(in: 0...(fragments.count - 1))
      text += random.pick(fragments[kind])
    }
    return text
  }

  /// A random number lexeme following the JSON number grammar.
  public static func numberLexeme(_ random: inout SeededRandom) -> String {
    var lexeme = random.chance(30) ? "-" : ""
    if random.chance(20) {
      lexeme += "0"
    } else {
      let length = random.chance(10) ? random.int(in: 19...40) : random.int(in: 1...6)
      lexeme += String(random.int(in: 1...9))
      for _ in 1..<length { lexeme += String(random.below(10)) }
    }
    if random.chance(35) {
      lexeme += "."
      for _ in 0..<random.int(in: 1...(random.chance(10) ? 25 : 4)) {
        lexeme += String(random.below(10))
      }
    }
    if random.chance(25) {
      lexeme += random.pick(["e", "E"]) + random.pick(["", "+", "-"])
      for _ in 0..<random.int(in: 1...4) { lexeme += String(random.below(10)) }
    }
    return lexeme
  }

  /// A random scalar value (not an array or object).
  public static func scalar(_ random: inout SeededRandom) -> JSONValue {
    switch random.below(6) {
    case 0: .null
    case 1: .bool(random.chance(50))
    case 2, 3: .number(JSONNumber(lexeme: numberLexeme(&random)))
    default: .string(string(&random))
    }
  }

  /// A random value nested at most `depth` levels below this one; objects may repeat a
  /// member name when `duplicates` allows.
  public static func value(
    _ random: inout SeededRandom, depth: Int = 4, duplicates: Bool = true
  ) -> JSONValue {
    guard depth > 0, random.chance(40) else { return scalar(&random) }
    if random.chance(50) {
      return .array(
        (0..<random.count(upTo: 6)).map { _ in
          value(&random, depth: depth - 1, duplicates: duplicates)
        })
    }
    return .object(object(&random, depth: depth - 1, duplicates: duplicates))
  }

  /// A random object whose values are nested at most `depth` levels.
  public static func object(
    _ random: inout SeededRandom, depth: Int = 3, duplicates: Bool = false
  ) -> JSONObject {
    var object = JSONObject()
    for _ in 0..<random.count(upTo: 6) {
      let key =
        duplicates && !object.isEmpty && random.chance(10)
        ? random.pick(object.keys) : string(&random, maxFragments: 3)
      if !duplicates && object[key] != nil { continue }
      object.append(key, value(&random, depth: depth, duplicates: duplicates))
    }
    return object
  }

  /// JSON text that reads as `value`: random whitespace between tokens, each character
  /// of each string written as itself or escaped in one of the ways JSON allows
  /// (characters JSON requires to be escaped always are), sometimes a byte order mark.
  public static func spelling(of value: JSONValue, _ random: inout SeededRandom) -> [UInt8] {
    var text: [UInt8] = random.chance(5) ? [0xEF, 0xBB, 0xBF] : []
    whitespace(&text, &random)
    spell(value, into: &text, &random)
    whitespace(&text, &random)
    return text
  }

  private static func spell(
    _ value: JSONValue, into text: inout [UInt8], _ random: inout SeededRandom
  ) {
    switch value {
    case .null, .bool, .number: JSONWriter(style: .compact).write(value, into: &text)
    case .string(let string): spell(string.string, into: &text, &random)
    case .array(let elements):
      text.append(UInt8(ascii: "["))
      whitespace(&text, &random)
      for (index, element) in elements.enumerated() {
        if index > 0 {
          text.append(UInt8(ascii: ","))
          whitespace(&text, &random)
        }
        spell(element, into: &text, &random)
        whitespace(&text, &random)
      }
      text.append(UInt8(ascii: "]"))
    case .object(let object):
      text.append(UInt8(ascii: "{"))
      whitespace(&text, &random)
      for (index, member) in object.members.enumerated() {
        if index > 0 {
          text.append(UInt8(ascii: ","))
          whitespace(&text, &random)
        }
        spell(member.key, into: &text, &random)
        whitespace(&text, &random)
        text.append(UInt8(ascii: ":"))
        whitespace(&text, &random)
        spell(member.value, into: &text, &random)
        whitespace(&text, &random)
      }
      text.append(UInt8(ascii: "}"))
    }
  }

  private static func spell(
    _ string: String, into text: inout [UInt8], _ random: inout SeededRandom
  ) {
    text.append(UInt8(ascii: "\""))
    for scalar in string.unicodeScalars {
      let value = scalar.value
      let short: [UInt32: String] = [
        0x22: "\\\"", 0x5C: "\\\\", 0x2F: "\\/", 0x08: "\\b", 0x0C: "\\f", 0x0A: "\\n",
        0x0D: "\\r", 0x09: "\\t",
      ]
      let mustEscape = value < 0x20 || value == 0x22 || value == 0x5C
      guard mustEscape || random.chance(15) else {
        text.append(contentsOf: String(scalar).utf8)
        continue
      }
      if let form = short[value], random.chance(60) {
        text.append(contentsOf: form.utf8)
      } else if value < 0x10000 {
        text.append(contentsOf: unicodeEscape(value, &random))
      } else {
        let offset = value - 0x10000
        text.append(contentsOf: unicodeEscape(0xD800 + (offset >> 10), &random))
        text.append(contentsOf: unicodeEscape(0xDC00 + (offset & 0x3FF), &random))
      }
    }
    text.append(UInt8(ascii: "\""))
  }

  /// `\uXXXX` for a UTF-16 code unit, hex digits in random case.
  private static func unicodeEscape(_ unit: UInt32, _ random: inout SeededRandom) -> [UInt8] {
    var hex = String(unit, radix: 16)
    hex = String(repeating: "0", count: 4 - hex.count) + hex
    if random.chance(50) { hex = hex.uppercased() }
    return Array(("\\u" + hex).utf8)
  }

  private static func whitespace(_ text: inout [UInt8], _ random: inout SeededRandom) {
    guard random.chance(30) else { return }
    for _ in 0..<random.int(in: 1...3) {
      text.append(random.pick([0x20, 0x09, 0x0A, 0x0D]))
    }
  }
}
