/// The bytes ``JSONWriter`` writes, put straight into memory: first the spare capacity of
/// the array the text is for, then, should the text outgrow that, memory of its own,
/// twice as large each time.
///
/// Each piece is one capacity test and one copy, where appending it to the array would be
/// a generic call with a uniqueness test. Every write stays inside the memory by
/// construction: the appending methods make room for what they write before they
/// write it, and the methods that write without looking (`…Unchecked`) are only called
/// after `reserve` made room for them. A text lives only while ``write(into:room:_:)``
/// runs, so the array's memory it writes into is not touched by anything else meanwhile.
struct JSONOutput {
  /// The first byte of the memory written into.
  private var start: UnsafeMutablePointer<UInt8>
  /// How many bytes are written.
  private var count: Int
  /// How many bytes the memory holds.
  private var capacity: Int
  /// Whether the memory was allocated here (after the array's capacity ran out), and is
  /// to be deallocated here.
  private var ownsMemory = false
  #if DEBUG
    /// Where the room the last `reserve` made ends: debug builds (those the tests run)
    /// check each write without looking against it, not only against the capacity.
    private var reservedEnd = 0
  #endif

  /// Writes a text by `body` after the bytes of `output`, first into `room` bytes of
  /// spare capacity made there. The array is left with room for at least one more byte
  /// (such as the newline of a batch's line).
  static func write(into output: inout [UInt8], room: Int, _ body: (inout JSONOutput) -> Void) {
    var outgrown: JSONOutput? = nil
    output.append(addingCapacity: room) { span in
      span.withUnsafeMutableBufferPointer { memory, initialized in
        var text = JSONOutput(
          start: memory.baseAddress!, count: initialized, capacity: memory.count)
        body(&text)
        text.reserve(1)
        if text.ownsMemory {
          outgrown = text
        } else {
          initialized = text.count
        }
      }
    }
    if let outgrown {
      output.reserveCapacity(output.count + outgrown.count + 1)
      output.append(contentsOf: UnsafeBufferPointer(start: outgrown.start, count: outgrown.count))
      outgrown.start.deallocate()
    }
  }

  /// Makes room for `byteCount` more bytes.
  @inline(__always)
  mutating func reserve(_ byteCount: Int) {
    if capacity &- count < byteCount { grow(toHold: byteCount) }
    #if DEBUG
      reservedEnd = count + byteCount
    #endif
  }

  /// Moves the text into memory of its own with room for `byteCount` more bytes.
  @inline(never)
  private mutating func grow(toHold byteCount: Int) {
    let newCapacity = max(capacity * 2, count + byteCount)
    let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    memory.initialize(from: start, count: count)
    if ownsMemory { start.deallocate() }
    start = memory
    capacity = newCapacity
    ownsMemory = true
  }

  /// Checks, in debug builds, that `reserve` made room for `byteCount` bytes before a
  /// method writes them without looking.
  @inline(__always)
  private func assertRoom(_ byteCount: Int) {
    #if DEBUG
      precondition(
        count + byteCount <= reservedEnd && reservedEnd <= capacity,
        "\(byteCount) bytes written where no room was made")
    #endif
  }

  /// Lets `body` write at most `byteCount` bytes at the end of the text, for which
  /// `reserve` made room, and counts as many of them as it says are text.
  @inline(__always)
  mutating func withUnsafeEnd(writing byteCount: Int, _ body: (UnsafeMutableRawPointer) -> Int) {
    assertRoom(byteCount)
    let written = body(UnsafeMutableRawPointer(start + count))
    assert(written <= byteCount, "more bytes counted than written")
    count &+= written
  }

  /// Appends `byte`.
  @inline(__always)
  mutating func append(_ byte: UInt8) {
    reserve(1)
    appendUnchecked(byte)
  }

  /// Appends `byte`, for which `reserve` made room.
  @inline(__always)
  mutating func appendUnchecked(_ byte: UInt8) {
    assertRoom(1)
    start[count] = byte
    count &+= 1
  }

