import PushIR

/// Lowers a Dfinery payload into the IR.
struct DfineryParser: PayloadParser {
  typealias Key = Dfinery.Key

  let root: JSONObject
  private var notification = PushNotification()
  private var kept = JSONObject()

  init(root: JSONObject) { self.root = root }

  mutating func parse(context: inout ParseContext) -> PushNotification {
    APSCodec.read(from: root, into: &notification, context: &context)
    // The service extension registers the buttons under `aps.category`, replacing the
    // app's categories: it names Dfinery's dynamic category, never one the app registered.
    if let category = notification.category {
      kept.append(Key.categoryHint, .string(category.identifier))
      notification.category = nil
    }
    if let dfn = root[Key.container] {
      if let object = context.object(dfn, at: "/dfn") { readContainer(object, context: &context) }
    } else {
      context.reportMissingMarker(
        "no 'dfn' dictionary: the Dfinery SDK ignores this push", at: .root)
    }
    for member in root where member.key != "aps" && member.key != Key.container {
      context.keepAsCustomData(
        member, from: JSONPointer.root.appending(member.key), into: &notification)
    }
    if !kept.isEmpty { notification.extras["dfinery"] = kept }
    return notification.take()
  }

  private mutating func readContainer(_ dfn: JSONObject, context: inout ParseContext) {
    for member in dfn {
      lazy var pointer = JSONPointer("/dfn").appending(member.key)
      switch member.key {
      case Key.image:
        guard let url = context.text(member.value, at: pointer) else { continue }
        // The service extension saves the download as `dfineryPushImage.jpg`.
        notification.media = [MediaItem(url: url, kind: .image)]
        context.sourceMap.record("/media/0", from: pointer)
      case Key.isTest:
        notification.tracking.isTest = context.flag(member.value, at: pointer)
        context.sourceMap.record("/tracking/isTest", from: pointer)
      case Key.campaignID:
        context.read(
          member.value, at: pointer, into: \.tracking.campaignID, of: &notification,
          irPath: "/tracking/campaignID")
      case Key.notificationID:
        context.read(
          member.value, at: pointer, into: \.tracking.notificationID, of: &notification,
          irPath: "/tracking/notificationID")
      case Key.clickAction:
        guard let object = context.object(member.value, at: pointer) else { continue }
        notification.defaultAction = action(object, at: pointer, context: &context)
        context.sourceMap.record("/defaultAction", from: pointer)
        // The members the tap action does not carry, each kept where it was read.
        var link = JSONObject()
        for member in object where member.key != Key.actionType && member.key != Key.uri {
          guard
            Self.hasItsType(member, at: pointer.appending(member.key), context: &context)
          else { continue }
          context.keep(
            member.key, member.value, in: &link, extraOf: "dfinery", group: Key.clickAction,
            from: pointer.appending(member.key))
        }
        if !link.isEmpty {
          kept.append(Key.clickAction, .object(link))
          context.recordExtra(Key.clickAction, of: "dfinery", from: pointer)
        }
      case Key.buttons:
        if let elements = context.array(member.value, at: pointer) {
          readButtons(elements, context: &context)
        }
      case Key.foreground:
        // Kept as the specification's number, as `is_test` is written.
        guard let flag = context.flag(member.value, at: pointer) else { continue }
        context.keep(
          member.key, .number(JSONNumber(flag ? 1 : 0)), in: &kept, extraOf: "dfinery",
          from: pointer)
      case Key.serviceID, Key.unifiedID, Key.ads:
        guard Self.hasItsType(member, at: pointer, context: &context) else { continue }
        context.keep(member.key, member.value, in: &kept, extraOf: "dfinery", from: pointer)
      default:
        context.keep(
          member.key, member.value, in: &kept, extraOf: "dfinery", from: pointer,
          noting: "'dfn.\(member.key)' is not a key the Dfinery SDK reads; kept verbatim")
      }
    }
  }

