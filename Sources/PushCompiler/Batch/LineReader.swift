#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads newline-separated records from a file descriptor in fixed-size chunks, so an
/// archive of any size is read with bounded memory.
struct LineReader {
  /// One record: its 1-based line number and bytes (without the newline), or `nil`
  /// bytes when the line was longer than the limit (its bytes are skipped, not kept).
  struct Line {
    var number: Int
    var bytes: [UInt8]?
  }

  private let descriptor: Int32
  private let path: String
  private let maxLineBytes: Int
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false
  private var lineNumber = 0
  private var skipping = false
  /// What each `read` fills; kept so that every chunk does not map fresh pages.
  private var chunk = [UInt8](repeating: 0, count: 1 << 20)

  init(descriptor: Int32, path: String, maxLineBytes: Int) {
    self.descriptor = descriptor
    self.path = path
    self.maxLineBytes = maxLineBytes
  }

  /// Records already in memory.
  init(bytes: [UInt8], path: String, maxLineBytes: Int) {
    self.init(descriptor: -1, path: path, maxLineBytes: maxLineBytes)
    buffer = bytes
    atEnd = true
  }

  /// The next record, or `nil` at the end of the input. A final line without a
  /// newline is a record; an empty input has none.
  mutating func next() throws(FileIO.Failure) -> Line? {
    while true {
      if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
        var end = newline
        if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let tooLong = skipping || end - start > maxLineBytes
        let line = Line(number: lineNumber + 1, bytes: tooLong ? nil : Array(buffer[start..<end]))
        lineNumber += 1
        start = newline + 1
        skipping = false
        return line
      }
      if atEnd {
        guard start < buffer.count || skipping else { return nil }
        let tooLong = skipping || buffer.count - start > maxLineBytes
        let line = Line(number: lineNumber + 1, bytes: tooLong ? nil : Array(buffer[start...]))
        lineNumber += 1
        start = buffer.count
        skipping = false
        return line
      }
      if buffer.count - start > maxLineBytes {
        skipping = true  // too long to keep: drop what is buffered, keep counting
        buffer.removeAll(keepingCapacity: true)
        start = 0
      }
      try fill()
    }
  }

  /// Closes the descriptor read from, unless it is standard input.
  func close() {
    if descriptor > 0 { _ = Glibc.close(descriptor) }
  }

  private mutating func fill() throws(FileIO.Failure) {
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw FileIO.Failure(path, errno: errno) }
      buffer.append(contentsOf: chunk[0..<count])
      atEnd = count == 0
      return
    }
  }
}
