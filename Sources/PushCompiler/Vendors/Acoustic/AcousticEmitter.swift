import PushIR

/// Writes an Acoustic payload: always a `notification-action` (Acoustic asks for one
/// on every push), buttons as `category-actions`, and the kept `category-name`, `mce`
/// and `inApp`.
struct AcousticEmitter: PayloadEmitter {
  typealias Key = Acoustic.Key

  let notification: PushNotification

  func emit(context: inout EmitContext) -> JSONValue {
    var kept = notification.extras["acoustic"] ?? JSONObject()
    let categoryInAPS = kept.removeValue(forKey: Key.categoryInAPSHint) == true
    let categoryWasReplaced = kept.removeValue(forKey: Key.categoryReplacedHint) == true
    var numericMailingID: Bool?
    if case .bool(let wasNumber)? = kept.removeValue(forKey: Key.numericMailingIDHint) {
      numericMailingID = wasNumber
    }
    let categoryName = notification.hasDynamicButtons ? kept[Key.categoryName] : nil
    if !notification.hasDynamicButtons, let name = kept[Key.categoryName]?.stringValue {
      context.report(
        .droppedExtra,
        "'category-name' '\(name)' names the category of buttons there are none of; dropped",
        at: "/extras/acoustic/category-name")
    }
    let category =
      notification.category?.identifier ?? (categoryInAPS ? categoryName?.textValue : nil)
    // An Acoustic source of the same shape had its category replaced too: nothing changes.
    if notification.hasDynamicButtons, !categoryWasReplaced,
      let registered = notification.category?.identifier, registered != categoryName?.textValue
    {
      context.report(
        .replacedCategory,
        "'aps.category' '\(registered)' is written, but the extension gives the notification the category it makes of 'category-actions'\(categoryName?.stringValue.map { " ('\($0)')" } ?? ""): '\(registered)' shows only where the extension does not run",
        at: "/category")
    }

    var root = JSONObject()
    root.append("aps", .object(APSCodec.write(notification, category: category, context: &context)))
    root.append(
      Key.tapAction, .object(AcousticAction.members(of: notification.defaultAction ?? .openApp)))
    reportPlugin(
      of: notification.defaultAction, "the tap action", at: "/defaultAction", context: &context)
    if notification.hasDynamicButtons {
      root.append(Key.buttons, .array(notification.buttons.map(button)))
      reportButtonIDs(context: &context)
      for (index, button) in notification.buttons.enumerated() {
        reportPlugin(
          of: button.action, "button '\(button.label)'",
          at: JSONPointer("/buttons").appending(index).appending("action"), context: &context)
      }
    }
    if let categoryName { root.append(Key.categoryName, categoryName) }
    if let item = notification.media.first {
      root.append(Key.media, .string(item.url))
      context.reportKindTakenFromURL(of: item, at: 0, namedAfterURL: true)
    }
    var mce = kept[Key.attribution]?.objectValue ?? JSONObject()
    if let campaign = notification.tracking.campaignID {
      if let mailingID = mailingID(campaign, wasNumber: numericMailingID) {
        context.removeKept(named: [Key.mailingID], from: &mce, at: "/extras/acoustic/mce") {
          "'mce.\($0)'"
        }
        mce.append(Key.mailingID, mailingID)
      } else {
        context.report(
          .droppedField,
          "campaign id '\(campaign)' dropped: the SDK takes 'mce.mailingId' only as a number or a string holding one, and rejects anything else",
          at: "/tracking/campaignID")
      }
    }
    if !mce.isEmpty { root.append(Key.attribution, .object(mce)) }
    if let inApp = kept[Key.inApp] { root.append(Key.inApp, inApp) }
    context.writeCustomData(notification, into: &root, reserved: Key.reserved)
    context.reportUnwrittenTracking(notification.tracking, written: [.campaignID])
    context.reportForeignExtras(notification, keeping: ["acoustic", APSCodec.extrasKey])
    return .object(root)
  }

  /// `mce.mailingId` for `campaign`: as Acoustic wrote it, when the source was Acoustic
  /// (a number it read, `12.5` included, or a string it read); else a number when it is
  /// an integer that fits (`-5`), a string when it holds another number (`007`, `1e3`);
  /// `nil` for anything the SDK rejects.
  private func mailingID(_ text: IRText, wasNumber: Bool?) -> JSONValue? {
    let campaign = text.string
    if wasNumber == true, let number = JSONNumber(spelled: campaign) { return .number(number) }
    guard Acoustic.holdsANumber(campaign) else { return nil }
    if wasNumber == nil, let number = JSONNumber(integer: campaign), number.intValue != nil {
      return .number(number)
    }
    return .string(text)
  }

  private func button(_ button: ActionButton) -> JSONValue {
    var object = JSONObject()
    object.append(Key.label, .string(button.label))
    for member in AcousticAction.members(of: button.action) {
      object.append(member.key, member.value)
    }
    for (key, option) in Key.options where button.options.contains(option) {
      object.append(key, true)
    }
    return .object(object)
  }

  /// A `displayWebView` or `openInboxMessage` action is run by an optional plugin
  /// (`plugins/web-action`, `plugins/inbox`) the app registers with the SDK's action
  /// registry, and a custom action by a handler the app registers for its type; without
  /// one the SDK posts `MCECustomPushNotRegistered` and the tap does nothing. Noted at the
  /// action; nothing is built for any other action.
  private func reportPlugin(
    of action: NotificationAction?, _ subject: @autoclosure () -> String,
    at path: @autoclosure () -> JSONPointer, context: inout EmitContext
  ) {
    let runner: String
    switch action {
    case .openURL(_, .webView)?:
      runner =
        "the action '\(AcousticAction.Kind.webView)', which only acoustic's optional web-action plugin (DisplayWebViewPlugin) runs: unless the app registers it"
    case .inboxMessage?:
      runner =
        "the action '\(AcousticAction.Kind.inboxMessage)', which only acoustic's optional inbox plugin (MCEInboxActionPlugin) runs: unless the app registers it"
    case .custom(let name, _)?:
      runner =
        "the custom action '\(name)', which only a handler the app registers for that type with acoustic's action registry runs: without one"
    default: return
    }
    context.report(
      .needsPlugin, "\(subject()) is written as \(runner), a tap does nothing", at: path())
  }

  /// Acoustic has no button ids: a tap is told apart by its action (the SDK hands the
  /// action dictionary over), so ids other than the label are lost, each reported at
  /// its button.
  private func reportButtonIDs(context: inout EmitContext) {
    for (index, button) in notification.buttons.enumerated() where button.id != button.label {
      context.report(
        .droppedField,
        "acoustic has no button ids (a tap is told apart by its action); '\(button.id)' dropped",
        at: JSONPointer("/buttons").appending(index).appending("id"))
    }
  }
}
