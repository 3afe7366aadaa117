import PushCompiler
import PushIR
import Testing

/// The file type written for formats that name media by extension (Klaviyo's
/// `rich-media-type`, Braze's `asset_file_type`), whatever the source called it.
@Suite struct MediaFileTypeTests {
  static let targets: [any VendorFormat] = [Klaviyo(), Braze()]

  func fileType(from payload: String, source: any VendorFormat, to target: any VendorFormat)
    throws -> JSONValue?
  {
    var translator = Translator(from: source, to: target)
    translator.settings = ["_k": "k"]
    let output = try #require(
      translator.translate(try JSONReader.parse(Array(payload.utf8))).output)
    return output["rich-media-type"] ?? output["messages"]?["apple_push"]?["asset_file_type"]
  }

  /// CleverTap names the kind (`image`, `video`), not the file: the URL's extension is
  /// the file type.
  @Test(arguments: [("image", "p.png", "png"), ("video", "clip.mp4", "mp4"), ("image", "p", "jpg")])
  func aKindWordIsNotAFileType(_ kind: String, _ file: String, _ expected: String) throws {
    let payload =
      #"{"aps": {"alert": "x", "mutable-content": 1}, "W$id": "1", "ct_mediaType": "\#(kind)", "ct_mediaUrl": "https://a.example/\#(file)"}"#
    for target in Self.targets {
      #expect(
        try fileType(from: payload, source: CleverTap(), to: target) == .string(expected),
        "\(target.id)")
    }
  }

  /// A MIME type is not a file type either; an extension given as the type is kept.
  @Test(arguments: [("image/png", "png"), ("png", "png"), ("gif", "gif")])
  func aTypeGivenByBrazeIsWrittenAsAnExtension(_ type: String, _ expected: String) throws {
    let payload =
      #"{"aps": {"alert": "x", "mutable-content": 1}, "ab": {"att": {"url": "https://a.example/f", "type": "\#(type)"}}}"#
    #expect(try fileType(from: payload, source: Braze(), to: Klaviyo()) == .string(expected))
  }
}
