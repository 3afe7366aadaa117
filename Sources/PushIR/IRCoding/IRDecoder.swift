/// Reads the IR's JSON form (`--from ir`) back into a ``PushNotification``.
///
/// Strict: a missing required field, a value of the wrong type, an unknown field or an
/// unsupported `irVersion` is an ``IRDecodingError`` naming its JSON Pointer.
public enum IRDecoder {
  /// The notification that `json` describes. `extrasShapes` gives, by vendor, the
  /// members of its extras that must have a shape (the rest are free-form).
  public static func decode(
    _ json: JSONValue, extrasShapes: [String: [String: ExtrasShape]] = [:]
  ) throws(IRDecodingError) -> PushNotification {
    var root = try Fields(json, at: .root)
    // Any integer spelling is a version, supported or not, however large.
    let version = try root.required("irVersion") { (value, path) throws(IRDecodingError) in
      guard case .number(let number) = value, number.isIntegerLexeme else {
        throw .wrongType("an integer", value, at: path)
      }
      return number.lexeme
    }
    guard version == String(PushNotification.irVersion) else {
      throw IRDecodingError(
        "unsupported irVersion \(version); this pushc reads version \(PushNotification.irVersion)",
        at: "/irVersion")
    }
    var notification = PushNotification()
    if let content = try root.optional("content", decodeContent) { notification.content = content }
    notification.media =
      try root.optional("media") { (value, path) throws(IRDecodingError) in
        try array(value, at: path, decodeMedia)
      } ?? []
    notification.mediaPresentation = try root.optional("mediaPresentation") {
      (value, path) throws(IRDecodingError) in
      try enumeration(value, at: path, MediaPresentation.self)
    }
    notification.defaultAction = try root.optional("defaultAction", decodeAction)
    notification.buttons =
      try root.optional("buttons") { (value, path) throws(IRDecodingError) in
        try array(value, at: path, decodeButton)
      } ?? []
    notification.category = try root.optional("category", decodeCategory)
    if var delivery = try root.optionalFields("delivery") {
      notification.delivery.contentAvailable =
        try delivery.optional("contentAvailable", bool) ?? false
      notification.delivery.mutableContent = try delivery.optional("mutableContent", bool) ?? false
      try delivery.finish()
    }
    if var tracking = try root.optionalFields("tracking") {
      notification.tracking.notificationID = try tracking.optional("notificationID", text)
      notification.tracking.campaignID = try tracking.optional("campaignID", text)
      notification.tracking.isTest = try tracking.optional("isTest", bool)
      notification.tracking.issuer = try tracking.optional("issuer", string)
      if notification.tracking.issuer != nil, !notification.tracking.hasIDs {
        throw IRDecodingError(
          "'issuer' says who issued the notification or campaign id, and there is neither",
          at: "/tracking/issuer")
      }
      try tracking.finish()
    }
    notification.customData = try root.optional("customData", object) ?? JSONObject()
    if let extras = try root.optional("extras", object) {
      for member in extras {
        let path = JSONPointer("/extras").appending(member.key)
        let kept = try object(member.value, at: path)
        if let shapes = extrasShapes[member.key] {
          for index in kept.indices {
            guard let shape = shapes[kept[index].key] else { continue }
            try shape.check(kept[index].value, at: path.appending(kept[index].key))
          }
        }
        notification.extras[member.key] = kept
      }
    }
    try root.finish()
    return notification
  }

  static func decodeContent(_ value: JSONValue, at path: JSONPointer) throws(IRDecodingError)
    -> NotificationContent
  {
    var fields = try Fields(value, at: path)
    var content = NotificationContent()
    content.title = try fields.optional("title", text)
    content.subtitle = try fields.optional("subtitle", text)
    content.body = try fields.optional("body", text)
    content.titleLocalization = try fields.optional("titleLocalization", decodeLocalized)
    content.subtitleLocalization = try fields.optional("subtitleLocalization", decodeLocalized)
    content.bodyLocalization = try fields.optional("bodyLocalization", decodeLocalized)
    content.sound = try fields.optional("sound") { (value, path) throws(IRDecodingError) in
      var sound = try Fields(value, at: path)
      let result = NotificationSound(
        name: try sound.required("name", text),
        isCritical: try sound.optional("critical", bool) ?? false,
        volume: try sound.optional("volume", fraction))
      try sound.finish()
      return result
    }
    content.badge = try fields.optional("badge", count)
    content.threadID = try fields.optional("threadID", text)
    content.interruptionLevel = try fields.optional("interruptionLevel", text)
    content.relevanceScore = try fields.optional("relevanceScore", fraction)
    content.launchImage = try fields.optional("launchImage", text)
    content.targetContentID = try fields.optional("targetContentID", text)
    content.filterCriteria = try fields.optional("filterCriteria", text)
    try fields.finish()
    return content
  }

  static func decodeLocalized(_ value: JSONValue, at path: JSONPointer) throws(IRDecodingError)
    -> LocalizedText
  {
    var fields = try Fields(value, at: path)
    let localized = LocalizedText(
      key: try fields.required("key", text),
      arguments: try fields.optional("arguments") { (value, path) throws(IRDecodingError) in
        try array(value, at: path, text)
      } ?? [])
    try fields.finish()
    return localized
  }

