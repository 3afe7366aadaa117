import PushIR

/// Writes an Airship payload: `aps`, the send id `_`, the tap's actions at the root, the
/// media attachment (with the texts that replace the alert's when it loads), the
/// buttons' action maps, Airship's kept keys, then the app's data.
struct AirshipEmitter: PayloadEmitter {
  typealias Key = Airship.Key

  let notification: PushNotification

  func emit(context: inout EmitContext) -> JSONValue {
    var kept = notification.extras["airship"] ?? JSONObject()
    let tapSpelling = kept.removeValue(forKey: Key.tapSpellingHint)?.stringValue
    let spellings = kept.removeValue(forKey: Key.spellingHint)?.objectValue ?? JSONObject()
    var tapLandingPage = kept.removeValue(forKey: Key.tapLandingPageExtras)?.objectValue
    var landingPages = kept.removeValue(forKey: Key.landingPageExtras)?.objectValue ?? JSONObject()
    context.reportUnwrittenTracking(notification.tracking, written: [.notificationID])
    context.reportForeignExtras(notification, keeping: ["airship", APSCodec.extrasKey])
    context.noteRegisteredCategory(of: notification, vendor: "airship")

    let (shown, replacing) = alertTexts(kept: kept, context: &context)
    let aps = APSCodec.write(shown, category: notification.category?.identifier, context: &context)
    // What follows the send id, written first: whether it marks the push as Airship's
    // decides whether the send id is derived.
    var rest = JSONObject()
    if let metadata = kept[Key.metadata] { rest.append(Key.metadata, metadata) }
    writeTap(
      into: &rest, kept: kept, spelling: tapSpelling, landingPage: &tapLandingPage,
      context: &context)
    if let media = mediaAttachment(kept: kept, replacing: replacing, context: &context) {
      rest.append(Key.media, .object(media))
    }
    let maps = buttonMaps(
      kept: kept, spellings: spellings, landingPages: &landingPages, context: &context)
    if !maps.isEmpty { rest.append(Key.buttonActions, .object(maps)) }
    if let tapLandingPage {
      reportUnused(
        .object(tapLandingPage), of: "the tap action", at: "/extras/airship/tapLandingPageSettings",
        context: &context)
    }
    for member in landingPages {
      reportUnused(
        member.value, of: "button '\(member.key)'",
        at: JSONPointer("/extras/airship/landingPageSettings").appending(member.key),
        context: &context)
    }
    context.appendKept(
      JSONObject(
        kept.filter {
          $0.key != Key.metadata && ($0.key == Key.messageID || $0.key.hasPrefix(Key.prefix))
        }), into: &rest, from: "/extras/airship"
    ) { "'\($0)'" }
    context.writeCustomData(
      notification, into: &rest,
      reserved: Set(AirshipActions.Opening.allCases.flatMap(\.names)).union(
        AirshipActions.sideEffectNames
      ).union(["aps", Key.sendID, Key.messageID]),
      reservedPrefixes: [Key.prefix])

    var root = JSONObject()
    root.append("aps", .object(aps))
    if let id = sendID(markedBy: Airship.markers.anyPresent(in: rest), context: &context) {
      root.append(Key.sendID, id)
    }
    for member in rest { root.append(member.key, member.value) }
    return .object(root)
  }

  /// The notification whose texts `aps.alert` shows, and the texts the media attachment
  /// shows instead once loaded: where the source's attachment replaced the alert's
  /// texts (kept `alertWithoutMedia`) and there still is media, the alert gets its own
  /// texts back and the attachment the IR's.
  private func alertTexts(kept: JSONObject, context: inout EmitContext) -> (
    PushNotification, JSONObject
  ) {
    guard let before = kept[Key.alertExtras]?.objectValue else {
      return (notification, JSONObject())
    }
    guard !notification.media.isEmpty else {
      context.report(
        .droppedExtra,
        "the alert's own texts \(before.keys.map { "'\($0)'" }.joined(separator: ", ")), shown when the media does not load, dropped: there is no media",
        at: "/extras/airship/alertWithoutMedia")
      return (notification, JSONObject())
    }
    var shown = notification
    var replacing = JSONObject()
    let fields: [(String, WritableKeyPath<NotificationContent, IRText?>)] = [
      ("title", \.title), ("subtitle", \.subtitle), ("body", \.body),
    ]
    for (key, field) in fields {
      guard let value = before[key] else { continue }
      guard let text = notification.content[keyPath: field] else {
        context.report(
          .droppedExtra,
          "the alert's own \(key), shown when the media does not load (\(JSONWriter(style: .compact).string(value))), dropped: the IR has no \(key) for the attachment to show instead",
          at: JSONPointer("/extras/airship/alertWithoutMedia").appending(key))
        continue
      }
      replacing.append(key, .string(text))
      shown.content[keyPath: field] = value.textValue
    }
    return (shown, replacing)
  }

