import PushIR

/// Lowers an Iterable payload into the IR.
struct IterableParser: PayloadParser {
  typealias Key = Iterable.Key
  typealias ButtonKey = Iterable.ButtonKey

  let root: JSONObject
  private var notification = PushNotification()
  private var kept = JSONObject()

  init(root: JSONObject) { self.root = root }

  mutating func parse(context: inout ParseContext) -> PushNotification {
    APSCodec.read(from: root, into: &notification, context: &context)
    // The SDK takes a push as its own only with an `itbl` dictionary: one of another
    // type is reported as such, and is no marker either.
    let itbl = root[Key.container].flatMap { context.object($0, at: "/itbl") }
    if itbl == nil {
      context.reportMissingMarker(
        "no 'itbl' dictionary: the Iterable SDK ignores this push", at: .root)
    }
    if let itbl {
      readContainer(itbl, context: &context)
      // No campaign read (none, or one the SDK tracks nothing under): a proof, as an
      // output without a campaignId is.
      if notification.tracking.campaignID == nil && notification.tracking.isTest == nil {
        kept.append(Key.proofHint, true)
      }
    }
    readRoot(itbl: itbl, context: &context)
    if !kept.isEmpty { notification.extras["iterable"] = kept }
    return notification.take()
  }

  private mutating func readContainer(_ itbl: JSONObject, context: inout ParseContext) {
    for member in itbl {
      lazy var pointer = JSONPointer("/itbl").appending(member.key)
      switch member.key {
      case Key.campaignID:
        readCampaign(member.value, at: pointer, context: &context)
      case Key.templateID:
        // The SDK takes any number as the template id and sends it as it is, reading its
        // whole part only to tell a test from a proof: kept as spelled, whatever it is.
        if context.number(member.value, at: pointer) != nil {
          context.keep(member.key, member.value, in: &kept, extraOf: "iterable", from: pointer)
        }
      case Key.messageID:
        context.read(
          member.value, at: pointer, into: \.tracking.notificationID, of: &notification,
          irPath: "/tracking/notificationID")
      case Key.isGhostPush:
        if context.flag(member.value, at: pointer) != nil {
          context.keep(member.key, member.value, in: &kept, extraOf: "iterable", from: pointer)
        }
      case Key.attachment:
        guard let url = context.text(member.value, at: pointer) else { continue }
        // The service extension names the download after the server's file name, so the
        // URL's extension is only a hint of what iOS will show.
        notification.media = [MediaItem(url: url, kind: MediaKind(url: url) ?? .image)]
        context.sourceMap.record("/media/0", from: pointer)
      case Key.defaultAction:
        notification.defaultAction = IterableAction.read(
          member.value, at: pointer, context: &context)
        if notification.defaultAction != nil {
          context.sourceMap.record("/defaultAction", from: pointer)
        }
      case Key.buttons:
        if let elements = context.array(member.value, at: pointer) {
          readButtons(elements, messageID: itbl[Key.messageID]?.stringValue, context: &context)
        }
      default:
        context.keep(
          member.key, member.value, in: &kept, extraOf: "iterable", from: pointer,
          noting: "'itbl.\(member.key)' is not a key the Iterable SDK reads; kept verbatim")
      }
    }
  }

  /// `campaignId`: a number; `0` marks a proof or test send, which the SDK does not track.
  private mutating func readCampaign(
    _ value: JSONValue, at pointer: JSONPointer, context: inout ParseContext
  ) {
    guard let number = Self.campaignNumber(value, at: pointer, context: &context) else { return }
    if number.wholeValue == 0 {
      notification.tracking.isTest = true
      context.sourceMap.record("/tracking/isTest", from: pointer)
    } else {
      notification.tracking.campaignID = IRText(number.lexeme)
      context.sourceMap.record("/tracking/campaignID", from: pointer)
    }
  }

  /// A `campaignId`: a number the SDK takes as an `NSNumber`, whatever its spelling
  /// (`10`, `10.0`, `1E1` are the same id), and tells proofs and tests by its `intValue`.
  /// A number that is not whole, or one beyond 64 bits, which no `intValue` holds, is
  /// reported and `nil`.
  static func campaignNumber(
    _ value: JSONValue, at pointer: JSONPointer, context: inout ParseContext
  ) -> JSONNumber? {
    guard let number = context.number(value, at: pointer) else { return nil }
    guard number.wholeValue == nil else { return number }
    let reason =
      number.isWhole
      ? "is a whole number beyond 64 bits, which the SDK's 'intValue' cannot hold"
      : "is not a whole number"
    context.report(.invalidValue, "campaign id '\(number.lexeme)' \(reason); ignored", at: pointer)
    return nil
  }