  /// Appends `bytes`.
  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    reserve(bytes.count)
    appendUnchecked(bytes)
  }

  /// Appends `bytes`, for which `reserve` made room.
  @inline(__always)
  mutating func appendUnchecked(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    assertRoom(bytes.count)
    JSONStringBytes.copy(bytes.count, from: source, to: start + count)
    count &+= bytes.count
  }

  /// Appends a fixed piece of ASCII text, such as `null` or `":`.
  @inline(__always)
  mutating func append(token: StaticString) {
    reserve(token.utf8CodeUnitCount)
    appendUnchecked(token)
  }

  /// Appends a fixed piece of ASCII text, for which `reserve` made room.
  @inline(__always)
  private mutating func appendUnchecked(_ token: StaticString) {
    appendUnchecked(UnsafeBufferPointer(start: token.utf8Start, count: token.utf8CodeUnitCount))
  }

  /// Appends the UTF-8 bytes of `text` as they are.
  @inline(__always)
  mutating func append(utf8Of text: borrowing String) {
    JSONWriter.withUTF8(of: text) { append($0) }
  }

  /// Appends `opening`, `text` and `closing`: the text's bytes as it holds them when
  /// they are known to need no escape, or to be escaped as the writer escapes (a
  /// document's text read with the writer's own escapes or none), else escaped as
  /// ``appendEscaped(_:between:and:)`` escapes them.
  @inline(__always)
  mutating func append(
    _ text: IRText, between opening: StaticString, and closing: StaticString
  ) {
    let written: Void? = text.withWrittenBytes { bytes in
      reserve(opening.utf8CodeUnitCount &+ bytes.count &+ closing.utf8CodeUnitCount)
      appendUnchecked(opening)
      appendUnchecked(bytes)
      appendUnchecked(closing)
    }
    if written == nil { text.withUTF8 { appendEscaped($0, between: opening, and: closing) } }
  }

  /// Appends a newline and two spaces for each level of `indent`.
  mutating func appendNewline(indent: Int) {
    reserve(1 + indent * 2)
    appendUnchecked(UInt8(ascii: "\n"))
    (start + count).update(repeating: UInt8(ascii: " "), count: indent * 2)
    count &+= indent * 2
  }

  private static let hexDigits: StaticString = "0123456789abcdef"

  /// Appends `opening`, `utf8` with the bytes JSON requires escaped, and `closing`:
  /// `"` and `"` for a string, `{"` or `,"` and `":` for a member's name. Plain runs are
  /// found a word at a time and copied whole; most texts (names among them) are one
  /// such run.
  ///
  /// Room is made for all three as they are, then, at each escape, for the escape, the
  /// rest of the text and `closing`: so each piece is written into room already made.
  @inline(__always)
  mutating func appendEscaped(
    _ utf8: UnsafeBufferPointer<UInt8>, between opening: StaticString, and closing: StaticString
  ) {
    // Eight bytes more than that for `appendShortPlainUnchecked`, which writes whole words.
    reserve(opening.utf8CodeUnitCount &+ utf8.count &+ closing.utf8CodeUnitCount &+ 8)
    appendUnchecked(opening)
    if utf8.count <= 16, appendShortPlainUnchecked(utf8) { return appendUnchecked(closing) }
    let offset = Self.firstSpecial(in: utf8, from: 0)
    if offset < utf8.count {
      appendEscapedUnchecked(utf8, from: offset, before: closing.utf8CodeUnitCount)
    } else {
      appendUnchecked(utf8)
    }
    appendUnchecked(closing)
  }

  /// Appends `utf8`, at most sixteen bytes, when none of its bytes needs escaping, and
  /// tells whether it did. The text is tested and copied as one or two words (the two
  /// overlapping for texts of eight bytes or more), with no loop and no call; `reserve`
  /// made room for the text and eight bytes more, which a word written whole for a
  /// shorter text may cover (they are counted only as far as the text goes).
  @inline(__always)
  private mutating func appendShortPlainUnchecked(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    let length = utf8.count
    assertRoom(max(length, 8))
    let destination = UnsafeMutableRawPointer(start + count)
    if length >= 8 {
      let first = JSONStringBytes.word(utf8, at: 0)
      let last = JSONStringBytes.word(utf8, at: length &- 8)
      guard JSONStringBytes.specialFlags(first) | JSONStringBytes.specialFlags(last) == 0 else {
        return false
      }
      destination.storeBytes(of: first.littleEndian, as: UInt64.self)
      destination.storeBytes(of: last.littleEndian, toByteOffset: length &- 8, as: UInt64.self)
    } else if length > 0 {
      let word = Self.lastBytes(of: utf8, from: 0)
      guard JSONStringBytes.specialFlags(word) == 0 else { return false }
      destination.storeBytes(of: word.littleEndian, as: UInt64.self)
    }
    count &+= length
    return true
  }

  /// Appends `utf8` escaped, whose first byte to escape is at `offset`, for which
  /// `reserve` made room as it is and for `closingCount` bytes after it.
  private mutating func appendEscapedUnchecked(
    _ utf8: UnsafeBufferPointer<UInt8>, from offset: Int, before closingCount: Int
  ) {
    var runStart = 0
    var offset = offset
    repeat {
      appendUnchecked(UnsafeBufferPointer(rebasing: utf8[runStart..<offset]))
      // The escape (at most six bytes), the rest of the text and what closes it.
      reserve(6 &+ (utf8.count &- offset &- 1) &+ closingCount)
      appendEscapeUnchecked(of: utf8[offset])
      offset &+= 1
      runStart = offset
      offset = Self.firstSpecial(in: utf8, from: offset)
    } while offset < utf8.count
    appendUnchecked(UnsafeBufferPointer(rebasing: utf8[runStart...]))
  }

  /// The position of the first quote, backslash or control character in `utf8` at or
  /// after `offset`, or `utf8.count` when there is none: whole words as the reader scans
  /// them, then the last bytes as one more word.
  @inline(__always)
  static func firstSpecial(in utf8: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int {
    var seenBytes: UInt64 = 0  // Not read here: the or-ing is dropped once inlined.
    let offset = JSONStringBytes.skipPlain(utf8, from: offset, seenBytes: &seenBytes)
    // Eight bytes or more left: `skipPlain` stopped at a byte it found.
    guard offset < utf8.count, utf8.count &- offset < 8 else { return offset }
    let flags = JSONStringBytes.specialFlags(lastBytes(of: utf8, from: offset))
    return flags == 0 ? utf8.count : offset &+ JSONStringBytes.plainCount(flags)
  }

  /// The one to seven bytes of `utf8` from `offset` as a word whose lowest byte is the
  /// first, the bytes above them spaces (which need no escape).
  @inline(__always)
  private static func lastBytes(of utf8: UnsafeBufferPointer<UInt8>, from offset: Int) -> UInt64 {
    let length = utf8.count &- offset
    let spaces: UInt64 = 0x2020_2020_2020_2020 &<< (UInt64(length) &* 8)
    if utf8.count >= 8 {
      // The last eight bytes, those before `offset` shifted out.
      return JSONStringBytes.word(utf8, at: utf8.count &- 8) &>> (UInt64(8 &- length) &* 8)
        | spaces
    }
    // Fewer than eight bytes in all: each load below lies inside `utf8`, and bytes
    // loaded twice land on the same place.
    let bytes = UnsafeRawBufferPointer(utf8)
    if length >= 4 {
      let low = UInt64(
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
      let high = UInt64(
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: utf8.count &- 4, as: UInt32.self)))
      return low | high &<< (UInt64(length &- 4) &* 8) | spaces
    }
    let middle = length &>> 1
    return UInt64(utf8[offset]) | UInt64(utf8[offset &+ middle]) &<< (UInt64(middle) &* 8)
      | UInt64(utf8[utf8.count &- 1]) &<< (UInt64(length &- 1) &* 8) | spaces
  }

  /// Appends the escape of `byte`, a quote, backslash or control character, for which
  /// `reserve` made room of six bytes.
  @inline(__always)
  private mutating func appendEscapeUnchecked(of byte: UInt8) {
    assertRoom(6)
    start[count] = UInt8(ascii: "\\")
    switch byte {
    case 0x22, 0x5C: start[count &+ 1] = byte
    case 0x08: start[count &+ 1] = UInt8(ascii: "b")
    case 0x0C: start[count &+ 1] = UInt8(ascii: "f")
    case 0x0A: start[count &+ 1] = UInt8(ascii: "n")
    case 0x0D: start[count &+ 1] = UInt8(ascii: "r")
    case 0x09: start[count &+ 1] = UInt8(ascii: "t")
    default:
      start[count &+ 1] = UInt8(ascii: "u")
      start[count &+ 2] = UInt8(ascii: "0")
      start[count &+ 3] = UInt8(ascii: "0")
      // `byte` is below 0x20: both digits are within the sixteen.
      start[count &+ 4] = Self.hexDigits.utf8Start[Int(byte >> 4)]
      start[count &+ 5] = Self.hexDigits.utf8Start[Int(byte & 0xF)]
      count &+= 4
    }
    count &+= 2
  }
}