  /// The tap's opening action, then its kept side effects, at the root.
  private func writeTap(
    into root: inout JSONObject, kept: JSONObject, spelling: String?,
    landingPage: inout JSONObject?, context: inout EmitContext
  ) {
    var opens = false
    if let action = notification.defaultAction, action != .openApp,
      let entry = AirshipActions.Opening.entry(for: action, spelling: spelling)
    {
      root.append(
        entry.name,
        argument(entry.value, of: action) {
          defer { landingPage = nil }
          return landingPage
        })
      opens = true
    }
    context.appendKept(
      keptActions(
        kept[Key.tapActionsExtras]?.objectValue ?? JSONObject(), after: opens, of: "the tap",
        from: "/extras/airship/actions", context: &context),
      into: &root, from: "/extras/airship/actions"
    ) { "tap action '\($0)'" }
  }

  /// The kept actions of a map: all of them after an opening action the IR's own; else
  /// the side effects only, since a kept opening action would then be the one taken
  /// (each dropped one is reported).
  private func keptActions(
    _ kept: JSONObject, after opening: Bool, of subject: String, from path: JSONPointer,
    context: inout EmitContext
  ) -> JSONObject {
    guard !opening else { return kept }
    var sideEffects = JSONObject()
    for member in kept {
      guard AirshipActions.Opening(named: member.key) != nil else {
        sideEffects.append(member.key, member.value)
        continue
      }
      context.report(
        .droppedExtra,
        "kept '\(member.key)' would be what \(subject) opens, which the IR does not say; dropped",
        at: path.appending(member.key))
    }
    return sideEffects
  }

  /// `com.urbanairship.media_attachment`: the URLs (`urls` with their ids when the
  /// source had them for the same URLs, else `url`), the kept keys, and `content`.
  private func mediaAttachment(
    kept: JSONObject, replacing: JSONObject, context: inout EmitContext
  ) -> JSONObject? {
    guard !notification.media.isEmpty else {
      if let keys = kept[Key.mediaExtras]?.objectValue?.keys, !keys.isEmpty {
        context.report(
          .droppedExtra,
          "the media attachment's \(keys.map { "'\($0)'" }.joined(separator: ", ")) dropped: there is no media",
          at: "/extras/airship/media_attachment")
      }
      return nil
    }
    var keptMedia = kept[Key.mediaExtras]?.objectValue ?? JSONObject()
    let urls = notification.media.map(\.url)
    var attachment = JSONObject()
    if let keptURLs = keptMedia.removeValue(forKey: Key.urls) {
      let keptList = (keptURLs.arrayValue ?? []).compactMap { $0[Key.url]?.textValue }
      if keptList == urls {
        attachment.append(Key.urls, keptURLs)
      } else {
        context.report(
          .droppedExtra, "the attachment ids of 'urls' dropped: the media are not the same",
          at: "/extras/airship/media_attachment/urls")
      }
    }
    if attachment.isEmpty {
      attachment.append(
        Key.url, urls.count == 1 ? .string(urls[0]) : .array(urls.map { .string($0) }))
    }
    for member in keptMedia { attachment.append(member.key, member.value) }
    if !replacing.isEmpty { attachment.append(Key.content, .object(replacing)) }
    for (index, item) in notification.media.enumerated() {
      context.reportKindTakenFromURL(of: item, at: index)
    }
    if let presentation = notification.mediaPresentation {
      context.report(
        .droppedField,
        "airship has no '\(presentation.rawValue)': the service extension attaches all \(urls.count) items and iOS shows the first",
        at: "/mediaPresentation")
    }
    return attachment
  }

