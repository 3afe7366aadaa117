import PushIR

extension MediaItem {
  /// The file extension a vendor that names media by extension (`rich-media-type`,
  /// Braze's `att.type`) should be given: the type hint when it is a file extension of
  /// the item's kind (a MIME type's subtype when that is one, as `png` in `image/png`;
  /// never a kind word such as CleverTap's `image`), else the URL's when it is, else the
  /// kind's usual one.
  var fileExtension: String {
    if let hint = typeHint.map(MediaKind.extensionPart(ofTypeHint:)),
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
}

extension EmitContext {
  /// Reports media item `index` when the target writes its URL alone and the kind that
  /// its SDK (and pushc, reading the payload back) takes from that URL, `readBack` (by
  /// default: the URL's file extension, else an image), is not the item's.
  mutating func reportKindTakenFromURL(
    of item: MediaItem, at index: Int, readBack: MediaKind? = nil
  ) {
    let shown = readBack ?? MediaKind(url: item.url) ?? .image
    guard shown != item.kind else { return }
    let targetID = targetID  // the message is built while reporting, which holds `self`
    report(
      .droppedField,
      "\(targetID) has no media type: the \(item.kind.rawValue) '\(item.url)' is shown as what it downloads, read back as \(shown.rawValue)",
      at: JSONPointer("/media").appending(index).appending("kind"))
  }
}
