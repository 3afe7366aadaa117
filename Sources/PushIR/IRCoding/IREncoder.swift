/// Writes a ``PushNotification`` in the IR's versioned JSON form (`--to ir`).
///
/// Fields are written in a fixed order; absent, empty and false fields are left out, so
/// equal notifications always give identical text. The same writing builds the value
/// (``encode(_:)-(PushNotification)``) and the compact text derived ids hash (`StableHash` in
/// PushCompiler, through ``encode(_:into:issuer:)``), so the two cannot drift apart.
public enum IREncoder {
  /// The JSON form of `notification`.
  public static func encode(_ notification: PushNotification) -> JSONValue {
    JSONValueBuilder.build { encode(notification, into: &$0) }
  }

  /// Writes the JSON form of `notification` into `builder`; without `issuer`, the
  /// tracking ids' issuer is left out (derived ids hash what the notification says, not
  /// who issued its ids, which a translation notes only when a target may care).
  public static func encode<Builder: JSONBuilder>(
    _ notification: borrowing PushNotification, into builder: inout Builder,
    issuer: Bool = true
  ) {
    builder.beginObject()
    builder.member(Name.irVersion, number: irVersion)
    if notification.content != NotificationContent() {
      builder.member(Name.content) { write(notification.content, into: &$0) }
    }
    if !notification.media.isEmpty {
      builder.name(Name.media)
      builder.beginArray()
      for index in notification.media.indices { write(notification.media[index], into: &builder) }
      builder.endArray()
    }
    if let presentation = notification.mediaPresentation {
      builder.member(Name.mediaPresentation, string: presentation.rawValue)
    }
    if let action = notification.defaultAction {
      builder.name(Name.defaultAction)
      write(action, into: &builder)
    }
    if !notification.buttons.isEmpty {
      builder.name(Name.buttons)
      builder.beginArray()
      for index in notification.buttons.indices {
        write(notification.buttons[index], into: &builder)
      }
      builder.endArray()
    }
    if let category = notification.category {
      builder.name(Name.category)
      write(category, into: &builder)
    }
    let delivery = notification.delivery
    if delivery.contentAvailable || delivery.mutableContent {
      builder.member(Name.delivery) {
        if delivery.contentAvailable { $0.member(Name.contentAvailable, true) }
        if delivery.mutableContent { $0.member(Name.mutableContent, true) }
      }
    }
    if !notification.tracking.isEmpty {
      let tracking = notification.tracking
      builder.member(Name.tracking) {
        $0.member(Name.notificationID, ifPresent: tracking.notificationID)
        $0.member(Name.campaignID, ifPresent: tracking.campaignID)
        if let isTest = tracking.isTest { $0.member(Name.isTest, .bool(isTest)) }
        if issuer, tracking.hasIDs, let issuer = tracking.issuer {
          $0.member(Name.issuer, string: issuer)
        }
      }
    }
    if !notification.customData.isEmpty {
      builder.member(Name.customData, .object(notification.customData))
    }
    if !notification.extras.isEmpty {
      builder.member(Name.extras) {
        for (vendor, members) in notification.extras.sorted(by: { $0.key < $1.key }) {
          $0.member(vendor, .object(members))
        }
      }
    }
    builder.endObject()
  }

  /// The JSON form of `content`: its set fields, in the fixed order.
  public static func encode(_ content: NotificationContent) -> JSONObject {
    let value = JSONValueBuilder.build {
      $0.beginObject()
      write(content, into: &$0)
      $0.endObject()
    }
    return value.objectValue ?? JSONObject()
  }

  /// The JSON form of an action: `{"type": …}` plus the fields of that type.
  public static func encode(_ action: NotificationAction) -> JSONValue {
    JSONValueBuilder.build { write(action, into: &$0) }
  }

