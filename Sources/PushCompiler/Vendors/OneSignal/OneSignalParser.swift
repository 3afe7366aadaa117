import PushIR

/// Lowers a OneSignal payload of either device format into the IR: `os_data` when it is
/// an object (as the SDK decides), else the original `custom` format.
struct OneSignalParser: PayloadParser {
  typealias Key = OneSignal.Key

  let root: JSONObject
  private var notification = PushNotification()
  private var kept = JSONObject()
  /// Names of custom-data keys read at the root of the original format.
  private var rootData: [JSONValue] = []

  init(root: JSONObject) { self.root = root }

  mutating func parse(context: inout ParseContext) -> PushNotification {
    APSCodec.read(from: root, into: &notification, context: &context)
    let container: String
    if let osData = root[Key.osData]?.objectValue {
      container = Key.osData
      kept.append(Key.osDataHint, true)
      readNewerFormat(osData, context: &context)
    } else {
      if let other = root[Key.osData] {
        context.report(
          .wrongType,
          "expected an object, found \(other.kindName): the SDK reads the '\(Key.custom)' format instead; kept as the app's data",
          at: "/os_data")
      }
      container = Key.custom
      readOriginalFormat(context: &context)
    }
    if notification.tracking.notificationID == nil {
      context.reportMissingMarker(
        "no '\(container).i' notification id: the OneSignal SDK does not take this push as its own (its taps reach no handler, the launch URL does not open)",
        at: .root)
    }
    checkInAppPreview(context: &context)
    if !rootData.isEmpty { kept.append(Key.rootDataHint, .array(rootData)) }
    if !kept.isEmpty { notification.extras["onesignal"] = kept }
    return notification.take()
  }

  /// `custom` (with the app's data in `custom.a`), root `buttons` and `att`; other root
  /// keys are the app's data too, outside the SDK's `additionalData`.
  private mutating func readOriginalFormat(context: inout ParseContext) {
    if root[Key.minifiedAlert] != nil && root["aps"]?["alert"] == nil {
      context.report(
        .invalidValue,
        "'m' without 'aps.alert' is the minified push of OneSignal SDKs before 2.4.0, from which the app builds the notification itself; not read, kept as the app's data",
        at: "/m")
    }
    // The SDK's additional data is `custom.a`: read it first, so it wins over root keys.
    if let value = root[Key.custom], let custom = context.object(value, at: "/custom") {
      readContainer(custom, at: "/custom", context: &context)
    }
    for member in root where member.key != "aps" && member.key != Key.custom {
      lazy var pointer = JSONPointer.root.appending(member.key)
      switch member.key {
      case Key.buttons: readButtons(member.value, at: pointer, context: &context)
      case Key.attachments: readAttachments(member.value, at: pointer, context: &context)
      default:
        guard notification.customData[member.key] == nil else {
          context.report(
            .conflictingValues,
            "'custom.a.\(member.key)' is the SDK's additional data of that name; the root '\(member.key)' is ignored",
            at: pointer)
          continue
        }
        rootData.append(.string(member.key))
        context.keepAsCustomData(member, from: pointer, into: &notification)
      }
    }
  }

  /// `os_data` with the buttons and attachments; every other root key is the app's data.
  private mutating func readNewerFormat(_ osData: JSONObject, context: inout ParseContext) {
    readContainer(osData, at: "/os_data", context: &context)
    for member in root where member.key != "aps" && member.key != Key.osData {
      lazy var pointer = JSONPointer.root.appending(member.key)
      if member.key == Key.rootActionButtons, osData[Key.buttons] == nil,
        member.value.arrayValue != nil
      {
        readButtons(member.value, at: pointer, context: &context)
        continue
      }
      if [Key.custom, Key.buttons, Key.attachments].contains(member.key) {
        context.report(
          .unknownKey,
          "beside 'os_data' the SDK reads no root '\(member.key)'; kept as the app's data",
          at: pointer)
      }
      context.keepAsCustomData(member, from: pointer, into: &notification)
    }
  }

