import PushIR

/// Reads and writes the `aps` dictionary, which every vendor's iOS payload shares.
///
/// Keys Apple defines map to ``NotificationContent``, ``DeliveryFlags`` and the
/// category; keys it does not are kept verbatim in `extras["aps"]` (and written back by
/// every vendor's emitter, since they all deliver through APNs).
enum APSCodec {
  /// The extras key for `aps` members no field of the IR holds.
  static let extrasKey = "aps"

  private static let alertKeys: [(key: String, path: String)] = [
    ("title", "/content/title"), ("subtitle", "/content/subtitle"), ("body", "/content/body"),
    ("launch-image", "/content/launchImage"),
  ]
  nonisolated(unsafe) private static let localizedKeys:
    [(
      key: String, args: String, field: WritableKeyPath<NotificationContent, LocalizedText?>,
      path: String
    )] = [
      ("title-loc-key", "title-loc-args", \.titleLocalization, "/content/titleLocalization"),
      (
        "subtitle-loc-key", "subtitle-loc-args", \.subtitleLocalization,
        "/content/subtitleLocalization"
      ),
      ("loc-key", "loc-args", \.bodyLocalization, "/content/bodyLocalization"),
    ]
  nonisolated(unsafe) private static let stringKeys:
    [(key: String, field: WritableKeyPath<NotificationContent, String?>, path: String)] = [
      ("thread-id", \.threadID, "/content/threadID"),
      ("target-content-id", \.targetContentID, "/content/targetContentID"),
      ("interruption-level", \.interruptionLevel, "/content/interruptionLevel"),
      ("filter-criteria", \.filterCriteria, "/content/filterCriteria"),
    ]

  /// Reads `aps` (at `pointer`) into `notification`.
  static func read(
    _ aps: JSONObject, at pointer: JSONPointer, into notification: inout PushNotification,
    context: inout ParseContext
  ) {
    var kept = JSONObject()
    // By index, names and values read in place: a copy of each member would retain and
    // release both, for every member of every record.
    let members = aps.members
    for index in members.indices {
      // Worked out only when a diagnostic or the source map takes it.
      func path() -> JSONPointer { pointer.appending(members[index].key) }
      switch members[index].key {
      case MemberName("alert"):
        readAlert(
          members[index].value, at: path(), into: &notification, kept: &kept, context: &context)
      case MemberName("badge"):
        context.readBadge(members[index].value, at: path(), into: &notification)
      case MemberName("sound"):
        readSound(members[index].value, at: path(), into: &notification, context: &context)
      case MemberName("category"):
        if let identifier = members[index].value.stringValue {
          if !identifier.isEmpty {
            notification.category = NotificationCategory(identifier: identifier)
            context.sourceMap.record("/category", from: path())
          }
        } else {
          context.reportWrongType(members[index].value, expected: "a string", at: path())
        }
      case MemberName("content-available"):
        notification.delivery.contentAvailable = readFlag(
          members[index].value, at: path(), context: &context)
        context.sourceMap.record("/delivery/contentAvailable", from: path())
      case MemberName("mutable-content"):
        notification.delivery.mutableContent = readFlag(
          members[index].value, at: path(), context: &context)
        context.sourceMap.record("/delivery/mutableContent", from: path())
      case MemberName("relevance-score"):
        context.read(
          fraction: members[index].value, at: path(), into: \.content.relevanceScore,
          of: &notification,
          irPath: "/content/relevanceScore")
      default:
        if let entry = stringKeyIndex(members[index].key).map({ stringKeys[$0] }) {
          if let text = members[index].value.stringValue {
            notification.content[keyPath: entry.field] = text
            context.sourceMap.record(JSONPointer(entry.path), from: path())
          } else {
            context.reportWrongType(members[index].value, expected: "a string", at: path())
          }
        } else {
          kept.append(members[index].key, members[index].value)
          context.report(
            .unknownKey, "'aps.\(members[index].key)' has no place in the IR; kept verbatim",
            at: path())
        }
      }
    }
    if !kept.isEmpty { notification.extras[extrasKey] = kept }
  }

