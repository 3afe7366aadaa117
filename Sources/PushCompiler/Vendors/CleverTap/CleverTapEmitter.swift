import PushIR

/// Writes a CleverTap payload: the campaign id (`W$id`, required), the kept `W$`/
/// `wzrk_` keys, `wzrk_dl`, one medium as `ct_mediaUrl` + `ct_mediaType` or several (or
/// captioned ones) as a `ct_ContentSlider` JSON string, the kept templates, and the
/// app's data. Buttons cannot be written: iOS CleverTap shows only registered categories.
struct CleverTapEmitter: PayloadEmitter {
  typealias Key = CleverTap.Key

  let notification: PushNotification

  func emit(context: inout EmitContext) -> JSONValue {
    var kept = notification.extras["clevertap"] ?? JSONObject()
    let campaignKey = kept.removeValue(forKey: Key.campaignKeyHint)?.stringValue ?? Key.campaignID
    let keptSlider = kept.removeValue(forKey: Key.slider)
    let attachesFirstSlide: Bool? =
      switch kept.removeValue(forKey: Key.attachesFirstSlideHint) {
      case .bool(let attached)?: attached
      default: nil
      }
    var category = notification.category?.identifier

    var tail = JSONObject()
    if let url = notification.defaultAction?.url { tail.append(Key.deepLink, .string(url)) }
    if let index = mediumWrittenAlone(keptSlider: keptSlider, kept: kept) {
      let item = notification.media[index]
      tail.append(Key.mediaURL, .string(item.url))
      let type = mediaType(of: item)
      tail.append(Key.mediaType, .string(type))
      context.reportAssumedFileType(of: item, at: index, declared: type, declaresKind: true)
      tail.appendIfPresent(Key.altText, item.altText)
      reportWhatOnlyASlideShows(besides: index, context: &context)
    } else if !notification.media.isEmpty {
      tail.append(Key.slider, .string(slider(kept: keptSlider, context: &context)))
      if attachesFirstSlide != false {
        writeAttachmentBesideSlider(
          into: &tail, kept: kept, noting: attachesFirstSlide == nil, context: &context)
      }
      if category == nil {
        category = CleverTap.contentCategory
        context.report(
          .derivedValue,
          "'aps.category' set to '\(CleverTap.contentCategory)': CTNotificationContent shows the slider only for its category",
          at: "/category")
      }
    }
    if let keptSlider, tail[Key.slider] == nil {
      context.report(
        .droppedExtra,
        "the content slider's settings \(JSONWriter(style: .compact).string(keptSlider)) dropped: no slider is written",
        at: "/extras/clevertap/ct_ContentSlider")
    }

    var root = JSONObject()
    context.noteRegisteredCategory(of: notification, vendor: "clevertap")
    root.append("aps", .object(APSCodec.write(notification, category: category, context: &context)))
    var field = Self.campaignIDField
    field.output = JSONPointer.root.appending(campaignKey)
    if let id = context.value(
      of: field, current: notification.tracking.campaignID.map { .string($0) })
    {
      root.append(campaignKey, id)
    }
    // A kept media key the medium written on its own also writes gives way to it; any
    // other kept member naming a key written (the deep link among them) is a clash.
    var besideTail = JSONObject()
    for member in kept where !member.key.hasPrefix("@") {
      if member.key != Key.deepLink, let written = tail[member.key] {
        if written != member.value {
          context.report(
            .droppedExtra,
            "clevertap's own '\(member.key)' \(JSONWriter(style: .compact).string(member.value)) dropped: the medium written on its own takes its place",
            at: JSONPointer("/extras/clevertap").appending(member.key))
        }
        continue
      }
      besideTail.append(member.key, member.value)
    }
    context.appendKept(
      besideTail, into: &root, from: "/extras/clevertap", taken: Set(tail.keys)
    ) { "'\($0)'" }
    for member in tail { root.append(member.key, member.value) }
    context.writeCustomData(
      notification, into: &root, reserved: [Key.mediaURL, Key.mediaType, Key.altText, Key.slider],
      reservedPrefixes: CleverTap.Key.prefixes + [Key.templatePrefix])
    context.reportUnwrittenTracking(notification.tracking, written: [.campaignID])
    context.reportForeignExtras(notification, keeping: ["clevertap", APSCodec.extrasKey])
    return .object(root)
  }

