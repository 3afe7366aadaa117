/// One finding about a translation: a catalogued code, a message that says the
/// consequence, and where in the document it applies.
public struct Diagnostic: Hashable, Sendable {
  /// The catalogued code; it fixes the severity.
  public var code: DiagnosticCode
  /// Lower case, no final period; says what happened and what follows from it.
  public var message: String
  /// Where it applies.
  public var location: DiagnosticLocation
  /// Further lines of explanation, each rendered as a `note:`.
  public var notes: [String]

  /// A diagnostic.
  public init(
    _ code: DiagnosticCode, _ message: String, at location: DiagnosticLocation, notes: [String] = []
  ) {
    self.code = code
    self.message = message
    self.location = location
    self.notes = notes
  }

  /// The severity, fixed by the code.
  public var severity: Severity { code.severity }
}

/// How serious a diagnostic is.
public enum Severity: String, Hashable, Sendable, Comparable, CaseIterable {
  /// Informational: a defaulted, derived or preserved value.
  case note
  /// Information lost or meaning changed; the output is still written.
  case warning
  /// The document cannot be translated; nothing is written.
  case error

  private var rank: Int {
    switch self {
    case .note: 0
    case .warning: 1
    case .error: 2
    }
  }

  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A stable diagnostic code, such as `emit.dropped-button`, with its fixed severity.
///
/// Codes are never reworded; their catalogue (one `static let` each) lives in
/// `PushCompiler` and is documented in `Specs/diagnostics.md`.
public struct DiagnosticCode: Hashable, Sendable, CustomStringConvertible {
  /// `<phase>.<kebab-case-name>`.
  public let name: String
  /// The severity every diagnostic with this code has.
  public let severity: Severity
  /// Whether it means information from the input is missing from the output.
  public let isLossy: Bool
  /// One line on when the code fires, for `Specs/diagnostics.md`.
  public let summary: String

  /// A code.
  public init(_ name: String, _ severity: Severity, lossy: Bool = false, _ summary: String) {
    self.name = name
    self.severity = severity
    self.isLossy = lossy
    self.summary = summary
  }

  public var description: String { name }

  public static func == (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.name == rhs.name }
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// Where a diagnostic applies.
public enum DiagnosticLocation: Hashable, Sendable, CustomStringConvertible {
  /// A value in the input document.
  case input(JSONPointer)
  /// A position in the input text (for text that is not valid JSON); rendered
  /// `line:column`.
  case text(line: Int, column: Int, offset: Int)
  /// A field of the IR that has no known place in the input (for example a value a pass
  /// created); rendered `ir:/buttons/2`.
  case ir(JSONPointer)
  /// A value in the output document; rendered `output:/body/_k`.
  case output(JSONPointer)

  public var description: String {
    switch self {
    case .input(let pointer): pointer.description
    case .text(let line, let column, _): "\(line):\(column)"
    case .ir(let pointer): "ir:" + pointer.description
    case .output(let pointer): pointer == .root ? "output" : "output:" + pointer.description
    }
  }
}