  /// The members of `custom` or `os_data`.
  private mutating func readContainer(
    _ container: JSONObject, at pointer: JSONPointer, context: inout ParseContext
  ) {
    let isOriginal = pointer.tokens == [Key.custom]
    for member in container {
      lazy var path = pointer.appending(member.key)
      switch member.key {
      case Key.notificationID:
        context.read(
          member.value, at: path, into: \.tracking.notificationID, of: &notification,
          irPath: "/tracking/notificationID")
      case Key.launchURL:
        guard let url = context.text(member.value, at: path) else { continue }
        guard !url.isEmpty else {
          context.report(.invalidValue, "an empty 'u' opens nothing; ignored", at: path)
          continue
        }
        notification.defaultAction = .openURL(url, .impliedByScheme(of: url))
        context.sourceMap.record("/defaultAction", from: path)
      case Key.additionalData where isOriginal:
        guard let data = context.object(member.value, at: path) else { continue }
        for entry in data {
          context.keepAsCustomData(entry, from: path.appending(entry.key), into: &notification)
        }
      case Key.buttons where !isOriginal:
        guard root["aps"]?["alert"] != nil else {
          // `buttons`, a name that may always be kept.
          context.keep(member.key, member.value, in: &kept, extraOf: "onesignal", from: path)
          context.report(
            .invalidValue,
            "without 'aps.alert' the SDK reads 'os_data.buttons' as the minified push of SDKs before 2.4.0, from which the app builds the notification itself; not read, kept verbatim for onesignal",
            at: path)
          continue
        }
        readButtons(member.value, at: path, acceptsIOS9Dictionary: true, context: &context)
      case Key.attachments where !isOriginal:
        readAttachments(member.value, at: path, context: &context)
      case Key.buttons, Key.attachments:
        context.report(
          .invalidValue, "the SDK reads '\(member.key)' at the root, not in 'custom'; ignored",
          at: path)
      default:
        context.keep(
          member.key, member.value, in: &kept, extraOf: "onesignal", from: path,
          noting:
            "'\(pointer.dottedPath).\(member.key)' is not a key the OneSignal SDK reads; kept verbatim",
          unless: Key.keptMembers.contains(member.key))
      }
    }
  }

  /// The buttons in payload order, then in the order shown: the service extension
  /// registers exactly two buttons reversed.
  /// The iOS 9 dictionary form is read only where the SDK reads it, in `os_data.buttons`.
  private mutating func readButtons(
    _ value: JSONValue, at pointer: JSONPointer, acceptsIOS9Dictionary: Bool = false,
    context: inout ParseContext
  ) {
    var listPointer = pointer
    let elements: [JSONValue]
    switch value {
    case .array(let array):
      elements = array
    case .object(let object)
    where acceptsIOS9Dictionary && object[Key.buttonsObjectArray]?.arrayValue != nil:
      listPointer = pointer.appending(Key.buttonsObjectArray)
      elements = object[Key.buttonsObjectArray]?.arrayValue ?? []
      context.report(
        .obsoleteShape, "a 'buttons' dictionary comes from iOS 9 payloads; its 'o' array is read",
        at: pointer, notes: ["a onesignal output writes an array"])
    default:
      return context.reportWrongType(value, expected: "an array", at: pointer)
    }
    var buttons: [(button: ActionButton, index: Int)] = []
    for (index, element) in elements.enumerated() {
      if let button = readButton(element, at: listPointer.appending(index), context: &context) {
        buttons.append((button, index))
      }
    }
    if let category = notification.category, !buttons.isEmpty {
      // With a category set, the service extension adds no buttons.
      return context.report(
        .invalidButton,
        "'aps.category' '\(category.identifier)' is set, so the OneSignal extension adds none of these buttons; dropped",
        at: listPointer)
    }
    if buttons.count == 2 {
      buttons.reverse()
      context.buttonsShownInReverse = true
      context.report(
        .reorderedButtons,
        "the OneSignal extension shows two buttons in reverse order; the IR keeps the order shown",
        at: listPointer)
    }
    notification.buttons = buttons.map(\.button)
    for (position, entry) in buttons.enumerated() {
      lazy var path = JSONPointer("/buttons").appending(position)
      lazy var pointer = listPointer.appending(entry.index)
      context.sourceMap.record(path, from: pointer)
      // An icon is placed at its `icon_type`, the key that makes `path` an icon.
      if entry.button.icon != nil {
        context.sourceMap.record(path.appending("icon"), from: pointer.appending(Key.iconType))
      }
    }
  }

