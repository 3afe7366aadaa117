import PushIR

/// Writes a Klaviyo payload that the draft spec and the shipped SDK read alike: every
/// button has an `action` and, when it navigates, its own `url`; the default link is at
/// the root (`url`, shipped) and in `body.url` (draft); no `aps.category` beside dynamic
/// buttons unless the fallback-category option asks for the migration payload.
struct KlaviyoEmitter: PayloadEmitter {
  typealias Key = Klaviyo.Key

  let notification: PushNotification

  func emit(context: inout EmitContext) throws(TranslationError) -> JSONValue {
    JSONValueBuilder.build { emit(into: &$0, context: &context) }
  }

  func emit<Builder: JSONBuilder>(into builder: inout Builder, context: inout EmitContext) {
    let kept = KeptMembers.found(in: notification.extras["klaviyo"])
    // Worked out before anything is written, in the order their diagnostics are reported.
    let notificationID = Self.notificationID(
      of: notification, keptBody: kept.body, context: &context)
    Self.reportOffSpecNotificationID(
      notificationID, besideButtons: notification.hasDynamicButtons, context: &context)
    let category = categoryToWrite(
      shippedSDKSkipped: kept.shippedSDKSkipsButtons, context: &context)
    Self.reportDraftOnlyIcons(of: notification.buttons, context: &context)
    Self.reportDraftFallbackLinks(
      of: notification.buttons, defaultLink: notification.defaultAction?.url,
      categoryLinks: category?.targets, context: &context)
    builder.beginObject()
    builder.name(Name.aps)
    APSCodec.write(notification, category: category?.identifier, context: &context, into: &builder)
    builder.member(Name.body) { body in
      // Recorded only when kept members follow, which must not repeat a written name:
      // not for a kept body holding only `_k` (a non-string id), as most Klaviyo
      // sources give, which is written as the id, not after it.
      var names = WrittenNames(
        recording: kept.body?.containsKey { $0 != Key.notificationID } == true)
      names.name(Name.notificationID, in: &body)
      body.value(notificationID)
      if let url = notification.defaultAction?.url {
        names.name(Name.url, in: &body)
        body.string(url)
      }
      if !notification.buttons.isEmpty {
        names.name(Name.buttons, in: &body)
        body.beginArray()
        // Each button read where the array holds it: passed as a value, even by index or
        // from the array's buffer, every button would be copied, each of its strings
        // retained and released. The pointers are used only while the array lends its
        // memory, and nothing changes the array meanwhile.
        notification.buttons.withUnsafeBufferPointer { buttons in
          for index in buttons.indices {
            Self.write(buttonAt: buttons.baseAddress! + index, into: &body)
          }
        }
        body.endArray()
      }
      if let category, !category.targets.isEmpty {
        names.name(Name.categoryActions, in: &body)
        body.value(.object(category.targets))
      }
      if let keptBody = kept.body {
        context.writeKept(
          keptBody, except: Key.notificationID, after: &names, from: "/extras/klaviyo/body",
          into: &body
        ) { "'body.\($0)'" }
      }
    }
    if let url = notification.defaultAction?.url { builder.member(Name.url, string: url) }
    if let item = notification.media.first {
      builder.member(Name.media, string: item.url)
      // `rich-media-type` is the file extension the NSE appends; absent, it assumes `jpg`.
      let type = item.fileExtension
      builder.member(Name.mediaType, string: type)
      context.reportAssumedFileType(of: item, at: 0, declared: type)
    }
    writeCustomData(into: &builder, kept: kept, context: &context)
    if let value = kept.badgeConfig { builder.member(Name.badgeConfig, value) }
    if let value = kept.badgeValue { builder.member(Name.badgeValue, value) }
    builder.endObject()
    context.reportUnwrittenTracking(notification.tracking, written: [.notificationID])
    context.reportForeignExtras(notification, keeping: Self.keptExtras)
  }

