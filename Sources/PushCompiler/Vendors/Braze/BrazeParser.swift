import PushIR

/// Lowers either form of a Braze push into the IR: the REST request (a root `messages`
/// without `aps`) or what the phone receives.
struct BrazeParser: PayloadParser {
  typealias Key = Braze.Key

  let root: JSONObject
  private var notification = PushNotification()
  private var kept = JSONObject()

  init(root: JSONObject) { self.root = root }

  mutating func parse(context: inout ParseContext) -> PushNotification {
    if root["aps"] == nil, root[Key.messages] != nil {
      readRequest(context: &context)
    } else {
      readDeviceForm(context: &context)
    }
    if !kept.isEmpty { notification.extras["braze"] = kept }
    return notification.take()
  }

  // MARK: The device form

  private mutating func readDeviceForm(context: inout ParseContext) {
    kept.append(PayloadForm.deviceFormHint, true)
    APSCodec.read(from: root, into: &notification, context: &context)
    let ab = context.object(root[Key.ab], at: "/ab")
    if ab?.isEmpty != false {
      context.reportMissingMarker(
        "no non-empty 'ab' dictionary: the Braze SDK does not take this push as its own (no link handling, no tracking)",
        at: root[Key.ab] == nil ? .root : "/ab")
    }
    var keptAB = JSONObject()
    for member in ab ?? JSONObject() {
      lazy var pointer = JSONPointer("/ab").appending(member.key)
      switch member.key {
      case Key.attachment:
        if let attachment = context.object(member.value, at: pointer) {
          readAttachment(attachment, at: pointer, context: &context)
        }
      case Key.buttonLinks:
        if let links = context.object(member.value, at: pointer) {
          readButtonLinks(links, at: pointer, context: &context)
        }
      case Key.campaign:
        guard member.value != .null else { continue }  // Braze's "no campaign"
        context.read(
          member.value, at: pointer, into: \.tracking.campaignID, of: &notification,
          irPath: "/tracking/campaignID")
      default:
        context.keep(
          member.key, member.value, in: &keptAB, extraOf: "braze", group: Key.abExtras,
          from: pointer,
          noting: "'ab.\(member.key)' is not a key the Braze SDK is known to read; kept verbatim",
          unless: ["ab_cd", "ab_carousel", "ab_sync_geos"].contains(member.key))
      }
    }
    if !keptAB.isEmpty {
      kept.append(Key.abExtras, .object(keptAB))
      context.sourceMap.record("/extras/braze/ab", from: "/ab")
    }
    readTap(
      uri: Key.tapURI, webView: Key.tapWebView, in: root, at: .root, webViewDefault: false,
      context: &context)
    for member in root where !["aps", Key.ab, Key.tapURI, Key.tapWebView].contains(member.key) {
      lazy var pointer = JSONPointer.root.appending(member.key)
      if Key.internalRootKeys.contains(member.key) {
        context.keep(member.key, member.value, in: &kept, extraOf: "braze", from: pointer)
      } else {
        context.keepAsCustomData(member, from: pointer, into: &notification)
      }
    }
  }

  /// `ab.att`: `url` and `type` (a file extension).
  private mutating func readAttachment(
    _ attachment: JSONObject, at pointer: JSONPointer, context: inout ParseContext
  ) {
    for member in attachment where ![Key.attachmentURL, Key.attachmentType].contains(member.key) {
      context.report(
        .invalidValue, "'\(member.key)' is not a key of 'ab.att'; ignored",
        at: pointer.appending(member.key))
    }
    readMedia(
      url: attachment[Key.attachmentURL], at: pointer.appending(Key.attachmentURL),
      type: attachment[Key.attachmentType], at: pointer.appending(Key.attachmentType),
      context: &context)
  }

  /// `ab.ab_cat`: per action id, `a_t`, `a_uri` and `a_use_webview`.
  private mutating func readButtonLinks(
    _ links: JSONObject, at pointer: JSONPointer, context: inout ParseContext
  ) {
    for member in links {
      lazy var path = pointer.appending(member.key)
      guard let entry = context.object(member.value, at: path) else { continue }
      readButton(
        entry, id: IRText(member.key), at: path,
        keys: (Key.buttonType, Key.buttonURI, Key.buttonWebView),
        webViewDefault: false, container: "'ab.ab_cat'", context: &context)
    }
  }

