import PushIR

/// Lowers a CleverTap payload into the IR.
struct CleverTapParser: PayloadParser {
  typealias Key = CleverTap.Key

  let root: JSONObject
  private var notification = PushNotification()
  private var kept = JSONObject()
  /// Where each key with a CleverTap meaning was read, by its `wzrk_` spelling.
  private var seen: [String: JSONPointer] = [:]

  init(root: JSONObject) { self.root = root }

  mutating func parse(context: inout ParseContext) -> PushNotification {
    APSCodec.read(from: root, into: &notification, context: &context)
    if !root.containsKey(where: CleverTap.isMarker) {
      context.reportMissingMarker(
        "no 'W$…' or 'wzrk_…' key: the CleverTap SDK does not take this push as its own",
        at: .root)
    }
    for member in root where member.key != "aps" {
      lazy var pointer = JSONPointer.root.appending(member.key)
      if let canonical = CleverTap.canonicalKey(member.key) {
        if canonical != member.key, let failure = Key.readOnlyAsWzrk[canonical] {
          // Not a second spelling: the SDK never looks this key up. Beside the spelling
          // it reads, that one decides, and only a different value goes unheard.
          switch root[canonical] {
          case nil:
            context.report(
              .invalidValue,
              "the SDK reads '\(canonical)' only in that spelling, so it ignores '\(member.key)': \(failure); kept verbatim",
              at: pointer)
          case member.value?:
            break
          case _?:
            context.report(
              .conflictingValues,
              "the SDK reads '\(canonical)', not '\(member.key)', whose other value it ignores; kept verbatim",
              at: pointer)
          }
          context.keep(member.key, member.value, in: &kept, extraOf: "clevertap", from: pointer)
          continue
        }
        readTrackingKey(member, canonical: canonical, at: pointer, context: &context)
      } else if member.key.hasPrefix(Key.templatePrefix) {
        context.keep(member.key, member.value, in: &kept, extraOf: "clevertap", from: pointer)
      } else if ![Key.mediaURL, Key.mediaType, Key.altText, Key.slider].contains(member.key) {
        context.keepAsCustomData(member, from: pointer, into: &notification)
      }
    }
    readSlider(context: &context)
    if notification.media.isEmpty {
      readSingleMedia(context: &context)
    } else {
      // The first slide's image as an attachment of its own is what a clevertap output
      // writes beside any slider; it is written again, so it is not kept.
      let attachesFirstSlide =
        root[Key.mediaURL] == .string(notification.media[0].url)
        && root[Key.mediaType] == MediaKind.image.rawValue
      if attachesFirstSlide || (root[Key.mediaURL] == nil && root[Key.mediaType] == nil) {
        kept.append(Key.attachesFirstSlideHint, .bool(attachesFirstSlide))
      }
      for key in [Key.mediaURL, Key.mediaType, Key.altText] {
        if attachesFirstSlide, key != Key.altText { continue }
        if let value = root[key] {
          context.keep(key, value, in: &kept, extraOf: "clevertap", from: .root.appending(key))
        }
      }
    }
    checkTemplateJSON(context: &context)
    if !kept.isEmpty { notification.extras["clevertap"] = kept }
    return notification.take()
  }

  /// A `W$…`/`wzrk_…` key: the campaign id, the deep link, or CleverTap's own data.
  /// (The `W$` spelling of a key in `Key.readOnlyAsWzrk` never gets here.)
  private mutating func readTrackingKey(
    _ member: JSONObject.Member, canonical: String, at pointer: JSONPointer,
    context: inout ParseContext
  ) {
    if let first = seen[canonical] {
      if root[first.tokens[0]] != member.value {
        context.report(
          .conflictingValues,
          "'\(member.key)' means the same as '\(first.tokens[0])', which is read; ignored",
          at: pointer)
      }
      return
    }
    seen[canonical] = pointer
    switch canonical {
    case "wzrk_id":
      context.read(
        member.value, at: pointer, into: \.tracking.campaignID, of: &notification,
        irPath: "/tracking/campaignID")
      if member.key != Key.campaignID { kept.append(Key.campaignKeyHint, .string(member.key)) }
    case Key.deepLink:
      guard let url = context.text(member.value, at: pointer) else { return }
      guard !url.isEmpty else {
        return context.report(
          .invalidValue, "an empty 'wzrk_dl' opens nothing; ignored", at: pointer)
      }
      // The SDK hands the link to the system, which opens a web link in the browser.
      notification.defaultAction = .openURL(url, .impliedByScheme(of: url))
      context.sourceMap.record("/defaultAction", from: pointer)
    default:
      if Key.previewMarkers.contains(member.key) {
        context.report(
          .notVendorPayload,
          "'\(member.key)' marks a dashboard preview: the SDK consumes the push instead of showing it",
          at: pointer)
      }
      context.keep(member.key, member.value, in: &kept, extraOf: "clevertap", from: pointer)
    }
  }