  /// Writes the set fields of `content`, in the fixed order, into the open object.
  private static func write<Builder: JSONBuilder>(
    _ content: borrowing NotificationContent, into builder: inout Builder
  ) {
    builder.member(Name.title, ifPresent: content.title)
    builder.member(Name.subtitle, ifPresent: content.subtitle)
    builder.member(Name.body, ifPresent: content.body)
    write(content.titleLocalization, as: Name.titleLocalization, into: &builder)
    write(content.subtitleLocalization, as: Name.subtitleLocalization, into: &builder)
    write(content.bodyLocalization, as: Name.bodyLocalization, into: &builder)
    if let sound = content.sound {
      builder.member(Name.sound) {
        $0.member(Name.name, string: sound.name)
        if sound.isCritical { $0.member(Name.critical, true) }
        if let volume = sound.volume { $0.member(Name.volume, number: volume) }
      }
    }
    if let badge = content.badge { builder.member(Name.badge, number: badge) }
    builder.member(Name.threadID, ifPresent: content.threadID)
    builder.member(Name.interruptionLevel, ifPresent: content.interruptionLevel)
    if let score = content.relevanceScore { builder.member(Name.relevanceScore, number: score) }
    builder.member(Name.launchImage, ifPresent: content.launchImage)
    builder.member(Name.targetContentID, ifPresent: content.targetContentID)
    builder.member(Name.filterCriteria, ifPresent: content.filterCriteria)
  }

  /// Writes a localized text, when there is one, as the member `name`.
  private static func write<Builder: JSONBuilder>(
    _ text: LocalizedText?, as name: PreparedString, into builder: inout Builder
  ) {
    guard let text else { return }
    builder.member(name) {
      $0.member(Name.key, string: text.key)
      $0.name(Name.arguments)
      $0.beginArray()
      for argument in text.arguments { $0.string(argument) }
      $0.endArray()
    }
  }

  private static func write<Builder: JSONBuilder>(
    _ item: borrowing MediaItem, into builder: inout Builder
  ) {
    builder.beginObject()
    builder.member(Name.url, string: item.url)
    builder.member(Name.kind, string: item.kind.rawValue)
    builder.member(Name.typeHint, ifPresent: item.typeHint)
    builder.member(Name.caption, ifPresent: item.caption)
    builder.member(Name.subcaption, ifPresent: item.subcaption)
    builder.member(Name.altText, ifPresent: item.altText)
    if let action = item.action {
      builder.name(Name.action)
      write(action, into: &builder)
    }
    builder.endObject()
  }

  private static func write<Builder: JSONBuilder>(
    _ action: borrowing NotificationAction, into builder: inout Builder
  ) {
    builder.beginObject()
    builder.member(Name.type, string: action.kindName)
    switch action {
    case .openApp, .dismiss, .sameAsDefault: break
    case .openURL(let url, let destination):
      builder.member(Name.url, string: url)
      builder.member(Name.destination, string: destination.rawValue)
    case .dial(let number): builder.member(Name.number, string: number)
    case .botFlow(let botID, let journey):
      builder.member(Name.botID, string: botID)
      builder.member(Name.journey, ifPresent: journey)
    case .inboxMessage(let id): builder.member(Name.messageID, string: id)
    case .custom(let name, let data):
      builder.member(Name.name, string: name)
      if let data { builder.member(Name.data, data) }
    }
    builder.endObject()
  }

  private static func write<Builder: JSONBuilder>(
    _ button: borrowing ActionButton, into builder: inout Builder
  ) {
    builder.beginObject()
    builder.member(Name.id, string: button.id)
    builder.member(Name.label, string: button.label)
    builder.name(Name.action)
    write(button.action, into: &builder)
    switch button.icon {
    case .systemImage(let name):
      builder.member(Name.icon) { $0.member(Name.systemImage, string: name) }
    case .templateImage(let name):
      builder.member(Name.icon) { $0.member(Name.templateImage, string: name) }
    case nil: break
    }
    builder.name(Name.options)
    builder.beginArray()
    for named in ButtonOptions.named where button.options.contains(named.option) {
      builder.string(named.name)
    }
    builder.endArray()
    if let input = button.textInput {
      builder.member(Name.textInput) {
        $0.member(Name.buttonTitle, string: input.buttonTitle)
        $0.member(Name.placeholder, ifPresent: input.placeholder)
      }
    }
    builder.endObject()
  }

