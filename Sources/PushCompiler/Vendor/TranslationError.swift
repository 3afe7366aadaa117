import PushIR

/// A problem that stops a translation: nothing is written. Each case has one exit code.
public enum TranslationError: Error, Sendable {
  /// The input is not JSON.
  case invalidJSON(JSONSyntaxError)
  /// The input is JSON but not a document this format can read at all.
  case unreadablePayload(Diagnostic)

  /// The diagnostic of `text`, which is not JSON (at least its first two bytes): with a
  /// note when they look like UTF-16, which would explain the failure.
  static func invalidJSON(_ error: JSONSyntaxError, text: some Collection<UInt8>) -> Diagnostic {
    var diagnostic = TranslationError.invalidJSON(error).diagnostic!
    var bytes = text.makeIterator()
    if let first = bytes.next(), let second = bytes.next(),
      JSONSyntaxError.looksLikeUTF16(first, second)
    {
      diagnostic.notes.append(
        "the text looks like UTF-16, and JSON is read as UTF-8 (iconv -f UTF-16 -t UTF-8 converts it)"
      )
    }
    return diagnostic
  }

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