  /// The index of `key` in ``stringKeys``: a switch, since every key of every `aps` that
  /// is not one of the others is asked about.
  private static func stringKeyIndex(_ key: String) -> Int? {
    switch key {
    case MemberName("thread-id"): 0
    case MemberName("target-content-id"): 1
    case MemberName("interruption-level"): 2
    case MemberName("filter-criteria"): 3
    default: nil
    }
  }

  /// The index of `key` in ``alertKeys``, by a switch for the same reason.
  private static func alertKeyIndex(_ key: String) -> Int? {
    switch key {
    case MemberName("title"): 0
    case MemberName("subtitle"): 1
    case MemberName("body"): 2
    case MemberName("launch-image"): 3
    default: nil
    }
  }

  /// Reads `aps.alert`, found at `pointer` (worked out only when a diagnostic or the
  /// source map takes it).
  private static func readAlert(
    _ value: JSONValue, at pointer: @autoclosure () -> JSONPointer,
    into notification: inout PushNotification,
    kept: inout JSONObject, context: inout ParseContext
  ) {
    switch value {
    case .string(let body):
      notification.content.body = body
      context.sourceMap.record("/content/body", from: pointer())
    case .object(let alert):
      var keptAlert = JSONObject()
      // Bit masks of the localized keys and arguments the alert has, by their entry's
      // index, so that arguments without their key are found without a second lookup.
      var keysSeen = 0
      var argumentsSeen = 0
      let members = alert.members
      for position in members.indices {
        // Worked out only when a diagnostic or the source map takes it.
        func path() -> JSONPointer { pointer().appending(members[position].key) }
        if let index = alertKeyIndex(members[position].key) {
          guard let text = members[position].value.stringValue else {
            context.reportWrongType(members[position].value, expected: "a string", at: path())
            continue
          }
          switch index {
          case 0: notification.content.title = text
          case 1: notification.content.subtitle = text
          case 2: notification.content.body = text
          default: notification.content.launchImage = text
          }
          context.sourceMap.record(JSONPointer(alertKeys[index].path), from: path())
        } else if let index = localizedKeys.firstIndex(where: { $0.key == members[position].key }) {
          keysSeen |= 1 << index
          let entry = localizedKeys[index]
          guard let key = members[position].value.stringValue else {
            context.reportWrongType(members[position].value, expected: "a string", at: path())
            continue
          }
          var arguments: [String] = []
          if let args = alert[entry.args] {
            if let list = args.arrayValue, list.allSatisfy({ $0.stringValue != nil }) {
              arguments = list.compactMap(\.stringValue)
            } else {
              context.reportWrongType(
                args, expected: "an array of strings", at: pointer().appending(entry.args))
            }
          }
          notification.content[keyPath: entry.field] = LocalizedText(key: key, arguments: arguments)
          context.sourceMap.record(JSONPointer(entry.path), from: path())
        } else if let index = localizedKeys.firstIndex(where: { $0.args == members[position].key })
        {
          argumentsSeen |= 1 << index  // read with their key
        } else {
          keptAlert.append(members[position].key, members[position].value)
          context.report(
            .unknownKey,
            "'aps.alert.\(members[position].key)' has no place in the IR; kept verbatim", at: path()
          )
        }
      }
      for (index, entry) in localizedKeys.enumerated()
      where argumentsSeen & 1 << index != 0 && keysSeen & 1 << index == 0 {
        context.report(
          .invalidValue, "'\(entry.args)' without '\(entry.key)' has nothing to format; ignored",
          at: pointer().appending(entry.args))
      }
      if !keptAlert.isEmpty { kept.append("alert", .object(keptAlert)) }
    default:
      context.reportWrongType(value, expected: "a string or an object", at: pointer())
    }
  }