  // MARK: The REST request

  private mutating func readRequest(context: inout ParseContext) {
    var request = JSONObject()
    var applePush: (JSONObject, JSONPointer)?
    for member in root {
      lazy var pointer = JSONPointer.root.appending(member.key)
      switch member.key {
      case Key.messages:
        guard let messages = context.object(member.value, at: pointer) else { continue }
        var others = JSONObject()
        for entry in messages {
          if entry.key == Key.applePush {
            lazy var path = pointer.appending(entry.key)
            if let object = context.object(entry.value, at: path) { applePush = (object, path) }
          } else {
            context.keep(
              entry.key, entry.value, in: &others, extraOf: "braze", group: Key.messagesExtras,
              from: pointer.appending(entry.key))
          }
        }
        if !others.isEmpty {
          kept.append(Key.messagesExtras, .object(others))
          context.sourceMap.record("/extras/braze/messages", from: pointer)
        }
      case Key.campaignID:
        context.read(
          member.value, at: pointer, into: \.tracking.campaignID, of: &notification,
          irPath: "/tracking/campaignID")
      default:
        context.keep(
          member.key, member.value, in: &request, extraOf: "braze", group: Key.requestExtras,
          from: pointer)
      }
    }
    if !request.isEmpty {
      kept.append(Key.requestExtras, .object(request))
      context.sourceMap.record("/extras/braze/request", from: .root)
    }
    guard let (push, pointer) = applePush else {
      return context.reportMissingMarker(
        "no 'messages.apple_push': the request sends nothing to iOS",
        at: root[Key.messages] == nil ? .root : "/messages")
    }
    readApplePush(push, at: pointer, context: &context)
  }

  private mutating func readApplePush(
    _ push: JSONObject, at pointer: JSONPointer, context: inout ParseContext
  ) {
    var keptPush = JSONObject()
    var extra: (JSONObject, JSONPointer)?
    for member in push {
      lazy var path = pointer.appending(member.key)
      switch member.key {
      case Key.alert:
        if let alert = readAlert(member.value, at: path, context: &context),
          context.keep(
            Key.alert, .object(alert), in: &keptPush, extraOf: "braze", group: Key.applePushExtras,
            from: path)
        {
          context.recordExtras(
            alert, of: "braze", inGroupAt: .group(Key.applePushExtras, Key.alert), from: path)
        }
      case Key.badge:
        context.readBadge(member.value, at: path, into: &notification)
      case Key.sound:
        if let name = context.text(member.value, at: path) {
          notification.content.sound = NotificationSound(name: name)
          context.sourceMap.record("/content/sound", from: path)
        }
      case Key.extra:
        guard let object = context.object(member.value, at: path) else { continue }
        extra = (object, path)
        for entry in object where !Key.tapKeys.contains(entry.key) {
          lazy var entryPath = path.appending(entry.key)
          if Key.extraReserved.contains(entry.key) {
            context.report(
              .invalidValue, "Braze refuses a request whose 'extra' has '\(entry.key)'; ignored",
              at: entryPath)
          } else {
            context.keepAsCustomData(entry, from: entryPath, into: &notification)
          }
        }
      case Key.contentAvailable, Key.mutableContent:
        let on = context.flag(member.value, at: path) ?? false
        if member.key == Key.contentAvailable {
          notification.delivery.contentAvailable = on
          context.sourceMap.record("/delivery/contentAvailable", from: path)
        } else {
          notification.delivery.mutableContent = on
          context.sourceMap.record("/delivery/mutableContent", from: path)
        }
      case Key.interruptionLevel:
        context.read(
          member.value, at: path, into: \.content.interruptionLevel, of: &notification,
          irPath: "/content/interruptionLevel")
      case Key.relevanceScore:
        context.read(
          fraction: member.value, at: path, into: \.content.relevanceScore, of: &notification,
          irPath: "/content/relevanceScore")
      case Key.threadID:
        context.read(
          member.value, at: path, into: \.content.threadID, of: &notification,
          irPath: "/content/threadID")
      case Key.category:
        if let identifier = context.text(member.value, at: path), !identifier.isEmpty {
          notification.category = NotificationCategory(identifier: identifier)
          context.sourceMap.record("/category", from: path)
        }
      case Key.customURI, Key.useWebView, Key.assetURL, Key.assetType, Key.buttons:
        break  // read below, once the rest is known
      default:
        context.keep(
          member.key, member.value, in: &keptPush, extraOf: "braze", group: Key.applePushExtras,
          from: path, noting: "'\(member.key)' is not a key of Braze's 'apple_push'; kept verbatim",
          unless: Key.keptPushKeys.contains(member.key))
      }
    }
    if !keptPush.isEmpty {
      kept.append(Key.applePushExtras, .object(keptPush))
      context.sourceMap.record("/extras/braze/apple_push", from: pointer)
    }
    readTap(
      uri: Key.customURI, webView: Key.useWebView, in: push, at: pointer, webViewDefault: true,
      context: &context)
    if let (object, path) = extra {
      readTapInExtra(
        object, at: path, besideCustomURI: push[Key.customURI] != nil, context: &context)
    }
    if push[Key.assetURL] != nil || push[Key.assetType] != nil {
      readMedia(
        url: push[Key.assetURL], at: pointer.appending(Key.assetURL),
        type: push[Key.assetType], at: pointer.appending(Key.assetType), context: &context)
    }
    if let buttons = push[Key.buttons] {
      readButtons(buttons, at: pointer.appending(Key.buttons), context: &context)
    }
  }

