/// Writes a ``PushNotification`` in the IR's versioned JSON form (`--to ir`).
///
/// Fields are written in a fixed order; absent, empty and false fields are left out, so
/// equal notifications always give identical text.
///
/// Derived ids (`StableHash` in PushCompiler) hash this form's compact text, written
/// there straight from the notification's fields: a field added or reordered here must
/// change there too, or every derived id changes unnoticed (`StableHashTests` compares
/// the two on every golden IR and on generated notifications).
public enum IREncoder {
  /// The JSON form of `notification`.
  public static func encode(_ notification: PushNotification) -> JSONValue {
    var root = JSONObject()
    root.append("irVersion", .number(JSONNumber(PushNotification.irVersion)))
    let content = encode(notification.content)
    if !content.isEmpty { root.append("content", .object(content)) }
    if !notification.media.isEmpty { root.append("media", .array(notification.media.map(encode))) }
    if let presentation = notification.mediaPresentation {
      root.append("mediaPresentation", .string(presentation.rawValue))
    }
    if let action = notification.defaultAction { root.append("defaultAction", encode(action)) }
    if !notification.buttons.isEmpty {
      root.append("buttons", .array(notification.buttons.map(encode)))
    }
    if let category = notification.category { root.append("category", encode(category)) }
    var delivery = JSONObject()
    if notification.delivery.contentAvailable { delivery.append("contentAvailable", true) }
    if notification.delivery.mutableContent { delivery.append("mutableContent", true) }
    if !delivery.isEmpty { root.append("delivery", .object(delivery)) }
    var tracking = JSONObject()
    tracking.appendIfPresent("notificationID", notification.tracking.notificationID)
    tracking.appendIfPresent("campaignID", notification.tracking.campaignID)
    if let isTest = notification.tracking.isTest { tracking.append("isTest", .bool(isTest)) }
    if !tracking.isEmpty { root.append("tracking", .object(tracking)) }
    if !notification.customData.isEmpty {
      root.append("customData", .object(notification.customData))
    }
    if !notification.extras.isEmpty {
      var extras = JSONObject()
      for vendor in notification.extras.keys.sorted() {
        extras.append(vendor, .object(notification.extras[vendor]!))
      }
      root.append("extras", .object(extras))
    }
    return .object(root)
  }

  /// The JSON form of `content`: its set fields, in the fixed order.
  public static func encode(_ content: NotificationContent) -> JSONObject {
    var object = JSONObject()
    object.appendIfPresent("title", content.title)
    object.appendIfPresent("subtitle", content.subtitle)
    object.appendIfPresent("body", content.body)
    for (name, text) in [
      ("titleLocalization", content.titleLocalization),
      ("subtitleLocalization", content.subtitleLocalization),
      ("bodyLocalization", content.bodyLocalization),
    ] {
      guard let text else { continue }
      object.append(
        name, ["key": .string(text.key), "arguments": .array(text.arguments.map { .string($0) })])
    }
    if let sound = content.sound {
      var value = JSONObject()
      value.append("name", .string(sound.name))
      if sound.isCritical { value.append("critical", true) }
      if let volume = sound.volume { value.append("volume", .number(volume)) }
      object.append("sound", .object(value))
    }
    if let badge = content.badge { object.append("badge", .number(badge)) }
    object.appendIfPresent("threadID", content.threadID)
    object.appendIfPresent("interruptionLevel", content.interruptionLevel)
    if let score = content.relevanceScore { object.append("relevanceScore", .number(score)) }
    object.appendIfPresent("launchImage", content.launchImage)
    object.appendIfPresent("targetContentID", content.targetContentID)
    object.appendIfPresent("filterCriteria", content.filterCriteria)
    return object
  }

  static func encode(_ item: MediaItem) -> JSONValue {
    var object = JSONObject()
    object.append("url", .string(item.url))
    object.append("kind", .string(item.kind.rawValue))
    object.appendIfPresent("typeHint", item.typeHint)
    object.appendIfPresent("caption", item.caption)
    object.appendIfPresent("subcaption", item.subcaption)
    object.appendIfPresent("altText", item.altText)
    if let action = item.action { object.append("action", encode(action)) }
    return .object(object)
  }

  /// The JSON form of an action: `{"type": …}` plus the fields of that type.
  public static func encode(_ action: NotificationAction) -> JSONValue {
    var object = JSONObject()
    object.append("type", .string(action.kindName))
    switch action {
    case .openApp, .dismiss, .sameAsDefault: break
    case .openURL(let url, let destination):
      object.append("url", .string(url))
      object.append("destination", .string(destination.rawValue))
    case .dial(let number): object.append("number", .string(number))
    case .botFlow(let botID, let journey):
      object.append("botID", .string(botID))
      object.appendIfPresent("journey", journey)
    case .inboxMessage(let id): object.append("messageID", .string(id))
    case .custom(let name, let data):
      object.append("name", .string(name))
      if let data { object.append("data", data) }
    }
    return .object(object)
  }

  static func encode(_ button: ActionButton) -> JSONValue {
    var object = JSONObject()
    object.append("id", .string(button.id))
    object.append("label", .string(button.label))
    object.append("action", encode(button.action))
    switch button.icon {
    case .systemImage(let name): object.append("icon", ["systemImage": .string(name)])
    case .templateImage(let name): object.append("icon", ["templateImage": .string(name)])
    case nil: break
    }
    object.append(
      "options",
      .array(
        ButtonOptions.named.filter { button.options.contains($0.option) }.map { .string($0.name) }))
    if let input = button.textInput {
      var value = JSONObject()
      value.append("buttonTitle", .string(input.buttonTitle))
      value.appendIfPresent("placeholder", input.placeholder)
      object.append("textInput", .object(value))
    }
    return .object(object)
  }

  static func encode(_ category: NotificationCategory) -> JSONValue {
    var object = JSONObject()
    object.append("identifier", .string(category.identifier))
    if !category.actionTargets.isEmpty {
      object.append(
        "actionTargets",
        .array(
          category.actionTargets.map {
            ["actionID": .string($0.actionID), "action": encode($0.action)]
          }))
    }
    return .object(object)
  }
}

extension JSONObject {
  /// Appends `key` with a string value when `value` is not `nil`.
  public mutating func appendIfPresent(_ key: String, _ value: String?) {
    if let value { append(key, .string(value)) }
  }
}
