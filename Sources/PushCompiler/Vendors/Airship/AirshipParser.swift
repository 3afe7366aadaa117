import PushIR

/// Lowers an Airship payload into the IR.
struct AirshipParser: PayloadParser {
  typealias Key = Airship.Key

  let root: JSONObject
  private var notification = PushNotification()
  private var kept = JSONObject()
  /// How the tap's opening action was spelled (``Airship/Key/tapSpellingHint``).
  private var tapSpelling: String?
  /// The tap's landing page's settings (``Airship/Key/tapLandingPageExtras``).
  private var tapLandingPage: JSONObject?
  /// Per button id, how its opening action was spelled (``Airship/Key/spellingHint``).
  private var spellings = JSONObject()
  /// Per button id, its landing page's settings (``Airship/Key/landingPageExtras``).
  private var landingPages = JSONObject()

  init(root: JSONObject) { self.root = root }

  mutating func parse(context: inout ParseContext) -> PushNotification {
    APSCodec.read(from: root, into: &notification, context: &context)
    if root["aps"] == nil {
      context.reportMissingMarker(
        "no 'aps' dictionary: iOS shows nothing and wakes nothing", at: .root)
    }
    if !Airship.markers.anyPresent(in: root) {
      context.reportMissingMarker(
        "no '_' send id, 'com.urbanairship.metadata', media attachment or interactive actions: Airship reports nothing for this push",
        at: .root)
    }
    readTap(context: &context)
    for member in root where member.key != "aps" && !AirshipActions.isAction(member.key) {
      lazy var pointer = JSONPointer.root.appending(member.key)
      switch member.key {
      case Key.sendID:
        context.read(
          member.value, at: pointer, into: \.tracking.notificationID, of: &notification,
          irPath: "/tracking/notificationID")
      case Key.media:
        if let media = context.object(member.value, at: pointer) {
          readMedia(media, at: pointer, context: &context)
        }
      case Key.buttonActions:
        if let maps = context.object(member.value, at: pointer) {
          readButtonActions(maps, at: pointer, context: &context)
        }
      case Key.metadata, Key.messageID:
        keep(member, from: pointer, context: &context)
      default:
        guard member.key.hasPrefix(Key.prefix) else {
          context.keepAsCustomData(member, from: pointer, into: &notification)
          continue
        }
        context.report(
          .unknownKey,
          member.key == Key.androidCategory
            ? "'\(member.key)' is Android's; iOS takes the category from 'aps.category'; kept verbatim"
            : "'\(member.key)' is Airship's own key, not read on iOS by pushc; kept verbatim",
          at: pointer)
        keep(member, from: pointer, context: &context)
      }
    }
    if let tapLandingPage { kept.append(Key.tapLandingPageExtras, .object(tapLandingPage)) }
    if !landingPages.isEmpty { kept.append(Key.landingPageExtras, .object(landingPages)) }
    if let tapSpelling { kept.append(Key.tapSpellingHint, .string(tapSpelling)) }
    if !spellings.isEmpty { kept.append(Key.spellingHint, .object(spellings)) }
    if !kept.isEmpty { notification.extras["airship"] = kept }
    return notification.take()
  }

  private mutating func keep(
    _ member: JSONObject.Member, from pointer: JSONPointer, context: inout ParseContext
  ) {
    context.keep(member.key, member.value, in: &kept, extraOf: "airship", from: pointer)
  }

  /// The root's actions: what the tap opens, and kept apart from any button's, how it
  /// was spelled, a landing page's settings, and the side effects.
  private mutating func readTap(context: inout ParseContext) {
    let reading = AirshipActions.read(
      root.filter { AirshipActions.isAction($0.key) }, at: .root, context: &context)
    if let action = reading.action, let pointer = reading.pointer {
      notification.defaultAction = action
      context.sourceMap.record("/defaultAction", from: pointer)
    }
    tapSpelling = reading.spelling
    if let settings = reading.landingPageOptions, !settings.isEmpty, let pointer = reading.pointer {
      tapLandingPage = settings
      context.recordExtra(Key.tapLandingPageExtras, of: "airship", from: pointer)
      context.recordExtras(
        settings, of: "airship", inGroupAt: .group(Key.tapLandingPageExtras), from: pointer)
    }
    if !reading.kept.isEmpty {
      kept.append(Key.tapActionsExtras, .object(reading.kept))
      context.sourceMap.record("/extras/airship/actions", from: .root)
      for member in reading.kept {
        context.recordExtra(
          member.key, of: "airship", in: Key.tapActionsExtras, from: .root.appending(member.key))
      }
    }
  }

