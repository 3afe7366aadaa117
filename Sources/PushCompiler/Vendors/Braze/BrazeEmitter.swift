import PushIR

/// Writes a Braze push: the REST request by default, or with `--option device-form` (or
/// a device-form source) what the phone receives.
struct BrazeEmitter: PayloadEmitter {
  typealias Key = Braze.Key

  let notification: PushNotification

  func emit(context: inout EmitContext) -> JSONValue {
    var kept = notification.extras["braze"] ?? JSONObject()
    let deviceForm = context.writesDeviceForm(
      sourceWasDeviceForm: kept.removeValue(forKey: PayloadForm.deviceFormHint) == true)
    context.reportUnwrittenTracking(notification.tracking, written: [.campaignID])
    var options: BrazeSendOptions?
    if deviceForm {
      context.refuseRequestSetting(Self.bodyField, giving: Braze.bodyPurpose)
      context.reportForeignExtras(notification, keeping: ["braze", APSCodec.extrasKey])
    } else {
      // The request takes the APNs headers other formats kept as its send options.
      let read = BrazeSendOptions(
        reading: notification, kept: Set(kept[Key.applePushExtras]?.objectValue?.keys ?? []),
        context: &context)
      context.reportForeignExtras(
        read.unread ?? notification, keeping: ["braze", APSCodec.extrasKey])
      options = read
    }
    context.noteRegisteredCategory(of: notification, vendor: "braze")
    return deviceForm
      ? writeDeviceForm(kept: kept, context: &context)
      : writeRequest(kept: kept, options: options?.members ?? JSONObject(), context: &context)
  }

  // MARK: The device form

  private func writeDeviceForm(kept: JSONObject, context: inout EmitContext) -> JSONValue {
    var root = JSONObject()
    root.append(
      "aps",
      .object(
        APSCodec.write(notification, category: notification.category?.identifier, context: &context)
      ))
    var ab = JSONObject()
    if let item = notification.media.first {
      ab.append(
        Key.attachment,
        [
          Key.attachmentURL: .string(item.url),
          Key.attachmentType: .string(fileType(of: item, context: &context)),
        ])
    }
    let links = buttonLinks(context: &context) { written in
      var entry = JSONObject()
      entry.append(Key.buttonType, .string(written.type.rawValue))
      entry.appendIfPresent(Key.buttonURI, written.uri)
      if written.webView == true { entry.append(Key.buttonWebView, true) }
      return .object(entry)
    }
    if !links.isEmpty { ab.append(Key.buttonLinks, .object(links)) }
    context.appendKept(
      kept[Key.abExtras]?.objectValue ?? JSONObject(), into: &ab,
      from: JSONPointer("/extras/braze").appending(Key.abExtras), taken: [Key.campaign]
    ) { "'ab.\($0)'" }
    // Braze sends `c` on every push, `null` when there is no campaign.
    ab.append(Key.campaign, notification.tracking.campaignID.map { .string($0) } ?? .null)
    root.append(Key.ab, .object(ab))
    if let (url, webView) = tapLink(context: &context) {
      root.append(Key.tapURI, .string(url))
      if webView { root.append(Key.tapWebView, true) }
    }
    for member in kept where Key.internalRootKeys.contains(member.key) {
      root.append(member.key, member.value)
    }
    let requestOnly: [(name: String, what: String)] = [
      (Key.requestExtras, "keys of the REST request"),
      (Key.messagesExtras, "messages of the REST request for other platforms"),
      (Key.applePushExtras, "send options of 'apple_push'"),
    ]
    for (name, what) in requestOnly {
      // The request's campaign id is the IR's, written as `ab.c`.
      let keys = (kept[name]?.objectValue?.keys ?? []).filter {
        name != Key.requestExtras || $0 != Key.campaignID
      }
      guard !keys.isEmpty else { continue }
      context.report(
        .droppedExtra,
        "\(keys.map { "'\($0)'" }.joined(separator: ", ")) (\(what)) have no place in what the phone receives; dropped",
        at: JSONPointer("/extras/braze").appending(name))
    }
    context.writeCustomData(notification, into: &root, reserved: Key.deviceReserved)
    return .object(root)
  }

  // MARK: The REST request

