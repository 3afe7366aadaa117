import PropertyTesting
import PushIR
import Testing

/// A URL's path extension read by byte (ASCII URLs) is the one read by character.
@Suite struct URLPathExtensionTests {
  static let pieces = [
    "https://", "x.test", "/", "a", ".", "JPG", "?", "w=1", "#", "\r\n", "é", "e\u{301}",
    ".\u{301}",
    "?\u{301}", "/\u{301}", "mp4", "", " ",
  ]

  /// The definition, by character.
  static func byCharacter(_ text: String) -> String? {
    let path =
      text.split(separator: "?", omittingEmptySubsequences: false).first.map(String.init) ?? text
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    let ext = path[path.index(after: dot)...]
    return ext.isEmpty ? nil : ext.lowercased()
  }

  @Test func everyExtensionIsTheCharactersOne() {
    Property("path extension by byte = by character", defaultCases: 5000).check(record: {
      Issue.record("\($0)")
    }) { item in
      let text = (0..<item.random.int(in: 0...8)).map { _ in item.random.pick(Self.pieces) }
        .joined()
      item.expect(
        text.urlPathExtension == Self.byCharacter(text),
        "\(text.debugDescription): \(String(describing: text.urlPathExtension))")
    }
  }
}
