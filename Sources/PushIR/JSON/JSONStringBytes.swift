/// Finds the bytes a JSON string cannot hold as they are (`"`, `\` and control
/// characters) sixteen or eight at a time, so that the reader and the writer step over
/// plain text a block or a word at a time instead of a byte at a time.
enum JSONStringBytes {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  /// The high bit of each of a word's eight bytes.
  static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// The bytes of `buffer` from `offset` (at least eight must be left), as one word whose
  /// lowest byte is the first.
  @inline(__always)
  static func word(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
    // `offset + 8 <= buffer.count`, checked by every caller before it asks: the load
    // stays inside the buffer.
    UInt64(
      littleEndian: UnsafeRawBufferPointer(buffer).loadUnaligned(
        fromByteOffset: offset, as: UInt64.self))
  }

  /// The high bit of every byte of `word` that is a quote, backslash or control
  /// character (and possibly of bytes above the first such byte); zero when all eight
  /// bytes are plain.
  ///
  /// Each test flags a byte by its high bit: `x - 0x20` sets it in bytes below 0x20,
  /// `y - 1` in bytes where `y` is zero, and `x ^ c` is zero where `x` is `c`; one `& ~x`
  /// then leaves out the bytes beyond ASCII, for all three at once (`x ^ c` has the high
  /// bit of `x`, as neither constant has it). A borrow out of a flagged byte may flag the
  /// byte above it wrongly, never one below, so the lowest flag is always right.
  ///
  /// Callers test the flags for zero before they count plain bytes: then the next
  /// position depends on a predicted branch rather than on the whole computation, and
  /// the loads of consecutive words overlap.
  @inline(__always)
  static func specialFlags(_ word: UInt64) -> UInt64 {
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let belowSpace = word &- ones &* 0x20
    return (belowSpace | (quote &- ones) | (backslash &- ones)) & ~word & highBits
  }

  /// Copies `count` bytes from `source` to `destination`, which do not overlap. Up to 32
  /// bytes are copied in place, as two loads and two stores that may overlap: the text
  /// between escapes and most names and values are that short, and calling `memcpy`
  /// for them cost more than the copy.
  @inline(__always)
  static func copy(
    _ count: Int, from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>
  ) {
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(destination)
    // Each pair of loads reads `count` bytes from `from`, twice where they overlap, and
    // each pair of stores writes the same bytes to the same places of `to`.
    switch count {
    case 16...32:
      let head = from.loadUnaligned(as: ByteBlock.self)
      let tail = from.loadUnaligned(fromByteOffset: count &- 16, as: ByteBlock.self)
      to.storeBytes(of: head, as: ByteBlock.self)
      to.storeBytes(of: tail, toByteOffset: count &- 16, as: ByteBlock.self)
    case 8..<16:
      let head = from.loadUnaligned(as: UInt64.self)
      let tail = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
      to.storeBytes(of: head, as: UInt64.self)
      to.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
    case 4..<8:
      let head = from.loadUnaligned(as: UInt32.self)
      let tail = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
      to.storeBytes(of: head, as: UInt32.self)
      to.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
    case 1..<4:
      destination[0] = source[0]
      destination[count &>> 1] = source[count &>> 1]
      destination[count &- 1] = source[count &- 1]
    case 0:
      break
    default:
      to.copyMemory(from: from, byteCount: count)
    }
  }

  /// How many bytes come before the first flagged one, 0 to 7, for flags that are not zero.
  @inline(__always)
  static func plainCount(_ flags: UInt64) -> Int { flags.trailingZeroBitCount &>> 3 }

  /// The position of the first quote, backslash or control character in `buffer` at or
  /// after `offset`, or, when there is none in whole words, a position less than eight
  /// bytes before the end from which the caller goes on with the last bytes. The bytes
  /// stepped over are or-ed into `seenBytes`.
  ///
  /// Plain text is stepped over sixteen bytes at a time, tested by three vector compares;
  /// the position of a byte found is taken from the two words of its block's lanes.
  @inline(__always)
  static func skipPlain(
    _ buffer: UnsafeBufferPointer<UInt8>, from offset: Int, seenBytes: inout UInt64
  ) -> Int {
    var offset = offset
    var seen = ByteBlock()
    defer {
      let folded = seen.words
      seenBytes |= folded.low | folded.high
    }
    // Each test of `offset + n <= buffer.count` keeps the loads it guards inside the buffer.
    while offset &+ 16 <= buffer.count {
      let bytes = ByteBlock(buffer, at: offset)
      let special = specialLanes(bytes).words
      guard special.low | special.high == 0 else {
        let text = bytes.words
        if special.low != 0 { return stop(at: offset, in: text.low, special.low, &seenBytes) }
        seenBytes |= text.low
        return stop(at: offset &+ 8, in: text.high, special.high, &seenBytes)
      }
      seen |= bytes
      offset &+= 16
    }
    if offset &+ 8 <= buffer.count {
      let word = word(buffer, at: offset)
      let flags = specialFlags(word)
      guard flags == 0 else { return stop(at: offset, in: word, flags, &seenBytes) }
      seenBytes |= word
      offset &+= 8
    }
    return offset
  }

  /// 0xFF in each lane of `bytes` that holds a quote, backslash or control character.
  @inline(__always)
  private static func specialLanes(_ bytes: ByteBlock) -> ByteBlock {
    ByteBlock(lanes: bytes .== .all(0x22)) | ByteBlock(lanes: bytes .== .all(0x5C))
      | ByteBlock(lanes: bytes .< .all(0x20))
  }

  /// The position of the first flagged byte of `word`, which starts at `offset`, with the
  /// bytes before it or-ed into `seenBytes`.
  @inline(__always)
  private static func stop(
    at offset: Int, in word: UInt64, _ flags: UInt64, _ seenBytes: inout UInt64
  ) -> Int {
    let plain = plainCount(flags)
    seenBytes |= word & lowBytes(plain)
    return offset &+ plain
  }

  /// The eight bytes of `bytes` from `start` (fewer when it has fewer) as one word whose
  /// lowest byte is the first, zero beyond them: how short texts are kept to be compared
  /// or written as words. A buffer rather than any sequence: packed from a `String`'s
  /// `UTF8View` through `zip`, one name took about 900 instructions.
  static func word(packing bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> UInt64 {
    var word: UInt64 = 0
    var offset = start
    while offset < bytes.count, offset &- start < 8 {
      word |= UInt64(bytes[offset]) &<< ((offset &- start) &* 8)
      offset &+= 1
    }
    return word
  }

  /// A word whose lowest `count` bytes (0 to 7) are all ones and the others zero.
  @inline(__always)
  static func lowBytes(_ count: Int) -> UInt64 { 1 &<< (UInt64(count) &* 8) &- 1 }

  /// Whether any byte of `word` is beyond ASCII.
  @inline(__always)
  static func hasNonASCII(_ word: UInt64) -> Bool { word & highBits != 0 }
}