  /// `ct_mediaUrl` with `ct_mediaType`: one attachment from the service extension.
  private mutating func readSingleMedia(context: inout ParseContext) {
    let url = context.text(root[Key.mediaURL], at: "/ct_mediaUrl")
    let type = context.text(root[Key.mediaType], at: "/ct_mediaType")
    guard let url else {
      if type != nil {
        context.report(
          .invalidValue, "'ct_mediaType' without 'ct_mediaUrl' names no media; ignored",
          at: "/ct_mediaType")
      }
      // The content extension reads the alt text only for the single medium it shows.
      if root[Key.altText] != nil {
        context.report(
          .invalidValue, "'alt_text_wzrk_bp' without 'ct_mediaUrl' describes no media; ignored",
          at: "/alt_text_wzrk_bp")
      }
      return
    }
    var item = MediaItem(
      url: url, kind: type.flatMap(MediaKind.init(typeHint:)) ?? MediaKind(url: url) ?? .image,
      typeHint: type)
    if type == nil {
      context.report(
        .incomplete,
        "'ct_mediaUrl' without 'ct_mediaType': CTNotificationService attaches nothing; read as \(item.kind.rawValue) from the URL",
        at: "/ct_mediaUrl", notes: ["a clevertap output writes both"])
    }
    item.altText = context.text(root[Key.altText], at: "/alt_text_wzrk_bp")
    notification.media = [item]
    context.sourceMap.record("/media/0", from: "/ct_mediaUrl")
  }

  /// `ct_ContentSlider`: a JSON string (what the SDK decodes) or, in older README
  /// examples, an object; its items become the media, in order.
  private mutating func readSlider(context: inout ParseContext) {
    guard let value = root[Key.slider] else { return }
    let pointer = JSONPointer("/ct_ContentSlider")
    guard let decoded = context.embeddedJSON(value, at: pointer) else { return }
    guard var slider = context.object(decoded, at: pointer) else { return }
    if value.textValue == nil {
      context.report(
        .obsoleteShape,
        "the SDK decodes 'ct_ContentSlider' from a JSON string; an object shows an empty view",
        at: pointer, notes: ["read as its author meant it; a clevertap output writes a string"])
    } else {
      let problems = ContentSliderModel.problems(in: slider)
      if !problems.isEmpty {
        context.report(
          .obsoleteShape,
          "the SDK's model cannot decode this 'ct_ContentSlider' (\(problems.joined(separator: "; "))): the phone shows the alert's text and no slides",
          at: pointer,
          notes: ["read as its author meant it; a clevertap output writes what the model decodes"])
      }
    }
    let items = context.array(slider.removeValue(forKey: "items"), at: pointer.appending("items"))
    for (index, element) in (items ?? []).enumerated() {
      lazy var path = pointer.appending("items").appending(index)
      guard let object = context.object(element, at: path) else { continue }
      guard let url = context.text(object["imageUrl"], at: path.appending("imageUrl")) else {
        context.report(
          .invalidValue, "a slide without an 'imageUrl' shows nothing; ignored", at: path)
        continue
      }
      var item = MediaItem(url: url, kind: .image)
      // Empty texts fall back to the alert's, an empty link to `wzrk_dl`: as if absent.
      func text(_ key: String) -> IRText? {
        context.text(object[key], at: path.appending(key)).flatMap { $0.isEmpty ? nil : $0 }
      }
      item.caption = text("caption")
      item.subcaption = text("subcaption")
      item.altText = text("imgAltText")
      item.action = text("actionUrl").map { .openURL($0, .impliedByScheme(of: $0)) }
      context.sourceMap.record(
        JSONPointer("/media").appending(notification.media.count), from: path)
      notification.media.append(item)
    }
    readSettings(of: &slider, at: pointer, context: &context)
    // The content extension plays the slides when `autoPlay` is not 0. A carousel of one
    // slide plays nothing (Specs/ir.md, mediaPresentation), so with fewer than two slides
    // `autoPlay` stays a kept setting, written back as it was.
    if notification.media.count > 1 {
      let autoPlay = slider.removeValue(forKey: "autoPlay")?.numberValue?.wholeValue ?? 0
      notification.mediaPresentation = autoPlay != 0 ? .carouselAuto : .carouselManual
      context.sourceMap.record("/mediaPresentation", from: pointer)
    }
    // The dashboard's defaults say nothing: the output writes them when none is kept.
    for (key, value) in CleverTap.sliderDefaults where slider[key] == value { slider[key] = nil }
    if !slider.isEmpty {
      context.keep(Key.slider, .object(slider), in: &kept, extraOf: "clevertap", from: pointer)
      context.recordExtras(slider, of: "clevertap", inGroupAt: .group(Key.slider), from: pointer)
    }
  }

