/// What the alert says and how it presents itself: the semantic content of `aps`.
public struct NotificationContent: Hashable, Sendable {
  /// The alert title.
  public var title: IRText?
  /// The line under the title.
  public var subtitle: IRText?
  /// The message text.
  public var body: IRText?
  /// Localized title: a key in the app's strings and its format arguments.
  public var titleLocalization: LocalizedText?
  /// Localized subtitle.
  public var subtitleLocalization: LocalizedText?
  /// Localized body.
  public var bodyLocalization: LocalizedText?
  /// The sound to play.
  public var sound: NotificationSound?
  /// The app icon badge; `0` clears it.
  public var badge: JSONNumber?
  /// Groups related notifications together.
  public var threadID: IRText?
  /// `passive`, `active`, `time-sensitive` or `critical`.
  public var interruptionLevel: IRText?
  /// Sort order in the notification summary, 0 to 1.
  public var relevanceScore: JSONNumber?
  /// Launch image file name shown while the app starts.
  public var launchImage: IRText?
  /// The app window to bring forward.
  public var targetContentID: IRText?
  /// Focus filter criteria.
  public var filterCriteria: IRText?

  /// Empty content.
  public init() {}

  /// Whether there is any visible text, literal or localized.
  public var hasText: Bool {
    title != nil || subtitle != nil || body != nil || titleLocalization != nil
      || subtitleLocalization != nil || bodyLocalization != nil
  }
}

/// A string looked up in the app's localization tables, with format arguments.
public struct LocalizedText: Hashable, Sendable {
  /// The key in the app's `Localizable.strings`.
  public var key: IRText
  /// Values substituted into the localized format.
  public var arguments: [IRText]

  /// A localized text.
  public init(key: IRText, arguments: [IRText] = []) {
    self.key = key
    self.arguments = arguments
  }
}

/// The sound a notification plays.
public struct NotificationSound: Hashable, Sendable {
  /// A sound file in the app bundle, or `default`.
  public var name: IRText
  /// Whether it is a critical alert that plays through mute and Do Not Disturb.
  public var isCritical: Bool
  /// Critical-alert volume, 0 to 1.
  public var volume: JSONNumber?

  /// A sound.
  public init(name: IRText, isCritical: Bool = false, volume: JSONNumber? = nil) {
    self.name = name
    self.isCritical = isCritical
    self.volume = volume
  }
}
