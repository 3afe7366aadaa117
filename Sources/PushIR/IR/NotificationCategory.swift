/// A category the app registered with `UNUserNotificationCenter`, named by the payload.
///
/// A notification's category is one of three kinds: none, dynamic (its buttons come
/// with the payload, ``PushNotification/buttons``), or registered (this type). A payload
/// may carry both: dynamic buttons plus a registered category as fallback.
public struct NotificationCategory: Hashable, Sendable {
  /// The category identifier (`aps.category`).
  public var identifier: IRText
  /// What each of the category's actions does, by action identifier, in payload order,
  /// where the payload says (Klaviyo's `body.actions`).
  public var actionTargets: [ActionTarget]

  /// A registered category.
  public init(identifier: IRText, actionTargets: [ActionTarget] = []) {
    self.identifier = identifier
    self.actionTargets = actionTargets
  }

  /// What one of the category's actions does.
  public struct ActionTarget: Hashable, Sendable {
    /// The action identifier.
    public var actionID: IRText
    /// What it does.
    public var action: NotificationAction

    /// A target for `actionID`.
    public init(actionID: IRText, action: NotificationAction) {
      self.actionID = actionID
      self.action = action
    }
  }

  /// The action given for `actionID`, if any.
  public func target(for actionID: IRText) -> NotificationAction? {
    actionTargets.first { $0.actionID == actionID }?.action
  }
}
