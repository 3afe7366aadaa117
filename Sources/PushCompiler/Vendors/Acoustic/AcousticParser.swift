import PushIR

/// Lowers an Acoustic payload into the IR.
struct AcousticParser: PayloadParser {
  typealias Key = Acoustic.Key

  let root: JSONObject
  private var notification = PushNotification()
  private var kept = JSONObject()

  init(root: JSONObject) { self.root = root }

  mutating func parse(context: inout ParseContext) -> PushNotification {
    APSCodec.read(from: root, into: &notification, context: &context)
    if !Acoustic.actionKeys.anyPresent(in: root) {
      context.reportMissingMarker(
        "no 'notification-action': Acoustic's samples hand a push to its SDK only when it has one",
        at: .root)
    }
    for member in root where member.key != "aps" {
      lazy var pointer = JSONPointer.root.appending(member.key)
      switch member.key {
      case Key.tapAction:
        guard let object = context.object(member.value, at: pointer) else { continue }
        notification.defaultAction = AcousticAction.read(object, at: pointer, context: &context)
        context.sourceMap.record("/defaultAction", from: pointer)
      case Key.buttons:
        if let elements = context.array(member.value, at: pointer) {
          readButtons(elements, context: &context)
        }
      case Key.categoryName:
        if let name = context.text(member.value, at: pointer) {
          context.keep(
            Key.categoryName, .string(name), in: &kept, extraOf: "acoustic", from: pointer)
        }
      case Key.media:
        guard let url = context.text(member.value, at: pointer) else { continue }
        // The service extension names the file after the URL's last path component,
        // so its extension decides how iOS shows it.
        notification.media = [MediaItem(url: url, kind: MediaKind(url: url) ?? .image)]
        context.sourceMap.record("/media/0", from: pointer)
      case Key.attribution:
        if let mce = context.object(member.value, at: pointer) {
          readAttribution(mce, at: pointer, context: &context)
        }
      case Key.inApp:
        context.keep(member.key, member.value, in: &kept, extraOf: "acoustic", from: pointer)
      default:
        context.keepAsCustomData(member, from: pointer, into: &notification)
      }
    }
    // With dynamic buttons, an `aps.category` equal to `category-name` names the dynamic
    // category (for a content extension), not one the app registered.
    if !notification.buttons.isEmpty, let name = kept[Key.categoryName]?.textValue,
      notification.category?.identifier == name
    {
      notification.category = nil
      kept.append(Key.categoryInAPSHint, true)
    } else if !notification.buttons.isEmpty, notification.category != nil {
      kept.append(Key.categoryReplacedHint, true)
    }
    if !kept.isEmpty { notification.extras["acoustic"] = kept }
    return notification.take()
  }

  private mutating func readButtons(_ elements: [JSONValue], context: inout ParseContext) {
    context.forEachButtonObject(in: elements, at: "/category-actions") {
      readButton($0, at: $1, context: &$2)
    }
  }

  /// One element of `category-actions`, appended to the buttons unless it is reported.
  private mutating func readButton(
    _ object: JSONObject, at pointer: JSONPointer, context: inout ParseContext
  ) {
    guard let label = object[Key.label]?.textValue else {
      context.report(
        .invalidButton, "button without a 'name' string; dropped, as it would have no title",
        at: pointer)
      return
    }
    let container = Set([Key.label] + Key.options.map(\.key))
    guard
      let action = AcousticAction.read(
        object, at: pointer, container: container, context: &context)
    else {
      context.report(.invalidButton, "button '\(label)' does nothing; dropped", at: pointer)
      return
    }
    var options: ButtonOptions = []
    for (key, option) in Key.options
    where context.flag(object[key], at: pointer.appending(key)) == true {
      options.insert(option)
    }
    context.sourceMap.record(
      JSONPointer("/buttons").appending(notification.buttons.count), from: pointer)
    // Acoustic tells taps apart by the action itself; the label is the stablest id.
    notification.buttons.append(
      ActionButton(id: label, label: label, action: action, options: options))
  }

  /// `mce`: the mailing id is the campaign; the rest (attribution) is Acoustic's own.
  /// The SDK takes a mailing id that is a number or a string of one, nothing else.
  private mutating func readAttribution(
    _ mce: JSONObject, at pointer: JSONPointer, context: inout ParseContext
  ) {
    var rest = mce
    switch rest.removeValue(forKey: Key.mailingID) {
    case .string(let id)? where Acoustic.holdsANumber(id.string):
      notification.tracking.campaignID = id
      kept.append(Key.numericMailingIDHint, false)
    case .string(let id)?:
      context.report(
        .invalidValue,
        "'mailingId' '\(id)' is not a number, which the SDK rejects (its events carry no mailing id); ignored",
        at: pointer.appending(Key.mailingID))
    case .number(let id)?:
      notification.tracking.campaignID = IRText(id.lexeme)
      kept.append(Key.numericMailingIDHint, true)
    case let other?:
      context.reportWrongType(
        other, expected: "a string or a number", at: pointer.appending(Key.mailingID))
    case nil:
      break
    }
    if notification.tracking.campaignID != nil {
      context.sourceMap.record("/tracking/campaignID", from: pointer.appending(Key.mailingID))
    }
    if !rest.isEmpty,
      context.keep(Key.attribution, .object(rest), in: &kept, extraOf: "acoustic", from: pointer)
    {
      context.recordExtras(
        rest, of: "acoustic", inGroupAt: .group(Key.attribution), from: pointer)
    }
  }
}
