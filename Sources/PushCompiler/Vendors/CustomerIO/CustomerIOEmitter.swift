import PushIR

/// Writes a Customer.io payload as its composer takes it: `aps`, then `CIO.push` with the
/// tap's link and the image, then the app's data. The delivery keys are written only when
/// kept from a Customer.io source (Customer.io adds its own when it sends); an output with
/// neither them nor `CIO` is written with `emit.missing-marker`.
struct CustomerIOEmitter: PayloadEmitter {
  typealias Key = CustomerIO.Key

  let notification: PushNotification

  func emit(context: inout EmitContext) -> JSONValue {
    var kept = notification.extras["customerio"] ?? JSONObject()
    var keptCIO = kept.removeValue(forKey: Key.container)?.objectValue ?? JSONObject()
    let keptPush = keptCIO.removeValue(forKey: Key.push)?.objectValue ?? JSONObject()

    var push = JSONObject()
    if let url = notification.defaultAction?.url { push.append(Key.link, .string(url)) }
    if let item = notification.media.first {
      push.append(Key.image, .string(item.url))
      context.reportKindTakenFromURL(of: item, at: 0)
    }
    context.appendKept(keptPush, into: &push, from: "/extras/customerio/CIO/push") {
      "'CIO.push.\($0)'"
    }
    var cio = JSONObject()
    if !push.isEmpty { cio.append(Key.push, .object(push)) }
    context.appendKept(keptCIO, into: &cio, from: "/extras/customerio/CIO") { "'CIO.\($0)'" }

    var root = JSONObject()
    context.noteRegisteredCategory(of: notification, vendor: "customerio")
    root.append(
      "aps",
      .object(
        APSCodec.write(notification, category: notification.category?.identifier, context: &context)
      ))
    for key in [Key.deliveryID, Key.deliveryToken] {
      if let value = kept[key] { root.append(key, value) }
    }
    if !cio.isEmpty { root.append(Key.container, .object(cio)) }
    // Counted as the SDK and the reader count them (``CustomerIO/sdkKeys``, typed). The
    // delivery keys are Customer.io's to add when it sends; pushc cannot make them.
    if !CustomerIO.sdkKeys.anyPresent(in: root) {
      context.report(
        .missingMarker,
        "no 'CIO' dictionary and no delivery keys written as the SDK reads them (strings only Customer.io adds, when it sends): the Customer.io SDK ignores this push without them",
        atOutput: .root)
    }
    context.writeCustomData(notification, into: &root, reserved: Key.rootKeys.union(["aps"]))
    context.reportUnwrittenTracking(notification.tracking)
    context.reportForeignExtras(notification, keeping: ["customerio", APSCodec.extrasKey])
    return .object(root)
  }
}
