#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A record's place in the buffer of its block: `nil` for a record longer than the limit,
/// whose bytes are skipped, not kept.
protocol BufferedRecord: Sendable {
  var range: Range<Int>? { get }
}

/// Records read together: their places and the buffer holding their bytes.
///
/// Places rather than slices: a slice holds the buffer, so every record would change
/// its reference count (as it is handed out, converted and freed) on whichever core
/// has it, moving the count between the cores' caches several times per record.
struct RecordBlock<Record: BufferedRecord>: Sendable {
  /// The bytes the records are places in.
  var buffer: [UInt8]
  /// The records, in order.
  var records: [Record]

  /// The bytes of `record`, in memory valid during `body`; `nil` for a record over the
  /// limit. Always inlined: called for every record, and left to the optimizer, whether
  /// it is depends on unrelated code.
  @inline(__always)
  func withBytes<Result>(
    of record: Record, _ body: (UnsafeBufferPointer<UInt8>?) -> Result
  ) -> Result {
    guard let range = record.range else { return body(nil) }
    return buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
  }
}

/// The bytes a record reader has read from its descriptor and not yet handed out, read
/// a chunk at a time into one array; the arrays of blocks handed out earlier are kept to
/// be reused once those blocks are written.
struct ReadBuffer {
  /// How many bytes each `read` asks for.
  static let chunkSize = 1 << 18

  /// The descriptor read from (-1 for records already in memory).
  let descriptor: Int32
  /// The input's name, for failures.
  let path: String
  /// The bytes read; those before the current block belong to blocks handed out, which
  /// may still share this storage.
  var bytes: [UInt8] = []
  /// Whether the descriptor has no more to read.
  private(set) var atEnd = false
  /// Arrays of earlier blocks, reused once their records are written (an array still
  /// shared with a block is copied rather than changed, so reuse is always safe).
  private var spares: [[UInt8]] = []
  /// How many earlier arrays are kept for reuse: as many as the blocks the caller still
  /// holds when it asks for the next. A block that runs past the bytes buffered moves
  /// to another array, so an array holds about one block; the oldest spare is then that
  /// of a block already written, and is reused instead of allocated anew.
  private let spareCount: Int

  /// Reads from `descriptor`; the caller holds at most `blocksHeld` blocks when it asks
  /// for the next one.
  init(descriptor: Int32, path: String, blocksHeld: Int) {
    self.descriptor = descriptor
    self.path = path
    spareCount = max(1, blocksHeld)
  }

  /// Bytes already in memory, all of the input.
  init(bytes: [UInt8], path: String) {
    self.init(descriptor: -1, path: path, blocksHeld: 1)
    self.bytes = bytes
    atEnd = true
  }

  /// Moves the bytes from `blockStart` on to the start of another array, the oldest
  /// spare one: those before belong to records handed out earlier, whose blocks may
  /// still share this storage (appending would copy all of it).
  mutating func moveUnhandedBytes(from blockStart: Int) {
    var next = spares.count < spareCount ? [] : spares.removeFirst()
    next.removeAll(keepingCapacity: true)
    next.reserveCapacity(bytes.count - blockStart + Self.chunkSize * 8)
    next.append(contentsOf: bytes[blockStart...])
    spares.append(bytes)
    bytes = next
  }

  /// Reads the next chunk onto the end of the bytes, straight into the array's spare
  /// capacity; at the end of the input, sets ``atEnd``.
  mutating func fill() throws(FileIO.Failure) {
    while true {
      var count = 0
      var code: Int32 = 0
      let descriptor = descriptor
      bytes.append(addingCapacity: Self.chunkSize) { span in
        span.withUnsafeMutableBufferPointer { memory, initialized in
          // `read` writes at most `memory.count` bytes into the spare capacity; only
          // the bytes it reports are counted as the array's.
          count = read(descriptor, memory.baseAddress, memory.count)
          if count > 0 { initialized = count } else if count < 0 { code = errno }
        }
      }
      if count < 0 {
        if FileIO.shouldRetry(after: code, on: descriptor, waitingFor: Int16(POLLIN)) { continue }
        throw FileIO.Failure(path, errno: code)
      }
      atEnd = count == 0
      return
    }
  }
}