  private func writeRequest(kept: JSONObject, options: JSONObject, context: inout EmitContext)
    -> JSONValue
  {
    var push = JSONObject()
    let keptAlert = kept[Key.applePushExtras]?[Key.alert]?.objectValue
    // APNs's `alert.action-loc-key` is the request's `alert.action_loc_key`.
    let actionLocKey = notification.extras[APSCodec.extrasKey]?["alert"]?["action-loc-key"]
    let writesActionLocKey = actionLocKey?.textValue != nil && keptAlert?[Key.actionLocKey] == nil
    let content = notification.content
    // What `alert` writes besides the body decides, before the body is looked for,
    // whether the alert is the body itself (a string); a kept `body` gives way to it.
    let bodyIsAlertAlone =
      content.title == nil && content.titleLocalization == nil
      && content.bodyLocalization == nil && !writesActionLocKey
      && (keptAlert?.keys.allSatisfy { $0 == "body" } ?? true)
    if let alert = alert(
      body: alertBody(isAlertAlone: bodyIsAlertAlone, context: &context),
      actionLocKey: writesActionLocKey ? actionLocKey : nil, kept: keptAlert, context: &context)
    {
      push.append(Key.alert, alert)
    }
    if let badge = content.badge { push.append(Key.badge, .number(badge)) }
    if let sound = content.sound { push.append(Key.sound, .string(sound.name)) }
    if notification.delivery.contentAvailable { push.append(Key.contentAvailable, true) }
    if notification.delivery.mutableContent { push.append(Key.mutableContent, true) }
    push.appendIfPresent(Key.interruptionLevel, content.interruptionLevel)
    if let score = content.relevanceScore { push.append(Key.relevanceScore, .number(score)) }
    push.appendIfPresent(Key.threadID, content.threadID)
    if let category = notification.category {
      push.append(Key.category, .string(category.identifier))
      let isDefault = PredefinedCategory.named(category.identifier, vendor: "braze") != nil
      let links = buttonLinks(context: &context) { written -> JSONValue? in
        guard isDefault || written.uri != nil else { return nil }
        var entry = JSONObject()
        entry.append(Key.action, .string(written.type.rawValue))
        entry.appendIfPresent(Key.uri, written.uri)
        if let webView = written.webView { entry.append(Key.useWebView, .bool(webView)) }
        return .object(entry)
      }
      if !links.isEmpty {
        push.append(
          Key.buttons,
          .array(
            links.map { member in
              var entry = JSONObject([.init(key: Key.actionID, value: .string(member.key))])
              for field in member.value.objectValue! { entry.append(field.key, field.value) }
              return .object(entry)
            }))
      }
    }
    if let (url, webView) = tapLink(context: &context) {
      push.append(Key.customURI, .string(url))
      // The REST API opens web links in a web view unless told otherwise.
      if BrazeLink.isWeb(url) { push.append(Key.useWebView, .bool(webView)) }
    }
    if let item = notification.media.first {
      push.append(Key.assetURL, .string(item.url))
      push.append(Key.assetType, .string(fileType(of: item, context: &context)))
    }
    // `extra` lands at the root of what the phone receives: the names the device form
    // keeps for Braze (`ab_uri` is the tap's link there) are as much Braze's own here.
    var extra = JSONObject()
    context.writeCustomData(notification, into: &extra, reserved: Key.deviceReserved)
    if !extra.isEmpty { push.append(Key.extra, .object(extra)) }
    var keptPush = kept[Key.applePushExtras]?.objectValue ?? JSONObject()
    keptPush[Key.alert] = nil  // written into the alert above
    context.appendKept(
      keptPush, into: &push, from: JSONPointer("/extras/braze").appending(Key.applePushExtras)
    ) { "'apple_push.\($0)'" }
    for member in options where push[member.key] == nil { push.append(member.key, member.value) }
    reportWhatTheRequestCannotSay(
      kept: kept, writesActionLocKey: writesActionLocKey, context: &context)

    var request = JSONObject()
    var keptRequest = kept[Key.requestExtras]?.objectValue ?? JSONObject()
    // The IR's campaign id is the value (the parser keeps none of its own): a kept one
    // saying the same is no clash.
    let campaign = notification.tracking.campaignID.map { JSONValue.string($0) }
    if keptRequest[Key.campaignID] == campaign { keptRequest[Key.campaignID] = nil }
    context.appendKept(
      keptRequest, into: &request, from: JSONPointer("/extras/braze").appending(Key.requestExtras),
      taken: [Key.campaignID, Key.messages]
    ) { "'\($0)'" }
    if let campaign { request.append(Key.campaignID, campaign) }
    var messages = JSONObject()
    context.appendKept(
      kept[Key.messagesExtras]?.objectValue ?? JSONObject(), into: &messages,
      from: JSONPointer("/extras/braze").appending(Key.messagesExtras), taken: [Key.applePush]
    ) { "'messages.\($0)'" }
    messages.append(Key.applePush, .object(push))
    request.append(Key.messages, .object(messages))
    return .object(request)
  }

