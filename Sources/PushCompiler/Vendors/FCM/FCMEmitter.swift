import PushIR

/// Writes an FCM HTTP v1 send request: `{"message": …}` (or the message alone, when the
/// source was), with the APNs payload written by the inner format, the app's string
/// data in `data`, the image in `apns.fcm_options.image`, and the envelope members kept
/// from an fcm source.
struct FCMEmitter {
  typealias Key = FCM.Key

  let notification: PushNotification
  /// The format that writes `apns.payload`.
  let inner: any VendorFormat

  func emit(context: inout EmitContext) throws(TranslationError) -> JSONValue {
    let output = try emitMessage(context: &context)
    // The inner payload's places are reported under `apns.payload`, which is left out
    // when all of it moved into `notification` or `data`: such a place is reported at
    // its nearest enclosing value the output has.
    context.diagnostics.relocate { location in
      guard case .output(var pointer) = location else { return location }
      while output.value(at: pointer) == nil, let parent = pointer.parent { pointer = parent }
      return .output(pointer)
    }
    return output
  }

  /// The message (or the request around it), its diagnostics reported in `context`.
  private func emitMessage(context: inout EmitContext) throws(TranslationError) -> JSONValue {
    var kept = notification.extras["fcm"] ?? JSONObject()
    let unwrapped = kept.removeValue(forKey: Key.unwrappedHint) == true
    let base: JSONPointer = unwrapped ? .root : "/message"
    let payloadPointer = base + "/apns/payload"
    let innerOptions = innerOptions(context: context)
    let innerCarriesMedia = innerCarriesMedia(options: innerOptions)
    var payload = try innerPayload(
      at: payloadPointer, options: innerOptions, withMedia: innerCarriesMedia, context: &context)
    // What the phone receives: the payload with the members `data` takes (read back so).
    let phonePayload = payload

    var keptNotification = kept.removeValue(forKey: Key.notification)?.objectValue ?? JSONObject()
    // A kept title or body is the alert's where the alert has none (fcm's reading).
    let alert = payload["aps"]?["alert"]?.objectValue
    for field in [Key.title, Key.body] where keptNotification[field] != nil && alert?[field] == nil
    {
      keptNotification[field] = nil
      context.report(
        .droppedExtra,
        "kept 'notification.\(field)' would be read as the alert's \(field), which the IR does not have; dropped",
        at: JSONPointer("/extras/fcm/notification").appending(field))
    }
    for field in Self.strings(kept[Key.notificationHint]) {
      guard var aps = payload["aps"]?.objectValue, var alert = aps["alert"]?.objectValue,
        let value = alert.removeValue(forKey: field)
      else { continue }
      keptNotification[field] = value
      if alert.isEmpty { aps["alert"] = nil } else { aps["alert"] = .object(alert) }
      if aps.isEmpty { payload["aps"] = nil } else { payload["aps"] = .object(aps) }
    }

    var keptAPNs = kept.removeValue(forKey: Key.apns)?.objectValue ?? JSONObject()
    var options = keptAPNs.removeValue(forKey: Key.fcmOptions)?.objectValue ?? JSONObject()
    writeImage(
      into: &options, notification: &keptNotification, kept: kept,
      innerCarriesMedia: innerCarriesMedia, context: &context)

    var message = JSONObject()
    if let name = kept[Key.name] { message.append(Key.name, name) }
    if let target = target(kept: kept, base: base, context: &context) {
      message.append(target.key, target.value)
    }
    let notificationObject = Self.ordered(
      keptNotification, first: [Key.title, Key.body, Key.image])
    if !notificationObject.isEmpty { message.append(Key.notification, .object(notificationObject)) }
    let data = moveData(from: &payload, fromData: Set(Self.strings(kept[Key.dataHint])))
    reportUnsettledInnerFormat(
      of: phonePayload, at: payloadPointer, dataAt: base + "/data", data: data, context: &context)
    if !data.isEmpty { message.append(Key.data, .object(data)) }

    var apns = JSONObject()
    if let headers = keptAPNs.removeValue(forKey: Key.headers) { apns.append(Key.headers, headers) }
    if !payload.isEmpty { apns.append(Key.payload, .object(payload)) }
    let fcmOptions = Self.ordered(options, first: [Key.analyticsLabel, Key.image])
    if !fcmOptions.isEmpty { apns.append(Key.fcmOptions, .object(fcmOptions)) }
    context.appendKept(keptAPNs, into: &apns, from: "/extras/fcm/apns") { "'apns.\($0)'" }
    if !apns.isEmpty { message.append(Key.apns, .object(apns)) }

    let writtenApart = Set(Key.targets + [Key.name, Key.request])
    context.appendKept(
      JSONObject(kept.filter { !writtenApart.contains($0.key) }), into: &message,
      from: "/extras/fcm", hints: true
    ) { "'\($0)'" }
    guard !unwrapped else { return .object(message) }
    var request = JSONObject()
    request.append(Key.message, .object(message))
    context.appendKept(
      kept[Key.request]?.objectValue ?? JSONObject(), into: &request,
      from: "/extras/fcm/request"
    ) { "'\($0)'" }
    return .object(request)
  }

