import PushIR

/// A problem that stops a translation: nothing is written. Each case has one exit code.
public enum TranslationError: Error, Sendable {
  /// The input is not JSON.
  case invalidJSON(JSONSyntaxError)
  /// The input is JSON but not a document this format can read at all.
  case unreadablePayload(Diagnostic)

  /// The diagnostic describing the error, when it is one of its own.
  public var diagnostic: Diagnostic? {
    switch self {
    case .invalidJSON(let error):
      Diagnostic(
        .json(error.kind), error.message,
        at: .text(line: error.line, column: error.column, offset: error.offset))
    case .unreadablePayload(let diagnostic): diagnostic
    }
  }
}
