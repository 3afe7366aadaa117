/// Checks UTF-8 text with the rules of RFC 3629 (no overlong forms, no surrogates,
/// nothing above U+10FFFF, no cut or stray continuation bytes): the rules the standard
/// library's `String(validating:as:)` applies, stepped over ASCII a word at a time.
///
/// The reader validates string text with ``validate(_:)`` and, when that fails, locates
/// the first bad byte with ``sequenceLength(_:at:)``: one set of rules for both.
enum UTF8Validation {
  /// What ``validate(_:)`` found in a buffer.
  enum Verdict: Equatable {
    /// Not valid UTF-8.
    case invalid
    /// Every byte is ASCII.
    case ascii
    /// Valid UTF-8 holding at least one multi-byte sequence.
    case multiByte
  }

  /// The length (2 to 4) of the well-formed multi-byte sequence whose first byte is at
  /// `offset`, or 0 when the byte there does not start one (an ASCII byte included).
  @inline(__always)
  static func sequenceLength(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
    let lead = buffer[offset]
    let length: Int
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; lower = 0xA0  // below: overlong
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; upper = 0x9F  // above: surrogates U+D800-DFFF
    case 0xF0: length = 4; lower = 0x90  // below: overlong
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; upper = 0x8F  // above: beyond U+10FFFF
    default: return 0
    }
    guard offset &+ length <= buffer.count else { return 0 }
    let second = buffer[offset &+ 1]
    guard second >= lower, second <= upper else { return 0 }
    if length > 2, buffer[offset &+ 2] & 0xC0 != 0x80 { return 0 }
    if length > 3, buffer[offset &+ 3] & 0xC0 != 0x80 { return 0 }
    return length
  }

  /// Whether `buffer` is valid UTF-8, and whether it is all ASCII.
  ///
  /// Runs of ASCII are stepped over eight bytes at a time; a word holding a byte beyond
  /// ASCII is left after its ASCII prefix, where ``sequenceLength(_:at:)`` takes over.
  static func validate(_ buffer: UnsafeBufferPointer<UInt8>) -> Verdict {
    var offset = 0
    var verdict = Verdict.ascii
    while offset < buffer.count {
      // `offset + 8 <= buffer.count` keeps the word's load inside the buffer.
      if offset &+ 8 <= buffer.count {
        let high = JSONStringBytes.word(buffer, at: offset) & JSONStringBytes.highBits
        guard high != 0 else {
          offset &+= 8
          continue
        }
        offset &+= high.trailingZeroBitCount &>> 3
      } else if buffer[offset] < 0x80 {
        offset &+= 1
        continue
      }
      let length = sequenceLength(buffer, at: offset)
      guard length != 0 else { return .invalid }
      verdict = .multiByte
      offset &+= length
    }
    return verdict
  }
}