  /// The inner format's payload for the notification, without fcm's extras (they are the
  /// envelope's) and, when the inner format has no media of its own, without the media
  /// (the envelope carries them); what it reports is located under `payloadPointer`.
  private func innerPayload(
    at payloadPointer: JSONPointer, options innerOptions: Set<String>, withMedia: Bool,
    context: inout EmitContext
  ) throws(TranslationError) -> JSONObject {
    var content = notification
    content.extras["fcm"] = nil
    if !withMedia {
      content.media = []
      content.mediaPresentation = nil
    }
    var innerContext = EmitContext(
      targetID: inner.id, settings: context.settings, options: innerOptions,
      recording: context.diagnostics.recording)
    innerContext.defaults = context.defaults
    innerContext.passesRan = true  // the envelope prepared the notification for this format
    innerContext.expandedCategory = context.expandedCategory
    defer {
      var found = innerContext.diagnostics
      found.relocate { location in
        guard case .output(let pointer) = location else { return location }
        return .output(payloadPointer + pointer)
      }
      context.diagnostics.report(contentsOf: found)
    }
    return try inner.emit(content, context: &innerContext).objectValue ?? JSONObject()
  }

  /// The image: the first media item's URL in `apns.fcm_options.image` (or, when the
  /// source had it there, `notification.image`). fcm's reading takes the image that
  /// counts on iOS (`fcm_options` over `notification`) for the media item, or compares
  /// it with the inner payload's, so a kept image there that names another file, or
  /// media the IR does not have, is dropped and reported.
  private func writeImage(
    into options: inout JSONObject, notification keptNotification: inout JSONObject,
    kept: JSONObject, innerCarriesMedia: Bool, context: inout EmitContext
  ) {
    let optionsPath: JSONPointer = "/extras/fcm/apns/fcm_options/image"
    let notificationPath: JSONPointer = "/extras/fcm/notification/image"
    guard let item = notification.media.first else {
      for (present, path) in [
        (options[Key.image] != nil, optionsPath),
        (keptNotification[Key.image] != nil, notificationPath),
      ] where present {
        context.report(
          .droppedExtra,
          "the kept image would be read as a media item, which the IR does not have; dropped",
          at: path)
      }
      options[Key.image] = nil
      keptNotification[Key.image] = nil
      return
    }
    if !innerCarriesMedia { context.reportKindTakenFromURL(of: item, at: 0) }
    let inNotification =
      options[Key.image] == nil && kept[Key.imageHint] == Key.notification
    let counting = inNotification ? keptNotification[Key.image] : options[Key.image]
    if let counting, counting != .string(item.url) {
      context.report(
        .droppedExtra,
        "the kept image would be read instead of the media item '\(item.url)'; dropped",
        at: inNotification ? notificationPath : optionsPath)
    }
    if inNotification {
      keptNotification[Key.image] = .string(item.url)
    } else {
      options[Key.image] = .string(item.url)
    }
  }

  /// Warns when reading the message back would not settle on the format that wrote
  /// `apns.payload`: fcm's reading detects the format inside (``FCMParser``), and what the
  /// payload carries may be evidence of another format too (the app's key `W$source` is
  /// CleverTap's marker), as strong as the inner format's, or instead of it. The note
  /// names the option that reads it as written.
  private func reportUnsettledInnerFormat(
    of payload: JSONObject, at pointer: JSONPointer, dataAt dataPointer: JSONPointer,
    data: JSONObject, context: inout EmitContext
  ) {
    // A key is listed where the output holds it: in `data` when it moved there.
    func relocate(_ key: JSONPointer) -> JSONPointer {
      let moved = key.tokens.first.map { data[$0] != nil } ?? false
      return (moved ? dataPointer : pointer) + key
    }
    let readsAsAPNs = inner.id == APNs().id
    let looks: String
    switch Detector.detect(.object(payload), among: FCM.innerFormats) {
    case .detected(let format, _) where format.id == inner.id: return
    case .unknown where readsAsAPNs, .notAnObject where readsAsAPNs: return
    case .detected(let format, let evidence):
      looks = "looks like \(FCMParser.candidateList([(format, evidence)], relocate))"
    case .ambiguous(let candidates):
      looks = "looks like \(FCMParser.candidateList(candidates, relocate)) alike"
    case .unknown, .notAnObject:
      looks = "holds no key that marks it as \(inner.id)'s"
    }
    context.report(
      .unsettledInnerFormat,
      "the APNs payload written as \(inner.id) \(looks): fcm reads this message as \(inner.id) only when --option \(FCM.innerOption)=\(inner.id) names it",
      atOutput: pointer, notes: ["\(FCM.readBackNote)\(FCM.innerOption)=\(inner.id)"])
  }