  /// Root keys beside `aps` and `itbl`: the legacy tap link, or the app's own data.
  private mutating func readRoot(itbl: JSONObject?, context: inout ParseContext) {
    let hasDefaultAction = itbl?[Key.defaultAction]?.objectValue != nil
    let isGhostPush = itbl?[Key.isGhostPush].map { $0 == true || $0 == 1 } ?? false
    for member in root where member.key != "aps" && member.key != Key.container {
      lazy var pointer = JSONPointer.root.appending(member.key)
      switch member.key {
      case Key.legacyURL where itbl != nil && !hasDefaultAction:
        guard let url = context.text(member.value, at: pointer) else { continue }
        guard !url.isEmpty else {
          context.report(.invalidValue, "an empty 'url' opens nothing; ignored", at: pointer)
          continue
        }
        notification.defaultAction = .openURL(url, .app)
        context.sourceMap.record("/defaultAction", from: pointer)
        continue
      case Key.notificationType:
        if isGhostPush, let type = member.value.stringValue, Key.syncTypes.contains(type) {
          context.report(
            .notVendorPayload,
            "'notificationType' '\(type)' marks a silent sync: the SDK consumes the push instead of showing it",
            at: pointer)
        }
      case Key.buttons:
        context.report(
          .unknownKey,
          "root 'actionButtons' is read only by debug builds of the SDK; kept as the app's data",
          at: pointer)
      default:
        break
      }
      context.keepAsCustomData(member, from: pointer, into: &notification)
    }
  }

  /// `actionButtons`: dynamic buttons, or, beside `aps.category`, what the actions of the
  /// category the app registered do (the service extension then builds no buttons).
  private mutating func readButtons(
    _ elements: [JSONValue], messageID: String?, context: inout ParseContext
  ) {
    let category = notification.category?.identifier
    if category == nil && messageID == nil && !elements.isEmpty {
      context.report(
        .incomplete,
        "'actionButtons' without a 'messageId' string: the service extension registers no category, so no button shows",
        at: "/itbl/actionButtons",
        notes: ["read as its author meant it; an iterable output writes a 'messageId'"])
    }
    context.forEachButtonObject(in: elements, at: "/itbl/actionButtons") {
      readElement($0, category: category, at: $1, context: &$2)
    }
  }

  /// One element of `actionButtons`: a dynamic button, or beside `category` what one of
  /// its actions does.
  private mutating func readElement(
    _ object: JSONObject, category: IRText?, at pointer: JSONPointer, context: inout ParseContext
  ) {
    guard let id = object[ButtonKey.identifier]?.textValue else {
      context.report(
        .invalidButton, "a button without an 'identifier' string; dropped, as the SDK skips it",
        at: pointer)
      return
    }
    if let category {
      readActionTarget(object, id: id, category: category, at: pointer, context: &context)
    } else if let button = readButton(object, id: id, at: pointer, context: &context) {
      let place = JSONPointer("/buttons").appending(notification.buttons.count)
      context.sourceMap.record(place, from: pointer)
      if button.icon != nil {
        context.sourceMap.record(place.appending("icon"), from: pointer.appending(ButtonKey.icon))
      }
      notification.buttons.append(button)
    }
  }

  /// A button beside `aps.category`: the SDK takes only what its action does.
  private mutating func readActionTarget(
    _ object: JSONObject, id: IRText, category: IRText, at pointer: JSONPointer,
    context: inout ParseContext
  ) {
    let ignored = object.keys.filter { $0 != ButtonKey.identifier && $0 != ButtonKey.action }
    if !ignored.isEmpty {
      context.report(
        .invalidValue,
        "\(ignored.map { "'\($0)'" }.joined(separator: ", ")) of button '\(id)' ignored: the registered category '\(category)' decides how it looks",
        at: pointer)
    }
    guard let value = object[ButtonKey.action] else {
      context.report(
        .invalidButton,
        "button '\(id)' has no 'action': beside the registered category '\(category)' it changes nothing; dropped",
        at: pointer)
      return
    }
    guard
      let action = IterableAction.read(
        value, at: pointer.appending(ButtonKey.action), context: &context)
    else { return }
    notification.category?.actionTargets.append(.init(actionID: id, action: action))
    context.sourceMap.record(
      JSONPointer("/category/actionTargets").appending(
        notification.category!.actionTargets.count - 1),
      from: pointer)
  }

