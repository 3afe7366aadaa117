import PushIR

/// Airship's iOS payload: `aps` plus Airship's keys at the root. A tap runs the root as a
/// map of actions (`^d` deep link, `^u` external URL, `^p` landing page, `^mc` Message
/// Center, and side-effect actions); buttons come from a category the app registered
/// (Airship registers its own `ua_*` set) and run their own maps from
/// `com.urbanairship.interactive_actions`; the service extension attaches
/// `com.urbanairship.media_attachment` and may replace the alert text. `_` is the send
/// id. See `Specs/vendors/airship.md`.
public struct Airship: ParsedFormat, EmittedFormat, DeclaresTargetFields {
  public init() {}

  typealias Parser = AirshipParser
  typealias Emitter = AirshipEmitter

  public var id: String { "airship" }
  public var summary: String {
    "Airship iOS payload: root action map ('^d', '^u', '^p', '^mc'), 'com.urbanairship.media_attachment', interactive actions, '_' send id"
  }

  public var capabilities: Capabilities { Self.declaredCapabilities }

  var targetFields: [TargetField] { [AirshipEmitter.sendIDField] }

  public var settableFields: [(names: [String], meaning: String)] { targetFields.listed }

  public var keptGroups: Set<JSONPointer> { Self.groups }
  /// Made once: a translation that drops extras may ask on every record.
  private static let groups: Set<JSONPointer> = [
    .group(Key.tapActionsExtras), .group(Key.buttonActionsExtras),
    .group(Key.buttonActionsExtras, JSONPointer.everyMember), .group(Key.mediaExtras),
    .group(Key.alertExtras), .group(Key.tapLandingPageExtras), .group(Key.landingPageExtras),
    .group(Key.landingPageExtras, JSONPointer.everyMember),
  ]

  /// Where the extras keep the alert's own texts the attachment replaced, as a group.
  private static let alertGroup = JSONPointer.group(Key.alertExtras)

  /// The alert's own texts the attachment replaced are no Airship-only data: the texts
  /// every target writes are the attachment's, and what goes is what shows when the
  /// media does not load. A kept opening action is a second thing the tap or button
  /// opens, beside the one the IR holds: it goes as that, not as a mere setting.
  public func droppedFieldPhrase(_ key: String, in group: JSONPointer) -> String? {
    if group == Self.alertGroup {
      return
        "what the alert shows for its \(key) when the media does not load (its own \(key), or none) has no place here; the attachment's \(key) is written instead"
    }
    guard AirshipActions.Opening(named: key) != nil else { return nil }
    let tokens = group.tokens
    let map: String
    if tokens == [Key.tapActionsExtras] {
      map = "the tap"
    } else if tokens.count == 2, tokens[0] == Key.buttonActionsExtras {
      map = "button '\(tokens[1])'"
    } else {
      return nil
    }
    return
      "'\(key)', a second action \(map) opens on airship (the SDK runs both; the IR holds the first), has no equivalent here"
  }

  /// Built once: translations ask for the capabilities on every record.
  private static let declaredCapabilities: Capabilities = {
    var capabilities = Capabilities()
    capabilities.predefinedCategoriesOf = "airship"
    // Buttons exist only through registered categories; these are the actions a
    // category's button can be given.
    capabilities.buttonActions = [.openURL, .inboxMessage]
    capabilities.defaultActions = [.openApp, .openURL, .inboxMessage]
    capabilities.urlDestinations = [.app, .browser, .webView]
    // The service extension attaches every URL; iOS shows the first attachment.
    capabilities.maxMedia = Int.max
    capabilities.mediaKinds = Set(MediaKind.allCases)
    capabilities.registeredCategories = true
    capabilities.categoryActionTargets = true
    return capabilities
  }()

  /// Key names shared by the parser and the emitter.
  enum Key {
    static let sendID = "_"
    static let prefix = "com.urbanairship."
    static let metadata = "com.urbanairship.metadata"
    static let media = "com.urbanairship.media_attachment"
    static let buttonActions = "com.urbanairship.interactive_actions"
    /// Android's key for the category; iOS reads `aps.category`.
    static let androidCategory = "com.urbanairship.interactive_type"
    static let messageID = "_uamid"
    // Inside the media attachment.
    static let url = "url"
    static let urls = "urls"
    static let urlID = "url_id"
    static let thumbnail = "thumbnail_id"
    static let options = "options"
    static let content = "content"
    /// Media attachment keys kept verbatim.
    static let keptMediaKeys: Set<String> = [thumbnail, options]