  /// `extra.ab_uri` with `extra.ab_use_webview`: Braze writes `extra` at the root of what
  /// the phone receives, where the SDK reads them as the tap's link, as in the device
  /// form. Beside `custom_uri`, which Braze writes there too (and which of the two the
  /// phone keeps is not documented), `custom_uri` is read and these are reported.
  private mutating func readTapInExtra(
    _ extra: JSONObject, at pointer: JSONPointer, besideCustomURI: Bool,
    context: inout ParseContext
  ) {
    guard besideCustomURI else {
      return readTap(
        uri: Key.tapURI, webView: Key.tapWebView, in: extra, at: pointer, webViewDefault: false,
        context: &context)
    }
    for key in [Key.tapURI, Key.tapWebView] where extra[key] != nil {
      context.report(
        .conflictingValues,
        "'extra.\(key)' lands at the root of what the phone receives, where Braze also writes '\(Key.customURI)' as the tap's link, and which one the phone keeps is not documented; '\(Key.customURI)' is read, 'extra.\(key)' ignored",
        at: pointer.appending(key))
    }
  }

  /// `alert`: a string (the body) or an object with underscored keys. Returns the members
  /// kept verbatim (a Live Activity `sound`, unknown ones); a string `action_loc_key` is
  /// kept as `aps.alert.action-loc-key`.
  private mutating func readAlert(
    _ value: JSONValue, at pointer: JSONPointer, context: inout ParseContext
  ) -> JSONObject? {
    if let body = value.textValue {
      notification.content.body = body
      context.sourceMap.record("/content/body", from: pointer)
      return nil
    }
    guard let alert = value.objectValue else {
      context.reportWrongType(value, expected: "a string or an object", at: pointer)
      return nil
    }
    let texts: [(String, WritableKeyPath<PushNotification, IRText?>, JSONPointer)] = [
      ("title", \.content.title, "/content/title"), ("body", \.content.body, "/content/body"),
    ]
    let localized:
      [(String, String, WritableKeyPath<NotificationContent, LocalizedText?>, JSONPointer)] = [
        ("title_loc_key", "title_loc_args", \.titleLocalization, "/content/titleLocalization"),
        ("loc_key", "loc_args", \.bodyLocalization, "/content/bodyLocalization"),
      ]
    var keptAlert = JSONObject()
    for member in alert {
      lazy var path = pointer.appending(member.key)
      if let text = texts.first(where: { $0.0 == member.key }) {
        context.read(member.value, at: path, into: text.1, of: &notification, irPath: text.2)
      } else if let entry = localized.first(where: { $0.0 == member.key }) {
        guard let key = context.text(member.value, at: path) else { continue }
        let args = alert[entry.1]
        let arguments = args?.arrayValue?.compactMap(\.textValue)
        if let args, args.arrayValue?.allSatisfy({ $0.textValue != nil }) != true {
          context.reportWrongType(
            args, expected: "an array of strings", at: pointer.appending(entry.1))
        }
        notification.content[keyPath: entry.2] = LocalizedText(key: key, arguments: arguments ?? [])
        context.sourceMap.record(entry.3, from: path)
      } else if localized.contains(where: { $0.1 == member.key }) {
        if alert[localized.first { $0.1 == member.key }!.0] == nil {
          context.report(
            .invalidValue, "'\(member.key)' without its key has nothing to format; ignored",
            at: path)
        }
      } else if member.key == Key.actionLocKey, case .string = member.value {
        // APNs's `alert.action-loc-key`: kept where the shared codec keeps it, so that the
        // device form and other formats write it too.
        var aps = notification.extras[APSCodec.extrasKey] ?? JSONObject()
        var apsAlert = aps["alert"]?.objectValue ?? JSONObject()
        apsAlert["action-loc-key"] = member.value
        aps["alert"] = .object(apsAlert)
        notification.extras[APSCodec.extrasKey] = aps
        context.recordExtra("action-loc-key", of: APSCodec.extrasKey, in: "alert", from: path)
      } else {
        if !["action_loc_key", "sound"].contains(member.key) {
          context.report(
            .unknownKey,
            "'alert.\(member.key)' is not a key of Braze's alert object; kept verbatim",
            at: path)
        }
        keptAlert.append(member.key, member.value)
      }
    }
    return keptAlert.isEmpty ? nil : keptAlert
  }