  /// Leaves in `slider` the settings as the SDK's model decodes them: the README's `true`
  /// and `false` read as 1 and 0; a flag that is no whole number, or an `orientation` or
  /// `type` that is no string, reported and removed, so that an output writes the
  /// dashboard's value in its place.
  private func readSettings(
    of slider: inout JSONObject, at pointer: JSONPointer, context: inout ParseContext
  ) {
    for member in slider {
      let key = member.key
      if ContentSliderModel.textSettings.contains(key) {
        guard member.value.textValue == nil else { continue }
        slider[key] = nil
        context.reportWrongType(member.value, expected: "a string", at: pointer.appending(key))
      } else if ContentSliderModel.flagSettings.contains(key) {
        if case .bool(let flag) = member.value {
          slider[key] = ContentSliderModel.readmeFlagAsNumber(member.value, setting: key)
          context.report(
            .obsoleteShape,
            "'\(key)' \(flag) is the README's spelling; the SDK's model decodes 1 or 0",
            at: pointer.appending(key), notes: ["read as \(flag ? 1 : 0)"])
        } else if !ContentSliderModel.isFlag(member.value) {
          slider[key] = nil
          context.report(
            .invalidValue,
            "'\(key)' \(JSONWriter(style: .compact).string(member.value)) is not the whole number the SDK's model decodes; ignored",
            at: pointer.appending(key))
        }
      }
    }
  }

  /// What becomes of a `pt_json` the SDK reads no template from.
  private static let unreadTemplateNote =
    "kept verbatim: a clevertap output carries it as it is, which the SDK does not read either"

  /// `pt_json` replaces the individual `pt_*` keys on iOS (Android lays it over them),
  /// all but `pt_id`, which names the template from the root.
  /// The content extension hands it to the template as the JSON string it decodes: any
  /// other value (an object, as the README's "one JSON object" may be taken) gives no
  /// template (`CleverTapValidator.templateSource(of:)`).
  private func checkTemplateJSON(context: inout ParseContext) {
    guard let value = root[Key.templateJSON] else { return }
    switch value {
    case .string:
      _ = context.embeddedJSON(value, at: "/pt_json", otherwise: "kept verbatim for clevertap")
    case .null:
      break
    case .object:
      // The README's "one JSON object" for `pt_json`; nothing is lost here, so not lossy.
      context.report(
        .obsoleteShape,
        "the SDK decodes the template from a 'pt_json' string; an object gives no template",
        at: "/pt_json", notes: [Self.unreadTemplateNote])
    default:
      context.report(
        .wrongType,
        "expected the JSON string the SDK decodes the template from, found \(value.kindName): it gives no template; kept verbatim",
        at: "/pt_json", notes: [Self.unreadTemplateNote])
    }
    let individual = root.keys.filter {
      $0.hasPrefix(Key.templatePrefix) && $0 != Key.templateJSON && $0 != Key.templateID
    }
    guard !individual.isEmpty else { return }
    context.report(
      .unknownKey,
      "iOS reads the template from 'pt_json' alone; \(individual.map { "'\($0)'" }.joined(separator: ", ")) \(individual.count == 1 ? "applies" : "apply") on Android only",
      at: "/pt_json",
      notes: [individual.count == 1 ? "it is kept for clevertap" : "all are kept for clevertap"])
  }
}
