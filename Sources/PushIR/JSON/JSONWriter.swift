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

  /// The text of `value`, without a final newline but with room for one, so that a
  /// batch appends its newline without copying the text.
  public func bytes(_ value: JSONValue) -> [UInt8] {
    var output: [UInt8] = []
    write(value, into: &output)
    return output
  }

  /// The text of `value` as a `String`, without a final newline.
  public func string(_ value: JSONValue) -> String {
    String(decoding: bytes(value), as: UTF8.self)
  }

  /// Appends the text of `value` to `output`, leaving room for at least one more byte.
  public func write(_ value: JSONValue, into output: inout [UInt8]) {
    JSONOutput.write(into: &output, room: Self.typicalRoom) { text in
      if style == .compact {
        Self.writeCompact(value, into: &text)
      } else {
        Self.writePretty(value, indent: 0, into: &text)
      }
    }
  }

  /// Room first made for a text: a typical payload (APNs allows 4 KB) and a newline.
  public static let typicalRoom = 2048

  /// Writes `value` on one line without spaces.
  static func writeCompact(_ value: borrowing JSONValue, into text: inout JSONOutput) {
    withUnsafePointer(to: value) { writeCompact(at: $0, into: &text) }
  }

  /// Writes the value at `value` on one line without spaces. Values are reached through
  /// pointers into their arrays, so that none is copied on its way down; each pointer
  /// is used only while `withUnsafeBufferPointer` lends its array's memory, and the
  /// arrays are not changed meanwhile (the writer changes only its text).
  private static func writeCompact(at value: UnsafePointer<JSONValue>, into text: inout JSONOutput)
  {
    switch value.pointee {
    case .null: text.append(token: "null")
    case .bool(let flag): text.append(token: flag ? "true" : "false")
    case .number(let number): text.append(utf8Of: number.lexeme)
    case .string(let string): text.append(string, between: "\"", and: "\"")
    case .array(let elements):
      elements.withUnsafeBufferPointer { writeCompact(elements: $0, into: &text) }
    case .object(let object):
      object.members.withUnsafeBufferPointer { writeCompact(members: $0, into: &text) }
    }
  }

  /// Writes an array of `elements` on one line without spaces.
  private static func writeCompact(
    elements: UnsafeBufferPointer<JSONValue>, into text: inout JSONOutput
  ) {
    guard let first = elements.baseAddress, !elements.isEmpty else {
      return text.append(token: "[]")
    }
    text.append(UInt8(ascii: "["))
    for position in elements.indices {
      if position > 0 { text.append(UInt8(ascii: ",")) }
      writeCompact(at: first + position, into: &text)
    }
    text.append(UInt8(ascii: "]"))
  }

  /// Writes an object of `members` on one line without spaces.
  private static func writeCompact(
    members: UnsafeBufferPointer<JSONObject.Member>, into text: inout JSONOutput
  ) {
    guard let first = members.baseAddress, !members.isEmpty else {
      return text.append(token: "{}")
    }
    for position in members.indices {
      // The name, `{"` before the first, `,"` before the others, `":` after each.
      withUTF8(of: members[position].key) {
        text.appendEscaped($0, between: position == 0 ? "{\"" : ",\"", and: "\":")
      }
      // `value` is a stored property: it has a place in the member's memory.
      writeCompact(at: (first + position).pointer(to: \.value)!, into: &text)
    }
    text.append(UInt8(ascii: "}"))
  }

  /// Writes `value` with two spaces of indentation per level below `indent`.
  private static func writePretty(
    _ value: borrowing JSONValue, indent: Int, into text: inout JSONOutput
  ) {
    switch value {
    case .null, .bool, .number, .string: writeCompact(value, into: &text)
    case .array(let elements):
      guard !elements.isEmpty else { return text.append(token: "[]") }
      text.append(UInt8(ascii: "["))
      for position in elements.indices {
        if position > 0 { text.append(UInt8(ascii: ",")) }
        text.appendNewline(indent: indent + 1)
        writePretty(elements[position], indent: indent + 1, into: &text)
      }
      text.appendNewline(indent: indent)
      text.append(UInt8(ascii: "]"))
    case .object(let object):
      guard !object.isEmpty else { return text.append(token: "{}") }
      text.append(UInt8(ascii: "{"))
      let members = object.members
      for position in members.indices {
        if position > 0 { text.append(UInt8(ascii: ",")) }
        text.appendNewline(indent: indent + 1)
        writeString(members[position].key, into: &text)
        text.append(token: ": ")
        writePretty(members[position].value, indent: indent + 1, into: &text)
      }
      text.appendNewline(indent: indent)
      text.append(UInt8(ascii: "}"))
    }
  }

  /// Appends `text` as a quoted, escaped JSON string.
  public static func writeString(_ text: String, into output: inout [UInt8]) {
    // Room for the text, its quotes, a newline and the slack `JSONOutput.appendEscaped` asks.
    JSONOutput.write(into: &output, room: text.utf8.count + 16) { writeString(text, into: &$0) }
  }

  /// Writes `string` as a quoted, escaped JSON string.
  @inline(__always)
  private static func writeString(_ string: borrowing String, into text: inout JSONOutput) {
    withUTF8(of: string) { text.appendEscaped($0, between: "\"", and: "\"") }
  }

  /// Calls `body` with the UTF-8 bytes of `text`: in place for every native string
  /// (small ones included), else (a string not stored as UTF-8, such as one bridged from
  /// another encoding) from a native copy.
  @inline(__always)
  static func withUTF8(of text: borrowing String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    let done: Void? = text.utf8.withContiguousStorageIfAvailable(body)
    if done == nil {
      var text = copy text
      text.withUTF8(body)
    }
  }
}
