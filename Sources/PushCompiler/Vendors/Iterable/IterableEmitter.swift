import PushIR

/// Writes an Iterable payload: `itbl` with the ids (from the source, `--set` or
/// `--defaults`; the message id and the ghost-push flag derived when nothing gives
/// them), the attachment, the tap action and the buttons, or, for a registered category,
/// `aps.category` and what its actions do.
struct IterableEmitter: PayloadEmitter {
  typealias Key = Iterable.Key
  typealias ButtonKey = Iterable.ButtonKey

  let notification: PushNotification

  func emit(context: inout EmitContext) -> JSONValue {
    var kept = notification.extras["iterable"] ?? JSONObject()
    var itbl = JSONObject()
    writeIDs(into: &itbl, kept: &kept, context: &context)
    reportUntrackedOpens(with: itbl, context: &context)
    if let item = notification.media.first {
      itbl.append(Key.attachment, .string(item.url))
      context.reportKindTakenFromURL(of: item, at: 0)
    }
    let tapAction = notification.defaultAction.flatMap {
      IterableAction.object(
        for: $0, of: "the tap", at: "/defaultAction",
        output: JSONPointer("/itbl").appending(Key.defaultAction), context: &context)
    }
    if let tapAction { itbl.append(Key.defaultAction, .object(tapAction)) }
    var category = notification.category
    if notification.hasDynamicButtons {
      if let dropped = category {
        context.reportDroppedCategory(
          dropped,
          "'aps.category' would hide the buttons (iterable shows a registered category's instead); '\(dropped.identifier)' dropped"
        )
        category = nil
      }
      let buttons = notification.buttons.enumerated().map {
        button($1, index: $0, context: &context)
      }
      itbl.append(Key.buttons, .array(buttons))
    } else if let targets = category?.actionTargets, !targets.isEmpty {
      let written = actionTargets(targets, context: &context)
      if !written.isEmpty { itbl.append(Key.buttons, .array(written)) }
    }
    context.appendKept(kept, into: &itbl, from: "/extras/iterable", hints: true) {
      "'\(Key.container).\($0)'"
    }

    var root = JSONObject()
    root.append(
      "aps",
      .object(APSCodec.write(notification, category: category?.identifier, context: &context)))
    root.append(Key.container, .object(itbl))
    // Without `defaultAction`, the SDK opens a root `url` on tap.
    let reserved: Set<String> =
      tapAction == nil ? ["aps", Key.container, Key.legacyURL] : ["aps", Key.container]
    context.writeCustomData(notification, into: &root, reserved: reserved)
    context.reportForeignExtras(notification, keeping: ["iterable", APSCodec.extrasKey])
    return .object(root)
  }

  /// `campaignId`, `templateId`, `isGhostPush` and `messageId`, in that order.
  private func writeIDs(
    into itbl: inout JSONObject, kept: inout JSONObject, context: inout EmitContext
  ) {
    let tracking = notification.tracking
    // A 'campaignId' of 0 marks a test send, not a campaign. A whole number keeps its
    // spelling (`1E3`), as the parser read it.
    let numericCampaign = tracking.campaignID.flatMap({ JSONNumber(spelled: $0.string) }).flatMap {
      $0.wholeValue.map { $0 != 0 } == true ? $0 : nil
    }
    if let campaign = tracking.campaignID, numericCampaign == nil {
      context.report(
        .droppedField,
        "iterable's 'campaignId' is a whole number, and 0 marks a test send, not a campaign; campaign id '\(campaign)' dropped",
        at: "/tracking/campaignID")
    }
    switch (tracking.isTest, numericCampaign) {
    case (true?, let campaign?):
      context.report(
        .droppedField,
        "iterable marks a test send only by a 'campaignId' of 0; 'isTest' dropped beside campaign '\(campaign)'",
        at: "/tracking/isTest")
    case (false?, _):
      context.report(
        .droppedField, "iterable has no key saying a send is not a test; 'isTest' false dropped",
        at: "/tracking/isTest")
    default: break
    }
    let current: JSONValue? =
      numericCampaign.map { .number($0) } ?? (tracking.isTest == true ? 0 : nil)
    let fields:
      [(
        field: TargetField, current: JSONValue?, derived: (reason: String, value: () -> JSONValue)?
      )] = [
        (Self.campaignIDField, current, nil),
        (Self.templateIDField, kept.removeValue(forKey: Key.templateID), nil),
        (
          Self.isGhostPushField, kept.removeValue(forKey: Key.isGhostPush),
          ("because the notification is not one of Iterable's silent pushes", { false })
        ),
        (
          Self.messageIDField, tracking.notificationID.map { .string($0) },
          ("from the notification's content", { .string(StableHash.derivedID(of: notification)) })
        ),
      ]
    for entry in fields {
      let value =
        if let derived = entry.derived {
          context.value(
            of: entry.field, current: entry.current, derivedBecause: derived.reason,
            derived: derived.value)
        } else {
          context.value(of: entry.field, current: entry.current)
        }
      if let value { itbl.append(entry.field.name, value) }
    }
  }

