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

  /// The ids of every format, for messages.
  public static var ids: [String] { all.map(\.id) }
}