  /// The alert's text: the IR's body, or the one `--set` or `--defaults` gives. The REST
  /// API refuses a push whose alert has no body unless content-available is set, so
  /// without one that is an `emit.missing-field` error; a silent push is given none.
  /// Where the body is all the alert holds (`isAlertAlone`), the alert is written as that
  /// string, so a note on where the body came from names `alert`, which holds it.
  private func alertBody(isAlertAlone: Bool, context: inout EmitContext) -> IRText? {
    let body = notification.content.body
    var field = Self.bodyField
    field.isRequired = !notification.delivery.contentAvailable
    let given = context.settings[field.name] ?? context.defaults[field.name]
    guard field.isRequired || context.settings[field.name] != nil else { return body }
    // A body missing is still named as the member the request lacks.
    if isAlertAlone, body != nil || given != nil { field.output = Self.alertAsBodyOutput }
    return context.value(of: field, current: body.map { .string($0) })?.textValue
  }

  /// `alert`: a string when there is only a body, else an object with underscored keys,
  /// `action_loc_key` (APNs's `action-loc-key`) and the kept members (a Live Activity
  /// `sound`).
  private func alert(
    body: IRText?, actionLocKey: JSONValue?, kept: JSONObject?, context: inout EmitContext
  ) -> JSONValue? {
    let content = notification.content
    var alert = JSONObject()
    alert.appendIfPresent("title", content.title)
    alert.appendIfPresent("body", body)
    for (key, args, text) in [
      ("title_loc_key", "title_loc_args", content.titleLocalization),
      ("loc_key", "loc_args", content.bodyLocalization),
    ] {
      guard let text else { continue }
      alert.append(key, .string(text.key))
      if !text.arguments.isEmpty { alert.append(args, .array(text.arguments.map { .string($0) })) }
    }
    if let actionLocKey { alert.append(Key.actionLocKey, actionLocKey) }
    context.appendKept(
      kept ?? JSONObject(), into: &alert,
      from: JSONPointer("/extras/braze").appending(Key.applePushExtras).appending(Key.alert)
    ) { "'apple_push.alert.\($0)'" }
    guard alert.keys != ["body"] else {
      // The alert is the body itself: a body given in the IR's place is written there.
      if let given = context.givenBody {
        context.givenBody = GivenBody(
          name: given.name, text: given.text, source: given.source,
          output: Self.alertAsBodyOutput)
      }
      return alert["body"]
    }
    return alert.isEmpty ? nil : .object(alert)
  }

  /// The request carries the alert's title, body and their localizations, a sound name,
  /// the badge and a few `aps` keys; the rest of `aps` only the device form has.
  private func reportWhatTheRequestCannotSay(
    kept: JSONObject, writesActionLocKey: Bool, context: inout EmitContext
  ) {
    let note = PayloadForm.deviceFormNote
    var unwritten = notification
    if writesActionLocKey, var aps = unwritten.extras[APSCodec.extrasKey],
      var alert = aps["alert"]?.objectValue
    {
      alert["action-loc-key"] = nil
      aps["alert"] = alert.isEmpty ? nil : .object(alert)
      unwritten.extras[APSCodec.extrasKey] = aps.isEmpty ? nil : aps
    }
    context.reportContentOutsideRequest(
      unwritten,
      carried: [
        "title", "body", "titleLocalization", "bodyLocalization", "sound", "badge", "threadID",
        "interruptionLevel", "relevanceScore",
      ], request: "braze's REST request")
    if let sound = notification.content.sound, sound.isCritical || sound.volume != nil {
      context.report(
        .droppedField,
        "braze's REST request takes a sound name only; the critical alert settings of '\(sound.name)' are dropped",
        at: "/content/sound", notes: [note])
    }
    for member in kept where member.key == Key.abExtras || Key.internalRootKeys.contains(member.key)
    {
      let keys =
        member.key == Key.abExtras
        ? (member.value.objectValue?.keys ?? []).map { "'ab.\($0)'" }.joined(separator: ", ")
        : "'\(member.key)'"
      context.report(
        .droppedExtra, "\(keys) of the device form have no place in the REST request; dropped",
        at: JSONPointer("/extras/braze").appending(member.key),
        notes: ["--option \(PayloadForm.deviceFormOption) keeps them"])
    }
  }