  private static func readSound(
    _ value: JSONValue, at pointer: @autoclosure () -> JSONPointer,
    into notification: inout PushNotification,
    context: inout ParseContext
  ) {
    switch value {
    case .string(let name):
      notification.content.sound = NotificationSound(name: name)
    case .object(let sound):
      guard let name = sound["name"]?.stringValue else {
        context.report(
          .invalidValue, "a sound dictionary without a 'name' string plays nothing; ignored",
          at: pointer())
        return
      }
      let critical =
        sound["critical"].map {
          readFlag($0, at: pointer().appending("critical"), context: &context)
        }
        ?? false
      let volume = context.fraction(sound["volume"], at: pointer().appending("volume"))
      notification.content.sound = NotificationSound(
        name: name, isCritical: critical, volume: volume)
      for member in sound where !isSoundKey(member.key) {
        context.report(
          .invalidValue, "'\(member.key)' is not a sound key; ignored",
          at: pointer().appending(member.key))
      }
    default:
      context.reportWrongType(value, expected: "a string or an object", at: pointer())
      return
    }
    context.sourceMap.record("/content/sound", from: pointer())
  }

  /// Whether `key` is a member of a sound dictionary that the reader reads.
  private static func isSoundKey(_ key: String) -> Bool {
    switch key {
    case MemberName("name"), MemberName("critical"), MemberName("volume"): true
    default: false
    }
  }

  /// A flag is on when it is `1`; the normalize-shapes pass turns other spellings into
  /// `1` or removes them beforehand.
  static func readFlag(
    _ value: JSONValue, at pointer: @autoclosure () -> JSONPointer, context: inout ParseContext
  )
    -> Bool
  {
    switch value {
    case .number(let number) where number.intValue == 1: return true
    case .number(let number) where number.intValue == 0: return false
    default:
      context.report(
        .invalidValue,
        "flag value \(JSONWriter(style: .compact).string(value)) is neither 1 nor 0; read as off",
        at: pointer())
      return false
    }
  }

  /// Whether ``write(_:category:context:)`` gives `notification` an `alert`.
  static func writesAlert(_ notification: PushNotification) -> Bool {
    notification.content.hasText || notification.content.launchImage != nil
      || notification.keptExtras(of: extrasKey)?["alert"]?.objectValue?.isEmpty == false
  }

  /// The `aps` dictionary for `notification`, naming `category` when given.
  static func write(_ notification: PushNotification, category: String?, context: inout EmitContext)
    -> JSONObject
  {
    // The content is read in place: a copy would retain and release each of its strings.
    var kept = notification.keptExtras(of: extrasKey) ?? JSONObject()
    var alert = JSONObject(capacity: 4)
    alert.appendIfPresent("title", notification.content.title)
    alert.appendIfPresent("subtitle", notification.content.subtitle)
    alert.appendIfPresent("body", notification.content.body)
    let isLocalized =
      notification.content.titleLocalization != nil
      || notification.content.subtitleLocalization != nil
      || notification.content.bodyLocalization != nil
    for entry in localizedKeys where isLocalized {
      guard let text = notification.content[keyPath: entry.field] else { continue }
      alert.append(entry.key, .string(text.key))
      if !text.arguments.isEmpty {
        alert.append(entry.args, .array(text.arguments.map { .string($0) }))
      }
    }
    alert.appendIfPresent("launch-image", notification.content.launchImage)
    if !kept.isEmpty, let keptAlert = kept.removeValue(forKey: "alert")?.objectValue {
      context.appendKept(keptAlert, into: &alert, from: "/extras/aps/alert") { "'aps.alert.\($0)'" }
    }
    var aps = JSONObject(capacity: 6 + kept.count)
    if !alert.isEmpty { aps.append("alert", .object(alert)) }
    if let badge = notification.content.badge { aps.append("badge", .number(badge)) }
    if let sound = notification.content.sound {
      if !sound.isCritical && sound.volume == nil {
        aps.append("sound", .string(sound.name))
      } else {
        var value = JSONObject()
        if sound.isCritical { value.append("critical", 1) }
        value.append("name", .string(sound.name))
        if let volume = sound.volume { value.append("volume", .number(volume)) }
        aps.append("sound", .object(value))
      }
    }
    aps.appendIfPresent("thread-id", notification.content.threadID)
    aps.appendIfPresent("category", category)
    if notification.delivery.contentAvailable { aps.append("content-available", 1) }
    if notification.delivery.mutableContent { aps.append("mutable-content", 1) }
    aps.appendIfPresent("target-content-id", notification.content.targetContentID)
    aps.appendIfPresent("interruption-level", notification.content.interruptionLevel)
    if let score = notification.content.relevanceScore {
      aps.append("relevance-score", .number(score))
    }
    aps.appendIfPresent("filter-criteria", notification.content.filterCriteria)
    context.appendKept(kept, into: &aps, from: "/extras/aps") { "'aps.\($0)'" }
    return aps
  }
}