  static func decodeMedia(_ value: JSONValue, at path: JSONPointer) throws(IRDecodingError)
    -> MediaItem
  {
    var fields = try Fields(value, at: path)
    var item = MediaItem(
      url: try fields.required("url", text),
      kind: try fields.required("kind") { (value, path) throws(IRDecodingError) in
        try enumeration(value, at: path, MediaKind.self)
      },
      typeHint: try fields.optional("typeHint", text))
    item.caption = try fields.optional("caption", text)
    item.subcaption = try fields.optional("subcaption", text)
    item.altText = try fields.optional("altText", text)
    item.action = try fields.optional("action", decodeAction)
    try fields.finish()
    return item
  }

  /// Reads an action's JSON form.
  public static func decodeAction(_ value: JSONValue, at path: JSONPointer) throws(IRDecodingError)
    -> NotificationAction
  {
    var fields = try Fields(value, at: path)
    let type = try fields.required("type", string)
    let action: NotificationAction
    switch type {
    case "openApp": action = .openApp
    case "dismiss": action = .dismiss
    case "sameAsDefault": action = .sameAsDefault
    case "openURL":
      action = .openURL(
        try fields.required("url", text),
        try fields.required("destination") { (value, path) throws(IRDecodingError) in
          try enumeration(value, at: path, URLDestination.self)
        })
    case "dial": action = .dial(try fields.required("number", text))
    case "botFlow":
      action = .botFlow(
        botID: try fields.required("botID", text), journey: try fields.optional("journey", text)
      )
    case "inboxMessage": action = .inboxMessage(try fields.required("messageID", text))
    case "custom":
      action = .custom(
        name: try fields.required("name", text),
        data: try fields.optional("data") { (value, _) throws(IRDecodingError) in value })
    default:
      throw IRDecodingError("unknown action type '\(type)'", at: path.appending("type"))
    }
    try fields.finish()
    return action
  }

  static func decodeButton(_ value: JSONValue, at path: JSONPointer) throws(IRDecodingError)
    -> ActionButton
  {
    var fields = try Fields(value, at: path)
    let id = try fields.required("id", text)
    let label = try fields.required("label", text)
    let action = try fields.required("action", decodeAction)
    let icon = try fields.optional("icon") { (value, path) throws(IRDecodingError) -> ButtonIcon in
      var icon = try Fields(value, at: path)
      let result: ButtonIcon
      if let name = try icon.optional("systemImage", text) {
        result = .systemImage(name)
      } else if let name = try icon.optional("templateImage", text) {
        result = .templateImage(name)
      } else {
        throw IRDecodingError("icon needs 'systemImage' or 'templateImage'", at: path)
      }
      try icon.finish()
      return result
    }
    let names =
      try fields.optional("options") { (value, path) throws(IRDecodingError) in
        try array(value, at: path, string)
      } ?? []
    var options: ButtonOptions = []
    for (index, name) in names.enumerated() {
      guard let option = ButtonOptions.named.first(where: { $0.name == name })?.option else {
        throw IRDecodingError(
          "unknown button option '\(name)'", at: path.appending("options").appending(index))
      }
      options.insert(option)
    }
    let textInput = try fields.optional("textInput") { (value, path) throws(IRDecodingError) in
      var input = try Fields(value, at: path)
      let result = TextInput(
        buttonTitle: try input.required("buttonTitle", text),
        placeholder: try input.optional("placeholder", text))
      try input.finish()
      return result
    }
    try fields.finish()
    return ActionButton(
      id: id, label: label, action: action, icon: icon, options: options, textInput: textInput)
  }

  static func decodeCategory(_ value: JSONValue, at path: JSONPointer) throws(IRDecodingError)
    -> NotificationCategory
  {
    var fields = try Fields(value, at: path)
    let identifier = try fields.required("identifier", text)
    let targets =
      try fields.optional("actionTargets") { (value, path) throws(IRDecodingError) in
        try array(value, at: path) {
          (value, path) throws(IRDecodingError) -> NotificationCategory.ActionTarget in
          var target = try Fields(value, at: path)
          let result = NotificationCategory.ActionTarget(
            actionID: try target.required("actionID", text),
            action: try target.required("action", decodeAction))
          try target.finish()
          return result
        }
      } ?? []
    try fields.finish()
    return NotificationCategory(identifier: identifier, actionTargets: targets)
  }

  // MARK: Scalars

  static func string(_ value: JSONValue, at path: JSONPointer) throws(IRDecodingError) -> String {
    guard let text = value.stringValue else { throw .wrongType("a string", value, at: path) }
    return text
  }

  static func text(_ value: JSONValue, at path: JSONPointer) throws(IRDecodingError) -> IRText {
    guard let text = value.textValue else { throw .wrongType("a string", value, at: path) }
    return text
  }

  static func bool(_ value: JSONValue, at path: JSONPointer) throws(IRDecodingError) -> Bool {
    guard case .bool(let flag) = value else { throw .wrongType("a boolean", value, at: path) }
    return flag
  }

