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
  struct Line: Sendable {
    var number: Int
    var range: Range<Int>?
  }

  /// Records read together: their lines and the buffer holding their bytes.
  ///
  /// Places rather than slices: a slice holds the buffer, so every record would change
  /// its reference count (as it is handed out, converted and freed) on whichever core
  /// has it, moving the count between the cores' caches several times per record.
  struct Block: Sendable {
    /// The bytes the lines are places in.
    var buffer: [UInt8]
    /// The records, in order.
    var lines: [Line]

    /// The bytes of `line`, in memory valid during `body`; `nil` for a line over the
    /// limit.
    func withBytes<Result>(
      of line: Line, _ body: (UnsafeBufferPointer<UInt8>?) -> Result
    ) -> Result {
      guard let range = line.range else { return body(nil) }
      return buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }
  }

  /// How many bytes each `read` asks for.
  static let chunkSize = 1 << 18

  /// The descriptor read from (-1 for records already in memory).
  let descriptor: Int32
  private let path: String
  private let maxLineBytes: Int
  /// Bytes read and not yet handed out start at `start`; those before belong to lines
  /// already handed out, whose blocks may still share this storage.
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false
  private var lineNumber = 0
  private var skipping = false
  /// Buffers of earlier blocks, reused once their lines are written (an array still
  /// shared with a block is copied rather than changed, so reuse is always safe).
  private var spares: [[UInt8]] = []
  /// How many earlier buffers are kept for reuse: as many as the blocks its caller still
  /// holds when it asks for the next. A block that runs past the bytes buffered moves
  /// to another buffer, so a buffer holds about one block; the oldest spare is then that
  /// of a block already written, and is reused instead of allocated anew.
  private let spareCount: Int

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
    self.descriptor = descriptor
    spareCount = max(1, blocksHeld)
    self.ownsDescriptor = owning
    self.path = path
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
    guard mayWait, !atEnd else { return false }
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, Self.patienceMilliseconds) == 0
  }

  /// How long ``wouldWait`` waits for more input before it says reading would wait.
  static let patienceMilliseconds: Int32 = 2

  /// Records already in memory.
  init(bytes: [UInt8], path: String, maxLineBytes: Int) {
    self.init(descriptor: -1, owning: false, path: path, maxLineBytes: maxLineBytes)
    buffer = bytes
    atEnd = true
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
      if let newline = Self.firstNewline(in: buffer, from: searchFrom) {
        var end = newline
        if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let tooLong = skipping || end - start > maxLineBytes
        lineNumber += 1
        found.append(Line(number: lineNumber, range: tooLong ? nil : start..<end))
        start = newline + 1
        searchFrom = start
        skipping = false
        continue
      }
      if atEnd {
        guard start < buffer.count || skipping else { break }
        let tooLong = skipping || buffer.count - start > maxLineBytes
        lineNumber += 1
        found.append(Line(number: lineNumber, range: tooLong ? nil : start..<buffer.count))
        start = buffer.count
        skipping = false
        break
      }
      if blockStart > 0 {
        // Bytes before the block belong to lines handed out earlier, whose blocks may
        // still share this storage (appending would copy all of it): the rest moves to
        // another array instead, the oldest spare one, whose block has been written
        // (``spareCount``).
        var next = spares.count < spareCount ? [] : spares.removeFirst()
        next.removeAll(keepingCapacity: true)
        next.reserveCapacity(buffer.count - blockStart + Self.chunkSize * 8)
        next.append(contentsOf: buffer[blockStart...])
        spares.append(buffer)
        buffer = next
        start -= blockStart
        for index in found.indices {
          found[index].range = found[index].range.map {
            ($0.lowerBound - blockStart)..<($0.upperBound - blockStart)
          }
        }
        blockStart = 0
      }
      if buffer.count - start > maxLineBytes {
        skipping = true  // too long to keep: drop what is buffered of it, keep counting
        buffer.removeSubrange(start...)
      }
      searchFrom = buffer.count
      if !found.isEmpty && wouldWait { break }
      try fill()
    }
    return Block(buffer: buffer, lines: found)
  }

  /// Closes the descriptor read from, when the reader owns it.
  func close() {
    if ownsDescriptor { systemClose(descriptor) }
  }

  /// Reads the next chunk onto the end of the buffer, straight into its spare capacity.
  private mutating func fill() throws(FileIO.Failure) {
    while true {
      var count = 0
      let descriptor = descriptor
      buffer.append(addingCapacity: Self.chunkSize) { span in
        span.withUnsafeMutableBufferPointer { memory, initialized in
          // `read` writes at most `memory.count` bytes into the spare capacity; only
          // the bytes it reports are counted as the array's.
          count = read(descriptor, memory.baseAddress, memory.count)
          if count > 0 { initialized = count }
        }
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw FileIO.Failure(path, errno: errno) }
      atEnd = count == 0
      return
    }
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