  /// `com.urbanairship.interactive_actions`: per button id, the map its tap runs.
  private mutating func readButtonActions(
    _ maps: JSONObject, at pointer: JSONPointer, context: inout ParseContext
  ) {
    guard let category = notification.category else {
      return context.report(
        .invalidValue,
        "'com.urbanairship.interactive_actions' without 'aps.category' applies to no button; ignored",
        at: pointer)
    }
    var others = JSONObject()
    let predefined = PredefinedCategory.named(category.identifier, vendor: "airship")
    for member in maps {
      lazy var path = pointer.appending(member.key)
      guard let map = context.object(member.value, at: path) else { continue }
      let reading = AirshipActions.read(Array(map), at: path, context: &context)
      if let action = reading.action, let actionPointer = reading.pointer {
        if let refusal = predefined?.refusal(of: action, for: IRText(member.key)) {
          context.report(
            .invalidValue, refusal + ": the SDK does not run it; ignored", at: actionPointer)
        } else {
          notification.category?.actionTargets.append(
            .init(actionID: IRText(member.key), action: action))
          context.sourceMap.record(
            JSONPointer("/category/actionTargets").appending(
              notification.category!.actionTargets.count - 1),
            from: actionPointer)
          rememberButton(member.key, reading, context: &context)
        }
      }
      if !reading.kept.isEmpty || map.isEmpty,
        context.keep(
          member.key, .object(reading.kept), in: &others, extraOf: "airship",
          group: Key.buttonActionsExtras, from: path)
      {
        context.recordExtras(
          reading.kept, of: "airship", inGroupAt: .group(Key.buttonActionsExtras, member.key),
          from: path)
      }
    }
    if !others.isEmpty {
      kept.append(Key.buttonActionsExtras, .object(others))
      context.sourceMap.record("/extras/airship/buttonActions", from: pointer)
    }
  }

  /// Keeps how the opening action of the button `key`'s map was spelled, and its landing
  /// page's settings, under its id (the tap's have members of their own).
  private mutating func rememberButton(
    _ key: String, _ reading: AirshipActions.Reading, context: inout ParseContext
  ) {
    if let spelling = reading.spelling { spellings.append(key, .string(spelling)) }
    if let settings = reading.landingPageOptions, !settings.isEmpty {
      landingPages.append(key, .object(settings))
      if let pointer = reading.pointer {
        context.recordExtra(key, of: "airship", in: Key.landingPageExtras, from: pointer)
        context.recordExtras(
          settings, of: "airship", inGroupAt: .group(Key.landingPageExtras, key), from: pointer)
      }
    }
  }