extension APSCodec {
  /// Reads the root's `aps` into `notification`, reporting it when it is not an object.
  static func read(
    from root: JSONObject, into notification: inout PushNotification, context: inout ParseContext
  ) {
    read(root["aps"], into: &notification, context: &context)
  }

  /// Reads the root's `aps` member `aps`, if there is one, into `notification`,
  /// reporting it when it is not an object.
  static func read(
    _ aps: JSONValue?, into notification: inout PushNotification, context: inout ParseContext
  ) {
    guard let aps else { return }
    if let object = context.object(aps, at: "/aps") {
      read(object, at: "/aps", into: &notification, context: &context)
    }
  }
}

extension EmitContext {
  /// Appends members kept verbatim from a source of the same vendor to `object`, after
  /// the IR's own values: a member whose name `object` already has, or is about to get
  /// (`taken`), is dropped and reported as `name(key)`, since the IR's value wins.
  /// `extrasPath` is where the kept members live in the IR.
  mutating func appendKept(
    _ kept: JSONObject, into object: inout JSONObject, from extrasPath: JSONPointer,
    taken: Set<String> = [], naming name: (String) -> String
  ) {
    for member in kept {
      guard object[member.key] == nil, !taken.contains(member.key) else {
        report(
          .droppedExtra, "kept \(name(member.key)) clashes with the IR's own value; dropped",
          at: extrasPath.appending(member.key))
        continue
      }
      object.append(member.key, member.value)
    }
  }

  /// Writes the app's custom data at the root, where every APNs payload carries it,
  /// except keys the vendor reads as its own (`reserved`, or starting with one of
  /// `reservedPrefixes`), which are dropped and reported.
  mutating func writeCustomData(
    _ notification: PushNotification, into root: inout JSONObject, reserved: Set<String>,
    reservedPrefixes: [String] = []
  ) {
    let targetID = targetID  // messages are built while reporting, which holds `self`
    for member in notification.customData {
      guard !reserved.contains(member.key), root[member.key] == nil,
        !reservedPrefixes.contains(where: member.key.hasPrefix)
      else {
        report(
          .droppedField,
          "custom key '\(member.key)' would replace \(targetID)'s own '\(member.key)'; dropped",
          at: JSONPointer("/customData").appending(member.key))
        continue
      }
      root.append(member.key, member.value)
    }
  }
}

extension EmitContext {
  /// Reports each tracking id the target has no key for (`written` are the ones it has).
  mutating func reportUnwrittenTracking(_ tracking: TrackingIDs, written: [TrackingField] = []) {
    guard !tracking.isEmpty else { return }
    let fields: [(field: TrackingField, present: Bool)] = [
      (.notificationID, tracking.notificationID != nil),
      (.campaignID, tracking.campaignID != nil),
      (.isTest, tracking.isTest != nil),
    ]
    let targetID = targetID  // messages are built while reporting, which holds `self`
    for (field, present) in fields where present && !written.contains(field) {
      report(
        .droppedField,
        "\(targetID) has no key for the tracking field '\(field.rawValue)'; dropped",
        at: JSONPointer("/tracking").appending(field.rawValue))
    }
  }
}

/// A field of ``TrackingIDs``, by its name in the IR.
enum TrackingField: String {
  case notificationID, campaignID, isTest
}