  /// The medium CTNotificationService attaches on its own, rather than a content slider
  /// of the images: the first when none is an image (the slider shows images only); else
  /// the only image when it has nothing only a slide shows (no caption, subcaption or
  /// link to open), unless the source's slider is kept (a one-image slider stays one) or
  /// media keys kept beside it (on the phone, an attachment of their own beside the
  /// slider) would be replaced.
  private func mediumWrittenAlone(keptSlider: JSONValue?, kept: JSONObject) -> Int? {
    let media = notification.media
    let images = media.indices.filter { media[$0].kind == .image }
    guard !images.isEmpty else { return media.isEmpty ? nil : 0 }
    let keepsMediaKeys = [Key.mediaURL, Key.mediaType, Key.altText].contains { kept[$0] != nil }
    guard keptSlider == nil, !keepsMediaKeys, images.count == 1 else { return nil }
    let image = media[images[0]]
    let plain =
      (image.caption ?? "").isEmpty && (image.subcaption ?? "").isEmpty && image.action?.url == nil
    return plain ? images[0] : nil
  }

  /// Writes the slider's first image as `ct_mediaUrl` + `ct_mediaType` too, unless media
  /// keys kept beside the slider say otherwise: CTNotificationService attaches them
  /// whatever the content extension shows, so an app without CTNotificationContent still
  /// shows that image, and CTNotificationContent picks the slider before them. Noted
  /// unless `noting` is false (the source attached it: `Key.attachesFirstSlideHint`).
  private func writeAttachmentBesideSlider(
    into tail: inout JSONObject, kept: JSONObject, noting: Bool, context: inout EmitContext
  ) {
    guard kept[Key.mediaURL] == nil, kept[Key.mediaType] == nil,
      let first = notification.media.firstIndex(where: { $0.kind == .image })
    else { return }
    tail.append(Key.mediaURL, .string(notification.media[first].url))
    tail.append(Key.mediaType, .string(mediaType(of: notification.media[first])))
    guard noting else { return }
    context.report(
      .derivedValue,
      "'ct_mediaUrl' set to the slider's first image: CTNotificationService attaches it, so an app without CTNotificationContent shows it; CTNotificationContent shows the slider instead",
      at: JSONPointer("/media").appending(first))
  }

  /// Reports what writing media item `written` on its own leaves out: its caption,
  /// subcaption and tap action, which only a slide shows, and the other media.
  private func reportWhatOnlyASlideShows(besides written: Int, context: inout EmitContext) {
    for (index, item) in notification.media.enumerated() {
      let path = JSONPointer("/media").appending(index)
      guard index == written else {
        context.report(
          .droppedMedia,
          "\(item.kind.rawValue) '\(item.url)' dropped: clevertap shows one medium outside the content slider, which shows images only",
          at: path)
        continue
      }
      for (name, value) in [("caption", item.caption), ("subcaption", item.subcaption)] {
        guard let value else { continue }
        context.report(
          .droppedMedia,
          "the \(name) '\(value)' of \(item.kind.rawValue) '\(item.url)' dropped: only the content slider shows captions, and it shows images only",
          at: path.appending(name))
      }
      if let action = item.action {
        context.report(
          .droppedAction,
          "media item \(index) loses its own tap action (\(action.phrase)): only a slide of the content slider has one",
          at: path.appending("action"))
      }
    }
  }

  /// `ct_mediaType`: `image`, `video` or `audio` pick the file extension; any other
  /// value (such as `gif`) lets the download's MIME type decide.
  private func mediaType(of item: MediaItem) -> String { item.kind.rawValue }

  /// Where the kept slider settings live in the IR.
  private static let keptSliderPath = JSONPointer("/extras/clevertap").appending(
    CleverTap.Key.slider)
  /// The slider's list of slides.
  private static let sliderItems = "items"

