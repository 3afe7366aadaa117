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
    var category = notification.category?.identifier

    var tail = JSONObject()
    if let url = notification.defaultAction?.url { tail.append(Key.deepLink, .string(url)) }
    // A one-image slider from the source stays a slider, with its settings.
    if let item = singleMedium, keptSlider == nil || item.kind != .image {
      tail.append(Key.mediaURL, .string(item.url))
      tail.append(Key.mediaType, .string(mediaType(of: item)))
      tail.appendIfPresent(Key.altText, item.altText)
    } else if !notification.media.isEmpty {
      tail.append(Key.slider, .string(slider(kept: keptSlider, context: &context)))
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
    root.append("aps", .object(APSCodec.write(notification, category: category, context: &context)))
    let field = TargetField(
      names: [Key.campaignID, "wzrk_id"], output: JSONPointer.root.appending(campaignKey),
      irPath: "/tracking/campaignID",
      meaning: "the campaign id the SDK reports clicks and views under")
    if let id = context.value(
      of: field, current: notification.tracking.campaignID.map { .string($0) })
    {
      root.append(campaignKey, id)
    }
    for member in kept where !member.key.hasPrefix("@") && tail[member.key] == nil {
      root.append(member.key, member.value)
    }
    for member in tail { root.append(member.key, member.value) }
    context.writeCustomData(
      notification, into: &root, reserved: [Key.mediaURL, Key.mediaType, Key.altText, Key.slider],
      reservedPrefixes: CleverTap.Key.prefixes + [Key.templatePrefix])
    context.reportUnwrittenTracking(notification.tracking, written: [\.campaignID])
    context.reportForeignExtras(notification, keeping: ["clevertap", APSCodec.extrasKey])
    return .object(root)
  }

  /// The one medium CTNotificationService attaches, when the notification has exactly
  /// one with nothing only a slide can show.
  private var singleMedium: MediaItem? {
    guard notification.media.count == 1, let item = notification.media.first,
      item.caption == nil, item.subcaption == nil, item.action == nil
    else { return nil }
    return item
  }

  /// `ct_mediaType`: `image`, `video` or `audio` pick the file extension; any other
  /// value (such as `gif`) lets the download's MIME type decide.
  private func mediaType(of item: MediaItem) -> String { item.kind.rawValue }

  /// The content slider as the JSON string the SDK decodes: the kept settings (or the
  /// dashboard's defaults), `autoPlay` from the presentation, and one slide per image.
  private func slider(kept: JSONValue?, context: inout EmitContext) -> String {
    let settings = kept?.objectValue ?? JSONObject()
    var slider = JSONObject()
    for (key, fallback) in CleverTap.sliderDefaults {
      if key == "autoPlay" {
        slider.append(key, notification.mediaPresentation == .carouselAuto ? 1 : 0)
      } else {
        // The SDK's model decodes these as integers; the README's booleans fail it.
        switch settings[key] {
        case .bool(let flag)?: slider.append(key, flag ? 1 : 0)
        case let value?: slider.append(key, value)
        case nil: slider.append(key, fallback)
        }
      }
    }
    for member in settings where slider[member.key] == nil {
      slider.append(member.key, member.value)
    }
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
      slide.appendIfPresent("imgAltText", item.altText)
      slides.append(.object(slide))
    }
    slider.append("items", .array(slides))
    return JSONWriter(style: .compact).string(.object(slider))
  }
}