  /// `com.urbanairship.interactive_actions`: per button, its opening action (from the
  /// category's action targets) before the kept side effects.
  private func buttonMaps(
    kept: JSONObject, spellings: JSONObject, landingPages: inout JSONObject,
    context: inout EmitContext
  ) -> JSONObject {
    let keptMaps = kept[Key.buttonActionsExtras]?.objectValue ?? JSONObject()
    var maps = JSONObject()
    guard notification.category != nil else {
      if !keptMaps.isEmpty {
        context.report(
          .droppedExtra,
          "the kept button actions of \(keptMaps.keys.map { "'\($0)'" }.joined(separator: ", ")) dropped: there is no category to apply them to",
          at: "/extras/airship/buttonActions")
      }
      return maps
    }
    let targets =
      notification.category.map {
        context.writableTargets(of: $0, vendor: "airship", dialDestination: .browser)
      } ?? []
    for (actionID, action, path, button) in targets {
      // What the registered button does by itself needs no action.
      if button?.action == action { continue }
      guard
        let entry = AirshipActions.Opening.entry(
          for: action, spelling: spellings[actionID.string]?.stringValue)
      else {
        context.report(
          .droppedAction,
          "airship cannot say that category action '\(actionID)' should \(action.phrase); the app's registration decides",
          at: path)
        continue
      }
      var map = JSONObject([
        .init(
          key: entry.name,
          value: argument(entry.value, of: action) {
            landingPages.removeValue(forKey: actionID.string)?.objectValue
          })
      ])
      for member in keptMaps[actionID.string]?.objectValue ?? JSONObject()
      where map[member.key] == nil {
        map.append(member.key, member.value)
      }
      maps.append(actionID.string, .object(map))
    }
    for member in keptMaps where maps[member.key] == nil {
      let path = JSONPointer("/extras/airship/buttonActions").appending(member.key)
      let map = keptActions(
        member.value.objectValue ?? JSONObject(), after: false,
        of: "category action '\(member.key)'", from: path, context: &context)
      if !map.isEmpty || member.value.objectValue?.isEmpty == true {
        maps.append(member.key, .object(map))
      }
    }
    return maps
  }

  /// Reports the kept landing page settings of `map` (as a message names it) that no
  /// landing page was written with.
  private func reportUnused(
    _ settings: JSONValue, of map: String, at path: JSONPointer, context: inout EmitContext
  ) {
    context.report(
      .droppedExtra,
      "the landing page settings \(JSONWriter(style: .compact).string(settings)) of \(map) dropped: it opens no landing page",
      at: path)
  }

  /// The argument of the opening action taking `action`: the text, or for a landing page
  /// an object with the map's kept settings, which `takeSettings` hands over (using them
  /// up) only then.
  private func argument(
    _ text: IRText, of action: NotificationAction, takeSettings: () -> JSONObject?
  ) -> JSONValue {
    guard case .openURL(_, .webView) = action else { return .string(text) }
    return AirshipActions.argument(text, settings: takeSettings())
  }
}

extension AirshipEmitter {
  /// The send id `_`: given with `--set`, the notification's, or from `--defaults`; else
  /// derived from the content unless something else written (`marked`: a
  /// `com.urbanairship.metadata` string, a media attachment, button actions, as
  /// ``Airship/markers`` types them) marks the push as Airship's, since the SDK ignores a
  /// push without its marker.
  private func sendID(markedBy marked: Bool, context: inout EmitContext) -> JSONValue? {
    let current = notification.tracking.notificationID.map { JSONValue.string($0) }
    guard !marked else { return context.value(of: Self.sendIDField, current: current) }
    return context.value(
      of: Self.sendIDField, current: current,
      derived: { .string(StableHash.derivedID(of: notification)) })
  }

  /// The send id, `_`.
  static let sendIDField = TargetField(
    names: [Airship.Key.sendID], output: "/_", irPath: "/tracking/notificationID",
    meaning: "the send id Airship reports the push under", isRequired: false)
}