  /// The names and fixed values the emitter writes, prepared once.
  private enum Name {
    static let aps = PreparedString("aps")
    static let body = PreparedString(Key.body)
    static let notificationID = PreparedString(Key.notificationID)
    static let url = PreparedString(Key.url)
    static let buttons = PreparedString(Key.buttons)
    static let categoryActions = PreparedString(Key.categoryActions)
    static let media = PreparedString(Key.media)
    static let mediaType = PreparedString(Key.mediaType)
    static let keyValuePairs = PreparedString(Key.keyValuePairs)
    static let badgeConfig = PreparedString(Key.badgeConfig)
    static let badgeValue = PreparedString(Key.badgeValue)
    static let id = PreparedString("id")
    static let label = PreparedString("label")
    static let action = PreparedString("action")
    static let icon = PreparedString("icon")
    static let deepLink = PreparedString("deep_link")
    static let openApp = PreparedString("open_app")
  }

  /// The members of `extras["klaviyo"]` the emitter writes back (the last of each name,
  /// as ``JSONObject/subscript(_:)`` finds it), found by one pass over the names instead
  /// of a search for each of them, for every record.
  private struct KeptMembers {
    /// `body` members no IR field holds, when `body` is an object.
    var body: JSONObject?
    var badgeConfig: JSONValue?
    var badgeValue: JSONValue?
    /// The custom-data keys that came from `key_value_pairs`, when kept as an array.
    var customDataInPairs: [JSONValue]?
    /// Why the shipped SDK showed none of a Klaviyo source's buttons, if it did not.
    var shippedSDKSkipsButtons: JSONValue?

    /// The members of `kept`, the extras kept from a Klaviyo source, the emitter writes back.
    static func found(in kept: JSONObject?) -> KeptMembers {
      // Found into locals and built at once: set member by member, the value was built
      // aside, then copied into place and destroyed.
      var body: JSONObject?
      var badgeConfig: JSONValue?
      var badgeValue: JSONValue?
      var customDataInPairs: [JSONValue]?
      var shippedSDKSkipsButtons: JSONValue?
      let members = kept?.members ?? []
      for index in members.indices {
        switch CountedName(members[index].key) {
        case MemberName(Key.body): body = members[index].value.objectValue
        case MemberName(Key.badgeConfig): badgeConfig = members[index].value
        case MemberName(Key.badgeValue): badgeValue = members[index].value
        case MemberName(Key.customDataInPairs): customDataInPairs = members[index].value.arrayValue
        case MemberName(Key.shippedSDKSkipsButtons): shippedSDKSkipsButtons = members[index].value
        default: break
        }
      }
      return KeptMembers(
        body: body, badgeConfig: badgeConfig, badgeValue: badgeValue,
        customDataInPairs: customDataInPairs, shippedSDKSkipsButtons: shippedSDKSkipsButtons)
    }
  }

  /// The extras this format writes back, built once rather than for every record.
  private static let keptExtras = ["klaviyo", APSCodec.extrasKey]

  /// `_k`: given with `--set _k=…`, the IR's notification id, kept from a Klaviyo
  /// source (where it was not a string), the `--defaults` file, or else derived from the
  /// notification (the SDK treats it as opaque). Static, with the notification borrowed:
  /// the closure deriving the id then captures no copy of the emitter.
  private static func notificationID(
    of notification: borrowing PushNotification, keptBody: JSONObject?,
    context: inout EmitContext
  ) -> JSONValue {
    let keptID = keptBody?[Key.notificationID]
    if keptID != nil, notification.tracking.notificationID != nil {
      context.report(
        .droppedExtra, "kept 'body._k' clashes with the IR's own value; dropped",
        at: "/extras/klaviyo/body/_k")
    }
    let current = notification.tracking.notificationID.map { .string($0) } ?? keptID
    let currentAt: JSONPointer? =
      notification.tracking.notificationID == nil && keptID != nil
      ? "/extras/klaviyo/body/_k" : nil
    return context.value(of: Self.notificationIDField, current: current, currentAt: currentAt) {
      .string(StableHash.derivedID(of: notification))
    } ?? .null
  }

