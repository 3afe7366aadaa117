/// A push notification as the person holding the phone experiences it, independent of
/// any vendor's wire format: what they read, what they see, what each tap does.
public struct PushNotification: Hashable, Sendable {
  /// The version of the IR's JSON form; bumped whenever that form changes incompatibly.
  public static let irVersion = 1

  /// Text, sound, badge and the other alert attributes.
  public var content = NotificationContent()
  /// Images, GIFs, video or audio shown with the alert, in display order.
  public var media: [MediaItem] = []
  /// How several media items are presented; `nil` for none or a single item.
  public var mediaPresentation: MediaPresentation?
  /// What tapping the notification itself does; `nil` when the payload says nothing
  /// (the app opens).
  public var defaultAction: NotificationAction?
  /// Action buttons, in the order the user sees them.
  public var buttons: [ActionButton] = []
  /// The category the app registered, when the payload names one.
  public var category: NotificationCategory?
  /// Background-wake and service-extension flags as observed.
  public var delivery = DeliveryFlags()
  /// Identifiers used for analytics.
  public var tracking = TrackingIDs()
  /// The app's own data: keys the app reads that no vendor SDK interprets.
  public var customData = JSONObject()
  /// Fields only one vendor understands, keyed by vendor id, kept so that a same-vendor
  /// round trip is lossless.
  public var extras = VendorExtras()

  /// An empty notification.
  public init() {}

  /// Whether the notification carries dynamic buttons (defined by the payload itself,
  /// not by a category the app registered).
  public var hasDynamicButtons: Bool { !buttons.isEmpty }
}

extension PushNotification {
  /// This notification, leaving an empty one in its place: a parser that built it in a
  /// stored property hands it over without copying every field.
  public mutating func take() -> PushNotification {
    var taken = PushNotification()
    swap(&self, &taken)
    return taken
  }
}
