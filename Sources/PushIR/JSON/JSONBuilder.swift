/// Where an emitter writes a JSON value, one piece at a time in document order: into a
/// value tree (``JSONValueBuilder``) or straight into compact text (``JSONTextBuilder``),
/// so that one emitter serves a caller that wants the value and a batch that wants only
/// the text, without building a tree it would write and free at once.
///
/// Every value is one call (``string(_:)-(String)``, ``value(_:)``, …) or a `begin…`/`end…`
/// pair around its contents; inside an object, ``name(_:)-(String)`` comes before each member's
/// value. Builders write what they are given in that order and check nothing: a member
/// named twice is written twice.
public protocol JSONBuilder {
  /// Opens an object; its members follow, then ``endObject()``.
  mutating func beginObject()
  /// Closes the innermost open object.
  mutating func endObject()
  /// Opens an array; its elements follow, then ``endArray()``.
  mutating func beginArray()
  /// Closes the innermost open array.
  mutating func endArray()
  /// Names the member whose value comes next.
  mutating func name(_ key: String)
  /// A string value.
  mutating func string(_ text: String)
  /// A number value.
  mutating func number(_ number: JSONNumber)
  /// A whole value, written as it is.
  mutating func value(_ value: JSONValue)
  /// Names the member whose value comes next, with a name prepared beforehand.
  mutating func name(_ key: PreparedString)
  /// A string value prepared beforehand.
  mutating func string(_ text: PreparedString)
  /// A string value holding a text of the IR.
  mutating func string(_ text: IRText)
}

extension JSONBuilder {
  /// The name, as any other.
  public mutating func name(_ key: PreparedString) { name(key.text) }
  /// The string, as any other.
  public mutating func string(_ text: PreparedString) { string(text.text) }

  /// A member holding `value`.
  @inline(__always)
  public mutating func member(_ key: String, _ value: JSONValue) {
    name(key)
    self.value(value)
  }

  /// A member named by a prepared name, holding the string `text`.
  @inline(__always)
  public mutating func member(_ key: PreparedString, string text: String) {
    name(key)
    string(text)
  }

  /// A member named by a prepared name, holding the text `text`.
  @inline(__always)
  public mutating func member(_ key: PreparedString, string text: IRText) {
    name(key)
    string(text)
  }

  /// A member named by a prepared name, holding the text `text` when there is one;
  /// nothing otherwise.
  @inline(__always)
  public mutating func member(_ key: PreparedString, ifPresent text: IRText?) {
    if let text { member(key, string: text) }
  }

  /// A member named by a prepared name, holding the prepared string `text`.
  @inline(__always)
  public mutating func member(_ key: PreparedString, string text: PreparedString) {
    name(key)
    string(text)
  }

  /// A member named by a prepared name, holding `value`.
  @inline(__always)
  public mutating func member(_ key: PreparedString, _ value: JSONValue) {
    name(key)
    self.value(value)
  }

  /// A member named by a prepared name, holding the number `number`.
  @inline(__always)
  public mutating func member(_ key: PreparedString, number: JSONNumber) {
    name(key)
    self.number(number)
  }

  /// A member holding the object whose members `body` writes.
  @inline(__always)
  public mutating func member<Failure: Error>(
    _ key: PreparedString, object body: (inout Self) throws(Failure) -> Void
  ) throws(Failure) {
    name(key)
    beginObject()
    try body(&self)
    endObject()
  }
}

/// A string known before it is written, such as a member name, whose JSON text (quotes
/// and escapes included) is worked out once: ``JSONTextBuilder`` then writes it as a
/// copy of at most three words instead of looking at each byte again. Prepare it once
/// (a `static let`), not on every use.
public struct PreparedString: Sendable {
  /// The string.
  public let text: String
  /// The quoted, escaped text, lowest byte first, zeros after it; used only when it is
  /// at most 24 bytes long.
  fileprivate let quoted: (UInt64, UInt64, UInt64)
  /// The length of the quoted text, or 0 when it is longer than 24 bytes and written as
  /// any string is.
  fileprivate let quotedCount: Int

