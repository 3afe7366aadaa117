import PushIR

/// Lowers either form of an Expo push into the IR: the message sent to the push API, or
/// what the phone receives (`aps` plus the data under the root `body`).
struct ExpoParser: PayloadParser {
  typealias Key = Expo.Key

  let root: JSONObject
  private var notification = PushNotification()
  private var kept = JSONObject()

  init(root: JSONObject) { self.root = root }

  mutating func parse(context: inout ParseContext) -> PushNotification {
    if Expo.isDeviceForm(root) {
      readDeviceForm(context: &context)
    } else {
      readMessage(context: &context)
    }
    if !kept.isEmpty { notification.extras["expo"] = kept }
    return notification.take()
  }

  // MARK: the push message

  private mutating func readMessage(context: inout ParseContext) {
    if root[Key.to] == nil {
      context.reportMissingMarker(
        "no 'to' and no 'aps': Expo's push service sends this message to no one",
        at: .root)
    }
    for member in root {
      lazy var pointer = JSONPointer.root.appending(member.key)
      switch member.key {
      case Key.to:
        readRecipients(member.value, at: pointer, context: &context)
      case Key.title, Key.subtitle, Key.body:
        let field: WritableKeyPath<PushNotification, IRText?> =
          member.key == Key.title
          ? \.content.title : member.key == Key.subtitle ? \.content.subtitle : \.content.body
        context.read(
          member.value, at: pointer, into: field, of: &notification,
          irPath: JSONPointer("/content").appending(member.key))
      case Key.data:
        guard let data = context.object(member.value, at: pointer) else { continue }
        for entry in data {
          context.keepAsCustomData(entry, from: pointer.appending(entry.key), into: &notification)
        }
      case Key.sound:
        readSound(member.value, at: pointer, context: &context)
      case Key.badge:
        context.readBadge(member.value, at: pointer, into: &notification)
      case Key.interruptionLevel:
        context.read(
          member.value, at: pointer, into: \.content.interruptionLevel, of: &notification,
          irPath: "/content/interruptionLevel")
      case Key.categoryID:
        guard let identifier = context.text(member.value, at: pointer), !identifier.isEmpty
        else { continue }
        notification.category = NotificationCategory(identifier: identifier)
        context.sourceMap.record("/category", from: pointer)
      case Key.mutableContent:
        notification.delivery.mutableContent = context.flag(member.value, at: pointer) ?? false
        context.sourceMap.record("/delivery/mutableContent", from: pointer)
      case Key.contentAvailable:
        notification.delivery.contentAvailable = context.flag(member.value, at: pointer) ?? false
        context.sourceMap.record("/delivery/contentAvailable", from: pointer)
      case Key.richContent:
        if let rich = context.object(member.value, at: pointer) {
          readRichContent(rich, at: pointer, context: &context)
        }
      default:
        context.keep(
          member.key, member.value, in: &kept, extraOf: "expo", from: pointer,
          noting: "'\(member.key)' is not a key of Expo's push message; kept verbatim",
          unless: Key.deliveryKeys.contains(member.key))
      }
    }
  }

  /// `to`: a push token or an array of them, kept verbatim. One of another type is
  /// ignored, and an empty array, or tokens that are all empty, names no one (the server SDK's `chunkPushNotifications`
  /// leaves out a message without a recipient): either way the push service sends the
  /// message to no one, as without `to`, so the marker is missing.
  private mutating func readRecipients(
    _ value: JSONValue, at pointer: JSONPointer, context: inout ParseContext
  ) {
    let tokens = value.arrayValue ?? [value]
    let isTokens = tokens.allSatisfy { $0.textValue != nil }
    if isTokens {
      context.keep(Key.to, value, in: &kept, extraOf: "expo", from: pointer)
    } else {
      context.reportWrongType(value, expected: "a push token or an array of them", at: pointer)
    }
    // An empty token names no one either.
    guard !isTokens || !tokens.contains(where: { $0.stringValue?.isEmpty == false }) else {
      return
    }
    context.reportMissingMarker(
      "no push token in 'to' and no 'aps': Expo's push service sends this message to no one",
      at: .root)
  }

