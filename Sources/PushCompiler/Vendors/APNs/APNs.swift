import PushIR

/// Plain APNs: the `aps` dictionary plus custom keys, with no vendor SDK on the phone.
///
/// Buttons exist only through a category the app registered; there is no standard key
/// for a tap's link or for media (both need code in the app).
public struct APNs: VendorFormat {
  public init() {}

  public var id: String { "apns" }
  public var summary: String {
    "Apple Push Notification service payload: 'aps' plus the app's custom keys"
  }

  public var capabilities: Capabilities { Self.declaredCapabilities }

  /// Built once: translations ask for the capabilities on every record.
  private static let declaredCapabilities: Capabilities = {
    var capabilities = Capabilities()
    capabilities.registeredCategories = true
    capabilities.needsServiceExtension = false
    return capabilities
  }()

  public func evidence(in root: RootIndex) -> Evidence? {
    root.aps?.objectValue == nil
      ? nil
      : Evidence(
        .weak, keys: ["/aps"], reason: "an 'aps' dictionary and no other format's evidence")
  }

  public func parse(_ payload: JSONValue, context: inout ParseContext) throws(TranslationError)
    -> PushNotification
  {
    let root = try payload.rootObject()
    var notification = PushNotification()
    APSCodec.read(from: root, into: &notification, context: &context)
    if root["aps"] == nil {
      context.reportMissingMarker(
        "no 'aps' dictionary: iOS shows nothing and wakes nothing", at: .root)
    }
    for member in root where member.key != "aps" {
      context.keepAsCustomData(
        member, from: JSONPointer.root.appending(member.key), into: &notification)
    }
    return notification
  }

  public func emit(_ notification: consuming PushNotification, context: inout EmitContext)
    throws(TranslationError) -> JSONValue
  {
    let notification = context.prepared(notification, for: self)
    var root = JSONObject()
    context.noteRegisteredCategory(of: notification, vendor: "apns")
    root.append(
      "aps",
      .object(
        APSCodec.write(notification, category: notification.category?.identifier, context: &context)
      ))
    context.writeCustomData(notification, into: &root, reserved: ["aps"])
    context.reportUnwrittenTracking(notification.tracking)
    context.reportForeignExtras(notification, keeping: [APSCodec.extrasKey])
    return .object(root)
  }
}