  /// `text`, prepared.
  public init(_ text: String) {
    self.text = text
    let bytes = JSONWriter(style: .compact).bytes(.string(text))
    guard bytes.count <= 24 else {
      (quoted, quotedCount) = ((0, 0, 0), 0)
      return
    }
    quoted = bytes.withUnsafeBufferPointer { bytes in
      (
        JSONStringBytes.word(packing: bytes), JSONStringBytes.word(packing: bytes, from: 8),
        JSONStringBytes.word(packing: bytes, from: 16)
      )
    }
    quotedCount = bytes.count
  }
}

extension JSONOutput {
  /// Appends the text of `prepared`, after a comma when `comma`, followed by a colon
  /// when `colon`, and tells whether it did (not when the text is too long to be kept
  /// prepared).
  @inline(__always)
  fileprivate mutating func appendPrepared(_ prepared: PreparedString, comma: Bool, colon: Bool)
    -> Bool
  {
    guard prepared.quotedCount > 0 else { return false }
    // The comma, all three words (the bytes past the text are counted only as far as
    // the text goes) and the colon.
    reserve(1 &+ 24 &+ 1)
    withUnsafeEnd(writing: 1 &+ 24 &+ 1) { end in
      end.storeBytes(of: UInt8(ascii: ","), as: UInt8.self)
      let words = end + (comma ? 1 : 0)
      words.storeBytes(of: prepared.quoted.0.littleEndian, as: UInt64.self)
      words.storeBytes(of: prepared.quoted.1.littleEndian, toByteOffset: 8, as: UInt64.self)
      words.storeBytes(of: prepared.quoted.2.littleEndian, toByteOffset: 16, as: UInt64.self)
      words.storeBytes(of: UInt8(ascii: ":"), toByteOffset: prepared.quotedCount, as: UInt8.self)
      return (comma ? 1 : 0) &+ prepared.quotedCount &+ (colon ? 1 : 0)
    }
    return true
  }
}

/// Builds the value written into it as a ``JSONValue``.
public struct JSONValueBuilder: JSONBuilder {
  /// An object or array being built, with what it holds so far.
  private struct OpenContainer {
    var isObject: Bool
    var members: [JSONObject.Member] = []
    var elements: [JSONValue] = []
    /// The name given for the member whose value comes next.
    var pendingName = ""
  }

  /// The containers opened and not yet closed, the innermost last.
  private var open: [OpenContainer] = []
  /// The value once its outermost container closed (or the value itself, when it is
  /// not a container).
  private var finished: JSONValue = .null

  /// A builder with nothing written yet.
  public init() {}

  /// The value `body` writes into a new builder.
  public static func build(_ body: (inout JSONValueBuilder) -> Void) -> JSONValue {
    var builder = JSONValueBuilder()
    body(&builder)
    return builder.builtValue
  }

  /// The value written: `null` when nothing was.
  public var builtValue: JSONValue {
    precondition(open.isEmpty, "a container was left open")
    return finished
  }

  public mutating func beginObject() { open.append(OpenContainer(isObject: true)) }
  public mutating func beginArray() { open.append(OpenContainer(isObject: false)) }

  public mutating func endObject() {
    let closed = open.removeLast()
    add(.object(JSONObject(closed.members)))
  }

  public mutating func endArray() {
    let closed = open.removeLast()
    add(.array(closed.elements))
  }

  public mutating func name(_ key: String) { open[open.count - 1].pendingName = key }
  public mutating func string(_ text: String) { add(.string(text)) }
  public mutating func string(_ text: IRText) { add(.string(text)) }
  public mutating func number(_ number: JSONNumber) { add(.number(number)) }
  public mutating func value(_ value: JSONValue) { add(value) }