  /// `sound`: a file name or `default`, `null` for none, or a critical-alert object.
  private mutating func readSound(
    _ value: JSONValue, at pointer: JSONPointer, context: inout ParseContext
  ) {
    switch value {
    case .null:
      return
    case .string(let name):
      notification.content.sound = NotificationSound(name: name)
    case .object(let object):
      var sound = NotificationSound(name: "default")
      for member in object {
        lazy var path = pointer.appending(member.key)
        switch member.key {
        case "name":
          if member.value != .null, let name = context.text(member.value, at: path) {
            sound.name = name
          }
        case "critical":
          sound.isCritical = context.flag(member.value, at: path) ?? false
        case "volume":
          sound.volume = context.fraction(member.value, at: path)
        default:
          context.report(.invalidValue, "'\(member.key)' is not a sound key; ignored", at: path)
        }
      }
      notification.content.sound = sound
    default:
      context.reportWrongType(value, expected: "a string, null or an object", at: pointer)
      return
    }
    context.sourceMap.record("/content/sound", from: pointer)
  }

  /// `richContent` (message) or `body._richContent` (device form): the image.
  private mutating func readRichContent(
    _ rich: JSONObject, at pointer: JSONPointer, context: inout ParseContext
  ) {
    for member in rich {
      lazy var path = pointer.appending(member.key)
      guard member.key == Key.image else {
        context.report(
          .invalidValue, "'\(member.key)' is not a key of rich content; ignored", at: path)
        continue
      }
      guard let url = context.text(member.value, at: path) else { continue }
      notification.media = [MediaItem(url: url, kind: .image)]
      context.sourceMap.record("/media/0", from: path)
    }
  }

  // MARK: the device form

  private mutating func readDeviceForm(context: inout ParseContext) {
    kept.append(PayloadForm.deviceFormHint, true)
    APSCodec.read(from: root, into: &notification, context: &context)
    // The push service writes an empty string for each of these the message left out.
    for field in Expo.emptyWhenAbsent where notification.content[keyPath: field] == "" {
      notification.content[keyPath: field] = nil
    }
    var rootKeys: [JSONValue] = []
    let data = root[Key.body].flatMap { decodeData($0, at: "/body", context: &context) }
    for member in root where member.key != "aps" {
      lazy var pointer = JSONPointer.root.appending(member.key)
      if Key.serviceKeys.contains(member.key) {
        context.keep(member.key, member.value, in: &kept, extraOf: "expo", from: pointer)
      } else if member.key == Key.body {
        if let data { readData(data, at: pointer, context: &context) }
      } else if let value = data?[member.key] {
        guard value != member.value else {
          context.report(
            .invalidValue,
            "root '\(member.key)' repeats the key of 'body' with the same value; the app reads 'body'; dropped",
            at: pointer)
          continue
        }
        context.report(
          .conflictingValues,
          "root '\(member.key)' has the name of a key of 'body', the data the app reads; ignored",
          at: pointer)
      } else {
        rootKeys.append(.string(member.key))
        context.keepAsCustomData(member, from: pointer, into: &notification)
      }
    }
    if !rootKeys.isEmpty { kept.append(Key.rootKeysHint, .array(rootKeys)) }
  }

  /// The device form's `body` as an object: as given, or decoded from a JSON string.
  private func decodeData(_ value: JSONValue, at pointer: JSONPointer, context: inout ParseContext)
    -> JSONObject?
  {
    guard let decoded = context.embeddedJSON(value, at: pointer),
      let data = context.object(decoded, at: pointer)
    else { return nil }
    if value.textValue != nil {
      context.report(
        .obsoleteShape,
        "expo-notifications hands 'body' to an iOS app only as an object; a JSON string (Android's shape) gives it no data",
        at: pointer, notes: ["read as its author meant it; an expo output writes an object"])
    }
    return data
  }

  /// The device form's `body`: the message's `data`, and `_richContent` for the image.
  private mutating func readData(
    _ data: JSONObject, at pointer: JSONPointer, context: inout ParseContext
  ) {
    for member in data {
      lazy var path = pointer.appending(member.key)
      if member.key == Key.deviceRichContent {
        // The emitter writes this key itself, so another value of it cannot be kept.
        if let rich = context.object(member.value, at: path) {
          readRichContent(rich, at: path, context: &context)
        }
      } else {
        context.keepAsCustomData(member, from: path, into: &notification)
      }
    }
  }
}
