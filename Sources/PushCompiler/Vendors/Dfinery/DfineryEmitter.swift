import PushIR

/// Writes a Dfinery payload: the documented `dfn` fields in the documented order, the
/// buttons' category under `aps.category`, and the required ids from the source,
/// `--set` or `--defaults`.
struct DfineryEmitter: PayloadEmitter {
  typealias Key = Dfinery.Key

  let notification: PushNotification

  func emit(context: inout EmitContext) -> JSONValue {
    var kept = notification.extras["dfinery"] ?? JSONObject()
    let keptCategory = kept.removeValue(forKey: Key.categoryHint)?.textValue
    let category =
      notification.buttons.isEmpty ? keptCategory : keptCategory ?? Dfinery.defaultCategory

    var dfn = JSONObject()
    if let item = notification.media.first { dfn.append(Key.image, .string(item.url)) }
    if let foreground = kept.removeValue(forKey: Key.foreground) {
      dfn.append(Key.foreground, foreground)
    }
    let tracking = notification.tracking
    if let value = context.value(
      of: Self.isTestField, current: tracking.isTest.map { .number(JSONNumber($0 ? 1 : 0)) },
      derivedBecause: "because the source does not say it is a test", derived: { 0 })
    {
      dfn.append(Key.isTest, value)
    }
    for field in Self.requiredFields {
      let key = field.name
      let current =
        key == Key.campaignID
        ? tracking.campaignID.map { .string($0) } : kept.removeValue(forKey: key)
      if let value = context.value(of: field, current: current) { dfn.append(key, value) }
      if key == Key.campaignID {
        if let value = context.value(
          of: Self.notificationIDField, current: tracking.notificationID.map { .string($0) })
        {
          dfn.append(Key.notificationID, value)
        }
      }
    }
    var click = kept.removeValue(forKey: Key.clickAction)?.objectValue ?? JSONObject()
    // The specification requires a link id and type; without a Dfinery source's own,
    // those of its example.
    if click[Key.linkID] == nil {
      click = JSONObject([.init(key: Key.linkID, value: "1")] + click.members)
    }
    if click[Key.linkType] == nil { click.append(Key.linkType, "PushMessage") }
    context.removeKept(
      named: [Key.actionType, Key.uri], from: &click, at: "/extras/dfinery/click_act"
    ) { "'dfn.click_act.\($0)'" }
    append(notification.defaultAction ?? .openApp, to: &click)
    dfn.append(Key.clickAction, .object(click))
    if !notification.buttons.isEmpty {
      dfn.append(Key.buttons, .array(notification.buttons.map(button)))
    }
    context.appendKept(kept, into: &dfn, from: "/extras/dfinery", hints: true) { "'dfn.\($0)'" }

    var root = JSONObject()
    let aps = APSCodec.write(notification, category: category, context: &context)
    reportOffSpecContent(of: aps, context: &context)
    root.append("aps", .object(aps))
    reportOffSpecKeptMembers(of: dfn, context: &context)
    root.append(Key.container, .object(dfn))
    context.writeCustomData(notification, into: &root, reserved: ["aps", Key.container])
    context.reportForeignExtras(notification, keeping: ["dfinery", APSCodec.extrasKey])
    return .object(root)
  }

