import PushIR

/// Renders diagnostics for people (compiler style) or machines (JSON lines).
public enum DiagnosticRenderer {
  /// `file:/pointer: severity: message [code]`, then one `note:` line per note.
  public static func text(_ diagnostic: Diagnostic, file: String) -> String {
    text(diagnostic, in: DiagnosedDocument(file: file))
  }

  /// The text form of a diagnostic about `document`: `FILE[:RECORD][:LOCATION]: severity:
  /// message [code]`, then one `note:` line per note, where RECORD names a batch record
  /// only when the location alone does not say where in the file it is: an NDJSON
  /// record's line, an array element's line and column (see ``DiagnosedDocument``).
  public static func text(_ diagnostic: Diagnostic, in document: DiagnosedDocument) -> String {
    let (record, location) = document.place(of: diagnostic.location)
    var place = oneLine(document.file)
    if let record { place += ":" + record }
    if location != .input(.root) { place += ":" + oneLine("\(location)") }
    var lines = [
      "\(place): \(diagnostic.severity.rawValue): \(oneLine(diagnostic.message)) [\(diagnostic.code.name)]"
    ]
    for note in diagnostic.notes { lines.append("\(place): note: \(oneLine(note))") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` with each control character but a tab written as `\xHH`: a file name or a
  /// payload's key may hold a line break, and a text diagnostic is one line (its notes
  /// one each), which tools split on.
  public static func oneLine(_ text: String) -> String {
    guard text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else {
      return text
    }
    var escaped = ""
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if (value < 0x20 && value != 0x09) || value == 0x7F {
        escaped += (value < 0x10 ? "\\x0" : "\\x") + String(value, radix: 16, uppercase: true)
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// One JSON object on one line: file, location, severity, code, lossy, message, notes.
  public static func jsonLine(_ diagnostic: Diagnostic, file: String) -> String {
    jsonLine(diagnostic, in: DiagnosedDocument(file: file))
  }

  /// One JSON object on one line: file, record (a batch record's 1-based number in the
  /// run), the location in the file (see ``DiagnosedDocument``; a location that is no
  /// text position is preceded by the line, and for an array element the column, where
  /// its record begins), severity, code, lossy, message, notes.
  public static func jsonLine(
    _ diagnostic: Diagnostic, in document: DiagnosedDocument, record: Int? = nil
  ) -> String {
    var bytes = JSONWriter.compactText {
      write(diagnostic, in: document, record: record, into: &$0)
    }
    bytes.append(UInt8(ascii: "\n"))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Writes the object of ``jsonLine(_:in:record:)`` into `builder`: a batch report
  /// writes each record's diagnostics straight into its line this way.
  public static func write(
    _ diagnostic: Diagnostic, in document: DiagnosedDocument, record: Int?,
    into builder: inout some JSONBuilder
  ) {
    builder.beginObject()
    builder.member(Name.file, string: document.file)
    if let record { builder.member(Name.record, number: JSONNumber(record)) }
    let location = document.place(of: diagnostic.location).location
    // A place the file has no line for (a pointer, an IR path) is found in the file by
    // where its record begins.
    let isTextPosition = if case .text = location { true } else { false }
    if !isTextPosition, let start = document.recordStart {
      builder.member(Name.line, number: JSONNumber(start.line))
      if let column = start.column { builder.member(Name.column, number: JSONNumber(column)) }
    }
    switch location {
    case .input(let pointer): builder.member(Name.location, string: pointer.description)
    case .text(let line, let column, let offset):
      builder.member(Name.line, number: JSONNumber(line))
      builder.member(Name.column, number: JSONNumber(column))
      builder.member(Name.offset, number: JSONNumber(offset))
    case .ir(let pointer): builder.member(Name.irLocation, string: pointer.description)
    case .output(let pointer): builder.member(Name.outputLocation, string: pointer.description)
    }
    builder.member(Name.severity, string: diagnostic.severity.rawValue)
    builder.member(Name.code, string: diagnostic.code.name)
    builder.member(Name.lossy, .bool(diagnostic.code.isLossy))
    builder.member(Name.message, string: diagnostic.message)
    if !diagnostic.notes.isEmpty {
      builder.name(Name.notes)
      builder.beginArray()
      for note in diagnostic.notes { builder.string(note) }
      builder.endArray()
    }
    builder.endObject()
  }

  /// The member names of a diagnostic's JSON object, prepared once.
  private enum Name {
    static let file = PreparedString("file")
    static let record = PreparedString("record")
    static let location = PreparedString("location")
    static let line = PreparedString("line")
    static let column = PreparedString("column")
    static let offset = PreparedString("offset")
    static let irLocation = PreparedString("irLocation")
    static let outputLocation = PreparedString("outputLocation")
    static let severity = PreparedString("severity")
    static let code = PreparedString("code")
    static let lossy = PreparedString("lossy")
    static let message = PreparedString("message")
    static let notes = PreparedString("notes")
  }
}

/// Where the document a diagnostic is about lies: a file of its own, or one record of a
/// batch input (a line of NDJSON, an element of a JSON array). A location in the record
/// becomes the place in the file wherever the file has one: a text position is the
/// file's line and column, a pointer into an array's element a pointer into the array.
public struct DiagnosedDocument: Sendable, Hashable {
  /// Which part of the file the document is.
  public enum Part: Sendable, Hashable {
    /// All of it.
    case whole
    /// The NDJSON record on this 1-based line.
    case line(Int)
    /// The element at this 0-based index of the array the file holds, whose first byte
    /// is at this 1-based line and column of the file.
    case element(Int, line: Int = 1, column: Int = 1)
  }

  /// The input path as given, or `<stdin>`.
  public var file: String
  public var part: Part

  public init(file: String, part: Part = .whole) {
    self.file = file
    self.part = part
  }

  /// The record as a report line's `source` names it: `FILE`, `FILE:LINE` or `FILE:/INDEX`.
  public var source: String {
    switch part {
    case .whole: file
    case .line(let line): "\(file):\(line)"
    case .element(let index, _, _): "\(file):\(JSONPointer.root.appending(index))"
    }
  }

  /// Where the record begins in the file: the line of an NDJSON record, the line and
  /// column of an array element's first byte; `nil` for the whole file.
  public var recordStart: (line: Int, column: Int?)? {
    switch part {
    case .whole: nil
    case .line(let line): (line, nil)
    case .element(_, let line, let column): (line, column)
    }
  }

  /// `location`, a place in the record, as a place in the file where the file has one,
  /// with what the text form puts between the file and it to name the record (`nil` when
  /// the location names it already or the document is the whole file): an array
  /// element's line and column in the file, before its pointer in the file's array
  /// (`7:3:/2/aps/alert`, or `7:3:/2` before an IR path). A text position in an NDJSON
  /// record or an array element keeps its offset from the record's first byte.
  func place(of location: DiagnosticLocation) -> (record: String?, location: DiagnosticLocation) {
    switch (part, location) {
    case (.whole, _): (nil, location)
    case (.line(let first), .text(let line, let column, let offset)):
      (nil, Self.text(line, column, offset, inTextStartingAt: first, 1))
    case (.line(let line), _): (String(line), location)
    case (.element(let index, let line, let column), .input(let pointer)):
      ("\(line):\(column)", .input(JSONPointer.root.appending(index) + pointer))
    case (.element(_, let first, let firstColumn), .text(let line, let column, let offset)):
      (nil, Self.text(line, column, offset, inTextStartingAt: first, firstColumn))
    case (.element(let index, let line, let column), _):
      ("\(line):\(column):\(JSONPointer.root.appending(index))", location)
    }
  }

  /// A text position in a record that begins at `startLine` and `startColumn` of the
  /// file, as a position in the file; the offset stays the record's.
  private static func text(
    _ line: Int, _ column: Int, _ offset: Int, inTextStartingAt startLine: Int,
    _ startColumn: Int
  ) -> DiagnosticLocation {
    let placed = JSONSyntaxError.position(
      line: line, column: column, inTextStartingAt: startLine, startColumn)
    return .text(line: placed.line, column: placed.column, offset: offset)
  }
}