    /// In `extras["airship"]`: the side-effect actions of the tap, in order.
    static let tapActionsExtras = "actions"
    /// In `extras["airship"]`: per button id, the actions its map runs beside the IR's.
    static let buttonActionsExtras = "buttonActions"
    /// In `extras["airship"]`: the media attachment's other keys (`thumbnail_id`,
    /// `options`, and `urls` when they carried ids).
    static let mediaExtras = "media_attachment"
    /// In `extras["airship"]`: for each alert text the media attachment replaced, what
    /// `aps.alert` said (`null`: nothing), shown when the media does not load.
    static let alertExtras = "alertWithoutMedia"
    /// In `extras["airship"]`: the settings of the tap's landing page beside its URL
    /// (`width`, `height`, …). Apart from the buttons' (``landingPageExtras``), so that no
    /// button id can be taken for the tap.
    static let tapLandingPageExtras = "tapLandingPageSettings"
    /// In `extras["airship"]`: per button id, the settings of its landing page beside its
    /// URL.
    static let landingPageExtras = "landingPageSettings"
    /// In `extras["airship"]`: the name the tap's opening action was spelled with, when
    /// not its short name. Apart from the buttons' (``spellingHint``), as the settings are.
    static let tapSpellingHint = "@tapActionName"
    /// In `extras["airship"]`: per button id, the name its opening action was spelled
    /// with, when not its short name.
    static let spellingHint = "@actionNames"
  }

  /// The keys Airship's SDK takes as its own, for detection and for the parser's check
  /// of a missing marker: the send id and the metadata as strings, the media attachment
  /// and the button actions as dictionaries.
  static let markers = RootNames([
    (Key.sendID, .string), (Key.metadata, .string), (Key.media, .object),
    (Key.buttonActions, .object),
  ])

  public func evidence(in root: RootIndex) -> Evidence? {
    if let evidence = Evidence.rootKeys(
      Self.markers, in: root, .decisive, reason: "the keys Airship's SDK takes as its own")
    {
      return evidence
    }
    return Evidence.firstRootKeys(
      startingWith: AirshipActions.Opening.nameStarts,
      where: { AirshipActions.Opening(named: $0) != nil }, in: root, .suggestive,
      reason: "Airship action names at the root")
  }
}

extension Airship {
  /// Warns (`input.older-extras`) where an IR document's airship extras name `tap` in
  /// `landingPageSettings` or `@actionNames` while a category action or button has the id
  /// `tap`: they are taken as that button's, though an IR document written before the
  /// tap's got members of their own kept the tap's there. A document holding either of
  /// the tap's own members is in the current layout, and is read without a word.
  static func reportEntriesNamedTap(
    in notification: PushNotification, context: inout ParseContext
  ) {
    guard let extras = notification.extras["airship"],
      extras[Key.tapLandingPageExtras] == nil, extras[Key.tapSpellingHint] == nil
    else { return }
    let hasButtonNamedTap =
      notification.category?.actionTargets.contains { $0.actionID == Self.tap } == true
      || notification.buttons.contains { $0.id == Self.tap }
    guard hasButtonNamedTap else { return }
    for (member, tapMember) in [
      (Key.landingPageExtras, Key.tapLandingPageExtras), (Key.spellingHint, Key.tapSpellingHint),
    ] where extras[member]?[Self.tap] != nil {
      context.report(
        .olderExtras,
        "taken as the \(member == Key.spellingHint ? "action name" : "landing page settings") of button '\(Self.tap)'; an IR document written before 2026-11-27 kept the tap's here, which now go in '\(tapMember)'",
        at: JSONPointer("/extras/airship").appending(member).appending(Self.tap))
    }
  }

  /// The button id that an older layout of the extras used for the tap.
  private static let tap = "tap"
}
