import PushIR

/// Lowers a Customer.io payload into the IR.
struct CustomerIOParser: PayloadParser {
  typealias Key = CustomerIO.Key

  let root: JSONObject
  private var notification = PushNotification()
  private var kept = JSONObject()

  init(root: JSONObject) { self.root = root }

  mutating func parse(context: inout ParseContext) -> PushNotification {
    APSCodec.read(from: root, into: &notification, context: &context)
    for member in root where member.key != "aps" {
      lazy var pointer = JSONPointer.root.appending(member.key)
      switch member.key {
      case Key.container:
        if let object = context.object(member.value, at: pointer) {
          readContainer(object, context: &context)
        }
      case Key.deliveryID, Key.deliveryToken:
        if context.text(member.value, at: pointer) != nil {
          context.keep(member.key, member.value, in: &kept, extraOf: "customerio", from: pointer)
        }
      default:
        context.keepAsCustomData(member, from: pointer, into: &notification)
      }
    }
    checkDeliveryKeys(context: &context)
    if !kept.isEmpty { notification.extras["customerio"] = kept }
    return notification.take()
  }

  /// `CIO`: its `push` dictionary; other members are kept.
  private mutating func readContainer(_ cio: JSONObject, context: inout ParseContext) {
    var keptCIO = JSONObject()
    for member in cio {
      lazy var pointer = JSONPointer("/CIO").appending(member.key)
      guard member.key == Key.push else {
        context.keep(
          member.key, member.value, in: &keptCIO, extraOf: "customerio", group: Key.container,
          from: pointer,
          noting: "'CIO.\(member.key)' is not a key the Customer.io SDK reads; kept verbatim")
        continue
      }
      guard let push = context.object(member.value, at: pointer) else { continue }
      let keptPush = readPush(push, context: &context)
      if !keptPush.isEmpty,
        context.keep(
          Key.push, .object(keptPush), in: &keptCIO, extraOf: "customerio", group: Key.container,
          from: pointer)
      {
        context.recordExtras(
          keptPush, of: "customerio", inGroupAt: .group(Key.container, Key.push), from: pointer)
      }
    }
    if !keptCIO.isEmpty { kept.append(Key.container, .object(keptCIO)) }
  }

  /// `CIO.push`: `link` (the tap's deep link) and `image`; returns the members kept.
  private mutating func readPush(_ push: JSONObject, context: inout ParseContext) -> JSONObject {
    var keptPush = JSONObject()
    for member in push {
      lazy var pointer = JSONPointer("/CIO/push").appending(member.key)
      switch member.key {
      case Key.link, Key.image:
        guard let text = context.text(member.value, at: pointer) else { continue }
        guard !text.isEmpty else {
          context.report(
            .invalidValue, "an empty 'CIO.push.\(member.key)' is skipped by the SDK; ignored",
            at: pointer)
          continue
        }
        if member.key == Key.link {
          // The SDK hands the link to the app first (its callback, then universal-link
          // handling) and only then to the system.
          notification.defaultAction = .openURL(text, .app)
          context.sourceMap.record("/defaultAction", from: pointer)
        } else {
          notification.media = [MediaItem(url: text, kind: MediaKind(url: text) ?? .image)]
          context.sourceMap.record("/media/0", from: pointer)
        }
      default:
        keptPush.append(member.key, member.value)
        context.report(
          .unknownKey,
          "'CIO.push.\(member.key)' is not a key the Customer.io SDK reads; kept verbatim",
          at: pointer)
      }
    }
    return keptPush
  }

  /// The SDK takes a push as its own only with both delivery keys, which Customer.io adds
  /// when it sends; a payload with neither is what one writes in its composer. Each key
  /// counts only with the type the SDK reads it as (``CustomerIO/sdkKeys``).
  private func checkDeliveryKeys(context: inout ParseContext) {
    let id = CustomerIO.sdkKeys.isPresent(Key.deliveryID, in: root)
    let token = CustomerIO.sdkKeys.isPresent(Key.deliveryToken, in: root)
    switch (id, token) {
    case (true, false), (false, true):
      let (present, missing) =
        id ? (Key.deliveryID, Key.deliveryToken) : (Key.deliveryToken, Key.deliveryID)
      context.report(
        .incomplete,
        "'\(present)' without '\(missing)': the SDK leaves the push alone (no image, no link, no metrics)",
        at: JSONPointer.root.appending(present))
    case (false, false) where !CustomerIO.sdkKeys.isPresent(Key.container, in: root):
      context.reportMissingMarker(
        "no 'CIO' dictionary and no delivery keys: nothing here for the Customer.io SDK",
        at: .root)
    default:
      break
    }
  }
}
