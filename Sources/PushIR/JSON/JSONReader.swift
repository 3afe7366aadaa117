/// Reads JSON text from UTF-8 bytes into a ``JSONValue``.
///
/// Strict RFC 8259: rejects invalid UTF-8, unescaped control characters, lone surrogate
/// escapes, malformed numbers, trailing content and nesting deeper than
/// ``Limits/maxDepth``. A UTF-8 byte order mark before the text is skipped, as RFC 8259
/// allows. Duplicate member names are kept in order; ``JSONObject`` lookups see the last.
public struct JSONReader: ~Copyable {
  /// Bounds that keep hostile input from exhausting the stack or memory.
  public struct Limits: Sendable, Hashable {
    /// Deepest allowed nesting of arrays and objects (the root counts as 1).
    public var maxDepth: Int
    /// Largest accepted document, in bytes.
    public var maxBytes: Int
    /// Longest accepted string or member name, in bytes as written (escapes included).
    public var maxStringBytes: Int
    /// Most members one object may have.
    public var maxMembers: Int
    /// Most elements one array may have.
    public var maxElements: Int

    /// The limits used unless a caller asks otherwise (documented in Specs/limits.md).
    public static let standard = Limits(maxDepth: 64, maxBytes: 1 << 20)

    /// Limits with the given bounds; those not given are the standard ones.
    public init(
      maxDepth: Int, maxBytes: Int, maxStringBytes: Int = 1 << 16, maxMembers: Int = 1024,
      maxElements: Int = 10_000
    ) {
      self.maxDepth = maxDepth
      self.maxBytes = maxBytes
      self.maxStringBytes = maxStringBytes
      self.maxMembers = maxMembers
      self.maxElements = maxElements
    }
  }