  /// Reports a `body._k` that is not a string beside `buttons`, as kept from a Klaviyo
  /// source (`emit.off-spec-field`): the draft extension names the buttons' category
  /// after a string `_k` and shows none without one, and `validate --from klaviyo`
  /// refuses it unless it is a dictionary, the shipped SDK's own form, which that SDK
  /// reads beside buttons with `action`, as every written button has.
  private static func reportOffSpecNotificationID(
    _ notificationID: JSONValue, besideButtons hasButtons: Bool, context: inout EmitContext
  ) {
    guard hasButtons, notificationID.textValue == nil, notificationID != .null else { return }
    let targetID = context.targetID
    let refused =
      notificationID.objectValue == nil
      ? ", and 'pushc validate --from klaviyo' refuses this output" : ""
    context.report(
      .offSpecField,
      "'body._k' is written as kept, \(SpecField.described(notificationID)): the push-button specification requires a string beside dynamic buttons\(refused); \(targetID)'s draft builds show none of the buttons, the shipped SDK shows them",
      atOutput: "/body/_k")
  }

  /// `body._k`, as `--set` and defaults files name it.
  static let notificationIDField = TargetField(
    names: [Key.notificationID], output: "/body/_k", irPath: "/tracking/notificationID",
    meaning: "the tracking metadata that marks a Klaviyo push")

  /// Writes the object of the button at `button`, reading only the fields it writes.
  /// Static: an instance method called for each button would copy the emitter, and with
  /// it the whole notification.
  private static func write<Builder: JSONBuilder>(
    buttonAt button: UnsafePointer<ActionButton>, into builder: inout Builder
  ) {
    builder.beginObject()
    builder.member(Name.id, string: button.pointee.id)
    builder.member(Name.label, string: button.pointee.label)
    if let url = button.pointee.action.url {
      builder.member(Name.action, string: Name.deepLink)
      builder.member(Name.url, string: url)
    } else {
      builder.member(Name.action, string: Name.openApp)
    }
    if case .systemImage(let name) = button.pointee.icon {
      builder.member(Name.icon, string: name)
    }
    builder.endObject()
  }

  /// Reports each icon of `buttons`, which the output writes for the draft builds alone
  /// (``Capabilities/iconsOnlyInDraftBuilds``): the shipped extension's
  /// `KlaviyoActionButtonParser` reads no `icon`.
  private static func reportDraftOnlyIcons(
    of buttons: borrowing [ActionButton], context: inout EmitContext
  ) {
    let targetID = context.targetID
    // Only SF Symbols are written: fit-target drops the other icons for Klaviyo.
    for index in buttons.indices {
      guard case .systemImage(let name) = buttons[index].icon else { continue }
      let label = buttons[index].label
      context.report(
        .draftOnlyIcon,
        "button '\(label)' keeps its SF Symbol icon '\(name)' for \(targetID)'s draft builds only: the shipped SDK does not show it",
        at: JSONPointer("/buttons").appending(index).appending("icon"))
    }
  }

  /// Reports each button written as `open_app` where a draft-era build opens a link for
  /// it: those builds read no `action`, and send a button without `url` to the link
  /// `body.actions` gives its id, else to `body.url` (the default link).
  private static func reportDraftFallbackLinks(
    of buttons: borrowing [ActionButton], defaultLink: IRText?, categoryLinks: JSONObject?,
    context: inout EmitContext
  ) {
    guard defaultLink != nil || categoryLinks?.isEmpty == false else { return }
    let targetID = context.targetID
    for index in buttons.indices where buttons[index].action.url == nil {
      let id = buttons[index].id
      let categoryLink = categoryLinks?[id.string]?["url"]?.textValue
      guard let opened = categoryLink ?? defaultLink else { continue }
      let label = buttons[index].label
      let source =
        categoryLink != nil
        ? "takes the link 'body.actions' gives its id" : "falls back to 'body.url'"
      context.report(
        .draftFallbackLink,
        "button '\(label)' opens the app with the shipped SDK only: \(targetID)'s draft builds, which read no 'action', open '\(opened)' for it, as a button without 'url' \(source)",
        at: JSONPointer("/buttons").appending(index))
    }
  }

