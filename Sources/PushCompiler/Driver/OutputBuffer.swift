#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of an output on their way to its file, gathered in page-aligned memory and
/// written in large pieces. Once a file has grown past its first buffer, whole pages go
/// to the disk directly, around the page cache (Linux's `O_DIRECT`), where the system
/// allows it; the last part page, and everything on a system or file system that does
/// not allow it, is written through the page cache as usual.
///
/// Why: a batch output is gigabytes that no one reads back soon. Written through the
/// cache, every page of it is a page the kernel must find, account and copy into; on a
/// virtual machine whose free memory goes back to its host, finding each fresh page also
/// means the host faulting it in, which can cost more than converting the records (see
/// `Specs/performance.md`). Written directly, the data goes from this buffer, whose pages
/// stay in use, to the device.
///
/// Its owner writes what is gathered with ``flush()`` and gives the memory back with
/// ``deallocate()``.
struct OutputBuffer {
  /// The alignment of memory, file offsets and lengths that direct writes keep: the
  /// largest logical block size of common disks. A device needing more refuses the first
  /// direct write, and the file is then written through the cache.
  static let pageSize = 4096
  /// Bytes gathered before they are written, unless a smaller output asks for less. A
  /// direct write of this much waits about a millisecond for the disk, no longer than
  /// the batch's queued blocks keep the workers busy.
  static let defaultCapacity = 1 << 20

  let descriptor: Int32
  /// Named in failures.
  let path: String
  /// Bytes gathered before they are written: a whole number of pages.
  private let capacity: Int
  private let memory: UnsafeMutableRawPointer
  /// Bytes gathered, at the start of `memory`.
  private var count = 0
  /// Bytes written to the file so far.
  private var offset = 0
  /// Whether whole pages are written around the page cache.
  private(set) var writesDirectly = false
  /// Whether the descriptor is a regular file that may be tried with direct writes once
  /// it holds a full buffer.
  private var mayWriteDirectly: Bool

  /// A buffer writing to `descriptor`; `regularFile` says it is a file of its own (not
  /// a terminal, pipe or standard output), which may be written around the page cache.
  /// An output known to be small asks for less than the default `capacity` (rounded up
  /// to whole pages).
  init(descriptor: Int32, path: String, regularFile: Bool, capacity: Int = defaultCapacity) {
    self.descriptor = descriptor
    self.path = path
    self.capacity =
      max(1, (min(capacity, Self.defaultCapacity) + Self.pageSize - 1) / Self.pageSize)
      * Self.pageSize
    mayWriteDirectly = regularFile && DirectIO.flag != 0
    memory = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: Self.pageSize)
  }

  /// Appends `bytes`, writing whenever the buffer fills.
  mutating func append(_ bytes: [UInt8]) throws(FileIO.Failure) {
    var start = 0
    while start < bytes.count {
      let taken = min(bytes.count - start, capacity - count)
      let target = memory + count
      bytes.withUnsafeBytes { target.copyMemory(from: $0.baseAddress! + start, byteCount: taken) }
      count += taken
      start += taken
      if count == capacity { try drain() }
    }
  }

  /// Writes everything gathered.
  mutating func flush() throws(FileIO.Failure) {
    try drain()
    guard count > 0 else { return }
    // The part page left after the whole ones goes through the cache.
    if writesDirectly { stopWritingDirectly() }
    try drain()
  }

  /// Writes what is gathered: all of it through the cache, whole pages of it directly.
  /// What a direct write leaves (less than a page) moves to the start of the memory.
  private mutating func drain() throws(FileIO.Failure) {
    if !writesDirectly && mayWriteDirectly && offset + count >= Self.defaultCapacity {
      // The file has outgrown a full buffer: bring it to a page boundary, then go direct.
      mayWriteDirectly = false
      let upToBoundary = (Self.pageSize - offset % Self.pageSize) % Self.pageSize
      if let code = writeOut(min(upToBoundary, count)) {
        throw FileIO.Failure(path, errno: code, side: .output)
      }
      writesDirectly = DirectIO.enable(descriptor)
    }
    while true {
      let length = writesDirectly ? count & ~(Self.pageSize - 1) : count
      guard length > 0, let code = writeOut(length) else { return }
      // A file system or device that asks for more than page alignment refuses a
      // direct write as invalid; the file is then written through the cache.
      guard writesDirectly, code == EINVAL else {
        throw FileIO.Failure(path, errno: code, side: .output)
      }
      stopWritingDirectly()
    }
  }

  /// Writes the first `length` bytes gathered and moves the rest to the start; returns
  /// the error number of a failure (what was written before it is dropped all the same).
  private mutating func writeOut(_ length: Int) -> Int32? {
    let result = FileIO.write(UnsafeRawBufferPointer(start: memory, count: length), to: descriptor)
    shift(result.written)
    return result.error
  }

  /// Drops the first `length` bytes gathered, counting them as written.
  private mutating func shift(_ length: Int) {
    offset += length
    count -= length
    if count > 0 { memory.copyMemory(from: memory + length, byteCount: count) }
  }

  private mutating func stopWritingDirectly() {
    DirectIO.disable(descriptor)
    writesDirectly = false
  }

  /// Gives the memory back; nothing gathered is written.
  func deallocate() { memory.deallocate() }
}

/// The system's flag for writing around the page cache, and turning it on and off for
/// an open file.
enum DirectIO {
  /// `O_DIRECT`, which the C headers define only for GNU sources, so Swift does not see
  /// it; zero where it is unknown or not offered.
  static let flag: Int32 = {
    #if os(Linux) && (arch(x86_64) || arch(i386))
      0o40000
    #elseif os(Linux) && (arch(arm64) || arch(arm))
      0o200000
    #else
      0
    #endif
  }()

  /// Turns direct writes on; false when the file system refuses them.
  static func enable(_ descriptor: Int32) -> Bool {
    let flags = fcntl(descriptor, F_GETFL)
    return flags >= 0 && fcntl(descriptor, F_SETFL, flags | flag) == 0
  }

  static func disable(_ descriptor: Int32) {
    let flags = fcntl(descriptor, F_GETFL)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~flag) }
  }
}