  /// A dynamic button, or `nil` (reported) when the SDK would skip it.
  private func readButton(
    _ object: JSONObject, id: IRText, at pointer: JSONPointer, context: inout ParseContext
  ) -> ActionButton? {
    guard let label = object[ButtonKey.title]?.textValue else {
      context.report(
        .invalidButton,
        "button '\(id)' without a 'title' string; dropped, as the service extension skips it (its action applies only beside 'aps.category')",
        at: pointer)
      return nil
    }
    var type = Iterable.ButtonType.standard
    if let value = object[ButtonKey.buttonType] {
      if let name = value.stringValue, Iterable.ButtonType.all.contains(name) {
        type = name
      } else {
        context.report(
          .invalidValue,
          "unknown 'buttonType' \(JSONWriter(style: .compact).string(value)): the SDK shows a default button",
          at: pointer.appending(ButtonKey.buttonType))
      }
    }
    let opensApp =
      context.flag(object[ButtonKey.openApp], at: pointer.appending(ButtonKey.openApp)) ?? true
    let requiresUnlock =
      context.flag(
        object[ButtonKey.requiresUnlock], at: pointer.appending(ButtonKey.requiresUnlock))
      ?? false
    var options: ButtonOptions = []
    if type == Iterable.ButtonType.destructive { options.insert(.destructive) }
    if opensApp { options.formUnion([.foreground, .authenticationRequired]) }
    if requiresUnlock { options.insert(.authenticationRequired) }
    let action = object[ButtonKey.action].flatMap {
      IterableAction.read($0, at: pointer.appending(ButtonKey.action), context: &context)
    }
    for member in object
    where !ButtonKey.all.contains(member.key) && member.key != ButtonKey.misspelledPlaceholder {
      context.report(
        .invalidValue, "'\(member.key)' is not a button key; ignored",
        at: pointer.appending(member.key))
    }
    return ActionButton(
      id: id, label: label, action: action ?? (opensApp ? .openApp : .dismiss),
      icon: icon(object[ButtonKey.icon], at: pointer.appending(ButtonKey.icon), context: &context),
      options: options,
      textInput: textInput(
        object, isTextInput: type == Iterable.ButtonType.textInput, at: pointer, context: &context))
  }

  /// The text field of a `textInput` button; the field keys of any other are reported.
  private func textInput(
    _ object: JSONObject, isTextInput: Bool, at pointer: JSONPointer, context: inout ParseContext
  ) -> TextInput? {
    let keys = [
      ButtonKey.inputTitle, ButtonKey.inputPlaceholder, ButtonKey.misspelledPlaceholder,
    ]
    guard isTextInput else {
      for key in keys where object[key] != nil {
        context.report(
          .invalidValue, "'\(key)' applies to 'textInput' buttons only; ignored",
          at: pointer.appending(key))
      }
      return nil
    }
    let title = context.text(
      object[ButtonKey.inputTitle], at: pointer.appending(ButtonKey.inputTitle))
    var placeholder = context.text(
      object[ButtonKey.inputPlaceholder], at: pointer.appending(ButtonKey.inputPlaceholder))
    if let misspelled = object[ButtonKey.misspelledPlaceholder] {
      lazy var path = pointer.appending(ButtonKey.misspelledPlaceholder)
      if placeholder == nil, let text = misspelled.textValue {
        placeholder = text
        context.report(
          .obsoleteShape,
          "the SDK reads 'inputPlaceholder'; 'inputPlaceHolder' shows no placeholder",
          at: path,
          notes: ["read as its author meant it; an iterable output writes 'inputPlaceholder'"])
      } else {
        context.report(
          .invalidValue, "'inputPlaceHolder' is not a key the SDK reads; ignored", at: path)
      }
    }
    // The SDK passes an empty title and placeholder for missing ones.
    return TextInput(buttonTitle: title ?? "", placeholder: placeholder)
  }

  /// `actionIcon`: an SF Symbol or an image of the app's, by name.
  private func icon(_ value: JSONValue?, at pointer: JSONPointer, context: inout ParseContext)
    -> ButtonIcon?
  {
    guard let value else { return nil }
    let object = value.objectValue
    let name = object?[ButtonKey.imageName]?.textValue
    var icon: ButtonIcon?
    switch (object?[ButtonKey.iconType]?.stringValue, name) {
    case (Iterable.IconType.systemImage?, let name?): icon = .systemImage(name)
    case (Iterable.IconType.templateImage?, let name?): icon = .templateImage(name)
    default:
      context.report(
        .invalidValue,
        "an 'actionIcon' needs an 'iconType' of 'systemImage' or 'templateImage' and an 'imageName' string; ignored",
        at: pointer)
      return nil
    }
    for member in object!
    where member.key != ButtonKey.iconType && member.key != ButtonKey.imageName {
      context.report(
        .invalidValue, "'\(member.key)' is not a key of 'actionIcon'; ignored",
        at: pointer.appending(member.key))
    }
    return icon
  }
}
