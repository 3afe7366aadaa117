import PushIR

/// Plain APNs: the `aps` dictionary plus custom keys, with no vendor SDK on the phone.
///
/// Buttons exist only through a category the app registered; there is no standard key
/// for a tap's link or for media (both need code in the app).
public struct APNs: VendorFormat {
  public init() {}

  public let id = "apns"
  public let summary = "Apple Push Notification service payload: 'aps' plus the app's custom keys"

  public var capabilities: Capabilities {
    var capabilities = Capabilities()
    capabilities.registeredCategories = true
    capabilities.needsServiceExtension = false
    return capabilities
  }

  public func parse(_ payload: JSONValue, context: inout ParseContext) throws(TranslationError)
    -> PushNotification
  {
    let root = try payload.rootObject()
    var notification = PushNotification()
    if let aps = root["aps"] {
      if let object = aps.objectValue {
        APSCodec.read(object, at: "/aps", into: &notification, context: &context)
      } else {
        context.reportWrongType(aps, expected: "an object", at: "/aps")
      }
    } else {
      context.report(
        .notVendorPayload, "no 'aps' dictionary: iOS shows nothing and wakes nothing", at: .root)
    }
    for member in root where member.key != "aps" {
      notification.customData.append(member.key, member.value)
      context.sourceMap.record(
        JSONPointer("/customData").appending(member.key),
        from: JSONPointer.root.appending(member.key))
    }
    return notification
  }

  public func emit(_ notification: PushNotification, context: inout EmitContext)
    throws(TranslationError) -> JSONValue
  {
    let notification = context.prepared(notification, for: self)
    var root = JSONObject()
    root.append(
      "aps",
      .object(
        APSCodec.write(notification, category: notification.category?.identifier, context: &context)
      ))
    for member in notification.customData {
      guard member.key != "aps" else {
        context.report(
          .droppedField, "custom key 'aps' would replace the 'aps' dictionary; dropped",
          at: "/customData/aps")
        continue
      }
      root.append(member.key, member.value)
    }
    if let category = notification.category {
      for (index, target) in category.actionTargets.enumerated() {
        context.report(
          .droppedField,
          "apns cannot say what category action '\(target.actionID)' does; the app's own handler decides",
          at: JSONPointer("/category/actionTargets").appending(index))
      }
    }
    reportTracking(notification, context: &context)
    context.reportForeignExtras(notification, keeping: [APSCodec.extrasKey])
    return .object(root)
  }

  private func reportTracking(_ notification: PushNotification, context: inout EmitContext) {
    let tracking = notification.tracking
    for (name, present) in [
      ("notificationID", tracking.notificationID != nil),
      ("campaignID", tracking.campaignID != nil),
      ("isTest", tracking.isTest != nil),
    ] where present {
      context.report(
        .droppedField, "apns has no tracking identifiers; '\(name)' dropped",
        at: JSONPointer("/tracking").appending(name))
    }
  }
}
