/// The one canonical JSON writer used for every output and golden file.
///
/// Deterministic: members are written in the order the value holds them (emitters
/// build objects in their vendor's documented order), numbers keep their spelling,
/// strings escape only `"`, `\` and control characters (short forms where JSON has
/// them, `\u00XX` otherwise), and everything else, `/` and non-ASCII included, is
/// written as UTF-8.
public struct JSONWriter: Sendable {
  /// How the text is laid out.
  public enum Style: Sendable {
    /// One line, no spaces.
    case compact
    /// Two-space indentation, `": "` after names, one member or element per line.
    case pretty
  }

  /// The layout used.
  public var style: Style

  /// A writer with the given layout.
  public init(style: Style = .pretty) { self.style = style }

  /// The text of `value`, without a final newline.
  public func bytes(_ value: JSONValue) -> [UInt8] {
    var output: [UInt8] = []
    // Room for a typical payload and the newline a batch adds, so that the text is not
    // copied again and again as it grows.
    output.reserveCapacity(2048)
    write(value, into: &output)
    return output
  }

  /// The text of `value` as a `String`, without a final newline.
  public func string(_ value: JSONValue) -> String {
    String(decoding: bytes(value), as: UTF8.self)
  }

  /// Appends the text of `value` to `output`.
  public func write(_ value: JSONValue, into output: inout [UInt8]) {
    write(value, indent: 0, into: &output)
  }

  private func write(_ value: JSONValue, indent: Int, into output: inout [UInt8]) {
    switch value {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .number(let number): Self.appendUTF8(of: number.lexeme, into: &output)
    case .string(let text): Self.writeString(text, into: &output)
    case .array(let elements):
      guard !elements.isEmpty else { return output.append(contentsOf: "[]".utf8) }
      output.append(UInt8(ascii: "["))
      for position in elements.indices {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        newline(indent + 1, into: &output)
        write(elements[position], indent: indent + 1, into: &output)
      }
      newline(indent, into: &output)
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      guard !object.isEmpty else { return output.append(contentsOf: "{}".utf8) }
      output.append(UInt8(ascii: "{"))
      let members = object.members
      for position in members.indices {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        newline(indent + 1, into: &output)
        Self.writeString(members[position].key, into: &output)
        output.append(UInt8(ascii: ":"))
        if style == .pretty { output.append(UInt8(ascii: " ")) }
        write(members[position].value, indent: indent + 1, into: &output)
      }
      newline(indent, into: &output)
      output.append(UInt8(ascii: "}"))
    }
  }

  @inline(__always)
  private func newline(_ indent: Int, into output: inout [UInt8]) {
    guard style == .pretty else { return }
    output.append(UInt8(ascii: "\n"))
    for _ in 0..<indent * 2 { output.append(UInt8(ascii: " ")) }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// Appends `text` as a quoted, escaped JSON string.
  @inline(__always)
  public static func writeString(_ text: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    withUTF8(of: text) { appendEscaped($0, into: &output) }
    output.append(UInt8(ascii: "\""))
  }

  /// Appends the UTF-8 bytes of `text` as they are.
  private static func appendUTF8(of text: String, into output: inout [UInt8]) {
    withUTF8(of: text) { output.append(contentsOf: $0) }
  }

  /// Calls `body` with the UTF-8 bytes of `text`: in place for every native string
  /// (small ones included), else (a string not stored as UTF-8, such as one bridged from
  /// another encoding) from a native copy.
  @inline(__always)
  private static func withUTF8(
    of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    let done: Void? = text.utf8.withContiguousStorageIfAvailable(body)
    if done == nil {
      var text = text
      text.withUTF8(body)
    }
  }

  /// Appends `utf8` with the bytes JSON requires escaped. Plain text before the first
  /// such byte is found a word at a time and appended whole (most strings, names among
  /// them, have none); the rest is escaped straight into the output's spare capacity.
  private static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, into output: inout [UInt8])
  {
    var offset = 0
    var seenBytes: UInt64 = 0  // Not read here: the or-ing is dropped once inlined.
    while true {
      offset = JSONStringBytes.skipPlain(utf8, from: offset, seenBytes: &seenBytes)
      guard offset < utf8.count else { return output.append(contentsOf: utf8) }
      let byte = utf8[offset]
      if byte < 0x20 || byte == 0x22 || byte == 0x5C { break }
      offset &+= 1
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<offset]))
    var start = offset
    repeat {
      // As many bytes as the capacity already there holds at their worst, at least 64.
      let length = min(utf8.count - start, max(64, (output.capacity - output.count) / 6))
      let end = start + length
      output.append(addingCapacity: length * 6) { span in
        span.withUnsafeMutableBufferPointer { room, count in
          // `room` holds six bytes (`\u00XX`) per byte of the piece.
          count = escape(UnsafeBufferPointer(rebasing: utf8[start..<end]), into: room, at: count)
        }
      }
      start = end
    } while start < utf8.count
  }

  /// Writes `utf8` into `room` from `position` with the bytes JSON requires escaped, and
  /// returns the position after it. Plain runs are found a word at a time and copied
  /// whole. `room` must hold six bytes per byte of `utf8` from `position`.
  @inline(__always)
  private static func escape(
    _ utf8: UnsafeBufferPointer<UInt8>, into room: UnsafeMutableBufferPointer<UInt8>,
    at position: Int
  ) -> Int {
    var written = position
    var runStart = 0
    var offset = 0
    var seenBytes: UInt64 = 0  // Not read here: the or-ing is dropped once inlined.
    while true {
      offset = JSONStringBytes.skipPlain(utf8, from: offset, seenBytes: &seenBytes)
      guard offset < utf8.count else { break }
      let byte = utf8[offset]
      offset &+= 1
      guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
      written = copy(utf8, from: runStart, to: offset &- 1, into: room, at: written)
      runStart = offset
      room[written] = UInt8(ascii: "\\")
      switch byte {
      case 0x22, 0x5C: room[written &+ 1] = byte
      case 0x08: room[written &+ 1] = UInt8(ascii: "b")
      case 0x0C: room[written &+ 1] = UInt8(ascii: "f")
      case 0x0A: room[written &+ 1] = UInt8(ascii: "n")
      case 0x0D: room[written &+ 1] = UInt8(ascii: "r")
      case 0x09: room[written &+ 1] = UInt8(ascii: "t")
      default:
        room[written &+ 1] = UInt8(ascii: "u")
        room[written &+ 2] = UInt8(ascii: "0")
        room[written &+ 3] = UInt8(ascii: "0")
        room[written &+ 4] = hexDigits[Int(byte >> 4)]
        room[written &+ 5] = hexDigits[Int(byte & 0xF)]
        written &+= 4
      }
      written &+= 2
    }
    return copy(utf8, from: runStart, to: utf8.count, into: room, at: written)
  }

  /// Copies `utf8[start..<end]` into `room` at `position` and returns the position after it.
  @inline(__always)
  private static func copy(
    _ utf8: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
    into room: UnsafeMutableBufferPointer<UInt8>, at position: Int
  ) -> Int {
    guard end > start else { return position }
    // Both ranges lie inside their buffers: `start..<end` is within `utf8`, and `room`
    // has room for it at `position` (see `escape`).
    (room.baseAddress! + position).update(from: utf8.baseAddress! + start, count: end - start)
    return position &+ (end - start)
  }
}