  /// `buttons`: per action id, `action`, `uri` and `use_webview`.
  private mutating func readButtons(
    _ value: JSONValue, at pointer: JSONPointer, context: inout ParseContext
  ) {
    for (index, element) in (context.array(value, at: pointer) ?? []).enumerated() {
      lazy var path = pointer.appending(index)
      guard let button = context.object(element, at: path) else { continue }
      guard let id = context.text(button[Key.actionID], at: path.appending(Key.actionID)) else {
        context.report(
          .invalidButton, "a button without an 'action_id' applies to no button; ignored", at: path)
        continue
      }
      readButton(
        button, id: id, at: path, keys: (Key.action, Key.uri, Key.useWebView),
        webViewDefault: true, container: "'buttons'", context: &context, also: [Key.actionID])
    }
  }

  // MARK: Shared by both forms

  /// The tap: `uri` (a link) with the web-view flag `webView`, in `object` at `pointer`.
  private mutating func readTap(
    uri: String, webView: String, in object: JSONObject, at pointer: JSONPointer,
    webViewDefault: Bool, context: inout ParseContext
  ) {
    lazy var uriPointer = pointer.appending(uri)
    let flag = BrazeLink.flag(object[webView], at: pointer.appending(webView), context: &context)
    guard let link = context.text(object[uri], at: uriPointer) else {
      if flag != nil {
        context.report(
          .invalidValue, "'\(webView)' without '\(uri)' opens nothing; ignored",
          at: pointer.appending(webView))
      }
      return
    }
    guard !link.isEmpty else {
      return context.report(
        .invalidValue, "an empty '\(uri)' opens nothing; ignored", at: uriPointer)
    }
    notification.defaultAction = .openURL(
      link, BrazeLink.destination(of: link, webView: flag ?? webViewDefault))
    context.sourceMap.record("/defaultAction", from: uriPointer)
  }

