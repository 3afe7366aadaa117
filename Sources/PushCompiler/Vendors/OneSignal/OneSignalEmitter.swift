import PushIR

/// Writes a OneSignal payload: the original format (`custom` with `i`, `u` and the app's
/// data in `a`; root `buttons` and `att`) by default, the newer one (`os_data`, the app's
/// data at the root) with `--option os-data-format` or for a source in that format. Two
/// buttons are written reversed, since the service extension reverses them again.
struct OneSignalEmitter: PayloadEmitter {
  typealias Key = OneSignal.Key

  let notification: PushNotification

  func emit(context: inout EmitContext) -> JSONValue {
    var kept = notification.extras["onesignal"] ?? JSONObject()
    kept[Key.osDataHint] = nil
    let newerFormat = OneSignal.writesNewerFormat(notification, options: context.options)
    let containerKey = newerFormat ? Key.osData : Key.custom
    let rootData = Set(
      (kept.removeValue(forKey: Key.rootDataHint)?.arrayValue ?? []).compactMap(\.stringValue))
    let attachmentID =
      kept.removeValue(forKey: Key.attachmentIDHint)?.stringValue ?? OneSignal.defaultAttachmentID
    let moreAttachments = kept.removeValue(forKey: Key.attachments)?.objectValue

    var container = JSONObject()
    var idField = Self.notificationIDField
    idField.output = JSONPointer.root.appending(containerKey).appending(Key.notificationID)
    if let id = context.value(
      of: idField, current: notification.tracking.notificationID.map { .string($0) },
      derived: { .string(StableHash.derivedID(of: notification)) })
    {
      container.append(Key.notificationID, id)
    }
    if let url = notification.defaultAction?.url { container.append(Key.launchURL, .string(url)) }

    var buttons: JSONValue?
    if !notification.buttons.isEmpty {
      var entries = notification.buttons.map(button)
      if entries.count == 2 {
        entries.reverse()
        let pointer = newerFormat ? JSONPointer("/os_data/buttons") : JSONPointer("/buttons")
        context.report(
          .reorderedButtonsOnEmit,
          "the two buttons are written in reverse order: the OneSignal extension reverses two buttons, so they show as listed",
          atOutput: pointer)
      }
      buttons = .array(entries)
    }
    var attachments = JSONObject()
    if let item = notification.media.first {
      attachments.append(attachmentID, .string(item.url))
      context.reportKindTakenFromURL(
        of: item, at: 0, readBack: OneSignalParser.kind(of: item.url))
    }
    // Kept attachments follow the first; without one, the SDK would show one of them.
    for member in moreAttachments ?? JSONObject() {
      guard attachments[member.key] == nil, !attachments.isEmpty else {
        let why =
          attachments.isEmpty ? "has no first media item to follow" : "has the first one's name"
        context.report(
          .droppedExtra, "the further attachment '\(member.key)' \(why); dropped",
          at: JSONPointer("/extras/onesignal").appending(Key.attachments).appending(member.key))
        continue
      }
      attachments.append(member.key, member.value)
    }
    var atRoot = notification
    var additional = JSONObject()
    if !newerFormat {
      atRoot.customData = JSONObject(notification.customData.filter { rootData.contains($0.key) })
      additional = JSONObject(notification.customData.filter { !rootData.contains($0.key) })
    }
    // Kept members of `custom`/`os_data` (a minified `os_data.buttons` among them); the
    // layout hints were taken out above. The original format has no place for the
    // minified buttons: the SDK reads them only in `os_data`.
    if !newerFormat, kept.removeValue(forKey: Key.buttons) != nil {
      context.report(
        .droppedExtra,
        "the minified push kept from 'os_data.buttons' has no place in the original format; dropped",
        at: JSONPointer("/extras/onesignal").appending(Key.buttons),
        notes: ["--option os-data-format keeps it"])
    }
    context.appendKept(
      kept, into: &container, from: "/extras/onesignal",
      taken: newerFormat
        ? (buttons == nil ? [] : [Key.buttons]) : (additional.isEmpty ? [] : [Key.additionalData])
    ) { "'\(containerKey).\($0)'" }

    var root = JSONObject()
    root.append(
      "aps",
      .object(
        APSCodec.write(notification, category: category(context: &context), context: &context)))
    if newerFormat {
      if let buttons { container.append(Key.buttons, buttons) }
      if !attachments.isEmpty { container.append(Key.attachments, .object(attachments)) }
      root.append(Key.osData, .object(container))
      context.writeCustomData(
        withoutLegacyRichKeys(notification, context: &context), into: &root,
        reserved: ["aps", Key.osData, Key.rootActionButtons])
    } else {
      if !additional.isEmpty { container.append(Key.additionalData, .object(additional)) }
      root.append(Key.custom, .object(container))
      if let buttons { root.append(Key.buttons, buttons) }
      if !attachments.isEmpty { root.append(Key.attachments, .object(attachments)) }
      context.writeCustomData(
        withoutLegacyRichKeys(atRoot, context: &context), into: &root,
        reserved: ["aps", Key.custom, Key.buttons, Key.attachments])
    }
    context.reportUnwrittenTracking(notification.tracking, written: [.notificationID])
    context.reportForeignExtras(notification, keeping: ["onesignal", APSCodec.extrasKey])
    return .object(root)
  }

