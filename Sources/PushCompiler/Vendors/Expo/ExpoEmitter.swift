import PushIR

/// Writes an Expo push: the message for the push API by default, or with
/// `--option device-form` (or a device-form source) what the phone receives.
struct ExpoEmitter: PayloadEmitter {
  typealias Key = Expo.Key

  let notification: PushNotification

  func emit(context: inout EmitContext) -> JSONValue {
    var kept = notification.extras["expo"] ?? JSONObject()
    let fromDeviceForm = kept.removeValue(forKey: PayloadForm.deviceFormHint) == true
    let rootKeys = Set(
      (kept.removeValue(forKey: Key.rootKeysHint)?.arrayValue ?? []).compactMap(\.stringValue))
    context.reportUnwrittenTracking(notification.tracking)
    context.reportForeignExtras(notification, keeping: ["expo", APSCodec.extrasKey])
    context.noteRegisteredCategory(of: notification, vendor: "expo")
    return context.writesDeviceForm(sourceWasDeviceForm: fromDeviceForm)
      ? deviceForm(kept: kept, rootKeys: rootKeys, context: &context)
      : message(kept: kept, rootKeys: rootKeys, context: &context)
  }

  /// The notification with only the custom data whose names pass `isIncluded`.
  private func customData(where isIncluded: (String) -> Bool) -> PushNotification {
    var part = notification
    part.customData = JSONObject(notification.customData.filter { isIncluded($0.key) })
    return part
  }

  // MARK: the push message

  private func message(kept: JSONObject, rootKeys: Set<String>, context: inout EmitContext)
    -> JSONValue
  {
    let content = notification.content
    var message = JSONObject()
    if let value = context.value(of: Self.toField, current: kept[Key.to]) {
      message.append(Key.to, value)
    }
    message.appendIfPresent(Key.title, content.title)
    message.appendIfPresent(Key.subtitle, content.subtitle)
    message.appendIfPresent(Key.body, content.body)
    var data = JSONObject()
    // `data` is the `body` the phone receives, where `_richContent` is Expo's own.
    context.writeCustomData(notification, into: &data, reserved: Key.reservedBodyKeys)
    for key in notification.customData.keys where rootKeys.contains(key) {
      context.report(
        .movedField,
        "custom key '\(key)' stood beside the data, at the root; the push message can only put it into 'data'",
        at: JSONPointer("/customData").appending(key))
    }
    if !data.isEmpty { message.append(Key.data, .object(data)) }
    if let sound = content.sound {
      if !sound.isCritical && sound.volume == nil {
        message.append(Key.sound, .string(sound.name))
      } else {
        var object = JSONObject()
        if sound.isCritical { object.append("critical", true) }
        object.append("name", .string(sound.name))
        if let volume = sound.volume { object.append("volume", .number(volume)) }
        message.append(Key.sound, .object(object))
      }
    }
    if let badge = content.badge { message.append(Key.badge, .number(badge)) }
    message.appendIfPresent(Key.interruptionLevel, content.interruptionLevel)
    if let item = notification.media.first {
      message.append(Key.richContent, [Key.image: .string(item.url)])
    }
    message.appendIfPresent(Key.categoryID, notification.category?.identifier)
    if notification.delivery.mutableContent { message.append(Key.mutableContent, true) }
    if notification.delivery.contentAvailable { message.append(Key.contentAvailable, true) }
    var service: [String] = []
    var messageMembers = JSONObject()
    for member in kept where member.key != Key.to {
      if Key.serviceKeys.contains(member.key) {
        service.append("'\(member.key)'")
      } else {
        messageMembers.append(member.key, member.value)
      }
    }
    context.appendKept(messageMembers, into: &message, from: "/extras/expo") { "'\($0)'" }
    if !service.isEmpty {
      context.report(
        .droppedExtra,
        "\(service.joined(separator: ", ")) are added by Expo's push service, not sent in the message; dropped",
        at: "/extras/expo")
    }
    context.reportContentOutsideRequest(
      notification, carried: ["title", "subtitle", "body", "sound", "badge", "interruptionLevel"])
    return .object(message)
  }

  // MARK: the device form

  private func deviceForm(kept: JSONObject, rootKeys: Set<String>, context: inout EmitContext)
    -> JSONValue
  {
    var root = JSONObject()
    for member in kept where Key.serviceKeys.contains(member.key) {
      root.append(member.key, member.value)
    }
    // An empty text shows nothing; written, it would read as absent (see the parser).
    var shown = notification
    for field in Expo.emptyWhenAbsent where shown.content[keyPath: field] == "" {
      shown.content[keyPath: field] = nil
    }
    root.append(
      "aps",
      .object(APSCodec.write(shown, category: notification.category?.identifier, context: &context))
    )
    var body = JSONObject()
    context.writeCustomData(
      customData { !rootKeys.contains($0) }, into: &body, reserved: Key.reservedBodyKeys)
    if let item = notification.media.first {
      body.append(Key.deviceRichContent, [Key.image: .string(item.url)])
    }
    root.append(Key.body, .object(body))
    context.writeCustomData(
      customData { rootKeys.contains($0) }, into: &root,
      reserved: Set(["aps", Key.body] + Key.serviceKeys))
    context.refuseRequestSetting(Self.toField, giving: Expo.toPurpose, request: Expo.requestName)
    if kept[Key.to] != nil {
      context.report(.droppedField, Expo.recipientsPhrase + "; dropped", at: Expo.recipientsPath)
    }
    for member in kept
    where member.key != Key.to && !Key.serviceKeys.contains(member.key)
      && !member.key.hasPrefix("@")
    {
      context.report(
        .droppedExtra,
        "'\(member.key)' of the push message has no place in what the phone receives; dropped",
        at: JSONPointer("/extras/expo").appending(member.key))
    }
    return .object(root)
  }
}

extension ExpoEmitter {
  /// The push message's recipients, `to`.
  static let toField = TargetField(
    names: [Expo.Key.to], output: "/to", meaning: "the Expo push token or tokens to send to")
}
