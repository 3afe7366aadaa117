/// Checks UTF-8 text with the rules of RFC 3629 (no overlong forms, no surrogates,
/// nothing above U+10FFFF, no cut or stray continuation bytes): the rules the standard
/// library's `String(validating:as:)` applies.
///
/// The rules are one finite automaton, ``transitions``: ``validate(_:)`` runs it over a
/// whole text (stepping over ASCII sixteen bytes at a time) and ``sequenceLength(_:at:)``
/// over one sequence, which is how the reader locates the first bad byte.
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

  /// A state of the automaton: what the bytes read so far allow next. Its raw value is
  /// the bit offset of its next state in a row of ``transitions``.
  private enum State: UInt64, CaseIterable {
    /// Between sequences (the only state a valid text may end in).
    case boundary = 0
    /// After a byte no valid text holds; never left.
    case rejected = 6
    /// One continuation byte (0x80-0xBF) still needed.
    case oneMore = 12
    /// Two continuation bytes still needed.
    case twoMore = 18
    /// Three continuation bytes still needed.
    case threeMore = 24
    /// After 0xE0: 0xA0-0xBF next (lower would be an overlong form).
    case afterE0 = 30
    /// After 0xED: 0x80-0x9F next (higher would encode a surrogate, U+D800-DFFF).
    case afterED = 36
    /// After 0xF0: 0x90-0xBF next (lower would be an overlong form).
    case afterF0 = 42
    /// After 0xF4: 0x80-0x8F next (higher would be beyond U+10FFFF).
    case afterF4 = 48

    /// The state after `byte` is read in this one.
    func next(_ byte: UInt8) -> State {
      switch (self, byte) {
      case (.boundary, 0x00...0x7F): .boundary
      case (.boundary, 0xC2...0xDF): .oneMore
      case (.boundary, 0xE0): .afterE0
      case (.boundary, 0xE1...0xEC), (.boundary, 0xEE...0xEF): .twoMore
      case (.boundary, 0xED): .afterED
      case (.boundary, 0xF0): .afterF0
      case (.boundary, 0xF1...0xF3): .threeMore
      case (.boundary, 0xF4): .afterF4
      case (.oneMore, 0x80...0xBF): .boundary
      case (.twoMore, 0x80...0xBF), (.afterE0, 0xA0...0xBF), (.afterED, 0x80...0x9F): .oneMore
      case (.threeMore, 0x80...0xBF), (.afterF0, 0x90...0xBF), (.afterF4, 0x80...0x8F): .twoMore
      default: .rejected
      }
    }
  }

  /// For each byte, the next state of every state, each in six bits at that state's
  /// offset: `row >> state` (the shift taken modulo 64) is the next state in its low
  /// six bits, so one shift a byte runs the automaton.
  private static let transitions: [UInt64] = (0...255).map { byte in
    State.allCases.reduce(0) { row, state in
      row | state.next(UInt8(byte)).rawValue << state.rawValue
    }
  }

  /// Runs the automaton over `buffer[range]` from `state`.
  @inline(__always)
  private static func run(
    _ table: UnsafeBufferPointer<UInt64>, _ buffer: UnsafeBufferPointer<UInt8>,
    _ range: Range<Int>, from state: UInt64
  ) -> UInt64 {
    var state = state
    // `table` has 256 rows, one for every byte value.
    for offset in range { state = table[Int(buffer[offset])] &>> state }
    return state
  }

  /// The length (2 to 4) of the well-formed multi-byte sequence whose first byte is at
  /// `offset`, or 0 when the bytes there are not one (an ASCII byte included).
  static func sequenceLength(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
    transitions.withUnsafeBufferPointer { table in
      var state = State.boundary.rawValue
      for length in 1...4 where offset &+ length <= buffer.count {
        state = table[Int(buffer[offset &+ length &- 1])] &>> state & 63
        if state == State.rejected.rawValue { return 0 }
        if state == State.boundary.rawValue { return length > 1 ? length : 0 }
      }
      return 0
    }
  }

  /// Whether `buffer` is valid UTF-8, and whether it is all ASCII.
  ///
  /// Sixteen bytes of ASCII between sequences are stepped over at once; otherwise the
  /// automaton runs byte by byte, without a branch on their values, over the sixteen
  /// bytes from the first beyond ASCII (or, inside a sequence, from where it is).
  static func validate(_ buffer: UnsafeBufferPointer<UInt8>) -> Verdict {
    transitions.withUnsafeBufferPointer { table in
      var state = State.boundary.rawValue
      var beyondASCII: UInt64 = 0
      var offset = 0
      // `offset + 16 <= buffer.count` keeps both words' loads inside the buffer.
      while offset &+ 16 <= buffer.count {
        let first = JSONStringBytes.word(buffer, at: offset)
        let second = JSONStringBytes.word(buffer, at: offset &+ 8)
        let high = (first | second) & JSONStringBytes.highBits
        beyondASCII |= high
        if state & 63 == State.boundary.rawValue {
          if high == 0 {
            offset &+= 16
            continue
          }
          // ASCII before the first byte beyond it leaves the automaton between
          // sequences: the sixteen bytes it runs over start at that byte.
          let firstHigh = first & JSONStringBytes.highBits
          offset &+=
            firstHigh != 0
            ? firstHigh.trailingZeroBitCount &>> 3
            : 8 &+ (second & JSONStringBytes.highBits).trailingZeroBitCount &>> 3
          guard offset &+ 16 <= buffer.count else { break }
        }
        state = run(table, buffer, offset..<offset &+ 16, from: state)
        offset &+= 16
      }
      for offset in offset..<buffer.count { beyondASCII |= UInt64(buffer[offset]) & 0x80 }
      state = run(table, buffer, offset..<buffer.count, from: state) & 63
      guard state == State.boundary.rawValue else { return .invalid }
      return beyondASCII == 0 ? .ascii : .multiByte
    }
  }
}