  /// `aps.category`: a registered category, except beside buttons, which the service
  /// extension would then leave out.
  private func category(context: inout EmitContext) -> IRText? {
    guard let category = notification.category else { return nil }
    guard notification.buttons.isEmpty else {
      context.reportDroppedCategory(
        category,
        "'\(category.identifier)' dropped: beside it the OneSignal extension would add none of the buttons"
      )
      return nil
    }
    return category.identifier
  }

  private func button(_ button: ActionButton) -> JSONValue {
    var object = JSONObject()
    object.append(Key.buttonID, .string(button.id))
    object.append(Key.buttonTitle, .string(button.label))
    switch button.icon {
    case .systemImage(let name)?:
      object.append(Key.iconType, .string(Key.systemIcon))
      object.append(Key.iconPath, .string(name))
    case .templateImage(let name)?:
      object.append(Key.iconType, .string(Key.templateIcon))
      object.append(Key.iconPath, .string(name))
    case nil:
      break
    }
    return .object(object)
  }
}

extension OneSignalEmitter {
  /// `notification` without the custom data written at the root under a key of the
  /// pre-2.4 rich push (``OneSignal/Key/legacyRichKeys``), each reported dropped: at the
  /// root, it makes the SDK show the push again as a local notification.
  fileprivate func withoutLegacyRichKeys(
    _ notification: PushNotification, context: inout EmitContext
  ) -> PushNotification {
    // Nearly every record has none: nothing is copied for them.
    guard notification.customData.contains(where: { Key.legacyRichKeys.contains($0.key) }) else {
      return notification
    }
    var kept = notification
    kept.customData = JSONObject(
      notification.customData.filter { !Key.legacyRichKeys.contains($0.key) })
    for member in notification.customData where Key.legacyRichKeys.contains(member.key) {
      context.report(
        .droppedField,
        "custom key '\(member.key)' at the root marks onesignal's rich push of SDKs before 2.4.0: the SDK would take the push for one and, as the app receives it, show it again as a local notification; dropped",
        at: JSONPointer("/customData").appending(member.key))
    }
    return kept
  }
}

extension OneSignalEmitter {
  /// The notification id, `i` in the container (`custom` or `os_data`).
  static let notificationIDField = TargetField(
    names: [OneSignal.Key.notificationID], output: "/custom/i", irPath: "/tracking/notificationID",
    meaning: "the notification id without which the SDK does not take the push as its own",
    repeatedValueConsequence:
      "the SDK does not report the open of a push whose id is the last one opened, nor, while the app runs, call its opened handler for it"
  )
}
