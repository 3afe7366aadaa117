@testable import PushCompiler
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

  /// Translates the IR media `media` (items' JSON) to `target`.
  func fromIR(media: String, to target: any VendorFormat) throws -> Translator.Result {
    let ir = #"{"irVersion": 1, "content": {"body": "B"}, "media": [\#(media)]}"#
    var translator = Translator(from: IRFormat(), to: target)
    translator.settings = ["_k": "k", "W$id": "1"].filter { key, _ in
      target.settableFields.contains { $0.names.contains(key) }
    }
    return translator.translate(try JSONReader.parse(Array(ir.utf8)))
  }

  /// Klaviyo's extension saves the download under `rich-media-type` as its extension and
  /// attaches it with no type hint (`KlaviyoExtension.handleRichMedia`): a type iOS does
  /// not attach, such as `webp`, shows nothing, so the item is dropped and said so, and
  /// the next item takes its place. The type is what the emitter writes: the hint's, else
  /// the URL's.
  @Test(arguments: [
    (
      #"{"url": "https://c.x/p.webp", "kind": "image"}"#,
      "image 'https://c.x/p.webp' dropped: klaviyo's service extension names the file after the media type the payload gives, and iOS attaches no '.webp' file"
    ),
    (
      #"{"url": "https://c.x/p", "kind": "image", "typeHint": "image/bmp"}"#,
      "image 'https://c.x/p' dropped: klaviyo's service extension names the file after the media type the payload gives, and iOS attaches no '.bmp' file"
    ),
  ])
  func klaviyoDropsAFileTypeIOSDoesNotAttach(_ media: String, _ message: String) throws {
    let result = try fromIR(
      media: media + #", {"url": "https://c.x/q.png", "kind": "image"}"#, to: Klaviyo())
    let output = try #require(result.output)
    #expect(output["rich-media"] == "https://c.x/q.png")
    #expect(output["rich-media-type"] == "png")
    let dropped = result.diagnostics.all.filter { $0.code.name == "fit.dropped-media" }
    #expect(dropped.map(\.message) == [message])
    #expect(dropped.map(\.location) == [.ir("/media/0")])
    #expect(
      Klaviyo().capabilities.summaryLines[4].contains("attached only when it is a type iOS takes"))
  }

  /// A type iOS attaches is kept for Klaviyo, whatever the URL says; CleverTap's extension
  /// names the file after `ct_mediaType`, the kind (`image` → `.jpg`), not after the
  /// URL, so a `webp` image is kept there.
  @Test(arguments: [
    #"{"url": "https://c.x/p.webp", "kind": "image", "typeHint": "png"}"#,
    #"{"url": "https://c.x/p.HEIC", "kind": "image"}"#,
    #"{"url": "https://c.x/clip.mov", "kind": "video"}"#,
  ])
  func klaviyoKeepsATypeIOSAttaches(_ media: String) throws {
    let result = try fromIR(media: media, to: Klaviyo())
    #expect(try #require(result.output)["rich-media"] != nil)
    #expect(!result.diagnostics.codes.contains("fit.dropped-media"))
  }

  /// Every type iOS attaches by name has its kind, so none is taken for an image.
  @Test func everyTypeIOSAttachesHasItsKind() {
    for type in MediaKind.attachableFileExtensions {
      #expect(MediaKind(fileExtension: type) != nil, "\(type)")
    }
    for type in ["3gp", "3g2", "mpg", "m2v"] { #expect(MediaKind(fileExtension: type) == .video) }
    for type in ["aifc", "caf", "amr", "au", "ac3", "eac3"] {
      #expect(MediaKind(fileExtension: type) == .audio)
    }
  }

  /// A Klaviyo `3gp` video is read as a video and written back `3gp`: written `jpg`, the
  /// extension would save it as a JPEG file and the push would show no media.
  @Test func aKlaviyo3GPPVideoRoundTrips() throws {
    let payload =
      #"{"aps": {"alert": "x", "mutable-content": 1}, "body": {"_k": "k"}, "rich-media": "https://c.x/clip", "rich-media-type": "3gp"}"#
    var translator = Translator(from: Klaviyo(), to: IRFormat())
    let ir = try #require(translator.translate(try JSONReader.parse(Array(payload.utf8))).output)
    #expect(ir["media"]?.arrayValue?.first?["kind"] == "video")
    #expect(try fileType(from: payload, source: Klaviyo(), to: Klaviyo()) == "3gp")
  }

  /// A Klaviyo `mp3` sound is read as audio and written back `mp3`: the shipped extension
  /// attaches whatever file `rich-media-type` names, so nothing is dropped.
  @Test func aKlaviyoSoundRoundTrips() throws {
    let payload =
      #"{"aps": {"alert": "x", "mutable-content": 1}, "body": {"_k": "k"}, "rich-media": "https://x/a.mp3", "rich-media-type": "mp3"}"#
    var translator = Translator(from: Klaviyo(), to: IRFormat())
    let ir = try #require(translator.translate(try JSONReader.parse(Array(payload.utf8))).output)
    #expect(ir["media"]?.arrayValue?.first?["kind"] == "audio")
    var roundTrip = Translator(from: Klaviyo(), to: Klaviyo())
    let result = roundTrip.translate(try JSONReader.parse(Array(payload.utf8)))
    let output = try #require(result.output)
    #expect(output["rich-media"] == "https://x/a.mp3")
    #expect(output["rich-media-type"] == "mp3")
    #expect(!result.diagnostics.codes.contains("fit.dropped-media"))
  }

  /// Audio that names no file type is declared `mp3`, the kind's usual extension, and
  /// noted as assumed; the note does not call the kind assumed, which the IR stated. A
  /// sound of a type iOS does not attach (`aac`) is dropped.
  @Test func klaviyoDeclaresAnUnnamedSoundMP3AndDropsOneIOSDoesNotAttach() throws {
    let unnamed = try fromIR(
      media: #"{"url": "https://c.x/sound/1", "kind": "audio"}"#, to: Klaviyo())
    #expect(try #require(unnamed.output)["rich-media-type"] == "mp3")
    #expect(
      unnamed.diagnostics.map(\.message).contains(
        "the audio 'https://c.x/sound/1' is declared 'mp3': neither its URL nor a type hint names its file extension, so its kind's usual one was assumed; a file of another kind would not attach"
      ))
    let aac = try fromIR(media: #"{"url": "https://c.x/a.aac", "kind": "audio"}"#, to: Klaviyo())
    #expect(try #require(aac.output)["rich-media"] == nil)
    #expect(
      aac.diagnostics.map(\.message).contains(
        "audio 'https://c.x/a.aac' dropped: klaviyo's service extension names the file after the media type the payload gives, and iOS attaches no '.aac' file"
      ))
  }

  /// A `3gp` video named by its URL keeps its type where one is written: Klaviyo writes
  /// it, Braze (which takes no `3gp`) declares `mp4` and says so, CleverTap names its
  /// kind; a `caf` or `mp3` sound keeps its type in Klaviyo, whose extension attaches it.
  @Test func aVideoOrSoundOfATypeIOSAttachesIsNotTakenForAnImage() throws {
    let video = Self.iterable("https://c.x/clip.3gp")
    #expect(try fileType(from: video, source: Iterable(), to: Klaviyo()) == "3gp")
    #expect(try fileType(from: video, source: Iterable(), to: Braze()) == "mp4")
    #expect(
      try diagnostics(from: video, source: Iterable(), to: Braze()).map(\.message).contains(
        "braze takes no '3gp' file type (only aif, gif, jpg, m4a, mp3, mp4, png, wav): the video 'https://c.x/clip.3gp' is declared 'mp4', the suffix the phone saves it under"
      ))
    var translator = Translator(from: Iterable(), to: CleverTap())
    translator.settings = ["W$id": "1"]
    let cleverTap = try #require(
      translator.translate(try JSONReader.parse(Array(video.utf8))).output)
    #expect(cleverTap["ct_mediaType"] == "video")
    for (file, type) in [("chime.caf", "caf"), ("a.mp3", "mp3")] {
      let sound = Self.iterable("https://c.x/\(file)")
      #expect(try fileType(from: sound, source: Iterable(), to: Klaviyo()) == .string(type))
      #expect(
        !(try diagnostics(from: sound, source: Iterable(), to: Klaviyo()).map(\.code.name)
          .contains("fit.dropped-media")))
    }
  }

  @Test func cleverTapKeepsAWebPImage() throws {
    let result = try fromIR(
      media: #"{"url": "https://c.x/p.webp", "kind": "image"}"#, to: CleverTap())
    let output = try #require(result.output)
    #expect(output["ct_mediaUrl"] == "https://c.x/p.webp")
    #expect(output["ct_mediaType"] == "image")
    #expect(!result.diagnostics.codes.contains("fit.dropped-media"))
  }

  func diagnostics(from payload: String, source: any VendorFormat, to target: any VendorFormat)
    throws -> [Diagnostic]
  {
    var translator = Translator(from: source, to: target)
    translator.settings = ["_k": "k"]
    return Array(translator.translate(try JSONReader.parse(Array(payload.utf8))).diagnostics)
  }

  /// An Iterable attachment at `url`.
  static func iterable(_ url: String) -> String {
    #"{"aps": {"alert": "hi", "mutable-content": 1}, "itbl": {"templateId": 1, "campaignId": 2, "messageId": "m", "isGhostPush": false, "attachment-url": "\#(url)"}}"#
  }

  /// A URL that names no file type, with no type hint: the kind (an image) and the type
  /// declared (`jpg`) are assumed, and a video there would not attach; a note says so,
  /// at the media item.
  @Test func aTypeNothingNamesIsNotedAsAssumed() throws {
    let payload = Self.iterable("https://cdn.example.com/media/12345")
    for target in Self.targets {
      #expect(try fileType(from: payload, source: Iterable(), to: target) == "jpg")
      let notes = try diagnostics(from: payload, source: Iterable(), to: target)
        .filter { $0.code == .derivedValue && $0.message.contains("assumed") }
      #expect(
        notes.map(\.message) == [
          "the image 'https://cdn.example.com/media/12345' is declared 'jpg': neither its URL nor a type hint names its file extension, so its kind's usual one was assumed; a file of another kind would not attach"
        ], "\(target.id)")
      #expect(notes.map(\.location) == [.input("/itbl/attachment-url")], "\(target.id)")
      #expect(notes.allSatisfy { $0.severity == .note && !$0.code.isLossy }, "\(target.id)")
    }
  }

  /// CleverTap declares the kind (`ct_mediaType` `image`, which its extension saves as
  /// `.jpg`): assumed there too, and noted the same way.
  @Test func aKindNothingNamesIsNotedAsAssumedForCleverTap() throws {
    let payload = Self.iterable("https://cdn.example.com/media/12345")
    var translator = Translator(from: Iterable(), to: CleverTap())
    translator.settings = ["W$id": "1"]
    let result = translator.translate(try JSONReader.parse(Array(payload.utf8)))
    #expect(result.output?["ct_mediaType"] == "image")
    let notes = result.diagnostics.filter {
      $0.code == .derivedValue && $0.message.contains("assumed")
    }
    #expect(
      notes.map(\.message) == [
        "the image 'https://cdn.example.com/media/12345' is declared 'image': neither its URL nor a type hint names its file extension, so its kind's usual one was assumed; a file of another kind would not attach"
      ])
    #expect(notes.map(\.location) == [.input("/itbl/attachment-url")])
    #expect(notes.allSatisfy { $0.severity == .note && !$0.code.isLossy })
    let named = Self.iterable("https://cdn.example.com/media/12345.mp4")
    var namedTranslator = Translator(from: Iterable(), to: CleverTap())
    namedTranslator.settings = ["W$id": "1"]
    #expect(
      !namedTranslator.translate(try JSONReader.parse(Array(named.utf8))).diagnostics.contains {
        $0.message.contains("assumed")
      })
  }

  /// Where the URL, a `filename` query parameter or a type hint names the type, nothing
  /// was assumed.
  @Test(arguments: [
    (Iterable() as any VendorFormat, iterable("https://cdn.example.com/media/12345.mp4")),
    (
      OneSignal(),
      #"{"aps": {"alert": "x", "mutable-content": 1}, "custom": {"i": "n"}, "att": {"id": "https://cdn.example.com/media/12345?filename=clip.mp4"}}"#
    ),
    (
      Braze(),
      #"{"aps": {"alert": "x", "mutable-content": 1}, "ab": {"att": {"url": "https://a.example/f", "type": "png"}}}"#
    ),
    (
      CleverTap(),
      #"{"aps": {"alert": "x", "mutable-content": 1}, "W$id": "1", "ct_mediaType": "video", "ct_mediaUrl": "https://a.example/clip.mov"}"#
    ),
  ])
  func aNamedTypeIsNotNoted(_ source: any VendorFormat, _ payload: String) throws {
    for target in Self.targets {
      #expect(
        try !diagnostics(from: payload, source: source, to: target).contains {
          $0.message.contains("assumed")
        }, "\(source.id) to \(target.id)")
    }
  }
}

extension MediaFileTypeTests {
  /// A kind word (CleverTap's `ct_mediaType` `video`) names the kind, not the file: with
  /// a URL naming no extension the type declared (`mp4`) is assumed, and noted; CleverTap,
  /// which declares the kind itself, writes what the word named, and notes nothing.
  @Test func aKindWordWithAURLNamingNoTypeIsNotedWhereAFileTypeIsDeclared() throws {
    let payload =
      #"{"aps": {"alert": "x", "mutable-content": 1}, "W$id": "1", "ct_mediaType": "video", "ct_mediaUrl": "https://a.example/clip"}"#
    for target in Self.targets {
      #expect(try fileType(from: payload, source: CleverTap(), to: target) == "mp4")
      #expect(
        try diagnostics(from: payload, source: CleverTap(), to: target).filter {
          $0.code == .derivedValue && $0.message.contains("assumed")
        }.map(\.message) == [
          "the video 'https://a.example/clip' is declared 'mp4': neither its URL nor a type hint names its file extension, so its kind's usual one was assumed; a file of another kind would not attach"
        ], "\(target.id)")
    }
    #expect(
      try !diagnostics(from: payload, source: CleverTap(), to: CleverTap()).contains {
        $0.message.contains("assumed")
      })
  }
}