  /// The slider's setting `key`: the kept value when the SDK's model decodes it (the
  /// README's booleans read as 1 and 0, as the parser reads them), else the dashboard's
  /// `fallback`, reported, since the model would fail on the whole slider.
  private func setting(
    _ key: String, kept: JSONValue?, fallback: JSONValue, context: inout EmitContext
  ) -> JSONValue {
    guard let kept = kept.map({ ContentSliderModel.readmeFlagAsNumber($0, setting: key) }) else {
      return fallback
    }
    guard ContentSliderModel.decodes(kept, asSetting: key) else {
      let writer = JSONWriter(style: .compact)
      context.report(
        .droppedExtra,
        "kept slider setting '\(key)' \(writer.string(kept)) is not \(ContentSliderModel.expectedShape(ofSetting: key)), which the SDK's model needs; the dashboard's \(writer.string(fallback)) is written",
        at: Self.keptSliderPath.appending(key))
      return fallback
    }
    return kept
  }

  /// The content slider as the JSON string the SDK decodes: the kept settings (or the
  /// dashboard's defaults), `autoPlay` from the presentation, and one slide per image.
  private func slider(kept: JSONValue?, context: inout EmitContext) -> String {
    let settings = kept?.objectValue ?? JSONObject()
    var slider = JSONObject()
    let slides = slides(context: &context)
    for (key, fallback) in CleverTap.sliderDefaults {
      if key == "autoPlay" && slides.count < 2 {
        // A carousel of one slide plays nothing (Specs/ir.md, mediaPresentation): the IR
        // says nothing of it, and a kept `autoPlay` is written as the source had it.
        slider.append(key, setting(key, kept: settings[key], fallback: fallback, context: &context))
      } else if key == "autoPlay" {
        slider.append(key, notification.mediaPresentation == .carouselAuto ? 1 : 0)
        if notification.mediaPresentation == nil {
          context.report(
            .derivedValue,
            "the \(slides.count) slides are a carousel the user swipes through ('autoPlay' 0): the content slider shows several images no other way",
            at: "/mediaPresentation")
        }
      } else {
        slider.append(key, setting(key, kept: settings[key], fallback: fallback, context: &context))
      }
    }
    // The other kept members follow; a kept `items`, or `autoPlay` beside two or more
    // slides, gives way to the IR's.
    var written = Set(CleverTap.sliderDefaults.map(\.key))
    if slides.count > 1 { written.remove("autoPlay") }
    context.appendKept(
      JSONObject(settings.filter { !written.contains($0.key) }), into: &slider,
      from: Self.keptSliderPath, taken: [Self.sliderItems]
    ) { "slider setting '\($0)'" }
    slider.append(Self.sliderItems, .array(slides))
    return JSONWriter(style: .compact).string(.object(slider))
  }

  /// One slide per image, in order; other media are reported dropped.
  private func slides(context: inout EmitContext) -> [JSONValue] {
    var slides: [JSONValue] = []
    for (index, item) in notification.media.enumerated() {
      let path = JSONPointer("/media").appending(index)
      guard item.kind == .image else {
        context.report(
          .droppedMedia,
          "\(item.kind.rawValue) '\(item.url)' dropped: the content slider shows images only",
          at: path)
        continue
      }
      var slide = JSONObject()
      slide.append("caption", .string(item.caption ?? ""))
      slide.append("subcaption", .string(item.subcaption ?? ""))
      slide.append("imageUrl", .string(item.url))
      switch item.action {
      case .openURL(let url, _)?: slide.append("actionUrl", .string(url))
      case nil: slide.append("actionUrl", "")
      case let other?:
        slide.append("actionUrl", "")
        context.report(
          .droppedAction, "slide \(index) cannot \(other.kindName); a tap on it opens 'wzrk_dl'",
          at: path.appending("action"))
      }
      // An empty text is as if absent (see the parser).
      if let text = item.altText, !text.isEmpty { slide.append("imgAltText", .string(text)) }
      slides.append(.object(slide))
    }
    return slides
  }
}

extension CleverTapEmitter {
  /// The campaign id, `W$id` (or `wzrk_id`, as the source spelled it).
  static let campaignIDField = TargetField(
    names: [CleverTap.Key.campaignID, "wzrk_id"], output: "/W$id", irPath: "/tracking/campaignID",
    meaning: "the campaign id the SDK reports clicks and views under")
}