  /// The emitter options meant for the inner format: the user's, and the device form of a
  /// format that has a send request besides (`apns.payload` is what the phone receives).
  private func innerOptions(context: EmitContext) -> Set<String> {
    var options = context.options.filter { FCM.innerFormatName(in: [$0]) == nil }
    // `api-request` is refused on the command line (``FCM/acceptsOption(_:)``).
    if FCM.writesDeviceForm(inner) { options.insert(PayloadForm.deviceFormOption) }
    return options
  }

  /// Whether the inner format writes media itself; otherwise only the envelope does.
  private func innerCarriesMedia(options innerOptions: Set<String>) -> Bool {
    var content = notification
    content.extras["fcm"] = nil
    return inner.capabilities(writing: content, options: innerOptions).maxMedia > 0
  }

  /// Takes the root members of the payload that go in `data` out of it: strings that are
  /// the app's custom data or came from `data` in the source, under a name FCM accepts
  /// there. Everything else stays in the payload, which reaches the app the same way.
  private func moveData(from payload: inout JSONObject, fromData: Set<String>) -> JSONObject {
    var data = JSONObject()
    var rest = JSONObject()
    for member in payload {
      let isData =
        member.key != "aps" && member.value.textValue != nil
        && !Key.isReservedDataKey(member.key)
        && (fromData.contains(member.key) || notification.customData[member.key] == member.value)
      if isData {
        data.append(member.key, member.value)
      } else {
        rest.append(member.key, member.value)
      }
    }
    payload = rest
    return data
  }

  /// Where the message goes: a `--set` token, topic or condition (noted when it replaces
  /// the source's); else the source's; else one from the defaults file; else the
  /// required `token` is missing (an error).
  private func target(kept: JSONObject, base: JSONPointer, context: inout EmitContext)
    -> (key: String, value: JSONValue)?
  {
    let fields = Self.targetFields.map { field in
      var field = field
      field.output = base.appending(field.name)
      return field
    }
    let source = Key.targets.first { kept[$0] != nil }
    if let field = fields.first(where: { context.settings[$0.name] != nil }) {
      // The source's target, as the note names it: its value under the same name, or
      // the name and value together under another (a topic replaced by a token).
      let current = source.map { key in
        key == field.name ? kept[key]! : .object(JSONObject([.init(key: key, value: kept[key]!)]))
      }
      guard
        let value = context.value(
          of: field, current: current,
          currentAt: source.map { JSONPointer("/extras/fcm").appending($0) })
      else { return nil }
      return (field.name, value)
    }
    if let source { return (source, kept[source]!) }
    for field in fields {
      if let value = context.value(of: field, current: nil) { return (field.name, value) }
    }
    var token = fields[0]
    token.isRequired = true
    _ = context.value(of: token, current: nil)
    return nil
  }

  /// The string members of a layout hint's array.
  private static func strings(_ value: JSONValue?) -> [String] {
    value?.arrayValue?.compactMap(\.stringValue) ?? []
  }

  /// `object` with the members named in `first` first, in that order, then the others.
  private static func ordered(_ object: JSONObject, first: [String]) -> JSONObject {
    var result = JSONObject()
    for key in first { if let value = object[key] { result.append(key, value) } }
    for member in object where !first.contains(member.key) {
      result.append(member.key, member.value)
    }
    return result
  }
}

extension FCMEmitter {
  /// Where the message goes: `token`, `topic` or `condition`, one of them.
  static let targetFields = FCM.Key.targets.map { key in
    TargetField(
      names: [key], output: JSONPointer("/message").appending(key),
      meaning: "the device token, topic or condition the message goes to", isRequired: false)
  }
}
