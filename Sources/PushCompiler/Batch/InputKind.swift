#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import PushIR

/// What a batch input file holds: NDJSON, one record per line, or one JSON array whose
/// elements are the records.
///
/// A file is an array when its first non-blank byte is `[`, unless that array closes on
/// the line it opens on and another line with content follows: the file is then NDJSON
/// whose first record happens to be an array. An array still open at the end of its
/// first line (a pretty-printed array), or one that is the file's only content, makes an
/// array file; so does one not closed within the record size limit, since such a line
/// cannot be a record that converts and an array written on one line is often far longer.
///
/// An array file that stops being an array before any element is converted is NDJSON
/// after all when its second line (the first with content after the line the array
/// opens on) is by itself a JSON value: its first line was a record cut short, or one
/// over the size limit, and each line is a record. Inside a pretty-printed array no line
/// is (`  {`, `  1,`), so such an array stays an array, broken where it breaks.
enum InputKind: Equatable {
  case lines
  case array

  /// Whether the file starting with `bytes` (all of it when `endsFile`), read as an
  /// array that does not parse, is NDJSON instead (see above); a second line that runs
  /// past `bytes` when they do not end the file is not a value.
  static func isLines(afterUnparsedArray bytes: [UInt8], endsFile: Bool = true) -> Bool {
    let newline = UInt8(ascii: "\n")
    guard let opening = bytes.firstIndex(where: { !leadingBlank.contains($0) }),
      var end = bytes[opening...].firstIndex(of: newline)
    else { return false }
    while end < bytes.endIndex {
      let start = end + 1
      guard
        let lineEnd = bytes[start...].firstIndex(of: newline) ?? (endsFile ? bytes.endIndex : nil)
      else { return false }
      end = lineEnd
      let line = bytes[start..<end]
      if !line.allSatisfy(blank.contains) { return (try? JSONReader.parse(line)) != nil }
    }
    return false
  }

  /// The kind of the file open at `descriptor`, read from its start no further than
  /// the decision needs: at most the first line and the blank bytes after it, and no
  /// more than `maxLineBytes` of that line. What is not a regular file (a pipe) cannot
  /// be read twice, and is NDJSON, as standard input is.
  static func of(_ descriptor: Int32, path: String, maxLineBytes: Int) throws(FileIO.Failure)
    -> InputKind
  {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw FileIO.Failure(path, errno: errno) }
    guard (info.st_mode & S_IFMT) == S_IFREG else { return .lines }
    var probe = Probe(maxLineBytes: maxLineBytes)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var offset = 0
    while true {
      let count = chunk.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, $0.count, off_t(offset))
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileIO.Failure(path, errno: errno)
      }
      if let kind = count == 0 ? probe.kindAtEnd : probe.read(chunk[..<count]) { return kind }
      offset += count
    }
  }

  /// Decides the kind from a file's bytes fed in order, one piece at a time.
  struct Probe {
    private enum Place {
      /// Blank bytes (and a byte order mark) before the first value.
      case leading
      /// Inside the array the file starts with, on its first line.
      case array
      /// After that array closed, on the same line.
      case restOfLine
      /// On a later line, where only blank bytes have been seen.
      case laterLines
    }

    private let maxLineBytes: Int
    private var place = Place.leading
    private var lineBytes = 0
    private var depth = 0
    private var inString = false
    private var escaped = false

    init(maxLineBytes: Int) { self.maxLineBytes = maxLineBytes }

    /// The kind once `bytes` follow those read before, or `nil` while it is open.
    mutating func read(_ bytes: ArraySlice<UInt8>) -> InputKind? {
      for byte in bytes {
        if let kind = read(byte) { return kind }
      }
      return nil
    }

    /// The kind when the file ends after the bytes read.
    var kindAtEnd: InputKind { place == .leading ? .lines : .array }

    private mutating func read(_ byte: UInt8) -> InputKind? {
      let newline = UInt8(ascii: "\n")
      switch place {
      case .leading:
        guard !InputKind.leadingBlank.contains(byte) else {
          lineBytes = byte == newline ? 0 : lineBytes + 1
          return nil
        }
        guard byte == UInt8(ascii: "[") else { return .lines }
        place = .array
        depth = 1
        lineBytes += 1
      case .array, .restOfLine:
        if byte == newline {
          guard place == .restOfLine else { return .array }
          place = .laterLines
          return nil
        }
        lineBytes += 1
        if lineBytes > maxLineBytes { return .array }
        if place == .array { follow(byte) }
      case .laterLines:
        return InputKind.blank.contains(byte) ? nil : .lines
      }
      return nil
    }

    /// Follows the array's nesting, skipping strings, until it closes.
    private mutating func follow(_ byte: UInt8) {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        return
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
        if depth == 0 { place = .restOfLine }
      default: break
      }
    }
  }

  /// JSON's whitespace.
  fileprivate static let blank: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
  /// Whitespace and the bytes of a UTF-8 byte order mark.
  fileprivate static let leadingBlank = blank.union([0xEF, 0xBB, 0xBF])
}