  /// Puts `value` in the innermost open container, or makes it the result.
  private mutating func add(_ value: JSONValue) {
    guard !open.isEmpty else { return finished = value }
    let last = open.count - 1
    if open[last].isObject {
      open[last].members.append(JSONObject.Member(key: open[last].pendingName, value: value))
    } else {
      open[last].elements.append(value)
    }
  }
}

/// Writes the value written into it as compact JSON text: the bytes
/// `JSONWriter(style: .compact)` writes for the same value.
public struct JSONTextBuilder: JSONBuilder {
  /// The text so far.
  fileprivate var text: JSONOutput
  /// Whether a value was written in the innermost container, so that the next one
  /// starts with a comma.
  private var needsComma = false

  fileprivate init(text: JSONOutput) { self.text = text }

  public mutating func beginObject() {
    text.append(token: needsComma ? ",{" : "{")
    needsComma = false
  }

  public mutating func endObject() {
    text.append(UInt8(ascii: "}"))
    needsComma = true
  }

  public mutating func beginArray() {
    text.append(token: needsComma ? ",[" : "[")
    needsComma = false
  }

  public mutating func endArray() {
    text.append(UInt8(ascii: "]"))
    needsComma = true
  }

  public mutating func name(_ key: String) {
    // The comma, the opening quote, the name and `":` in one step.
    let opening: StaticString = needsComma ? ",\"" : "\""
    JSONWriter.withUTF8(of: key) { text.appendEscaped($0, between: opening, and: "\":") }
    needsComma = false
  }

  public mutating func string(_ string: String) {
    let opening: StaticString = needsComma ? ",\"" : "\""
    JSONWriter.withUTF8(of: string) { text.appendEscaped($0, between: opening, and: "\"") }
    needsComma = true
  }

  public mutating func string(_ string: IRText) {
    text.append(string, between: needsComma ? ",\"" : "\"", and: "\"")
    needsComma = true
  }

  public mutating func name(_ key: PreparedString) {
    guard text.appendPrepared(key, comma: needsComma, colon: true) else { return name(key.text) }
    needsComma = false
  }

  public mutating func string(_ prepared: PreparedString) {
    guard text.appendPrepared(prepared, comma: needsComma, colon: false) else {
      return string(prepared.text)
    }
    needsComma = true
  }

  public mutating func number(_ number: JSONNumber) {
    if needsComma { text.append(UInt8(ascii: ",")) }
    text.append(utf8Of: number.lexeme)
    needsComma = true
  }

  public mutating func value(_ value: JSONValue) {
    if needsComma { text.append(UInt8(ascii: ",")) }
    JSONWriter.writeCompact(value, into: &text)
    needsComma = true
  }
}

extension JSONWriter {
  /// The compact text `body` writes into a ``JSONTextBuilder``, with room for one more
  /// byte (a batch's newline); nothing when `body` throws.
  public static func compactText<Failure: Error>(
    _ body: (inout JSONTextBuilder) throws(Failure) -> Void
  ) throws(Failure) -> [UInt8] {
    var bytes: [UInt8] = []
    try compactText(appendingTo: &bytes, body)
    return bytes
  }

  /// Appends to `bytes` the compact text `body` writes into a ``JSONTextBuilder``,
  /// leaving room for one more byte (a batch's newline); when `body` throws, `bytes` is
  /// left as it was.
  public static func compactText<Failure: Error>(
    appendingTo bytes: inout [UInt8], _ body: (inout JSONTextBuilder) throws(Failure) -> Void
  ) throws(Failure) {
    let start = bytes.count
    var failure: Failure?
    JSONOutput.write(into: &bytes, room: typicalRoom) { text in
      var builder = JSONTextBuilder(text: text)
      do throws(Failure) {
        try body(&builder)
      } catch {
        failure = error
      }
      // The builder's text, moved to memory of its own should it have outgrown the
      // room, is handed back to be kept (or freed) as any text is.
      text = builder.text
    }
    if let failure {
      bytes.removeSubrange(start...)
      throw failure
    }
  }
}