  /// Warns (`emit.untracked-opens`) when the ids written leave Iterable's SDK without
  /// what it needs to track an open of the push (a `templateId` or `campaignId` nothing
  /// gave), with how to give it. A test send (`campaignId` 0) and a ghost push are never
  /// tracked anyway, nor is one of Iterable's own proofs (an Iterable source with no
  /// `campaignId`, which its `@proof` hint marks); after a refused value
  /// (`--set templateId=abc`) nothing is written to warn about.
  private func reportUntrackedOpens(with itbl: JSONObject, context: inout EmitContext) {
    guard !context.diagnostics.hasErrors else { return }
    let causes = Iterable.untrackedOpenCauses(
      in: itbl, proofsIntended: notification.extras["iterable"]?[Key.proofHint] == true)
    guard let first = causes.first else { return }
    var notes = causes.map { cause in
      let value = cause.neededType == "a number" ? "N" : "VALUE"
      return "give '\(Key.container).\(cause.key)' with --set \(cause.key)=\(value)"
        + (cause.isPresent ? "" : " or in a --defaults file")
    }
    if causes.contains(where: { $0.key == Key.campaignID && !$0.isPresent }) {
      notes.append("without a 'campaignId' the SDK takes the push for a proof")
    }
    let container = JSONPointer("/\(Key.container)")
    context.report(
      .untrackedOpens, Iterable.untrackedOpensMessage(causes),
      atOutput: first.isPresent ? container.appending(first.key) : container, notes: notes)
  }

  /// One element of `actionButtons`, reporting each option Iterable's keys cannot keep.
  private func button(_ button: ActionButton, index: Int, context: inout EmitContext) -> JSONValue {
    let path = JSONPointer("/buttons").appending(index)
    var object = JSONObject()
    object.append(ButtonKey.identifier, .string(button.id))
    object.append(ButtonKey.title, .string(button.label))
    let type =
      button.textInput != nil
      ? Iterable.ButtonType.textInput
      : button.options.contains(.destructive)
        ? Iterable.ButtonType.destructive : Iterable.ButtonType.standard
    object.append(ButtonKey.buttonType, .string(type))
    // Without an action the options alone decide: opening the app, or only closing.
    let opensApp: Bool
    switch button.action {
    case .openApp: opensApp = true
    case .dismiss: opensApp = false
    default: opensApp = button.options.contains(.foreground)
    }
    object.append(ButtonKey.openApp, .bool(opensApp))
    let requiresUnlock = !opensApp && button.options.contains(.authenticationRequired)
    if requiresUnlock { object.append(ButtonKey.requiresUnlock, true) }
    if let input = button.textInput {
      if !input.buttonTitle.isEmpty {
        object.append(ButtonKey.inputTitle, .string(input.buttonTitle))
      }
      object.appendIfPresent(ButtonKey.inputPlaceholder, input.placeholder)
    }
    if let icon = button.icon {
      var iconObject = JSONObject()
      switch icon {
      case .systemImage:
        iconObject.append(ButtonKey.iconType, .string(Iterable.IconType.systemImage))
      case .templateImage:
        iconObject.append(ButtonKey.iconType, .string(Iterable.IconType.templateImage))
      }
      iconObject.append(ButtonKey.imageName, .string(icon.name))
      object.append(ButtonKey.icon, .object(iconObject))
    }
    if let action = IterableAction.object(
      for: button.action, of: "button '\(button.label)'", at: path.appending("action"),
      output: JSONPointer("/itbl").appending(Key.buttons).appending(index).appending(
        ButtonKey.action),
      context: &context)
    {
      object.append(ButtonKey.action, .object(action))
    }
    var written: ButtonOptions = type == Iterable.ButtonType.destructive ? [.destructive] : []
    if opensApp { written.formUnion([.foreground, .authenticationRequired]) }
    if requiresUnlock { written.insert(.authenticationRequired) }
    reportOptionChanges(from: button, to: written, at: path.appending("options"), context: &context)
    return .object(object)
  }

