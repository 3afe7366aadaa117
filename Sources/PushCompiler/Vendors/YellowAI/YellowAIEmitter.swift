import PushIR

/// Writes a Yellow.ai push: the API request by default, or with `--option device-form`
/// (or a device-form source) what the phone receives.
struct YellowAIEmitter: PayloadEmitter {
  typealias Key = YellowAI.Key

  let notification: PushNotification

  func emit(context: inout EmitContext) -> JSONValue {
    var kept = notification.extras["yellowai"] ?? JSONObject()
    let fromDeviceForm = kept.removeValue(forKey: PayloadForm.deviceFormHint) == true
    let deviceForm = context.writesDeviceForm(sourceWasDeviceForm: fromDeviceForm)
    var payload = JSONObject()
    if let item = notification.media.first { payload.append(Key.image, .string(item.url)) }
    switch notification.defaultAction {
    case .openURL(let url, _)?:
      if let bot = kept[Key.botID] { payload.append(Key.botID, bot) }
      payload.append(Key.deepLink, .string(url))
    case .botFlow(let bot, let journey)?:
      payload.append(Key.botID, .string(bot))
      if let journey { payload.append(Key.journey, .string(journey)) }
    default:
      if let journey = kept[Key.journey] { payload.append(Key.journey, journey) }
    }
    // A kept 'botId' goes beside a deep link, a kept 'journeySlug' with no tap key at all.
    for key in [Key.botID, Key.journey] {
      guard let value = kept[key], payload[key] != value else { continue }
      context.report(
        .droppedExtra,
        "'\(key)' \(JSONWriter(style: .compact).string(value)) has no place beside this tap action; dropped",
        at: JSONPointer("/extras/yellowai").appending(key))
    }
    // Both forms reserve the device form's root keys: the API's `payload` becomes that
    // root, where the app reads `title`, `body` and `payload` as Yellow.ai's own.
    let reserved = Key.payloadKeys.union(["aps", Key.title, Key.body, Key.payload])
    let unknown = JSONObject(kept.filter { ![Key.topic, Key.botID, Key.journey].contains($0.key) })
    context.reportUnwrittenTracking(notification.tracking)
    context.reportForeignExtras(notification, keeping: ["yellowai", APSCodec.extrasKey])

    if deviceForm {
      var root = JSONObject()
      root.append("aps", .object(APSCodec.write(notification, category: nil, context: &context)))
      for member in payload { root.append(member.key, member.value) }
      context.writeCustomData(notification, into: &root, reserved: reserved)
      for name in unknown.keys {
        context.report(
          .droppedExtra,
          "'\(name)' of the API request has no place in what the phone receives; dropped",
          at: JSONPointer("/extras/yellowai").appending(name))
      }
      context.refuseRequestSetting(Self.topicField, giving: YellowAI.topicPurpose)
      if kept[Key.topic] != nil {
        let message =
          "'topic' is a header of the API request, not part of what the phone receives; dropped"
        context.report(.droppedField, message, at: YellowAI.topicPath)
      }
      return .object(root)
    }
    var request = JSONObject()
    if let topic = context.value(of: Self.topicField, current: kept[Key.topic]) {
      request.append(Key.topic, topic)
    }
    request.append(Key.contentAvailable, .bool(notification.delivery.contentAvailable))
    request.appendIfPresent(Key.title, notification.content.title)
    request.appendIfPresent(Key.body, notification.content.body)
    context.writeCustomData(notification, into: &payload, reserved: reserved)
    if !payload.isEmpty { request.append(Key.payload, .object(payload)) }
    context.appendKept(unknown, into: &request, from: "/extras/yellowai") { "'\($0)'" }
    reportWhatTheRequestCannotSay(context: &context)
    return .object(request)
  }

  /// The API request carries title, body and `contentAvailable` of all of `aps`.
  private func reportWhatTheRequestCannotSay(context: inout EmitContext) {
    context.reportContentOutsideRequest(notification, carried: ["title", "body"])
    // Yellow.ai's own service extension shows the image, so its API must turn the flag on
    // for image pushes; only a flag without media has nothing to stand for it.
    if notification.delivery.mutableContent && notification.media.isEmpty {
      context.report(
        .droppedField,
        "the API request cannot set 'mutable-content'; the service extension does not run",
        at: "/delivery/mutableContent", notes: [PayloadForm.deviceFormNote])
    }
  }
}

extension YellowAIEmitter {
  /// The API request's `topic`.
  static let topicField = TargetField(
    names: [YellowAI.Key.topic], output: "/topic", meaning: "the app's bundle id",
    isRequired: false)
}
