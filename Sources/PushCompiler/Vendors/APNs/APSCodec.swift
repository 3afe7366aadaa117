import PushIR

/// Reads and writes the `aps` dictionary, which every vendor's iOS payload shares.
///
/// Keys Apple defines map to `NotificationContent`, `DeliveryFlags` and the
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
    [(key: String, field: WritableKeyPath<NotificationContent, IRText?>, path: String)] = [
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
      let name = CountedName(members[index].key)
      switch name {
      case MemberName("alert"):
        readAlert(
          members[index].value, at: path(), into: &notification, kept: &kept, context: &context)
      case MemberName("badge"):
        context.readBadge(members[index].value, at: path(), into: &notification)
      case MemberName("sound"):
        readSound(members[index].value, at: path(), into: &notification, context: &context)
      case MemberName("category"):
        if let identifier = members[index].value.textValue {
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
        if let entry = stringKeyIndex(name).map({ stringKeys[$0] }) {
          if let text = members[index].value.textValue {
            notification.content[keyPath: entry.field] = text
            context.sourceMap.record(JSONPointer(entry.path), from: path())
          } else {
            context.reportWrongType(members[index].value, expected: "a string", at: path())
          }
        } else {
          // Not `context.keep`: `aps` has no layout hints, so a name beginning with `@`
          // is kept and written back like any other.
          kept.append(members[index].key, members[index].value)
          context.recordExtra(members[index].key, of: extrasKey, from: path())
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
  private static func stringKeyIndex(_ key: CountedName) -> Int? {
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
    switch CountedName(key) {
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
          guard let text = members[position].value.textValue else {
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
          guard let key = members[position].value.textValue else {
            context.reportWrongType(members[position].value, expected: "a string", at: path())
            continue
          }
          var arguments: [IRText] = []
          if let args = alert[entry.args] {
            if let list = args.arrayValue, list.allSatisfy({ $0.textValue != nil }) {
              arguments = list.compactMap(\.textValue)
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
          context.recordExtra(members[position].key, of: extrasKey, in: "alert", from: path())
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
      guard let name = sound["name"]?.textValue else {
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
  static func writesAlert(_ notification: borrowing PushNotification) -> Bool {
    writesAlert(notification, kept: notification.extras[extrasKey]?["alert"]?.objectValue)
  }

  /// Whether `notification` has an `alert` to write, `kept` being the members kept
  /// verbatim for it.
  private static func writesAlert(_ notification: borrowing PushNotification, kept: JSONObject?)
    -> Bool
  {
    notification.content.hasText || notification.content.launchImage != nil
      || kept?.isEmpty == false
  }

  /// The `aps` dictionary for `notification`, naming `category` when given.
  static func write(_ notification: PushNotification, category: IRText?, context: inout EmitContext)
    -> JSONObject
  {
    let aps = JSONValueBuilder.build {
      write(notification, category: category, context: &context, into: &$0)
    }
    guard case .object(let object) = aps else { preconditionFailure("aps is an object") }
    return object
  }

  /// Writes the `aps` dictionary for `notification`, naming `category` when given.
  static func write<Builder: JSONBuilder>(
    _ notification: borrowing PushNotification, category: IRText?, context: inout EmitContext,
    into builder: inout Builder
  ) {
    // The content is read in place: a copy would retain and release each of its strings.
    let kept = notification.extras[extrasKey]
    let keptAlert = kept?.isEmpty == false ? kept?["alert"]?.objectValue : nil
    var names = WrittenNames(recording: kept?.isEmpty == false)
    builder.beginObject()
    if writesAlert(notification, kept: keptAlert) {
      names.name(Name.alert, in: &builder)
      writeAlert(notification, kept: keptAlert, context: &context, into: &builder)
    }
    if let badge = notification.content.badge {
      names.name(Name.badge, in: &builder)
      builder.number(badge)
    }
    if let sound = notification.content.sound {
      names.name(Name.sound, in: &builder)
      if !sound.isCritical && sound.volume == nil {
        builder.string(sound.name)
      } else {
        builder.beginObject()
        if sound.isCritical { builder.member(Name.critical, number: one) }
        builder.member(Name.name, string: sound.name)
        if let volume = sound.volume { builder.member(Name.volume, number: volume) }
        builder.endObject()
      }
    }
    names.member(Name.threadID, ifPresent: notification.content.threadID, in: &builder)
    names.member(Name.category, ifPresent: category, in: &builder)
    if notification.delivery.contentAvailable {
      names.name(Name.contentAvailable, in: &builder)
      builder.number(one)
    }
    if notification.delivery.mutableContent {
      names.name(Name.mutableContent, in: &builder)
      builder.number(one)
    }
    names.member(
      Name.targetContentID, ifPresent: notification.content.targetContentID, in: &builder)
    names.member(
      Name.interruptionLevel, ifPresent: notification.content.interruptionLevel, in: &builder)
    if let score = notification.content.relevanceScore {
      names.name(Name.relevanceScore, in: &builder)
      builder.number(score)
    }
    names.member(Name.filterCriteria, ifPresent: notification.content.filterCriteria, in: &builder)
    if let kept {
      context.writeKept(kept, except: "alert", after: &names, from: "/extras/aps", into: &builder) {
        "'aps.\($0)'"
      }
    }
    builder.endObject()
  }

  /// Writes the `alert` of `notification`, then `kept`, the members kept verbatim for it.
  private static func writeAlert<Builder: JSONBuilder>(
    _ notification: borrowing PushNotification, kept: JSONObject?, context: inout EmitContext,
    into builder: inout Builder
  ) {
    var names = WrittenNames(recording: kept?.isEmpty == false)
    builder.beginObject()
    names.member(Name.title, ifPresent: notification.content.title, in: &builder)
    names.member(Name.subtitle, ifPresent: notification.content.subtitle, in: &builder)
    names.member(Name.body, ifPresent: notification.content.body, in: &builder)
    let isLocalized =
      notification.content.titleLocalization != nil
      || notification.content.subtitleLocalization != nil
      || notification.content.bodyLocalization != nil
    for entry in localizedKeys where isLocalized {
      guard let text = notification.content[keyPath: entry.field] else { continue }
      names.name(entry.key, in: &builder)
      builder.string(text.key)
      if !text.arguments.isEmpty {
        names.name(entry.args, in: &builder)
        builder.beginArray()
        for argument in text.arguments { builder.string(argument) }
        builder.endArray()
      }
    }
    names.member(Name.launchImage, ifPresent: notification.content.launchImage, in: &builder)
    if let kept {
      context.writeKept(kept, after: &names, from: "/extras/aps/alert", into: &builder) {
        "'aps.alert.\($0)'"
      }
    }
    builder.endObject()
  }

  /// The names ``write(_:category:context:into:)`` writes, prepared once.
  private enum Name {
    static let alert = PreparedString("alert")
    static let badge = PreparedString("badge")
    static let sound = PreparedString("sound")
    static let critical = PreparedString("critical")
    static let name = PreparedString("name")
    static let volume = PreparedString("volume")
    static let threadID = PreparedString("thread-id")
    static let category = PreparedString("category")
    static let contentAvailable = PreparedString("content-available")
    static let mutableContent = PreparedString("mutable-content")
    static let targetContentID = PreparedString("target-content-id")
    static let interruptionLevel = PreparedString("interruption-level")
    static let relevanceScore = PreparedString("relevance-score")
    static let filterCriteria = PreparedString("filter-criteria")
    static let title = PreparedString("title")
    static let subtitle = PreparedString("subtitle")
    static let body = PreparedString("body")
    static let launchImage = PreparedString("launch-image")
  }

  /// The number `1`, which flags are written as.
  private static let one = JSONNumber(1)
}

/// The names written into one object so far, recorded only when members kept verbatim
/// follow them (a kept member must not repeat a name): nothing is recorded for the many
/// objects that have none.
struct WrittenNames {
  private var names: [String]?

  /// Names to be recorded when `recording`, else none.
  init(recording: Bool) { names = recording ? [] : nil }

  /// Writes the name `key` into `builder`, and records it.
  @inline(__always)
  mutating func name<Builder: JSONBuilder>(_ key: String, in builder: inout Builder) {
    builder.name(key)
    names?.append(key)
  }

  /// Writes the prepared name `key` into `builder`, and records it.
  @inline(__always)
  mutating func name<Builder: JSONBuilder>(_ key: PreparedString, in builder: inout Builder) {
    builder.name(key)
    names?.append(key.text)
  }

  /// Writes a member holding the string `text`, when there is one, and records its name.
  @inline(__always)
  mutating func member<Builder: JSONBuilder>(
    _ key: PreparedString, ifPresent text: IRText?, in builder: inout Builder
  ) {
    guard let text else { return }
    name(key, in: &builder)
    builder.string(text)
  }

  /// Whether `key` was written (always `false` when nothing is recorded).
  func contains(_ key: String) -> Bool { names?.contains(key) ?? false }
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
  /// `extrasPath` is where the kept members live in the IR. With `hints`, members whose
  /// names start with `@` are layout hints (a vendor's extras), not data, and are skipped.
  mutating func appendKept(
    _ kept: JSONObject, into object: inout JSONObject, from extrasPath: JSONPointer,
    taken: Set<String> = [], hints: Bool = false, naming name: (String) -> String
  ) {
    for member in kept where !(hints && member.key.utf8.first == UInt8(ascii: "@")) {
      guard object[member.key] == nil, !taken.contains(member.key) else {
        reportClash(of: member.key, from: extrasPath, naming: name)
        continue
      }
      object.append(member.key, member.value)
    }
  }

  /// Removes from `kept` the members named in `written`, which the IR's own values are
  /// about to take, reporting each as `name(key)` (at `extrasPath` in the IR) dropped.
  mutating func removeKept(
    named written: [String], from kept: inout JSONObject, at extrasPath: JSONPointer,
    naming name: (String) -> String
  ) {
    for key in written where kept[key] != nil {
      kept[key] = nil
      reportClash(of: key, from: extrasPath, naming: name)
    }
  }

  /// Reports the kept member `key` (at `extrasPath` in the IR) dropped: the IR's own
  /// value of that name wins.
  private mutating func reportClash(
    of key: String, from extrasPath: JSONPointer, naming name: (String) -> String
  ) {
    report(
      .droppedExtra, "kept \(name(key)) clashes with the IR's own value; dropped",
      at: extrasPath.appending(key))
  }

  /// Writes members kept verbatim from a source of the same vendor into the open object
  /// of `builder`, after the IR's own values (whose names are `names`), except those
  /// named `skipped`: a member whose name is already written is dropped and reported as
  /// `name(key)`, since the IR's value wins. `extrasPath` is where the kept members live
  /// in the IR.
  mutating func writeKept<Builder: JSONBuilder>(
    _ kept: JSONObject, except skipped: String? = nil, after names: inout WrittenNames,
    from extrasPath: JSONPointer, into builder: inout Builder, naming name: (String) -> String
  ) {
    for index in kept.indices where kept[index].key != skipped {
      let key = kept[index].key
      guard !names.contains(key) else {
        reportClash(of: key, from: extrasPath, naming: name)
        continue
      }
      names.name(key, in: &builder)
      builder.value(kept[index].value)
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

/// A field of `TrackingIDs`, by its name in the IR.
enum TrackingField: String {
  case notificationID, campaignID, isTest
}