  /// The category to name in `aps.category` and its `body.actions`: a registered
  /// category without dynamic buttons; beside dynamic buttons only with the
  /// fallback-category option (contracting the buttons into a predefined category when
  /// they match one). `shippedSDKSkipped` is why the shipped SDK showed none of a
  /// Klaviyo source's buttons, if it did not: then a category beside them hides nothing
  /// that showed; nor does it beside buttons a pass expanded from it.
  private func categoryToWrite(shippedSDKSkipped: JSONValue?, context: inout EmitContext) -> (
    identifier: IRText, targets: JSONObject
  )? {
    func targets(_ pairs: [(IRText, NotificationAction)]) -> JSONObject {
      JSONObject(
        pairs.compactMap { id, action in
          action.url.map { .init(key: id.string, value: ["url": .string($0)]) }
        })
    }
    let registered = notification.category.map { category in
      (category.identifier, targets(category.actionTargets.map { ($0.actionID, $0.action) }))
    }
    // What `body.actions` cannot say of a category that is written; one dropped says
    // so for each of its targets instead. Only draft-era builds read `body.actions`: the
    // shipped SDK leaves a tap on a registered category's action to the app's own
    // handler, so each link written is reported as the draft's alone, unless
    // `draftOnlyLinks` is false (a predefined fallback category, whose warning says the
    // shipped SDK shows none of its buttons).
    func reportTargets(draftOnlyLinks: Bool = true, context: inout EmitContext) {
      let targetID = context.targetID
      for (index, target) in (notification.category?.actionTargets ?? []).enumerated() {
        let path = JSONPointer("/category/actionTargets").appending(index)
        switch target.action {
        case .openURL(_, .app): break
        case .openURL(let url, _):
          context.report(
            .changedAction, "category action '\(target.actionID)' opens '\(url)' in the app",
            at: path)
        default:
          context.report(
            .droppedField,
            "'body.actions' holds links only; what '\(target.actionID)' does is dropped", at: path)
        }
        if draftOnlyLinks, let url = target.action.url {
          context.report(
            .draftOnlyLink,
            "category action '\(target.actionID)' links to '\(url)' in 'body.actions', which only \(targetID)'s draft builds read: with the shipped SDK the app's own handler decides what '\(target.actionID)' does",
            at: path)
        }
      }
    }
    guard notification.hasDynamicButtons else {
      reportTargets(context: &context)
      return registered
    }
    let wantsFallback = context.options.contains(Klaviyo.fallbackCategoryOption)
    if wantsFallback {
      let added =
        registered == nil
        ? PredefinedCategory.matching(notification.buttons, vendor: "klaviyo") : nil
      let fallback =
        registered
        ?? added.map {
          (IRText($0.identifier), targets(notification.buttons.map { ($0.id, $0.action) }))
        }
      if let fallback {
        if let registered {
          reportTargets(
            draftOnlyLinks: PredefinedCategory.named(registered.0, vendor: "klaviyo") == nil,
            context: &context)
        }
        // Kept when the source named it: beside the buttons, or as their origin.
        let expanded = context.expandedCategory == fallback.0
        let message =
          "'aps.category' '\(fallback.0)' is \(registered != nil || expanded ? "kept" : "added") as a fallback; the shipped SDK then skips the dynamic buttons"
        // A loss where the buttons showed: not a category's, nor ones the shipped SDK
        // skipped in the source too.
        // What a build that registered the category shows instead, where it differs: not
        // for a category the source named, which such a build showed for it too.
        let shownInstead =
          expanded ? nil : added.flatMap { Self.differences(of: $0, from: notification.buttons) }
        if shippedSDKSkipped == nil && !expanded {
          context.report(
            .fallbackHidesButtons, message + ", which the source showed", atOutput: "/aps/category",
            notes: shownInstead.map { [$0] } ?? [])
        } else {
          context.report(
            .fallbackCategory, message, atOutput: "/aps/category",
            notes: shownInstead.map { [$0] } ?? [])
        }
        return fallback
      }
      context.report(
        .noFallbackCategory, Self.noFallbackMessage(for: notification.buttons), at: "/buttons")
      return nil
    }
    if let registered, let category = notification.category {
      context.reportDroppedCategory(
        category,
        "'\(registered.0)' dropped: beside dynamic buttons the shipped SDK would skip them",
        notes: [
          "--option \(Klaviyo.fallbackCategoryOption) keeps it as the spec's migration fallback"
        ])
    }
    return nil
  }