  /// One button: `n` (required), `i` (else the title), `icon_type` with `path`. A tap on
  /// it does what a tap on the notification does.
  private func readButton(_ value: JSONValue, at pointer: JSONPointer, context: inout ParseContext)
    -> ActionButton?
  {
    guard let object = value.objectValue else {
      context.report(
        .invalidButton, "a button must be an object, found \(value.kindName); dropped", at: pointer)
      return nil
    }
    guard let label = object[Key.buttonTitle]?.textValue else {
      context.report(
        .invalidButton, "button without an 'n' title string; dropped, as the SDK skips it",
        at: pointer)
      return nil
    }
    let id = context.text(object[Key.buttonID], at: pointer.appending(Key.buttonID)) ?? label
    let icon = readIcon(object, at: pointer, context: &context)
    for member in object
    where ![Key.buttonTitle, Key.buttonID, Key.iconType, Key.iconPath].contains(member.key) {
      context.report(
        .invalidValue, "'\(member.key)' is not a button key the OneSignal SDK reads; ignored",
        at: pointer.appending(member.key))
    }
    return ActionButton(
      id: id, label: label, action: .sameAsDefault, icon: icon, options: [.foreground])
  }

  /// `icon_type` `system` (an SF Symbol) or `custom` (a template image), named by `path`.
  private func readIcon(_ button: JSONObject, at pointer: JSONPointer, context: inout ParseContext)
    -> ButtonIcon?
  {
    let typePointer = pointer.appending(Key.iconType)
    let pathPointer = pointer.appending(Key.iconPath)
    let type = context.text(button[Key.iconType], at: typePointer)
    let path = context.text(button[Key.iconPath], at: pathPointer)
    switch (type, path) {
    case (nil, nil):
      return nil
    case (let type?, let path?):
      switch type {
      case Key.systemIcon: return .systemImage(path)
      case Key.templateIcon: return .templateImage(path)
      default:
        context.report(
          .invalidValue, "unknown 'icon_type' '\(type)': the SDK shows no icon; ignored",
          at: typePointer)
        return nil
      }
    case (nil, _?):
      context.report(
        .invalidValue, "'path' without 'icon_type' shows no icon; ignored", at: pathPointer)
      return nil
    case (_?, nil):
      context.report(
        .invalidValue, "'icon_type' without 'path' shows no icon; ignored", at: typePointer)
      return nil
    }
  }

  /// `att`: attachment id → URL (or the file name of a resource in the app's bundle). iOS
  /// shows one attachment; the first is the IR's medium, the others are kept.
  private mutating func readAttachments(
    _ value: JSONValue, at pointer: JSONPointer, context: inout ParseContext
  ) {
    guard let attachments = context.object(value, at: pointer) else { return }
    var more = JSONObject()
    for member in attachments {
      lazy var path = pointer.appending(member.key)
      guard let url = context.text(member.value, at: path) else { continue }
      guard notification.media.isEmpty else {
        context.keep(
          member.key, member.value, in: &more, extraOf: "onesignal", group: Key.attachments,
          from: path,
          noting:
            "iOS shows one attachment and the SDK's dictionary has no order; '\(member.key)' is kept verbatim for onesignal"
        )
        continue
      }
      notification.media = [MediaItem(url: url, kind: Self.kind(of: url))]
      context.sourceMap.record("/media/0", from: path)
      if member.key != OneSignal.defaultAttachmentID {
        kept.append(Key.attachmentIDHint, .string(member.key))
      }
    }
    if !more.isEmpty { kept.append(Key.attachments, .object(more)) }
  }

  /// The kind of an attachment, as the SDK picks its file type: the first media file
  /// extension the URL names where the SDK looks (`String.fileExtensionsNamedInURL`: a
  /// `filename` query parameter, then, after the MIME type, unknown here, the path and
  /// the other query parameters), else `image`.
  static func kind(of url: IRText) -> MediaKind {
    url.fileExtensionsNamedInURL.lazy.compactMap(MediaKind.init(fileExtension:)).first
      ?? .image
  }

  /// An in-app message preview is consumed by the SDK rather than shown as a push. The
  /// app's data is kept only by ``ParseContext/keepAsCustomData(_:from:into:)``, which
  /// records where each member came from, so the source map knows the place (when it
  /// records at all).
  private func checkInAppPreview(context: inout ParseContext) {
    guard notification.customData[Key.inAppPreview] != nil else { return }
    let origins = context.sourceMap
    context.report(
      .notVendorPayload,
      "'\(Key.inAppPreview)' marks an in-app message preview: the SDK consumes the push instead of handling its taps",
      at: origins.inputLocation(of: JSONPointer("/customData").appending(Key.inAppPreview))
        ?? .root)
  }
}
