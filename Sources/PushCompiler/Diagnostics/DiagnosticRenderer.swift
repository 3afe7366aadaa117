import PushIR

/// Renders diagnostics for people (compiler style) or machines (JSON lines).
public enum DiagnosticRenderer {
  /// `file:/pointer: severity: message [code]`, then one `note:` line per note.
  public static func text(_ diagnostic: Diagnostic, file: String) -> String {
    let place: String
    switch diagnostic.location {
    case .input(let pointer): place = pointer == .root ? file : "\(file):\(pointer)"
    case .text, .ir, .output: place = "\(file):\(diagnostic.location)"
    }
    var lines = [
      "\(place): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code.name)]"
    ]
    for note in diagnostic.notes { lines.append("\(place): note: \(note)") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One JSON object on one line: file, location, severity, code, lossy, message, notes.
  public static func jsonLine(_ diagnostic: Diagnostic, file: String, record: Int? = nil) -> String
  {
    var object = JSONObject()
    object.append("file", .string(file))
    if let record { object.append("record", .number(JSONNumber(record))) }
    switch diagnostic.location {
    case .input(let pointer): object.append("location", .string(pointer.description))
    case .text(let line, let column, let offset):
      object.append("line", .number(JSONNumber(line)))
      object.append("column", .number(JSONNumber(column)))
      object.append("offset", .number(JSONNumber(offset)))
    case .ir(let pointer): object.append("irLocation", .string(pointer.description))
    case .output(let pointer): object.append("outputLocation", .string(pointer.description))
    }
    object.append("severity", .string(diagnostic.severity.rawValue))
    object.append("code", .string(diagnostic.code.name))
    object.append("lossy", .bool(diagnostic.code.isLossy))
    object.append("message", .string(diagnostic.message))
    if !diagnostic.notes.isEmpty {
      object.append("notes", .array(diagnostic.notes.map { .string($0) }))
    }
    return JSONWriter(style: .compact).string(.object(object)) + "\n"
  }
}