  static func number(_ value: JSONValue, at path: JSONPointer) throws(IRDecodingError) -> JSONNumber
  {
    guard case .number(let number) = value else { throw .wrongType("a number", value, at: path) }
    return number
  }

  /// A number from 0 to 1 (a volume, a relevance score), as written.
  static func fraction(_ value: JSONValue, at path: JSONPointer) throws(IRDecodingError)
    -> JSONNumber
  {
    let number = try number(value, at: path)
    guard number.isFromZeroToOne else {
      throw IRDecodingError("'\(number.lexeme)' is not a number from 0 to 1", at: path)
    }
    return number
  }

  /// A whole number from 0 that a signed 64-bit integer holds (a badge count), however spelled, as
  /// vendors' readers take it: an integer as written, another spelling (`1.0`) as the
  /// integer it is.
  static func count(_ value: JSONValue, at path: JSONPointer) throws(IRDecodingError)
    -> JSONNumber
  {
    let number = try number(value, at: path)
    guard let count = number.asCount else {
      let reason =
        number.isCountBeyond63Bits
        ? "is beyond 63 bits: a count is a signed 64-bit integer, at most 9223372036854775807"
        : "is not a whole number from 0"
      throw IRDecodingError("'\(number.lexeme)' \(reason)", at: path)
    }
    return count
  }

  static func int(_ value: JSONValue, at path: JSONPointer) throws(IRDecodingError) -> Int {
    guard case .number(let number) = value, let int = number.intValue else {
      throw .wrongType("an integer", value, at: path)
    }
    return int
  }

  static func object(_ value: JSONValue, at path: JSONPointer) throws(IRDecodingError) -> JSONObject
  {
    guard case .object(let object) = value else { throw .wrongType("an object", value, at: path) }
    return object
  }

  static func array<T>(
    _ value: JSONValue, at path: JSONPointer,
    _ element: (JSONValue, JSONPointer) throws(IRDecodingError) -> T
  ) throws(IRDecodingError) -> [T] {
    guard case .array(let elements) = value else { throw .wrongType("an array", value, at: path) }
    var result: [T] = []
    for (index, item) in elements.enumerated() {
      result.append(try element(item, path.appending(index)))
    }
    return result
  }

  static func enumeration<T: RawRepresentable & CaseIterable>(
    _ value: JSONValue, at path: JSONPointer, _ type: T.Type
  ) throws(IRDecodingError) -> T where T.RawValue == String {
    let text = try string(value, at: path)
    guard let result = T(rawValue: text) else {
      throw .unknownValue(text, expected: T.allCases.map(\.rawValue), at: path)
    }
    return result
  }

  /// The members of one IR object, handed out by name; whatever is left unread when
  /// ``finish()`` is called is an unknown field.
  struct Fields {
    private var object: JSONObject
    private var read: Set<String> = []
    let path: JSONPointer

    init(_ value: JSONValue, at path: JSONPointer) throws(IRDecodingError) {
      guard case .object(let object) = value else { throw .wrongType("an object", value, at: path) }
      self.object = object
      self.path = path
    }

    mutating func optional<T>(
      _ key: String, _ decode: (JSONValue, JSONPointer) throws(IRDecodingError) -> T
    ) throws(IRDecodingError) -> T? {
      read.insert(key)
      guard let value = object[key] else { return nil }
      return try decode(value, path.appending(key))
    }

    mutating func required<T>(
      _ key: String, _ decode: (JSONValue, JSONPointer) throws(IRDecodingError) -> T
    ) throws(IRDecodingError) -> T {
      guard let value = try optional(key, decode) else {
        throw IRDecodingError("missing required field '\(key)'", at: path)
      }
      return value
    }

    mutating func optionalFields(_ key: String) throws(IRDecodingError) -> Fields? {
      read.insert(key)
      guard let value = object[key] else { return nil }
      return try Fields(value, at: path.appending(key))
    }

    func finish() throws(IRDecodingError) {
      if let unknown = object.keys.first(where: { !read.contains($0) }) {
        throw IRDecodingError("unknown IR field '\(unknown)'", at: path.appending(unknown))
      }
    }
  }
}

/// Why a document is not a valid IR document, and where.
public struct IRDecodingError: Error, Hashable, Sendable {
  /// Lower case, no final period.
  public var message: String
  /// The offending value.
  public var path: JSONPointer

  /// An error at `path`.
  public init(_ message: String, at path: JSONPointer) {
    self.message = message
    self.path = path
  }

  static func wrongType(_ expected: String, _ value: JSONValue, at path: JSONPointer)
    -> IRDecodingError
  {
    IRDecodingError("expected \(expected), found \(value.kindName)", at: path)
  }

  /// `text` at `path` is none of the values `expected`.
  static func unknownValue(_ text: String, expected: [String], at path: JSONPointer)
    -> IRDecodingError
  {
    let allowed = expected.map { "'\($0)'" }.joined(separator: ", ")
    return IRDecodingError("unknown value '\(text)'; expected one of \(allowed)", at: path)
  }
}
