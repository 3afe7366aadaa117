import PushIR

extension MediaItem {
  /// The file extension a vendor that names media by extension (`rich-media-type`,
  /// Braze's `att.type`) should be given: the type hint when it is a file extension of
  /// the item's kind (a MIME type's subtype when that is one, as `png` in `image/png`;
  /// never a kind word such as CleverTap's `image`), else the URL's when it is, else the
  /// kind's usual one.
  var fileExtension: String {
    if let hint = typeHint.map({ MediaKind.extensionPart(ofTypeHint: $0) }),
      MediaKind(fileExtension: hint) == kind
    {
      return hint
    }
    if let fromURL = url.urlPathExtension, MediaKind(fileExtension: fromURL) == kind {
      return fromURL
    }
    return kind.usualFileExtension
  }
}

extension String {
  /// The file extensions this URL names, in lower case, where an SDK that takes a
  /// download's type from its URL looks (OneSignal's): a `filename` query parameter's,
  /// the path's, then each other query parameter's (`jpg` in `?src=a.jpg`).
  var fileExtensionsNamedInURL: [String] {
    let query = split(separator: "?", maxSplits: 1).dropFirst().first ?? ""
    var named: [String] = []
    var others: [String] = []
    for parameter in query.split(separator: "#", maxSplits: 1).first?.split(separator: "&") ?? [] {
      let parts = parameter.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, let ext = String(parts[1]).urlPathExtension else { continue }
      if parts[0] == "filename" { named.append(ext) } else { others.append(ext) }
    }
    if let ext = urlPathExtension { named.append(ext) }
    return named + others
  }
}

extension IRText {
  /// ``Swift/String/fileExtensionsNamedInURL`` of this URL.
  var fileExtensionsNamedInURL: [String] { string.fileExtensionsNamedInURL }
}

extension MediaKind {
  /// The extension files of this kind usually have: `jpg`, `gif`, `mp4`, `mp3`.
  var usualFileExtension: String {
    switch self {
    case .image: "jpg"
    case .gif: "gif"
    case .video: "mp4"
    case .audio: "mp3"
    }
  }

  /// The file extensions (in lower case) of the types iOS attaches to a notification
  /// when it types a file by its name, no type hint given (`UNNotificationAttachment`):
  /// JPEG, PNG, GIF and HEIC images; AIFF, WAV, MP3, MPEG-4, Core Audio, AMR, AU and AC-3
  /// audio; MPEG, MPEG-2, MPEG-4, AVI, QuickTime, M4V and 3GPP movies. iOS refuses a
  /// file of any other type (`webp`, `aac`), or named with no extension.
  static let attachableFileExtensions: Set<String> = [
    "jpg", "jpeg", "png", "gif", "heic",
    "aif", "aiff", "aifc", "wav", "mp3", "m4a", "caf", "amr", "au", "ac3", "eac3",
    "mpg", "mpeg", "m2v", "mp4", "avi", "mov", "m4v", "3gp", "3g2",
  ]
}

extension MediaItem {
  /// The extension (in lower case) of the last path component of the item's URL, which
  /// names the file a service extension saves the download under when it names it after
  /// the URL (``Capabilities/mediaFileNamedAfterURL``): `NSURL.lastPathComponent` leaves
  /// out the query and the fragment. `nil` when the component has none.
  var fileExtensionOfURLName: String? {
    let url = url.string
    guard let fragment = url.utf8.firstIndex(of: UInt8(ascii: "#")) else {
      return url.urlPathExtension
    }
    return String(url[..<fragment]).urlPathExtension
  }

  /// Whether iOS attaches the item where the service extension names its file after the
  /// URL and gives no type hint: only when that name's extension is a type iOS attaches
  /// (``MediaKind/attachableFileExtensions``).
  var isAttachedWhenNamedAfterURL: Bool {
    fileExtensionOfURLName.map(MediaKind.attachableFileExtensions.contains) ?? false
  }
}

extension EmitContext {
  /// Reports media item `index` when the target writes its URL alone and the kind that
  /// its SDK (and pushc, reading the payload back) takes from that URL, `readBack` (by
  /// default: the URL's file extension, else an image), is not the item's. Where the
  /// service extension names the file after the URL (`namedAfterURL`, Acoustic's), iOS
  /// types it by the URL's extension; elsewhere, by what the server sends.
  mutating func reportKindTakenFromURL(
    of item: MediaItem, at index: Int, readBack: MediaKind? = nil, namedAfterURL: Bool = false
  ) {
    let shown = readBack ?? MediaKind(url: item.url) ?? .image
    guard shown != item.kind else { return }
    let typedBy =
      namedAfterURL
      ? "is typed by its URL's file extension, '\(item.fileExtensionOfURLName ?? "")'"
      : "is shown as what it downloads"
    let targetID = targetID  // the message is built while reporting, which holds `self`
    report(
      .droppedField,
      "\(targetID) has no media type: the \(item.kind.rawValue) '\(item.url)' \(typedBy), read back as \(shown.rawValue)",
      at: JSONPointer("/media").appending(index).appending("kind"))
  }
}

extension MediaItem {
  /// Whether nothing names the item's file type: no type hint that names one (a MIME
  /// type whose subtype is no file extension, `video/quicktime`, or a kind word, `image`,
  /// names none), and no media file extension where its URL may name one
  /// (`String.fileExtensionsNamedInURL`). The type a target declares for it is then
  /// assumed (``fileExtension``, the kind's usual one). Whether its kind was assumed
  /// too (read as an image) or stated (an IR document's `kind`), the IR does not say.
  var namesNoFileType: Bool {
    if let hint = typeHint,
      MediaKind(fileExtension: MediaKind.extensionPart(ofTypeHint: hint)) != nil
    {
      return false
    }
    // The path's extension, which most media URLs give, decides at once: the URL is
    // taken apart into its query's parameters only without one (every emitter writing a
    // type asks, for every record with media).
    if let named = url.urlPathExtension, MediaKind(fileExtension: named) != nil { return false }
    return !url.fileExtensionsNamedInURL.contains { MediaKind(fileExtension: $0) != nil }
  }
}

extension EmitContext {
  /// Notes that media item `index` is declared `declared` when nothing names its file
  /// type (`MediaItem.namesNoFileType`): the phone saves the download as its kind's usual
  /// type, and a file of another kind (a video read as an image) would not attach. Where
  /// the target declares a kind rather than a file type (`declaresKind`: CleverTap's
  /// `ct_mediaType`, whose extension saves an `image` as `.jpg`), `declared` is that
  /// kind, and a type hint (a kind word, a MIME type) named it: then nothing is noted.
  /// The kind itself may have been assumed (read as an image) or stated (an IR
  /// document's `kind`): the IR does not say which, so the note claims neither.
  mutating func reportAssumedFileType(
    of item: MediaItem, at index: Int, declared: String, declaresKind: Bool = false
  ) {
    guard item.namesNoFileType, !declaresKind || item.typeHint == nil else { return }
    report(
      .derivedValue,
      "the \(item.kind.rawValue) '\(item.url)' is declared '\(declared)': neither its URL nor a type hint names its file extension, so its kind's usual one was assumed; a file of another kind would not attach",
      at: JSONPointer("/media").appending(index),
      notes: ["give the URL its file extension, or the media item a type hint"])
  }
}
