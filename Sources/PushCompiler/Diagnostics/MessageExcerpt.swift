/// How a message quotes a text that may be long (a body given with `--set`, a string that
/// holds broken JSON): whole up to ``limit`` characters, else its first ``limit`` and how
/// many there are, so that one diagnostic stays one readable line.
enum MessageExcerpt {
  /// The most characters quoted whole.
  static let limit = 80

  /// `text`, or its first ``limit`` characters followed by `…` and its length.
  static func of(_ text: String) -> String {
    guard text.count > limit else { return text }
    return text.prefix(limit) + "… (\(text.count) characters)"
  }
}