  private static func write<Builder: JSONBuilder>(
    _ category: borrowing NotificationCategory, into builder: inout Builder
  ) {
    builder.beginObject()
    builder.member(Name.identifier, string: category.identifier)
    if !category.actionTargets.isEmpty {
      builder.name(Name.actionTargets)
      builder.beginArray()
      for target in category.actionTargets {
        builder.beginObject()
        builder.member(Name.actionID, string: target.actionID)
        builder.name(Name.action)
        write(target.action, into: &builder)
        builder.endObject()
      }
      builder.endArray()
    }
    builder.endObject()
  }

  /// ``PushNotification/irVersion`` as written.
  private static let irVersion = JSONNumber(PushNotification.irVersion)

  /// The member names of the IR's JSON form, prepared once.
  private enum Name {
    static let irVersion = PreparedString("irVersion")
    static let content = PreparedString("content")
    static let media = PreparedString("media")
    static let mediaPresentation = PreparedString("mediaPresentation")
    static let defaultAction = PreparedString("defaultAction")
    static let buttons = PreparedString("buttons")
    static let category = PreparedString("category")
    static let delivery = PreparedString("delivery")
    static let contentAvailable = PreparedString("contentAvailable")
    static let mutableContent = PreparedString("mutableContent")
    static let tracking = PreparedString("tracking")
    static let notificationID = PreparedString("notificationID")
    static let campaignID = PreparedString("campaignID")
    static let isTest = PreparedString("isTest")
    static let issuer = PreparedString("issuer")
    static let customData = PreparedString("customData")
    static let extras = PreparedString("extras")
    static let title = PreparedString("title")
    static let subtitle = PreparedString("subtitle")
    static let body = PreparedString("body")
    static let titleLocalization = PreparedString("titleLocalization")
    static let subtitleLocalization = PreparedString("subtitleLocalization")
    static let bodyLocalization = PreparedString("bodyLocalization")
    static let key = PreparedString("key")
    static let arguments = PreparedString("arguments")
    static let sound = PreparedString("sound")
    static let name = PreparedString("name")
    static let critical = PreparedString("critical")
    static let volume = PreparedString("volume")
    static let badge = PreparedString("badge")
    static let threadID = PreparedString("threadID")
    static let interruptionLevel = PreparedString("interruptionLevel")
    static let relevanceScore = PreparedString("relevanceScore")
    static let launchImage = PreparedString("launchImage")
    static let targetContentID = PreparedString("targetContentID")
    static let filterCriteria = PreparedString("filterCriteria")
    static let url = PreparedString("url")
    static let kind = PreparedString("kind")
    static let typeHint = PreparedString("typeHint")
    static let caption = PreparedString("caption")
    static let subcaption = PreparedString("subcaption")
    static let altText = PreparedString("altText")
    static let action = PreparedString("action")
    static let type = PreparedString("type")
    static let destination = PreparedString("destination")
    static let number = PreparedString("number")
    static let botID = PreparedString("botID")
    static let journey = PreparedString("journey")
    static let messageID = PreparedString("messageID")
    static let data = PreparedString("data")
    static let id = PreparedString("id")
    static let label = PreparedString("label")
    static let icon = PreparedString("icon")
    static let systemImage = PreparedString("systemImage")
    static let templateImage = PreparedString("templateImage")
    static let options = PreparedString("options")
    static let textInput = PreparedString("textInput")
    static let buttonTitle = PreparedString("buttonTitle")
    static let placeholder = PreparedString("placeholder")
    static let identifier = PreparedString("identifier")
    static let actionTargets = PreparedString("actionTargets")
    static let actionID = PreparedString("actionID")
  }
}

extension JSONObject {
  /// Appends `key` with the text `value` when it is not `nil`.
  public mutating func appendIfPresent(_ key: String, _ value: IRText?) {
    if let value { append(key, .string(value)) }
  }
}