  /// Reports each option the written button gains or loses against `button`'s.
  private func reportOptionChanges(
    from button: ActionButton, to written: ButtonOptions, at path: JSONPointer,
    context: inout EmitContext
  ) {
    let name = "button '\(button.label)'"
    for (option, gained) in [
      (ButtonOptions.authenticationRequired, true), (.foreground, true), (.foreground, false),
      (.destructive, false),
    ] {
      let changed =
        gained
        ? written.contains(option) && !button.options.contains(option)
        : button.options.contains(option) && !written.contains(option)
      guard changed else { continue }
      let message: String
      switch (option, gained) {
      case (.authenticationRequired, _):
        message =
          "\(name) now needs an unlocked device: every iterable button that opens the app does"
      case (.foreground, true):
        message =
          "\(name) now opens the app in the foreground: an iterable button opens the app no other way"
      case (.foreground, false):
        message =
          "\(name) loses its foreground option: an iterable button that only closes the notification cannot open the app"
      default:
        message =
          "\(name) loses its destructive option: an iterable reply button cannot be destructive"
      }
      context.report(.droppedOption, message, at: path)
    }
  }

  /// `actionButtons` beside `aps.category`: what each of the category's actions does.
  private func actionTargets(
    _ targets: [NotificationCategory.ActionTarget], context: inout EmitContext
  ) -> [JSONValue] {
    var elements: [JSONValue] = []
    for (index, target) in targets.enumerated() {
      let path = JSONPointer("/category/actionTargets").appending(index)
      // Written, a custom action of the SDK's own type would open its data as a link.
      if let ownType = Iterable().capabilities.ownActionType(of: target.action) {
        context.report(
          .droppedAction,
          "iterable cannot say what category action '\(target.actionID)' does (\(target.action.phrase)): its SDK runs '\(ownType)' as its own action, not the app's handler; the app's own handler decides",
          at: path)
        continue
      }
      guard
        let action = IterableAction.object(
          for: target.action, of: "category action '\(target.actionID)'", at: path,
          output: JSONPointer("/itbl").appending(Key.buttons).appending(elements.count)
            .appending(ButtonKey.action),
          context: &context)
      else {
        context.report(
          .droppedAction,
          "iterable has no action of kind '\(target.action.kindName)' for category action '\(target.actionID)'; the app's own handler decides",
          at: path)
        continue
      }
      var object = JSONObject()
      object.append(ButtonKey.identifier, .string(target.actionID))
      object.append(ButtonKey.action, .object(action))
      elements.append(.object(object))
    }
    return elements
  }
}

extension IterableEmitter {
  /// `itbl.campaignId`.
  static let campaignIDField = TargetField(
    names: [Iterable.Key.campaignID], output: "/itbl/campaignId", irPath: "/tracking/campaignID",
    meaning: "the campaign opens are tracked under (0 for a test)", isRequired: false,
    isNumber: true)
  /// `itbl.templateId`.
  static let templateIDField = TargetField(
    names: [Iterable.Key.templateID], output: "/itbl/templateId",
    meaning: "the template id opens are tracked under", isRequired: false, isNumber: true)
  /// `itbl.isGhostPush`.
  static let isGhostPushField = TargetField(
    names: [Iterable.Key.isGhostPush], output: "/itbl/isGhostPush",
    meaning: "whether this is one of Iterable's silent pushes", isBoolean: true)
  /// `itbl.messageId`.
  static let messageIDField = TargetField(
    names: [Iterable.Key.messageID], output: "/itbl/messageId", irPath: "/tracking/notificationID",
    meaning: "the message id opens are tracked under and the buttons' category is named after")
  /// Every field `--set` gives, in the order they are written.
  static let settableFields = [campaignIDField, templateIDField, isGhostPushField, messageIDField]
}