  /// One media item from a URL and a file-extension type.
  private mutating func readMedia(
    url: JSONValue?, at urlPointer: JSONPointer, type: JSONValue?, at typePointer: JSONPointer,
    context: inout ParseContext
  ) {
    let type = context.text(type, at: typePointer)
    guard let url = context.text(url, at: urlPointer) else {
      if type != nil {
        context.report(
          .invalidValue,
          "'\(typePointer.tokens.last!)' without '\(urlPointer.tokens.last!)' names no media; ignored",
          at: typePointer)
      }
      return
    }
    let item = MediaItem(
      url: url, kind: type.flatMap(MediaKind.init(typeHint:)) ?? MediaKind(url: url) ?? .image,
      typeHint: type)
    if type == nil {
      context.report(
        .incomplete,
        "'\(urlPointer.tokens.last!)' without '\(typePointer.tokens.last!)': Braze needs the file type; read as \(item.kind.rawValue) from the URL",
        at: urlPointer, notes: ["a braze output writes both"])
    }
    notification.media = [item]
    context.sourceMap.record("/media/0", from: urlPointer)
  }

  /// One button's entry: its click-action type, URI and web-view flag under `keys`
  /// (other members than these and `also` are reported), as a target of button `id`.
  private mutating func readButton(
    _ entry: JSONObject, id: IRText, at path: JSONPointer,
    keys: (type: String, uri: String, webView: String), webViewDefault: Bool, container: String,
    context: inout ParseContext, also: Set<String> = []
  ) {
    for key in entry.keys
    where ![keys.type, keys.uri, keys.webView].contains(key) && !also.contains(key) {
      context.report(
        .invalidValue, "'\(key)' is not a key of \(container) entries; ignored",
        at: path.appending(key))
    }
    let type = readButtonType(entry[keys.type], at: path.appending(keys.type), context: &context)
    let uri = context.text(entry[keys.uri], at: path.appending(keys.uri))
    let webView = BrazeLink.flag(
      entry[keys.webView], at: path.appending(keys.webView), context: &context)
    addTarget(
      actionID: id,
      BrazeLink.buttonAction(
        type: type, uri: uri, webView: webView, webViewDefault: webViewDefault),
      at: path, container: container, context: &context)
  }

  /// A button's click-action type, or `nil` (reported when it is not one).
  private func readButtonType(
    _ value: JSONValue?, at pointer: JSONPointer, context: inout ParseContext
  ) -> BrazeLink.ButtonType? {
    guard let text = context.text(value, at: pointer) else { return nil }
    guard let type = BrazeLink.ButtonType(spelled: text) else {
      context.report(
        .invalidValue,
        "unknown click action '\(text)' (expected 'OPEN_APP', 'URI', 'DEEP_LINK' or 'CLOSE'); ignored",
        at: pointer)
      return nil
    }
    return type
  }

  /// Adds what button `actionID` does to the category, when the payload names one and
  /// (for Braze's own categories) the button exists and takes such an action.
  private mutating func addTarget(
    actionID: IRText, _ result: Result<NotificationAction, BrazeLink.ButtonProblem>,
    at pointer: JSONPointer, container: String, context: inout ParseContext
  ) {
    let action: NotificationAction
    switch result {
    case .success(let found): action = found
    case .failure(.noAction):
      return context.report(
        .invalidValue, "button '\(actionID)' has neither a click action nor a URI; ignored",
        at: pointer)
    case .failure(.missingURI(let type)):
      return context.report(
        .invalidValue,
        "button '\(actionID)' has a '\(type.rawValue)' action without a URI; ignored",
        at: pointer)
    }
    guard let category = notification.category else {
      return context.report(
        .invalidValue, "\(container) without a category applies to no button; ignored", at: pointer)
    }
    if let refusal = PredefinedCategory.named(category.identifier, vendor: "braze")?.refusal(
      of: action, for: actionID)
    {
      return context.report(.invalidValue, refusal + "; ignored", at: pointer)
    }
    notification.category?.actionTargets.append(.init(actionID: actionID, action: action))
    context.sourceMap.record(
      JSONPointer("/category/actionTargets").appending(
        notification.category!.actionTargets.count - 1),
      from: pointer)
  }
}
