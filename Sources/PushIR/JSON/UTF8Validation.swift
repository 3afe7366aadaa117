/// Checks UTF-8 text with the rules of RFC 3629 (no overlong forms, no surrogates,
/// nothing above U+10FFFF, no cut or stray continuation bytes): the rules the standard
/// library's `String(validating:as:)` applies.
///
/// The rules are one finite automaton, ``transitions``: ``sequenceLength(_:at:)`` runs it
/// over one sequence, which is how the reader locates the first bad byte, and
/// ``validate(_:)`` over a short text. A longer one is checked sixteen bytes at a time by
/// ``blockErrors(_:at:)``, the same rules stated byte by byte, which vector instructions
/// apply to sixteen bytes at once.
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

  /// Whether `state`, as ``run(_:_:_:from:)`` left it, is between sequences. A state is
  /// its low six bits: the shift leaves the other bits undefined.
  @inline(__always)
  private static func isBetweenSequences(_ state: UInt64) -> Bool {
    state & 63 == State.boundary.rawValue
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
  /// there a text of at least ``blockCheckMinimum`` bytes is checked a block of sixteen
  /// at a time (``blockErrors(_:at:)``), a shorter one by the automaton.
  static func validate(_ buffer: UnsafeBufferPointer<UInt8>) -> Verdict {
    guard let firstBeyondASCII = firstBeyondASCII(buffer) else { return .ascii }
    let valid =
      buffer.count >= blockCheckMinimum
      ? validateByBlocks(buffer, from: firstBeyondASCII)
      : validateByAutomaton(buffer, from: firstBeyondASCII)
    return valid ? .multiByte : .invalid
  }

  /// The shortest text checked by blocks: one block and the three bytes before it.
  private static let blockCheckMinimum = 19

  /// Whether `buffer[start...]` is valid UTF-8, read by the automaton. The text is cut in
  /// two halves where a sequence starts and the automaton runs over both at once: each
  /// step of one run waits for the step before it, so two independent runs take little
  /// longer than one. Text is valid exactly when both halves are, as a valid text never
  /// starts with a continuation byte.
  private static func validateByAutomaton(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int)
    -> Bool
  {
    let middle = sequenceStart(buffer, near: start &+ (buffer.count &- start) / 2)
    return transitions.withUnsafeBufferPointer { table in
      var first = State.boundary.rawValue
      var second = State.boundary.rawValue
      let together = min(middle &- start, buffer.count &- middle)
      for step in 0..<together {
        first = table[Int(buffer[start &+ step])] &>> first
        second = table[Int(buffer[middle &+ step])] &>> second
      }
      first = run(table, buffer, start &+ together..<middle, from: first)
      second = run(table, buffer, middle &+ together..<buffer.count, from: second)
      return isBetweenSequences(first) && isBetweenSequences(second)
    }
  }

  /// Whether `buffer[start...]` is valid UTF-8, checked by blocks of sixteen bytes, for a
  /// buffer of at least ``blockCheckMinimum`` bytes whose bytes before `start` are ASCII.
  ///
  /// Each block is checked against the three bytes before it, so the blocks start at
  /// offset 3 at the earliest; a sequence that starts before that is read by the
  /// automaton up to where the next one starts. A block that is ASCII, as are the three
  /// bytes before it, can break no rule and is stepped over after one test of its words.
  /// The last block ends at the end of the text, overlapping the one before it; checking
  /// a byte twice finds nothing new. Last, the text must not end inside a sequence.
  private static func validateByBlocks(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int)
    -> Bool
  {
    var offset = start
    if offset < 3 {
      offset = sequenceStart(buffer, near: 3)
      let state = transitions.withUnsafeBufferPointer { table in
        run(table, buffer, start..<offset, from: State.boundary.rawValue)
      }
      guard isBetweenSequences(state) else { return false }
    }
    var errors = ByteBlock()
    // `offset + 16 <= buffer.count` and `offset >= 3` keep every load in the buffer.
    while offset &+ 16 <= buffer.count {
      // Prose beyond ASCII has runs of ASCII (between words of other scripts, around
      // emoji): such a block, with the three bytes before it, breaks no rule.
      let ascii =
        (JSONStringBytes.word(buffer, at: offset &- 3)
          | JSONStringBytes.word(buffer, at: offset &+ 5)
          | JSONStringBytes.word(buffer, at: offset &+ 8)) & JSONStringBytes.highBits == 0
      if !ascii { errors |= blockErrors(buffer, at: offset) }
      offset &+= 16
    }
    if offset < buffer.count { errors |= blockErrors(buffer, at: buffer.count &- 16) }
    guard !errors.hasNonZeroLane else { return false }
    let end = buffer.count
    return buffer[end &- 1] < 0xC0 && buffer[end &- 2] < 0xE0 && buffer[end &- 3] < 0xF0
  }

  /// A lane of 0xFF for each byte of `buffer[offset..<offset + 16]` that breaks a rule
  /// given the bytes before it, and 0 for each that does not (`offset` at least 3). A byte
  /// breaks one when it is a continuation byte (0x80-0xBF) where none of the three bytes
  /// before it starts a sequence that long, or is not one where one does; when it can
  /// never occur (0xC0, 0xC1, 0xF5-0xFF); or when it follows 0xE0, 0xED, 0xF0 or 0xF4
  /// outside the narrower range those allow (overlong forms, surrogates, beyond
  /// U+10FFFF). Text whose bytes before `offset` are valid and end between sequences is
  /// valid up to the block's end exactly when no lane is set and, at the text's end, no
  /// sequence is cut.
  @inline(__always)
  private static func blockErrors(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int)
    -> ByteBlock
  {
    let byte = ByteBlock(buffer, at: offset)
    let back1 = ByteBlock(buffer, at: offset &- 1)
    let back2 = ByteBlock(buffer, at: offset &- 2)
    let back3 = ByteBlock(buffer, at: offset &- 3)
    let isContinuation = ByteBlock(lanes: byte & .all(0xC0) .== .all(0x80))
    let needsContinuation =
      ByteBlock(lanes: back1 .>= .all(0xC0)) | ByteBlock(lanes: back2 .>= .all(0xE0))
      | ByteBlock(lanes: back3 .>= .all(0xF0))
    let neverValid =
      ByteBlock(lanes: byte .>= .all(0xF5)) | ByteBlock(lanes: byte & .all(0xFE) .== .all(0xC0))
    let overlongThree =
      ByteBlock(lanes: back1 .== .all(0xE0)) & ByteBlock(lanes: byte .< .all(0xA0))
    let surrogate = ByteBlock(lanes: back1 .== .all(0xED)) & ByteBlock(lanes: byte .>= .all(0xA0))
    let overlongFour = ByteBlock(lanes: back1 .== .all(0xF0)) & ByteBlock(lanes: byte .< .all(0x90))
    let beyondLast = ByteBlock(lanes: back1 .== .all(0xF4)) & ByteBlock(lanes: byte .>= .all(0x90))
    return (isContinuation ^ needsContinuation) | neverValid | overlongThree | surrogate
      | overlongFour | beyondLast
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
  /// the automaton rejects the run that reads up to the position found, or the one that
  /// starts there on a continuation byte).
  private static func sequenceStart(_ buffer: UnsafeBufferPointer<UInt8>, near offset: Int) -> Int {
    var offset = offset
    for _ in 0..<4 where offset < buffer.count && buffer[offset] & 0xC0 == 0x80 { offset &+= 1 }
    return offset
  }
}
