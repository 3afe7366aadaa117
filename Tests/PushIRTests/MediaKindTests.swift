import PushIR
import Testing

@Suite struct MediaKindTests {
  @Test(arguments: [
    ("png", MediaKind.image), ("JPEG", .image), ("gif", .gif), ("mov", .video), ("m4a", .audio),
  ])
  func fileExtensionsNameTheirKind(_ text: String, _ kind: MediaKind) {
    #expect(MediaKind(fileExtension: text) == kind)
    #expect(MediaKind(typeHint: IRText(text)) == kind)
  }

  /// Kind words and MIME types are type hints, not file extensions.
  @Test(arguments: [
    ("image", MediaKind.image), ("video", .video), ("audio", .audio), ("image/png", .image),
    ("video/quicktime", .video), ("audio/x-m4a", .audio),
  ])
  func kindWordsAndMIMETypesAreOnlyHints(_ text: String, _ kind: MediaKind) {
    #expect(MediaKind(typeHint: IRText(text)) == kind)
    #expect(MediaKind(fileExtension: text) == nil)
  }

  @Test func aURLNamesItsKindByFileExtensionOnly() {
    #expect(MediaKind(url: "https://a.example/p.PNG?w=1") == .image)
    #expect(MediaKind(url: "https://a.example/clip.video") == nil)
  }
}