  // MARK: Shared by both forms

  /// The tap's link and web-view flag, reporting where the SDK opens it otherwise than
  /// the IR says.
  private func tapLink(context: inout EmitContext) -> (url: IRText, webView: Bool)? {
    guard case .openURL(let url, let destination)? = notification.defaultAction else { return nil }
    let (webView, opens) = BrazeLink.tapFlag(for: url, destination)
    if opens != destination {
      context.report(
        .changedAction,
        "the tap action " + BrazeLink.change(of: url, meant: destination, opens: opens),
        at: "/defaultAction")
    }
    return (url, webView)
  }

  /// Each category action target written by `entry` (which may refuse one: reported),
  /// by action id, in order; targets no Braze button can take are reported.
  private func buttonLinks(
    context: inout EmitContext,
    entry: (
      (type: BrazeLink.ButtonType, uri: IRText?, webView: Bool?, takes: NotificationAction)
    ) -> JSONValue?
  ) -> JSONObject {
    guard let category = notification.category else { return JSONObject() }
    let isDefault = PredefinedCategory.named(category.identifier, vendor: "braze") != nil
    var links = JSONObject()
    for (actionID, action, path, _) in context.writableTargets(
      of: category, vendor: "braze", dialDestination: .app)
    {
      guard let written = BrazeLink.written(action), let value = entry(written) else {
        context.report(
          .droppedAction,
          "braze cannot say that category action '\(actionID)' should \(action.phrase); the app's own handler decides",
          at: path,
          notes: !isDefault && BrazeLink.written(action) != nil
            ? [
              "the REST request gives buttons of app-defined categories links only; --option \(PayloadForm.deviceFormOption) writes this one"
            ]
            : [])
        continue
      }
      if case .openURL(let url, let destination) = action,
        case .openURL(_, let opens) = written.takes, opens != destination
      {
        context.report(
          .changedAction,
          "category action '\(actionID)' "
            + BrazeLink.change(of: url, meant: destination, opens: opens),
          at: path.appending("action"))
      }
      links.append(actionID.string, value)
    }
    return links
  }

  /// The alert's text, which the REST request needs unless content-available is set.
  static let bodyField = TargetField(
    names: ["body"], output: "/messages/apple_push/alert/body", irPath: "/content/body",
    meaning: "the alert text Braze's REST API requires unless content-available is set",
    namesSomething: false)

  /// Where the request holds the body when the alert is the body alone, a string.
  static let alertAsBodyOutput: JSONPointer = "/messages/apple_push/alert"

  /// The file types Braze takes (`asset_file_type`), in the order its documentation
  /// lists them.
  static let fileTypes = ["aif", "gif", "jpg", "m4a", "mp3", "mp4", "png", "wav"]

  /// The file type Braze is told for the first media item: its own, in Braze's spelling
  /// (`jpeg` → `jpg`, `aiff` → `aif`), when Braze takes it; else the kind's usual one,
  /// reported, since Braze's SDK saves the file under the type it is told; so is a type
  /// nothing named, the kind's usual one, as assumed.
  private func fileType(of item: MediaItem, context: inout EmitContext) -> String {
    let own = item.fileExtension.lowercased()
    let type = ["jpeg": "jpg", "aiff": "aif"][own] ?? own
    guard !Self.fileTypes.contains(type) else {
      context.reportAssumedFileType(of: item, at: 0, declared: type)
      return type
    }
    let declared = item.kind.usualFileExtension
    context.report(
      .droppedField,
      "braze takes no '\(type)' file type (only \(Self.fileTypes.joined(separator: ", "))): the \(item.kind.rawValue) '\(item.url)' is declared '\(declared)', the suffix the phone saves it under",
      at: "/media/0")
    return declared
  }
}