  /// Why no fallback category is written for `buttons`: none of the predefined categories
  /// has their ids, or one has them in another order, which the category's display order
  /// would swap.
  private static func noFallbackMessage(for buttons: [ActionButton]) -> String {
    let ids = buttons.map(\.id.string)
    let reordered = KlaviyoCategories.all.first { category in
      let own = category.buttons.map(\.id)
      return own != ids && own.sorted() == ids.sorted()
    }
    guard let reordered else {
      return "no predefined category matches these buttons, so no fallback category is written"
    }
    func listed(_ ids: [String]) -> String { ids.map { "'\($0)'" }.joined(separator: ", ") }
    return
      "'\(reordered.identifier)' has these buttons' ids in another order (\(listed(reordered.buttons.map(\.id))), while these buttons show \(listed(ids))), and a category shows its buttons in its own order, so no fallback category is written"
  }

  /// What a build that registered `category` (the draft's predefined-category builds)
  /// shows for it in place of `buttons`, whose ids it matches, where that differs: the
  /// category's own labels, and its background buttons run without opening the app
  /// (every Klaviyo button opens it); `nil` when it shows the same buttons doing the same.
  private static func differences(of category: PredefinedCategory, from buttons: [ActionButton])
    -> String?
  {
    var changes: [String] = []
    for (shown, button) in zip(category.buttons, buttons) {
      let inBackground = !shown.options.contains(.foreground)
      guard shown.label != button.label || inBackground else { continue }
      var change = "'\(shown.label)'"
      if shown.label != button.label { change += " for '\(button.label)'" }
      if inBackground { change += ", which runs in the background without opening the app" }
      changes.append(change)
    }
    guard !changes.isEmpty else { return nil }
    return
      "where the app registered '\(category.identifier)' (the draft's predefined-category builds), its buttons show instead: \(changes.joined(separator: "; "))"
  }

  /// Custom data goes where the app reads it: at the root, as in every APNs payload,
  /// except keys that came from `key_value_pairs`, which go back there. A key that
  /// collides with one of Klaviyo's own root keys moves into `key_value_pairs`.
  private func writeCustomData<Builder: JSONBuilder>(
    into root: inout Builder, kept: KeptMembers, context: inout EmitContext
  ) {
    // Most payloads came without `key_value_pairs`: then no set is built and no key hashed.
    let inPairs = kept.customDataInPairs.map { Set($0.compactMap(\.stringValue)) }
    var pairs = JSONObject()
    for member in notification.customData {
      if inPairs?.contains(member.key) == true {
        pairs.append(member.key, member.value)
      } else if Key.isReservedRootKey(member.key) {
        // The SDK types `key_value_pairs` as String to String: a value of another type
        // goes in as its compact JSON text, so the dictionary stays one the app can read
        // as such (a cast or decode to `[String: String]` fails for the whole of it).
        var moved =
          "custom key '\(member.key)' is one of Klaviyo's own; moved into 'key_value_pairs'"
        if case .string = member.value {
          pairs.append(member.key, member.value)
        } else {
          let text = JSONWriter(style: .compact).string(member.value)
          pairs.append(member.key, .string(text))
          moved += " as the JSON text '\(text)': its values are strings"
        }
        context.report(.movedField, moved, at: JSONPointer("/customData").appending(member.key))
      } else {
        root.member(member.key, member.value)
      }
    }
    if !pairs.isEmpty { root.member(Name.keyValuePairs, .object(pairs)) }
  }
}
