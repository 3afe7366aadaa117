/// Checks UTF-8 text with the rules of RFC 3629 (no overlong forms, no surrogates,
/// nothing above U+10FFFF, no cut or stray continuation bytes): the rules the standard
/// library's `String(validating:as:)` applies.
///
/// The rules are one finite automaton, ``transitions``: ``validate(_:)`` runs it over a
/// whole text (stepping over leading ASCII sixteen bytes at a time) and
/// ``sequenceLength(_:at:)`` over one sequence, which is how the reader locates the
/// first bad byte.
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
  /// ASCII is stepped over sixteen bytes at a time up to the first byte beyond it. From
  /// there the text is cut in two halves where a sequence starts, and the automaton runs
  /// over both at once: each step of one run waits for the step before it, so two
  /// independent runs take little longer than one. Text is valid exactly when both
  /// halves are, as a valid text never starts with a continuation byte.
  static func validate(_ buffer: UnsafeBufferPointer<UInt8>) -> Verdict {
    guard let firstBeyondASCII = firstBeyondASCII(buffer) else { return .ascii }
    let middle = sequenceStart(
      buffer, near: firstBeyondASCII &+ (buffer.count &- firstBeyondASCII) / 2)
    return transitions.withUnsafeBufferPointer { table in
      var first = State.boundary.rawValue
      var second = State.boundary.rawValue
      let together = min(middle &- firstBeyondASCII, buffer.count &- middle)
      for step in 0..<together {
        first = table[Int(buffer[firstBeyondASCII &+ step])] &>> first
        second = table[Int(buffer[middle &+ step])] &>> second
      }
      first = run(table, buffer, firstBeyondASCII &+ together..<middle, from: first)
      second = run(table, buffer, middle &+ together..<buffer.count, from: second)
      // A state is its low six bits (the shift leaves the other bits undefined).
      let bothBetweenSequences =
        first & 63 == State.boundary.rawValue && second & 63 == State.boundary.rawValue
      return bothBetweenSequences ? .multiByte : .invalid
    }
  }

  /// The position of the first byte of `buffer` beyond ASCII, or `nil` when there is none.
  private static func firstBeyondASCII(_ buffer: UnsafeBufferPointer<UInt8>) -> Int? {
    var offset = 0
    // `offset + 16 <= buffer.count` keeps both words' loads inside the buffer.
    while offset &+ 16 <= buffer.count {
      let first = JSONStringBytes.word(buffer, at: offset) & JSONStringBytes.highBits
      let second = JSONStringBytes.word(buffer, at: offset &+ 8) & JSONStringBytes.highBits
      if first | second != 0 {
        return offset
          &+ (first != 0
            ? first.trailingZeroBitCount &>> 3 : 8 &+ second.trailingZeroBitCount &>> 3)
      }
      offset &+= 16
    }
    return buffer[offset...].firstIndex { $0 >= 0x80 }
  }

  /// The first position at or after `offset` that is not a continuation byte, looking
  /// at most four bytes on (a valid text has no more than three in a row; in any other,
  /// the position found starts the second run on one, which rejects it).
  private static func sequenceStart(_ buffer: UnsafeBufferPointer<UInt8>, near offset: Int) -> Int {
    var offset = offset
    for _ in 0..<4 where offset < buffer.count && buffer[offset] & 0xC0 == 0x80 { offset &+= 1 }
    return offset
  }
}