  /// Whether a `dfn` or `click_act` member kept verbatim has the type the specification
  /// gives it: `s_id`, `u_id`, `l_id` and `l_type` a string, `l_name` a string or `null`
  /// (the sender sample's), `ads` a dictionary. Another type is reported and ignored, so
  /// that `--set` or `--defaults` gives a required one and the output stays valid.
  private static func hasItsType(
    _ member: JSONObject.Member, at pointer: JSONPointer, context: inout ParseContext
  ) -> Bool {
    switch member.key {
    case Key.serviceID, Key.unifiedID, Key.linkID, Key.linkType:
      return context.text(member.value, at: pointer) != nil
    case Key.linkName:
      return member.value == .null || context.text(member.value, at: pointer) != nil
    case Key.ads:
      return context.object(member.value, at: pointer) != nil
    default:
      return true
    }
  }

  private mutating func readButtons(_ elements: [JSONValue], context: inout ParseContext) {
    for (index, element) in elements.enumerated() {
      lazy var pointer = JSONPointer("/dfn/btn").appending(index)
      guard index < 2 else {
        context.report(
          .invalidButton, "the Dfinery SDK shows two buttons at most; dropped", at: pointer)
        continue
      }
      guard let object = element.objectValue else {
        context.report(
          .invalidButton, "a button must be an object, found \(element.kindName); dropped",
          at: pointer)
        continue
      }
      // The SDK builds a button of any `l_name` string, an empty one shown blank.
      guard let label = object[Key.linkName]?.textValue else {
        context.report(
          .invalidButton, "button without an 'l_name' title; dropped, as iOS shows no such button",
          at: pointer)
        continue
      }
      let id =
        context.text(object[Key.linkID], at: pointer.appending(Key.linkID))
        ?? IRText(String(index + 1))
      if let type = object[Key.linkType], type != "Button" {
        context.report(
          .invalidValue,
          "a button's 'l_type' is 'Button'; \(JSONWriter(style: .compact).string(type)) ignored",
          at: pointer.appending(Key.linkType))
      }
      for member in object
      where ![Key.linkID, Key.linkName, Key.linkType, Key.actionType, Key.uri].contains(member.key)
      {
        context.report(
          .invalidValue, "'\(member.key)' is not a button key; ignored",
          at: pointer.appending(member.key))
      }
      context.sourceMap.record(
        JSONPointer("/buttons").appending(notification.buttons.count), from: pointer)
      notification.buttons.append(
        ActionButton(
          id: id, label: label, action: action(object, at: pointer, context: &context),
          options: [.foreground]))
    }
  }

  /// The action of `click_act` or a button: `act_type` with its `uri`.
  private func action(_ object: JSONObject, at pointer: JSONPointer, context: inout ParseContext)
    -> NotificationAction
  {
    let type = context.text(object[Key.actionType], at: pointer.appending(Key.actionType))?.string
    let uri: IRText? =
      object[Key.uri] == .null
      ? nil : context.text(object[Key.uri], at: pointer.appending(Key.uri))
    switch type {
    case Dfinery.ActionType.deepLink?, Dfinery.ActionType.webLink?:
      guard let uri, !uri.isEmpty else {
        context.report(
          .invalidValue, "'\(type!)' without a 'uri' opens nothing; read as opening the app",
          at: pointer)
        return .openApp
      }
      return .openURL(uri, type == Dfinery.ActionType.deepLink ? .app : .browser)
    case Dfinery.ActionType.appOpen?:
      if let uri {
        context.report(
          .invalidValue, "an 'AppOpen' action opens no link; 'uri' '\(uri)' ignored",
          at: pointer.appending(Key.uri))
      }
      return .openApp
    case nil:
      context.report(
        .invalidValue, "no 'act_type': the Dfinery SDK only opens the app", at: pointer)
      return .openApp
    case let other?:
      context.report(
        .invalidValue, "unknown 'act_type' '\(other)': the Dfinery SDK only opens the app",
        at: pointer.appending(Key.actionType))
      return .openApp
    }
  }
}
