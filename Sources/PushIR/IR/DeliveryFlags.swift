/// The delivery flags of `aps`, as observed in the payload.
public struct DeliveryFlags: Hashable, Sendable {
  /// Wakes the app in the background (`content-available`).
  public var contentAvailable = false
  /// Routes the push through the app's service extension (`mutable-content`), which
  /// downloads media and builds dynamic buttons.
  public var mutableContent = false

  /// Both flags off.
  public init() {}
}

/// Identifiers vendors attach for analytics.
public struct TrackingIDs: Hashable, Sendable {
  /// Identifies this notification (or this delivery).
  public var notificationID: IRText?
  /// Identifies the campaign that sent it.
  public var campaignID: IRText?
  /// Whether it is a test send.
  public var isTest: Bool?
  /// The format whose service issued `notificationID` and `campaignID`, which name
  /// nothing at another's; `nil`: taken as the target's own (an IR document written by
  /// hand). Set when a format's payload is read.
  public var issuer: String?

  /// No identifiers.
  public init() {}

  /// Whether a notification or campaign id is set (what ``issuer`` is about).
  public var hasIDs: Bool { notificationID != nil || campaignID != nil }

  /// Whether no identifier is set.
  public var isEmpty: Bool { notificationID == nil && campaignID == nil && isTest == nil }
}
