import PushIR

/// The single list of formats pushc reads and writes. Adding a vendor is one line here.
public enum Vendors {
  /// Every format, in the order `pushc formats` lists them.
  public static let all: [any VendorFormat] = [
    IRFormat(),
    APNs(),
    Klaviyo(),
    Dfinery(),
    YellowAI(),
    Acoustic(),
    CleverTap(),
    OneSignal(),
    CustomerIO(),
    Iterable(),
    Expo(),
    Braze(),
    Airship(),
    FCM(),
  ]

  /// The format with id `id`, if there is one.
  public static func named(_ id: String) -> (any VendorFormat)? {
    all.first { $0.id == id }
  }

  /// Each format's ``VendorFormat/keptGroups``, by id: asked for every record whose
  /// extras a target drops, so gathered once.
  static let keptGroups: [String: Set<JSONPointer>] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.id, $0.keptGroups) })

  /// Fields a format keeps in its extras (at their root) that another format has an
  /// equivalent of which pushc does not translate: by format, field and target, how the
  /// target's equivalent is named, for the message that reports the field dropped.
  static let untranslatedEquivalents: [String: [String: [String: String]]] = [
    // Both increment the app icon badge; the IR's badge is a count, not an increment.
    "onesignal": ["badge_inc": ["klaviyo": "klaviyo's 'badge_config' \"increment_one\""]],
    "klaviyo": ["badge_config": ["onesignal": "onesignal's 'badge_inc'"]],
  ]

  /// The ids of every format, for messages.
  public static var ids: [String] { all.map(\.id) }
}