  /// Reports what of `aps` Dfinery's specification refuses but the phone shows as the
  /// source meant it: an alert without a title or a body, no alert at all, a sound's
  /// dictionary. Written as it is, as `validate --from dfinery` then refuses it, each
  /// with `emit.off-spec-field`.
  /// Each is located at what the output has: the alert lacking a text, `aps` lacking the
  /// alert.
  private func reportOffSpecContent(of aps: JSONObject, context: inout EmitContext) {
    let refused =
      "Dfinery's specification requires it, and 'pushc validate --from dfinery' refuses this output"
    if let alert = aps["alert"]?.objectValue {
      // The text iOS shows instead of a missing `key`, whose localized form is `locKey`.
      func reportMissing(_ key: String, localizedBy locKey: String, other: String) {
        guard alert[key] == nil else { return }
        let shown =
          alert[locKey] != nil
          ? "iOS shows the localized \(key) '\(locKey)' names"
          : alert[other] != nil && alert["subtitle"] == nil
            ? "the SDK shows the \(other) alone" : "iOS shows the alert without a \(key)"
        context.report(
          .offSpecField, "'aps.alert.\(key)' is missing: \(refused); \(shown)",
          atOutput: "/aps/alert")
      }
      reportMissing("title", localizedBy: "title-loc-key", other: "body")
      reportMissing("body", localizedBy: "loc-key", other: "title")
    } else if aps["alert"] == nil {
      context.report(
        .offSpecField,
        "'aps.alert' is missing: \(refused); the push shows no alert, as the notification has no text",
        atOutput: "/aps")
    }
    // `null` counts as absent, for validation as for iOS.
    guard let written = aps["sound"], written.textValue == nil, written != .null else { return }
    if let sound = notification.content.sound {
      let (reason, played) =
        sound.isCritical
        ? ("for a critical sound", "the critical sound it describes")
        : ("for the sound's volume", "the sound it names")
      context.report(
        .offSpecField,
        "'aps.sound' is written as a dictionary, \(reason): Dfinery's specification gives a string, and 'pushc validate --from dfinery' refuses this output; iOS plays \(played)",
        at: "/content/sound")
    } else {
      // Only an IR document keeps `aps.sound` verbatim: a vendor's front end reads it.
      context.report(
        .offSpecField,
        "'aps.sound' is written as the IR document keeps it, of type \(written.kindName): Dfinery's specification gives a string, and 'pushc validate --from dfinery' refuses this output",
        at: "/extras/aps/sound")
    }
  }

  /// Reports what of `dfn` Dfinery's specification refuses: only members kept verbatim
  /// can be (an IR document's, of another type than the specification gives), as a
  /// Dfinery source's are read by type and everything else is written by type. Written as
  /// kept, each with `emit.off-spec-field`.
  private func reportOffSpecKeptMembers(of dfn: JSONObject, context: inout EmitContext) {
    guard notification.extras["dfinery"]?.isEmpty == false else { return }
    var refused = Diagnostics()
    SpecField.check(
      DfineryEmitter.containerFields,
      in: .object(JSONObject([.init(key: Key.container, value: .object(dfn))])),
      into: &refused)
    // A missing id is the error `emit.missing-field` already: only kept values are judged.
    for finding in refused.all where finding.code != .validationMissingField {
      guard case .input(let pointer) = finding.location else { continue }
      context.report(
        .offSpecField,
        "a kept value is written as it is, which 'pushc validate --from dfinery' refuses: \(finding.message)",
        atOutput: pointer)
    }
  }

  private func button(_ button: ActionButton) -> JSONValue {
    var object = JSONObject()
    object.append(Key.linkID, .string(button.id))
    object.append(Key.linkName, .string(button.label))
    object.append(Key.linkType, "Button")
    append(button.action, to: &object)
    return .object(object)
  }

  /// `act_type` and `uri` for an action the fit-target pass left: a link or opening the app.
  private func append(_ action: NotificationAction, to object: inout JSONObject) {
    switch action {
    case .openURL(let url, let destination):
      object.append(
        Key.actionType,
        .string(destination == .browser ? Dfinery.ActionType.webLink : Dfinery.ActionType.deepLink))
      object.append(Key.uri, .string(url))
    default:
      object.append(Key.actionType, .string(Dfinery.ActionType.appOpen))
      object.append(Key.uri, .null)
    }
  }
}

extension DfineryEmitter {
  /// `dfn.is_test`.
  static let isTestField = TargetField(
    names: [Dfinery.Key.isTest], output: "/dfn/is_test", irPath: "/tracking/isTest",
    meaning: "whether this is a test push", isNumber: true)
  /// The ids `dfn` must hold (`c_id`, `s_id`, `u_id`), in the order they are written.
  static let requiredFields = Dfinery.requiredFields.map { key, irPath, meaning in
    TargetField(
      names: [key], output: JSONPointer("/dfn").appending(key), irPath: irPath, meaning: meaning)
  }
  /// `dfn.n_id`, written after the campaign id.
  static let notificationIDField = TargetField(
    names: [Dfinery.Key.notificationID], output: "/dfn/n_id", irPath: "/tracking/notificationID",
    meaning: "the notification id", isRequired: false)
  /// The fields of the specification inside `dfn`.
  static let containerFields = DfineryValidator.fields.filter {
    $0.path.hasPrefix(Dfinery.Key.container + ".")
  }
  /// Every field `--set` gives.
  static let settableFields = [isTestField] + requiredFields + [notificationIDField]
}
