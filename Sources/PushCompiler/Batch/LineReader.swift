#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads newline-separated records from a file descriptor in fixed-size chunks, so an
/// archive of any size is read with bounded memory. Records are handed out a block at a
/// time as places in one buffer, so that no record is copied into an array of its own.
struct LineReader {
  /// One record: its 1-based line number and where its bytes (without the newline) are
  /// in its block's buffer, or `nil` when the line was longer than the limit (its bytes
  /// are skipped, not kept).
  struct Line: BufferedRecord {
    var number: Int
    var range: Range<Int>?
  }

  /// Lines read together, and the buffer holding their bytes.
  typealias Block = RecordBlock<Line>

  /// The descriptor read from (-1 for records already in memory).
  var descriptor: Int32 { input.descriptor }
  private let maxLineBytes: Int
  /// Bytes read and not yet handed out start at `start`.
  private var input: ReadBuffer
  private var start = 0
  private var lineNumber = 0
  private var skipping = false

  /// Whether reading may wait for a writer (a pipe, terminal or socket rather than a
  /// file): then a block ends with the lines already there instead of waiting for more.
  private let mayWait: Bool

  /// Whether ``close()`` closes the descriptor: the reader opened it, rather than being
  /// lent one (standard input, or a stream its embedder owns).
  private let ownsDescriptor: Bool

  /// Reads from `descriptor`; `owning` it, the reader closes it in ``close()``. The
  /// caller holds at most `blocksHeld` blocks (being converted or written) when it asks
  /// for the next one.
  init(descriptor: Int32, owning: Bool, path: String, maxLineBytes: Int, blocksHeld: Int = 1) {
    input = ReadBuffer(descriptor: descriptor, path: path, blocksHeld: blocksHeld)
    self.ownsDescriptor = owning
    self.maxLineBytes = maxLineBytes
    var status = stat()
    mayWait =
      descriptor >= 0 && fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT != S_IFREG
  }

  /// Whether the next read would wait for a writer that has sent nothing yet: a stream
  /// fed a line at a time gets each line's answer as soon as it is converted, not once
  /// a whole block has arrived.
  ///
  /// It waits a moment first: a writer that keeps the pipe full but is a little behind
  /// the reader would otherwise end nearly every block after a pipe's worth of lines,
  /// and small blocks leave the cores waiting on each other.
  var wouldWait: Bool {
    guard mayWait, !input.atEnd else { return false }
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, Self.patienceMilliseconds) == 0
  }

  /// How long ``wouldWait`` waits for more input before it says reading would wait.
  static let patienceMilliseconds: Int32 = 2

  /// Records already in memory.
  init(bytes: [UInt8], path: String, maxLineBytes: Int) {
    self.init(descriptor: -1, owning: false, path: path, maxLineBytes: maxLineBytes)
    input = ReadBuffer(bytes: bytes, path: path)
  }

  /// The next records: `maxLines` of them, fewer when their bytes reach `maxBytes` first
  /// or the input ends; none at the end of the input. A final line without a newline
  /// is a record; an empty input has none.
  mutating func nextLines(atMost maxLines: Int, bytes maxBytes: Int = .max)
    throws(FileIO.Failure) -> Block
  {
    var found: [Line] = []
    var blockStart = start
    var searchFrom = start
    while found.count < maxLines, start - blockStart < maxBytes {
      if let newline = Self.firstNewline(in: input.bytes, from: searchFrom) {
        var end = newline
        if end > start && input.bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let tooLong = skipping || end - start > maxLineBytes
        lineNumber += 1
        found.append(Line(number: lineNumber, range: tooLong ? nil : start..<end))
        start = newline + 1
        searchFrom = start
        skipping = false
        continue
      }
      let count = input.bytes.count
      if input.atEnd {
        guard start < count || skipping else { break }
        let tooLong = skipping || count - start > maxLineBytes
        lineNumber += 1
        found.append(Line(number: lineNumber, range: tooLong ? nil : start..<count))
        start = count
        skipping = false
        break
      }
      if blockStart > 0 {
        input.moveUnhandedBytes(from: blockStart)
        start -= blockStart
        for index in found.indices {
          found[index].range = found[index].range.map {
            ($0.lowerBound - blockStart)..<($0.upperBound - blockStart)
          }
        }
        blockStart = 0
      }
      // A last byte `\r` may be the start of a `\r\n`, which is no part of the line:
      // a line one byte over the limit with it is judged once its end is read.
      let pending = input.bytes.count - start
      let mayEndInCRLF = pending == maxLineBytes + 1 && input.bytes.last == UInt8(ascii: "\r")
      if pending > maxLineBytes && !mayEndInCRLF {
        skipping = true  // too long to keep: drop what is buffered of it, keep counting
        input.bytes.removeSubrange(start...)
      }
      searchFrom = input.bytes.count
      if !found.isEmpty && wouldWait { break }
      try input.fill()
    }
    return Block(buffer: input.bytes, records: found)
  }

  /// Closes the descriptor read from, when the reader owns it.
  func close() {
    if ownsDescriptor { systemClose(descriptor) }
  }

  /// The index of the first newline in `bytes` at or after `offset`, found with `memchr`.
  private static func firstNewline(in bytes: [UInt8], from offset: Int) -> Int? {
    guard offset < bytes.count else { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      // `memchr` reads only the `buffer.count - offset` bytes from `offset`, all inside
      // the buffer, and the pointer it returns points into that same range.
      let base = buffer.baseAddress!
      guard let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), buffer.count - offset)
      else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }
}
