/// One image, GIF, video or audio clip attached to a notification.
public struct MediaItem: Hashable, Sendable {
  /// Where the service extension downloads it from.
  public var url: IRText
  /// What kind of media it is.
  public var kind: MediaKind
  /// The vendor's type hint as given (a file extension or MIME type), when there is one.
  public var typeHint: IRText?
  /// Text shown with this item (carousels).
  public var caption: IRText?
  /// Secondary text shown with this item.
  public var subcaption: IRText?
  /// Accessibility description.
  public var altText: IRText?
  /// What tapping this item does (carousels), when it differs from the default action.
  public var action: NotificationAction?

  /// A media item.
  public init(url: IRText, kind: MediaKind, typeHint: IRText? = nil) {
    self.url = url
    self.kind = kind
    self.typeHint = typeHint
  }
}

/// The kind of a media item.
public enum MediaKind: String, Hashable, Sendable, CaseIterable {
  /// A still image (JPEG, PNG, …).
  case image
  /// An animated GIF.
  case gif
  /// A video clip.
  case video
  /// An audio clip.
  case audio

  /// The kind a type hint names, if it names one: a file extension (`png`), a MIME type
  /// (`image/png`, `video/quicktime`; its top-level type decides, so `audio/mpeg` is
  /// audio) or a kind word (`image`, as CleverTap writes it).
  public init?(typeHint: IRText) {
    let hint = typeHint.lowercased()
    guard let (type, subtype) = Self.mimeParts(of: hint) else {
      guard let kind = MediaKind(word: hint) else { return nil }
      self = kind
      return
    }
    switch type {
    case "image": self = subtype == "gif" ? .gif : .image
    case "video": self = .video
    case "audio": self = .audio
    default:
      guard let kind = MediaKind(word: subtype) else { return nil }
      self = kind
    }
  }

  /// A MIME type's type and subtype (`image`, `png`), when `hint` is one.
  private static func mimeParts(of hint: String) -> (type: String, subtype: String)? {
    guard let slash = hint.firstIndex(of: "/") else { return nil }
    return (String(hint[..<slash]), String(hint[hint.index(after: slash)...]))
  }

  /// The kind a file extension or a kind word names.
  private init?(word: String) {
    if let kind = MediaKind(fileExtension: word) {
      self = kind
      return
    }
    switch word {
    case "image": self = .image
    case "video", "quicktime": self = .video
    case "audio", "mpeg3", "x-m4a": self = .audio
    default: return nil
    }
  }

  /// The part of a type hint that may be a file extension: the hint itself, or a MIME
  /// type's subtype in lower case (`png` in `image/PNG`).
  public static func extensionPart(ofTypeHint hint: IRText) -> String {
    let hint = hint.string
    return mimeParts(of: hint)?.subtype.lowercased() ?? hint
  }

  /// The kind files with this extension hold (`png`, `MOV`), if it is one: kind words and
  /// MIME subtypes are not extensions, so a vendor that names files by extension is never
  /// given `image`. Every type iOS attaches by name is known (3GPP and MPEG-2 movies, Core
  /// Audio, AMR, AU and AC-3 sound too), so that none is read, or written back, as an
  /// image.
  public init?(fileExtension: String) {
    switch fileExtension.lowercased() {
    case "jpg", "jpeg", "png", "heic", "webp", "bmp", "tiff": self = .image
    case "gif": self = .gif
    case "mp4", "mov", "m4v", "mpeg", "mpg", "m2v", "avi", "3gp", "3g2": self = .video
    case "mp3", "m4a", "wav", "aac", "aif", "aiff", "aifc", "caf", "amr", "au", "ac3", "eac3":
      self = .audio
    default: return nil
    }
  }

  /// The kind the URL's file extension suggests, if any.
  public init?(url: IRText) {
    guard let ext = url.urlPathExtension else { return nil }
    self.init(fileExtension: ext)
  }
}

/// How several media items are presented.
public enum MediaPresentation: String, Hashable, Sendable, CaseIterable {
  /// A carousel that advances by itself.
  case carouselAuto = "carousel-auto"
  /// A carousel the user swipes through.
  case carouselManual = "carousel-manual"
}

extension IRText {
  /// The file extension of the URL's path, in lower case, if it has one.
  public var urlPathExtension: String? { string.urlPathExtension }
}

extension String {
  /// The file extension of the URL's path, in lower case (`jpg` for
  /// `https://x.test/a.JPG?w=1`), if it has one.
  public var urlPathExtension: String? {
    // An ASCII URL is read by byte: its characters are its bytes ("\r\n", one
    // character, holds none of '?', '.', '/'). Emitters ask for every media item.
    var text = self
    var isASCII = true
    let found = text.withUTF8 { bytes -> String? in
      // Every offset read is below `bytes.count`: the loops run inside `bytes.indices`.
      var pathEnd = bytes.count
      for offset in bytes.indices {
        if bytes[offset] >= 0x80 {
          isASCII = false
          return nil
        }
        if bytes[offset] == UInt8(ascii: "?") && pathEnd == bytes.count { pathEnd = offset }
      }
      var offset = pathEnd
      while offset > 0 {
        offset -= 1
        if bytes[offset] == UInt8(ascii: "/") { return nil }
        if bytes[offset] == UInt8(ascii: ".") {
          guard offset + 1 < pathEnd else { return nil }
          let name = UnsafeBufferPointer(rebasing: bytes[(offset + 1)..<pathEnd])
          return String(decoding: name, as: UTF8.self).lowercased()
        }
      }
      return nil
    }
    return isASCII ? found : characterPathExtension
  }

  /// ``urlPathExtension`` of any text, by character.
  private var characterPathExtension: String? {
    let path =
      split(separator: "?", omittingEmptySubsequences: false).first.map(String.init) ?? self
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    let ext = path[path.index(after: dot)...]
    return ext.isEmpty ? nil : ext.lowercased()
  }
}
