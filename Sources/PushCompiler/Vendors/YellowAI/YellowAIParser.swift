import PushIR

/// Lowers either form of a Yellow.ai push into the IR. Yellow.ai's documentation
/// contradicts itself on where the phone finds the keys, so the device form reads the
/// root first and a nested `payload` second, `aps.alert` first and root `title`/`body`
/// second.
struct YellowAIParser: PayloadParser {
  typealias Key = YellowAI.Key

  let root: JSONObject
  private var notification = PushNotification()
  private var kept = JSONObject()
  /// The tap keys found, with where each was read.
  private var tapKeys: [String: (value: IRText, pointer: JSONPointer)] = [:]

  init(root: JSONObject) { self.root = root }

  mutating func parse(context: inout ParseContext) -> PushNotification {
    if root["aps"] != nil {
      readDeviceForm(context: &context)
    } else {
      readAPIForm(context: &context)
    }
    readTapAction(context: &context)
    if !kept.isEmpty { notification.extras["yellowai"] = kept }
    return notification.take()
  }

  private mutating func readAPIForm(context: inout ParseContext) {
    if ![Key.title, Key.body, Key.payload].contains(where: { root[$0] != nil }) {
      context.reportMissingMarker(
        "neither an 'aps' dictionary nor the API form's 'title', 'body' or 'payload': nothing to show",
        at: .root)
    }
    for member in root {
      lazy var pointer = JSONPointer.root.appending(member.key)
      switch member.key {
      case Key.topic:
        if let topic = context.text(member.value, at: pointer) {
          context.keep(Key.topic, .string(topic), in: &kept, extraOf: "yellowai", from: pointer)
        }
      case Key.contentAvailable:
        notification.delivery.contentAvailable = context.flag(member.value, at: pointer) ?? false
        context.sourceMap.record("/delivery/contentAvailable", from: pointer)
      case Key.title:
        context.read(
          member.value, at: pointer, into: \.content.title, of: &notification,
          irPath: "/content/title")
      case Key.body:
        context.read(
          member.value, at: pointer, into: \.content.body, of: &notification,
          irPath: "/content/body")
      case Key.payload:
        guard let payload = context.object(member.value, at: pointer) else { continue }
        for entry in payload {
          readPayloadMember(entry, at: pointer.appending(entry.key), context: &context)
        }
      default:
        context.keep(
          member.key, member.value, in: &kept, extraOf: "yellowai", from: pointer,
          noting: "'\(member.key)' is not a key of Yellow.ai's API request; kept verbatim")
      }
    }
    // The request has no 'mutable-content'; Yellow.ai sets it for image pushes, whose
    // image its service extension shows, so the phone receives it on.
    if !notification.media.isEmpty {
      notification.delivery.mutableContent = true
      if let image = context.sourceMap.inputLocation(of: "/media/0") {
        context.sourceMap.record("/delivery/mutableContent", from: image)
      }
    }
  }

  private mutating func readDeviceForm(context: inout ParseContext) {
    kept.append(PayloadForm.deviceFormHint, true)
    APSCodec.read(from: root, into: &notification, context: &context)
    for member in root where member.key != "aps" {
      lazy var pointer = JSONPointer.root.appending(member.key)
      switch member.key {
      case Key.title, Key.body:
        readRootText(member, at: pointer, context: &context)
      case Key.payload where member.value.objectValue != nil:
        for entry in member.value.objectValue! {
          lazy var path = pointer.appending(entry.key)
          if Key.payloadKeys.contains(entry.key), let rootValue = root[entry.key] {
            guard rootValue != entry.value else { continue }
            context.report(
              .conflictingValues,
              "'payload.\(entry.key)' is read only when the root has no '\(entry.key)'; ignored",
              at: path)
            continue
          }
          readPayloadMember(entry, at: path, context: &context)
        }
      default:
        readPayloadMember(member, at: pointer, context: &context)
      }
    }
  }

  /// A root `title` or `body` in the device form: read when `aps.alert` lacks it.
  private mutating func readRootText(
    _ member: JSONObject.Member, at pointer: JSONPointer, context: inout ParseContext
  ) {
    guard let text = context.text(member.value, at: pointer) else { return }
    let field: WritableKeyPath<NotificationContent, IRText?> =
      member.key == Key.title ? \.title : \.body
    switch notification.content[keyPath: field] {
    case nil:
      notification.content[keyPath: field] = text
      context.sourceMap.record(JSONPointer("/content").appending(member.key), from: pointer)
    case text?:
      break
    default:
      context.report(
        .conflictingValues,
        "root '\(member.key)' differs from 'aps.alert.\(member.key)', which iOS shows; ignored",
        at: pointer)
    }
  }

  /// A member of `payload` (or of the device form's root): the image, a tap key, or the
  /// app's own data.
  private mutating func readPayloadMember(
    _ member: JSONObject.Member, at pointer: JSONPointer, context: inout ParseContext
  ) {
    switch member.key {
    case Key.image:
      guard let url = context.text(member.value, at: pointer) else { return }
      // Yellow.ai's service extension saves the download as `image.jpg`.
      notification.media = [MediaItem(url: url, kind: .image)]
      context.sourceMap.record("/media/0", from: pointer)
    case Key.botID, Key.deepLink, Key.journey:
      guard let text = context.text(member.value, at: pointer) else { return }
      // An empty link opens nothing: the tap is then the bot's, if one is named.
      guard member.key != Key.deepLink || !text.isEmpty else {
        return context.report(
          .invalidValue, "an empty 'deeplink' opens nothing; ignored", at: pointer)
      }
      tapKeys[member.key] = (text, pointer)
    default:
      context.keepAsCustomData(member, from: pointer, into: &notification)
    }
  }

  /// The tap action: a deep link, a bot flow (`botId` with or without `journeySlug`), or
  /// the app. A `botId` beside a deep link only names the sending bot and is kept.
  private mutating func readTapAction(context: inout ParseContext) {
    let bot = tapKeys[Key.botID]
    let journey = tapKeys[Key.journey]
    if let link = tapKeys[Key.deepLink] {
      notification.defaultAction = .openURL(link.value, .app)
      context.sourceMap.record("/defaultAction", from: link.pointer)
      if let bot {
        context.keep(
          Key.botID, .string(bot.value), in: &kept, extraOf: "yellowai", from: bot.pointer)
      }
      if let journey {
        context.report(
          .conflictingValues,
          "a tap opens either a deep link or a bot flow; the deep link is read, 'journeySlug' ignored",
          at: journey.pointer)
      }
    } else if let bot {
      notification.defaultAction = .botFlow(botID: bot.value, journey: journey?.value)
      context.sourceMap.record("/defaultAction", from: bot.pointer)
    } else if let journey {
      context.keep(
        Key.journey, .string(journey.value), in: &kept, extraOf: "yellowai", from: journey.pointer)
      context.report(
        .incomplete, "'journeySlug' without 'botId' names no bot to run it; kept for yellowai",
        at: journey.pointer)
    }
  }
}