  /// `com.urbanairship.media_attachment`: the URLs, the text that replaces the alert's,
  /// and the options kept.
  private mutating func readMedia(
    _ media: JSONObject, at pointer: JSONPointer, context: inout ParseContext
  ) {
    var keptMedia = JSONObject()
    var entries: [(url: IRText, id: String?, pointer: JSONPointer)] = []
    // Whether the service extension's decoder refuses the attachment as a whole (a
    // missing or mistyped URL list, an entry that is not an object of strings): it then
    // attaches nothing and replaces no text.
    var refusedWhole = false
    if let urls = media[Key.urls] {
      if media[Key.url] != nil {
        context.report(
          .conflictingValues, "'url' is read only when there is no 'urls'; ignored",
          at: pointer.appending(Key.url))
      }
      let list = context.array(urls, at: pointer.appending(Key.urls))
      if list == nil { refusedWhole = true }
      for (index, element) in (list ?? []).enumerated() {
        lazy var path = pointer.appending(Key.urls).appending(index)
        guard let object = context.object(element, at: path) else {
          refusedWhole = true
          continue
        }
        if let value = object[Key.url], value.textValue == nil { refusedWhole = true }
        guard let url = context.text(object[Key.url], at: path.appending(Key.url)) else {
          context.report(
            .invalidValue, "an entry without a 'url' string attaches nothing; ignored", at: path)
          continue
        }
        var id: String?
        if let value = object[Key.urlID] {
          guard let text = value.stringValue else {
            refusedWhole = true
            context.report(
              .invalidValue,
              "a 'url_id' that is not a string makes the service extension refuse the whole attachment; this entry ignored",
              at: path.appending(Key.urlID))
            continue
          }
          id = text
        }
        entries.append((url, id, path))
      }
      if entries.contains(where: { $0.id != nil }) {
        context.keep(
          Key.urls, urls, in: &keptMedia, extraOf: "airship", group: Key.mediaExtras,
          from: pointer.appending(Key.urls))
      }
    } else if let value = media[Key.url] {
      lazy var path = pointer.appending(Key.url)
      if let url = value.textValue {
        entries = [(url, nil, path)]
      } else if let list = value.arrayValue, list.allSatisfy({ $0.textValue != nil }) {
        entries = list.enumerated().map { ($1.textValue!, nil, path.appending($0)) }
      } else {
        refusedWhole = true
        context.reportWrongType(value, expected: "a string or an array of strings", at: path)
      }
    } else {
      refusedWhole = true
      context.report(
        .invalidValue, "a media attachment without 'url' or 'urls' attaches nothing", at: pointer)
    }
    for entry in entries {
      // The service extension keeps the URL's file name, so its extension decides the
      // kind; without one, the server's MIME type does (read as an image).
      context.sourceMap.record(
        JSONPointer("/media").appending(notification.media.count), from: entry.pointer)
      notification.media.append(
        MediaItem(url: entry.url, kind: MediaKind(url: entry.url) ?? .image))
    }
    for member in media where ![Key.url, Key.urls, Key.content].contains(member.key) {
      context.keep(
        member.key, member.value, in: &keptMedia, extraOf: "airship", group: Key.mediaExtras,
        from: pointer.appending(member.key),
        noting: "'\(member.key)' is not a key of the media attachment; kept verbatim",
        unless: Key.keptMediaKeys.contains(member.key))
    }
    if var options = keptMedia[Key.options]?.objectValue, let crop = options["crop"],
      !isValidCrop(crop)
    {
      context.report(
        .invalidValue,
        "'crop' needs 'x', 'y', 'width' and 'height' between 0 and 1, or the service extension attaches nothing; dropped",
        at: pointer.appending(Key.options).appending("crop"))
      options["crop"] = nil
      keptMedia[Key.options] = options.isEmpty ? nil : .object(options)
    }
    if let content = context.object(media[Key.content], at: pointer.appending(Key.content)) {
      if refusedWhole && entries.isEmpty {
        context.report(
          .invalidValue,
          "the service extension refuses this attachment, so its 'content' replaces none of the alert's texts; ignored",
          at: pointer.appending(Key.content))
      } else {
        readContentOverride(content, at: pointer.appending(Key.content), context: &context)
      }
    }
    if !keptMedia.isEmpty {
      kept.append(Key.mediaExtras, .object(keptMedia))
      context.sourceMap.record("/extras/airship/media_attachment", from: pointer)
    }
  }

  /// `content`: texts shown instead of the alert's once the media has loaded. The IR
  /// holds what the phone then shows; what the alert said is kept for airship. Without
  /// `mutable-content` the service extension does not run: the texts are read as meant,
  /// and said to be.
  private mutating func readContentOverride(
    _ content: JSONObject, at pointer: JSONPointer, context: inout ParseContext
  ) {
    let fields: [String: WritableKeyPath<PushNotification, IRText?>] = [
      "title": \.content.title, "subtitle": \.content.subtitle, "body": \.content.body,
    ]
    var replaced = JSONObject()
    for member in content {
      lazy var path = pointer.appending(member.key)
      guard let field = fields[member.key] else {
        context.report(
          .invalidValue, "'\(member.key)' is not a text the service extension replaces; ignored",
          at: path)
        continue
      }
      guard let text = context.text(member.value, at: path) else { continue }
      let before = notification[keyPath: field]
      if before != text {
        replaced.append(member.key, before.map { .string($0) } ?? .null)
        // What is kept is the alert's own text, where the alert gave it; the override
        // that replaces it is in the IR.
        let alertText = context.sourceMap.inputLocation(
          of: JSONPointer("/content").appending(member.key))
        context.recordExtra(member.key, of: "airship", in: Key.alertExtras, from: alertText ?? path)
        notification[keyPath: field] = text
        context.sourceMap.record(JSONPointer("/content").appending(member.key), from: path)
      }
    }
    if !replaced.isEmpty {
      kept.append(Key.alertExtras, .object(replaced))
      context.sourceMap.record("/extras/airship/alertWithoutMedia", from: pointer)
      if !notification.delivery.mutableContent {
        context.report(
          .incomplete,
          "'content' replaces the alert's texts in the service extension, which iOS runs only with 'aps.mutable-content': 1; read as meant, the texts shown with the media",
          at: pointer)
      }
    }
  }

  /// Whether `crop` has `x`, `y`, `width` and `height` between 0 and 1, as the service
  /// extension requires of it.
  private func isValidCrop(_ crop: JSONValue) -> Bool {
    ["x", "y", "width", "height"].allSatisfy { key in
      guard let value = crop[key]?.numberValue?.doubleValue else { return false }
      return value >= 0 && value <= 1
    }
  }
}