  /// Parses one JSON document.
  public static func parse(_ bytes: [UInt8], limits: Limits = .standard) throws(JSONSyntaxError)
    -> JSONValue
  {
    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONValue in
      try parse(buffer, limits: limits)
    }
  }

  /// Parses one JSON document held in part of a larger buffer; error places count from
  /// the start of the part.
  public static func parse(_ bytes: ArraySlice<UInt8>, limits: Limits = .standard)
    throws(JSONSyntaxError) -> JSONValue
  {
    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONValue in
      try parse(buffer, limits: limits)
    }
  }

  /// Parses the JSON document a string holds (a payload embedded in another), read from
  /// the text's bytes where they are: the document is copied once, as any is.
  public static func parse(_ text: IRText, limits: Limits = .standard) throws(JSONSyntaxError)
    -> JSONValue
  {
    try text.withUTF8 { buffer in
      Result { () throws(JSONSyntaxError) -> JSONValue in try parse(buffer, limits: limits) }
    }.get()
  }

  /// Parses one JSON document held in `buffer`.
  public static func parse(_ buffer: UnsafeBufferPointer<UInt8>, limits: Limits = .standard)
    throws(JSONSyntaxError) -> JSONValue
  {
    try parseDocument(buffer, limits: limits).value
  }

  /// A document as read, with what reading it showed of its member names.
  public struct Document: Sendable {
    /// The value.
    public var value: JSONValue
    /// Whether some object may name a member twice. `false` proves that none does:
    /// every member name was ASCII text (whose bytes decide `==`) and differed from the
    /// others of its object, so ``JSONValue/removeDuplicateKeys()`` would find nothing.
    /// `true` says only that it may (a name beyond ASCII, or a repeat).
    public var namesMayRepeat: Bool
  }

  /// Parses one JSON document held in part of a larger buffer, noting whether its
  /// objects may repeat a member name; error places count from the start of the part.
  public static func parseDocument(_ bytes: ArraySlice<UInt8>, limits: Limits = .standard)
    throws(JSONSyntaxError) -> Document
  {
    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> Document in
      try parseDocument(buffer, limits: limits)
    }
  }

  /// Parses one JSON document held in `buffer`, noting whether its objects may repeat a
  /// member name. The document's bytes are copied once, into storage of their own that
  /// the strings read are ranges of (``IRText``).
  public static func parseDocument(
    _ buffer: UnsafeBufferPointer<UInt8>, limits: Limits = .standard
  ) throws(JSONSyntaxError) -> Document {
    // Over the limit, nothing is copied: reading stops before any string.
    guard buffer.count <= limits.maxBytes else {
      return try parseDocument(
        buffer, in: .copying(UnsafeBufferPointer(start: nil, count: 0)), limits: limits)
    }
    let storage = TextStorage.copying(buffer)
    let read = storage.withBytes { bytes in
      Result { () throws(JSONSyntaxError) -> Document in
        try parseDocument(bytes, in: storage, limits: limits)
      }
    }
    return try read.get()
  }

  /// Parses the document `buffer`, the bytes of `storage` (or, for a document over the
  /// limit, refused before any string is read, of none).
  private static func parseDocument(
    _ buffer: UnsafeBufferPointer<UInt8>, in storage: TextStorage, limits: Limits
  ) throws(JSONSyntaxError) -> Document {
    // The stacks start in memory on the call stack, each under the 1,024 bytes up to which
    // the standard library always allocates there: most documents need no more.
    try withUnsafeTemporaryAllocation(of: JSONObject.Member.self, capacity: 16) {
      (members) throws(JSONSyntaxError) -> Document in
      try withUnsafeTemporaryAllocation(of: JSONValue.self, capacity: 16) {
        (elements) throws(JSONSyntaxError) -> Document in
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) {
          (text) throws(JSONSyntaxError) -> Document in
          try withUnsafeTemporaryAllocation(of: ShortName.self, capacity: 32) {
            (names) throws(JSONSyntaxError) -> Document in
            var reader = JSONReader(
              buffer, storage: storage, limits: limits, members: ReadStack(in: members),
              elements: ReadStack(in: elements), text: ReadStack(in: text),
              names: ReadStack(in: names))
            let value = try reader.document()
            return Document(value: value, namesMayRepeat: reader.namesMayRepeat)
          }
        }
      }
    }
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  /// What ``bytes`` are the bytes of, which the strings read are ranges of.
  private let storage: TextStorage
  private let limits: Limits
  private var index = 0
  private var depth = 0
  /// The members of the objects being read, innermost object's last.
  private var members: ReadStack<JSONObject.Member>
  /// The elements of the arrays being read, innermost array's last.
  private var elements: ReadStack<JSONValue>
  /// The text of the string being read, unescaped, once it turns out to hold an escape.
  private var text: ReadStack<UInt8>
  /// The short names of the members of the objects being read, innermost object's last.
  private var names: ReadStack<ShortName>
  /// Whether some object read so far may repeat a member name (see ``Document``).
  private var namesMayRepeat = false
  /// ``CommonName/table``, fetched once per document rather than once per string.
  private let commonNames: UnsafeBufferPointer<CommonName> = CommonName.table

  private init(
    _ bytes: UnsafeBufferPointer<UInt8>, storage: TextStorage, limits: Limits,
    members: consuming ReadStack<JSONObject.Member>,
    elements: consuming ReadStack<JSONValue>, text: consuming ReadStack<UInt8>,
    names: consuming ReadStack<ShortName>
  ) {
    self.bytes = bytes
    self.storage = storage
    self.limits = limits
    self.members = members
    self.elements = elements
    self.text = text
    self.names = names
  }

  private mutating func document() throws(JSONSyntaxError) -> JSONValue {
    guard bytes.count <= limits.maxBytes else {
      throw fail(
        .tooLarge, "document larger than the limit of \(limits.maxBytes) bytes",
        at: limits.maxBytes)
    }
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    skipWhitespace()
    guard index < bytes.count else {
      throw fail(.emptyInput, "input holds no JSON value", at: index)
    }
    let value = try self.value()
    skipWhitespace()
    guard index == bytes.count else {
      throw fail(.trailingContent, "unexpected \(describe(index)) after the JSON value", at: index)
    }
    return value
  }

  private mutating func value() throws(JSONSyntaxError) -> JSONValue {
    guard index < bytes.count else { throw endOfInput("a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return .object(try object())
    case UInt8(ascii: "["): return .array(try array())
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default:
      throw fail(.unexpectedCharacter, "expected a value, found \(describe(index))", at: index)
    }
  }

  /// Counts one more level of nesting, or throws when that is one too many.
  @inline(__always)
  private mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    guard depth <= limits.maxDepth else { throw tooDeep() }
  }

  /// The error for nesting deeper than the limit; out of line, so that ``enter()`` is an
  /// addition and a comparison.
  @inline(never)
  private func tooDeep() -> JSONSyntaxError {
    fail(.tooDeep, "nesting deeper than \(limits.maxDepth) levels", at: index)
  }

  private mutating func object() throws(JSONSyntaxError) -> JSONObject {
    try enter()
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return JSONObject()
    }
    // This object's members (and its short names) are pushed above those of the objects
    // it is inside.
    let start = members.count
    let namesStart = names.count
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw endOfInput("a member name") }
      guard bytes[index] == UInt8(ascii: "\"") else {
        throw fail(
          .unexpectedCharacter, "expected a member name in quotes, found \(describe(index))",
          at: index)
      }
      // A member beyond the limit begins at its name: located there, before it is read.
      guard members.count &- start < limits.maxMembers else {
        throw fail(
          .tooManyMembers, "object with more than \(limits.maxMembers) members", at: index)
      }
      let key = try memberName(after: namesStart, membersStart: start)
      skipWhitespace()
      try expect(UInt8(ascii: ":"), "':' after the member name")
      skipWhitespace()
      // Most values are strings: read without going through `value()`.
      let value: JSONValue =
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
          .string(try string())
        } else {
          try self.value()
        }
      members.push(JSONObject.Member(key: consume key, value: consume value))
      skipWhitespace()
      guard index < bytes.count else { throw endOfInput("',' or '}'") }
      switch bytes[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        depth -= 1
        names.removeAbove(namesStart)
        return JSONObject(members.takeArray(from: start))
      default:
        throw fail(.unexpectedCharacter, "expected ',' or '}', found \(describe(index))", at: index)
      }
    }
  }

  private mutating func array() throws(JSONSyntaxError) -> [JSONValue] {
    try enter()
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return []
    }
    // This array's elements are pushed above those of the arrays it is inside.
    let start = elements.count
    while true {
      skipWhitespace()
      guard elements.count &- start < limits.maxElements else {
        throw fail(
          .tooManyElements, "array with more than \(limits.maxElements) elements", at: index)
      }
      elements.push(try value())
      skipWhitespace()
      guard index < bytes.count else { throw endOfInput("',' or ']'") }
      switch bytes[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        depth -= 1
        return elements.takeArray(from: start)
      default:
        throw fail(.unexpectedCharacter, "expected ',' or ']', found \(describe(index))", at: index)
      }
    }
  }

  private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONSyntaxError)
    -> JSONValue
  {
    let count = word.utf8CodeUnitCount
    let start = word.utf8Start
    for offset in 0..<count {
      guard index + offset < bytes.count else { throw endOfInput("'\(word)'") }
      guard bytes[index + offset] == start[offset] else {
        throw fail(.unexpectedCharacter, "expected a value, found \(describe(index))", at: index)
      }
    }
    index += count
    return value
  }

  private mutating func number() throws(JSONSyntaxError) -> JSONNumber {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count else { throw endOfInput("a digit") }
    guard isDigit(bytes[index]) else {
      throw fail(.invalidNumber, "expected a digit in number", at: index)
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) {
        throw fail(.invalidNumber, "leading zero in number", at: start)
      }
    } else {
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count else { throw endOfInput("a digit after the decimal point") }
      guard isDigit(bytes[index]) else {
        throw fail(.invalidNumber, "expected a digit after the decimal point", at: index)
      }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard index < bytes.count else { throw endOfInput("a digit in the exponent") }
      guard isDigit(bytes[index]) else {
        throw fail(.invalidNumber, "expected a digit in the exponent", at: index)
      }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index &- start == 1, let digit = commonName(ShortName(low: UInt64(bytes[start]), high: 0)) {
      return JSONNumber(lexeme: digit)
    }
    // The lexeme matched the number grammar, so its bytes are ASCII.
    return JSONNumber(lexeme: makeString(UnsafeBufferPointer(rebasing: bytes[start..<index]), 0)!)
  }

  /// Reads a string starting at its opening quote. Runs without escapes are copied in
  /// one step; the text is validated as UTF-8 once, when the string is made, and only
  /// when reading fails is it scanned again to locate its first bad byte.
  private mutating func string() throws(JSONSyntaxError) -> IRText {
    if let short = shortPlainText() {
      return IRText(
        storage, start: short.start, count: short.length, isPlain: true, isASCII: true)
    }
    return try longString()
  }

  /// Reads the name of a member of the object whose short names are on ``names`` from
  /// `namesStart` (and its members on ``members`` from `membersStart`), noting in
  /// ``namesMayRepeat`` when it may repeat one of them. Names of ASCII text, whose bytes
  /// decide `==`, are compared (short ones by their words); a name beyond ASCII may
  /// equal one spelled otherwise (canonically equivalent text), which is left to
  /// ``JSONValue/removeDuplicateKeys()``.
  ///
  /// Past ``mostNamesCompared`` members, an object is left to that walk as well: each
  /// name compared with every earlier one would take time growing with the square of
  /// the members, where the walk takes a set.
  @inline(__always)
  private mutating func memberName(after namesStart: Int, membersStart: Int)
    throws(JSONSyntaxError) -> String
  {
    if members.elements.count &- membersStart >= Self.mostNamesCompared { namesMayRepeat = true }
    guard let short = shortPlainText() else {
      // Read as any string (escaped, long, beyond ASCII, or near the end of the
      // document); still compared when what it spells is short ASCII text.
      let name = try longString().string
      if !namesMayRepeat {
        if let words = ShortName(ascii: name) {
          note(words, after: namesStart)
        } else if name.utf8.allSatisfy({ $0 < 0x80 }) {
          // Longer ASCII text: compared with the object's earlier names themselves (a
          // short name cannot equal it, having fewer bytes).
          let earlier = members.elements
          for position in membersStart..<earlier.count where earlier[position].key == name {
            namesMayRepeat = true
            break
          }
        } else {
          namesMayRepeat = true
        }
      }
      return name
    }
    if !namesMayRepeat { note(short.name, after: namesStart) }
    return shortString(short)
  }

  /// The most members of one object whose names the reader compares as it reads them.
  public static let mostNamesCompared = 32

  /// Compares the short name `name` with those of its object (on ``names`` from
  /// `namesStart`), then pushes it there.
  @inline(__always)
  private mutating func note(_ name: ShortName, after namesStart: Int) {
    let earlier = names.elements
    for position in namesStart..<earlier.count where earlier[position] == name {
      namesMayRepeat = true
      return
    }
    names.push(name)
  }

  /// Reads the string whose opening quote is at `index`, when ``shortPlainText()`` did not.
  private mutating func longString() throws(JSONSyntaxError) -> IRText {
    let start = index + 1
    do {
      return try stringText()
    } catch {
      // Bytes are checked as UTF-8 only once the string closes; an invalid sequence
      // before whatever stopped the reading is what the text gets wrong first.
      throw firstInvalidUTF8(from: start, to: min(error.offset, bytes.count)) ?? error
    }
  }

  /// The bytes of a short, plain ASCII text as two words, lowest byte first and zero
  /// beyond its end: two such texts are the same exactly when their words are.
  private struct ShortName: Equatable {
    /// The first eight bytes.
    var low: UInt64
    /// The next seven bytes.
    var high: UInt64

    init(low: UInt64, high: UInt64) {
      self.low = low
      self.high = high
    }

    /// The words of `text` when it is at most fifteen bytes of ASCII, the only text
    /// whose bytes decide `==`; else `nil`.
    init?(ascii text: String) {
      var words: ShortName?
      JSONWriter.withUTF8(of: text) { bytes in
        guard bytes.count <= 15, !bytes.contains(where: { $0 >= 0x80 }) else { return }
        words = ShortName(
          low: JSONStringBytes.word(packing: bytes),
          high: JSONStringBytes.word(packing: bytes, from: 8))
      }
      guard let words else { return nil }
      self = words
    }
  }

  /// A short, plain ASCII text as ``shortPlainText()`` found it.
  private struct ShortText {
    /// Its bytes as two words.
    var name: ShortName
    /// Where its bytes start in the document.
    var start: Int
    /// How many bytes it has.
    var length: Int
  }

  /// Reads the string whose opening quote is at `index` when it is short, plain and ASCII
  /// (most member names and many values are): its closing quote within the fifteen bytes
  /// after the opening one, no escape, no control character and no byte beyond ASCII
  /// before it. Leaves `index` after the closing quote, or returns `nil` and leaves
  /// `index` as it was for ``longString()`` to read the string.
  @inline(__always)
  private mutating func shortPlainText() -> ShortText? {
    let start = index &+ 1
    // `start + 16 <= bytes.count` keeps both loads inside the buffer.
    guard start &+ 16 <= bytes.count else { return nil }
    let first = JSONStringBytes.word(bytes, at: start)
    let second = JSONStringBytes.word(bytes, at: start &+ 8)
    let length: Int
    let low: UInt64
    let high: UInt64
    let firstFlags = JSONStringBytes.specialFlags(first)
    if firstFlags != 0 {
      length = JSONStringBytes.plainCount(firstFlags)
      low = first & JSONStringBytes.lowBytes(length)
      high = 0
    } else {
      let secondFlags = JSONStringBytes.specialFlags(second)
      guard secondFlags != 0 else { return nil }
      length = 8 &+ JSONStringBytes.plainCount(secondFlags)
      low = first
      high = second & JSONStringBytes.lowBytes(length &- 8)
    }
    guard bytes[start &+ length] == UInt8(ascii: "\""), !JSONStringBytes.hasNonASCII(low | high),
      length <= limits.maxStringBytes
    else { return nil }
    index = start &+ length &+ 1
    return ShortText(name: ShortName(low: low, high: high), start: start, length: length)
  }

  /// The string of a text ``shortPlainText()`` read.
  @inline(__always)
  private func shortString(_ short: ShortText) -> String {
    if let common = commonName(short.name) { return common }
    // The text is ASCII, as `unchecked` requires.
    let text = UnsafeBufferPointer(rebasing: bytes[short.start..<short.start &+ short.length])
    return String(copying: UTF8Span(unchecked: text.span, isKnownASCII: true))
  }

  /// A member name or value common in push payloads, kept as its text's two words
  /// (the text's bytes in order from the lowest byte, zero beyond its end) for a short
  /// string to be matched against in two comparisons and returned without being made.
  private struct CommonName {
    /// The text's bytes as two words.
    var words: ShortName
    /// The text.
    var text: String

    /// The names, each ASCII, at most fifteen bytes, without quotes, backslashes or control
    /// characters: the APNs payload's, names and values many vendors share, and the
    /// lexemes of the numbers of one digit (each in a slot of its own, as `number()` needs).
    private static let names = [
      "aps", "alert", "title", "subtitle", "body", "badge", "sound", "category", "thread-id",
      "mutable-content", "content-available", "interruption-level", "relevance-score",
      "target-content-id", "critical", "name", "volume", "launch-image", "default",
      "url", "uri", "link", "id", "type", "action", "label", "image", "icon", "data", "payload",
      "identifier", "message", "notification", "priority", "value", "buttons", "path", "topic",
      "_k", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9",
    ]

    /// One entry per slot (a name whose slot an earlier name took would be made as any
    /// other string is). Empty slots hold the empty string, whose words are zero too.
    ///
    /// Memory of its own, made once and never freed, rather than an array: every
    /// document's reader holds the table, and an array's reference count, changed for
    /// each document by every core, would move between the cores' caches each time.
    /// Never written once made, so reading it from any thread is safe.
    nonisolated(unsafe) static let table: UnsafeBufferPointer<CommonName> = {
      let table = UnsafeMutableBufferPointer<CommonName>.allocate(capacity: 128)
      table.initialize(repeating: CommonName(words: ShortName(low: 0, high: 0), text: ""))
      for name in names {
        guard let words = ShortName(ascii: name) else { continue }
        let slot = slot(words)
        if table[slot].text.isEmpty { table[slot] = CommonName(words: words, text: name) }
      }
      return UnsafeBufferPointer(table)
    }()

    /// The slot, 0 to 127, of the text whose words are `words`. The multiplier was
    /// chosen, by trying, to give every name of ``names`` a slot of its own.
    @inline(__always)
    static func slot(_ words: ShortName) -> Int {
      let mixed = words.low ^ words.high &* 0x2545_F491_4F6C_DD1D
      return Int(truncatingIfNeeded: (mixed &* 0xD016_29BA_6992_1EC9) &>> 57)
    }

  }

  /// The text whose words are `words`, when ``commonNames`` holds it.
  @inline(__always)
  private func commonName(_ words: ShortName) -> String? {
    let common = commonNames[CommonName.slot(words)]
    return common.words == words ? common.text : nil
  }

  /// Reads the text of the string whose opening quote is at `index`, leaving `index`
  /// after its closing quote. A text whose every escape is one the writer writes the
  /// same way (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`) is kept as written
  /// (``IRText`` unescapes it where it is read, and writes it back as it is). At the
  /// first other escape (`\/`, `\u…`) the text is read again from its start, unescaped
  /// as it is read, into storage of its own. The scan keeps its place in a local, written
  /// back to `index` before each call or error that reads it.
  private mutating func stringText() throws(JSONSyntaxError) -> IRText {
    let start = index + 1
    var offset = start
    var runStart = start
    // Whether the text is kept as written: no escape read so far but the writer's own.
    var keepsEscapes = true
    var escaped = false
    var seenBytes: UInt64 = 0
    while true {
      offset = JSONStringBytes.skipPlain(bytes, from: offset, seenBytes: &seenBytes)
      guard offset < bytes.count else { break }
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        index = offset
        guard offset &- start <= limits.maxStringBytes else { throw tooLongString(from: start) }
        let string: IRText?
        if keepsEscapes {
          // Escapes are ASCII, so the text is valid UTF-8 exactly when its bytes as
          // written are. Without an escape, none of them is a quote, a backslash or a
          // control character: they are written back as they are, as are the escapes
          // kept.
          string = isASCII(UnsafeBufferPointer(rebasing: bytes[start..<offset]), seenBytes).map {
            IRText(
              storage, start: start, count: offset &- start, isPlain: !escaped,
              isEscaped: escaped, isASCII: $0)
          }
        } else {
          text.push(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
          // Unescaped, the text may hold what the writer escapes: it is written escaped.
          string = isASCII(text.elements, seenBytes).map {
            IRText(copying: text.elements, isPlain: false, isASCII: $0)
          }
        }
        guard let string else { throw fail(.invalidUTF8, "invalid UTF-8 in string", at: offset) }
        index = offset + 1
        return string
      }
      if byte == UInt8(ascii: "\\") {
        if keepsEscapes {
          if offset &+ 1 < bytes.count, IRText.isKeptEscape(bytes[offset &+ 1]) {
            escaped = true
            offset &+= 2
            continue
          }
          // Another escape: read again from the start, unescaping.
          keepsEscapes = false
          text.removeAll()
          (offset, runStart, seenBytes) = (start, start, 0)
          continue
        }
        text.push(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
        if offset &+ 1 < bytes.count, let byte = Self.unescapedByte(bytes[offset &+ 1]) {
          // A one-character escape, the most common kind, unescaped in place.
          text.push(byte)
          offset &+= 2
        } else {
          index = offset
          seenBytes |= UInt64(try escape())
          offset = index
        }
        runStart = offset
        continue
      }
      if byte < 0x20 {
        index = offset
        throw controlCharacter(byte)
      }
      seenBytes |= UInt64(byte)
      offset += 1
    }
    index = offset
    throw endOfInput("'\"' to close the string")
  }

  /// The text of `utf8`, or `nil` when it is not valid UTF-8; `seenBytes` (the bytes of
  /// the string as written or-ed together, a word at a time, with the high bit set when an
  /// escape wrote a byte beyond ASCII) says whether any was beyond ASCII.
  ///
  /// The text is validated once, by ``UTF8Validation``, and copied without a second
  /// check (the standard library's validation steps over ASCII a byte at a time). Text
  /// whose bytes are all ASCII needs no validation at all.
  private func makeString(_ utf8: UnsafeBufferPointer<UInt8>, _ seenBytes: UInt64) -> String? {
    guard let isASCII = isASCII(utf8, seenBytes) else { return nil }
    // `utf8` is valid UTF-8 (all ASCII when `isASCII`), as `unchecked` requires.
    return String(copying: UTF8Span(unchecked: utf8.span, isKnownASCII: isASCII))
  }

  /// Whether `utf8` is all ASCII, or `nil` when it is not valid UTF-8; `seenBytes` as
  /// ``makeString(_:_:)`` takes it.
  @inline(__always)
  private func isASCII(_ utf8: UnsafeBufferPointer<UInt8>, _ seenBytes: UInt64) -> Bool? {
    guard JSONStringBytes.hasNonASCII(seenBytes) else { return true }
    switch UTF8Validation.validate(utf8) {
    case .invalid: return nil
    case .ascii: return true
    case .multiByte: return false
    }
  }

  /// The error for the first byte that is not valid UTF-8 in the string text between
  /// `start` and `end`, found by stepping over it again sequence by sequence.
  private mutating func firstInvalidUTF8(from start: Int, to end: Int) -> JSONSyntaxError? {
    index = start
    while index < end {
      switch bytes[index] {
      case UInt8(ascii: "\\"):
        // The text may stop inside this escape when reading failed there.
        index += index + 1 < end && bytes[index + 1] == UInt8(ascii: "u") ? 6 : 2
      case ..<0x80: index += 1
      default:
        do { try skipUTF8Sequence() } catch { return error }
      }
    }
    return nil
  }

  /// The error for the string that began at `start` and ends at `index`, which is over
  /// the limit. Kept out of line: the check itself is one comparison in the string loop,
  /// and building the message there made every string copy the reader's state.
  @inline(never)
  private func tooLongString(from start: Int) -> JSONSyntaxError {
    fail(
      .tooLongString,
      "string of \(index - start) bytes exceeds the limit of \(limits.maxStringBytes)",
      at: start - 1)
  }

  /// Unescapes the escape sequence at `index` onto ``text`` and steps over it; returns
  /// 0x80 when it wrote a byte beyond ASCII, else 0. The one-character escapes
  /// (``unescapedByte(_:)``) are unescaped by ``stringText()`` before it calls this, so
  /// what comes here is `\u…`, an escape cut off by the end of the input, or no escape.
  private mutating func escape() throws(JSONSyntaxError) -> UInt8 {
    let escapeStart = index
    index += 1
    guard index < bytes.count else { throw endOfInput("an escape sequence") }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "u"):
      var scalar = try hex4()
      if (0xD800..<0xDC00).contains(scalar) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else {
          throw fail(
            .loneSurrogate, "high surrogate escape without a low surrogate after it",
            at: escapeStart)
        }
        index += 2
        let low = try hex4()
        guard (0xDC00..<0xE000).contains(low) else {
          throw fail(
            .loneSurrogate, "high surrogate escape followed by a non-low surrogate", at: escapeStart
          )
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00..<0xE000).contains(scalar) {
        throw fail(
          .loneSurrogate, "low surrogate escape without a high surrogate before it", at: escapeStart
        )
      }
      appendUTF8(scalar)
      return scalar < 0x80 ? 0 : 0x80
    default:
      throw fail(
        .invalidEscape, "invalid escape '\\\(describeByte(byte))' in string", at: escapeStart)
    }
  }

  /// The byte the one-character escape `\` `byte` stands for (`\n`, `\"`, …), or `nil`
  /// when `byte` is `u` or makes no escape.
  @inline(__always)
  static func unescapedByte(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
    case UInt8(ascii: "b"): 0x08
    case UInt8(ascii: "f"): 0x0C
    case UInt8(ascii: "n"): 0x0A
    case UInt8(ascii: "r"): 0x0D
    case UInt8(ascii: "t"): 0x09
    default: nil
    }
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count else { throw endOfInput("four hex digits") }
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default:
        throw fail(
          .invalidEscape, "expected a hex digit in '\\u' escape, found \(describe(index))",
          at: index)
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private mutating func appendUTF8(_ scalar: UInt32) {
    switch scalar {
    case ..<0x80:
      text.push(UInt8(scalar))
    case ..<0x800:
      text.push(UInt8(0xC0 | scalar >> 6))
      text.push(UInt8(0x80 | scalar & 0x3F))
    case ..<0x10000:
      text.push(UInt8(0xE0 | scalar >> 12))
      text.push(UInt8(0x80 | scalar >> 6 & 0x3F))
      text.push(UInt8(0x80 | scalar & 0x3F))
    default:
      text.push(UInt8(0xF0 | scalar >> 18))
      text.push(UInt8(0x80 | scalar >> 12 & 0x3F))
      text.push(UInt8(0x80 | scalar >> 6 & 0x3F))
      text.push(UInt8(0x80 | scalar & 0x3F))
    }
  }

  /// Steps over one well-formed multi-byte UTF-8 sequence (no overlong forms, no
  /// surrogates, nothing above U+10FFFF), or throws at its first byte.
  private mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
    let length = UTF8Validation.sequenceLength(bytes, at: index)
    guard length != 0 else { throw invalidUTF8() }
    index += length
  }

  private func invalidUTF8() -> JSONSyntaxError {
    fail(.invalidUTF8, "invalid UTF-8 byte 0x\(JSONSyntaxError.hex(bytes[index]))", at: index)
  }

  private func controlCharacter(_ byte: UInt8) -> JSONSyntaxError {
    fail(
      .controlCharacter, "unescaped control character 0x\(JSONSyntaxError.hex(byte)) in string",
      at: index)
  }

  /// Steps over `byte` at `index`, or throws that `what` was expected there.
  @inline(__always)
  private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
    guard index < bytes.count, bytes[index] == byte else { throw missing(what) }
    index += 1
  }

  /// The error for `what` missing at `index`; out of line, so that ``expect(_:_:)`` is a
  /// comparison and a step.
  @inline(never)
  private func missing(_ what: String) -> JSONSyntaxError {
    guard index < bytes.count else { return endOfInput(what) }
    return fail(.unexpectedCharacter, "expected \(what), found \(describe(index))", at: index)
  }

  /// Steps over whitespace. Compact JSON has none between tokens: every byte of
  /// whitespace is at most 0x20, so one comparison tells most tokens from it.
  @inline(__always)
  private mutating func skipWhitespace() {
    guard index < bytes.count, bytes[index] <= 0x20 else { return }
    skipWhitespaceRun()
  }

  /// Steps over the whitespace at `index`, if any.
  private mutating func skipWhitespaceRun() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  private func endOfInput(_ expected: String) -> JSONSyntaxError {
    fail(.unexpectedEnd, "input ends where \(expected) was expected", at: bytes.count)
  }

  private func fail(_ kind: JSONSyntaxError.Kind, _ message: String, at offset: Int)
    -> JSONSyntaxError
  {
    JSONSyntaxError(kind, message, offset: offset, in: bytes)
  }

  private func describe(_ offset: Int) -> String {
    JSONSyntaxError.describe(offset < bytes.count ? bytes[offset] : nil)
  }

  private func describeByte(_ byte: UInt8) -> String { JSONSyntaxError.spelling(of: byte) }
}
