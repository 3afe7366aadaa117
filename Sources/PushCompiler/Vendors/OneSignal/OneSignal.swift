import PushIR

/// OneSignal's iOS payload in both of its device formats: the original one (`custom`
/// with the notification id `i`, the launch URL `u` and the app's data `a`, beside root
/// `buttons` and `att`) and the newer one (the same keys under `os_data`, the app's data
/// at the root). Buttons (`n` title, `i` id, `icon_type` + `path` icon) do what a tap
/// on the notification does; the service extension shows two of them in reverse order.
/// See `Specs/vendors/onesignal.md`.
public struct OneSignal: ParsedFormat, EmittedFormat, DeclaresTargetFields {
  public init() {}

  typealias Parser = OneSignalParser
  typealias Emitter = OneSignalEmitter

  public var id: String { "onesignal" }
  public var summary: String {
    "OneSignal iOS SDK payload: 'custom' or 'os_data' with 'i', 'u', 'a'; 'buttons' with icons; 'att' attachments"
  }

  /// Writes the newer format (`os_data`) instead of the original one (`custom`).
  static let osDataOption = "os-data-format"
  /// Writes the original format even when the source was the newer one.
  static let customOption = "custom-format"

  public var emitOptions: [(name: String, summary: String)] {
    [
      (
        Self.osDataOption,
        "write the newer format: OneSignal's keys, buttons and attachments under 'os_data', the app's data at the root"
      ),
      (
        Self.customOption,
        "write the original format ('custom' with 'a', root 'buttons' and 'att') even when the source was the newer one (the default otherwise)"
      ),
    ]
  }

  /// The two formats' options exclude each other.
  public var exclusiveOptions: [[String]] { [[Self.osDataOption, Self.customOption]] }

  public var capabilities: Capabilities { Self.declaredCapabilities }

  var targetFields: [TargetField] { [OneSignalEmitter.notificationIDField] }

  public var settableFields: [(names: [String], meaning: String)] { targetFields.listed }

  public var keptGroups: Set<JSONPointer> { Self.groups }
  /// Made once: a translation that drops extras may ask on every record.
  private static let groups: Set<JSONPointer> = [.group(Key.attachments)]

  public var capabilitiesDependOnNotification: Bool { true }

  /// The declared capabilities, except in the newer format without alert text: the SDK
  /// then takes `os_data.buttons` for the minified push of SDKs before 2.4.0, so there
  /// are no buttons (and a predefined category is better kept than expanded).
  public func capabilities(writing notification: PushNotification, options: Set<String>)
    -> Capabilities
  {
    guard Self.writesNewerFormat(notification, options: options),
      !APSCodec.writesAlert(notification)
    else { return Self.declaredCapabilities }
    return Self.capabilitiesWithoutAlert
  }

  /// Whether the emitter writes the newer format for `notification` with `options`.
  static func writesNewerFormat(_ notification: PushNotification, options: Set<String>) -> Bool {
    options.contains(osDataOption)
      || (notification.extras["onesignal"]?[Key.osDataHint] == true
        && !options.contains(customOption))
  }

  /// What the newer format expresses when the payload has no alert text.
  private static let capabilitiesWithoutAlert: Capabilities = {
    var capabilities = declaredCapabilities
    capabilities.maxButtons = 0
    capabilities.noButtonsBecause =
      "onesignal's newer format carries buttons only beside alert text (without it the SDK reads 'os_data.buttons' as a minified push)"
    capabilities.expandsPredefinedCategories = false
    return capabilities
  }()

  /// Built once: translations ask for the capabilities on every record.
  private static let declaredCapabilities: Capabilities = {
    var capabilities = Capabilities()
    capabilities.maxButtons = 3
    capabilities.buttonIDsIdentifyTaps = true
    capabilities.buttonActions = [.openApp, .openURL]
    capabilities.buttonsTakeDefaultAction = true
    capabilities.defaultActions = [.openApp, .openURL]
    capabilities.urlDestinations = [.app, .browser]
    capabilities.linkDestinationFromScheme = true
    capabilities.forcedButtonOptions = [.foreground]
    capabilities.systemImageIcons = true
    capabilities.templateImageIcons = true
    capabilities.maxMedia = 1
    capabilities.mediaKinds = Set(MediaKind.allCases)
    // ONESIGNAL_SUPPORTED_ATTACHMENT_TYPES: the extension attaches no other file.
    capabilities.mediaFileExtensions = [
      "aiff", "wav", "mp3", "mp4", "jpg", "jpeg", "png", "gif", "mpeg", "mpg", "avi", "m4a", "m4v",
    ]
    capabilities.registeredCategories = true
    capabilities.expandsPredefinedCategories = true
    return capabilities
  }()

  /// Key names shared by the parser and the emitter.
  enum Key {
    /// The original format's dictionary.
    static let custom = "custom"
    /// The newer format's dictionary.
    static let osData = "os_data"
    static let notificationID = "i"
    static let launchURL = "u"
    /// In `custom` only: the app's data (the SDK's `additionalData`).
    static let additionalData = "a"
    static let buttons = "buttons"
    /// The newer format's buttons when `os_data` has none.
    static let rootActionButtons = "actionbuttons"
    /// Root keys of the rich push of SDKs before 2.4.0 (its buttons and attachments):
    /// with either at the root, whatever the format, the SDK's `receiveRemoteNotification`
    /// takes the push for one and posts it again as a local notification.
    static let legacyRichKeys: Set<String> = ["o", "at"]
    /// An iOS 9 payload's `os_data.buttons` dictionary holds the array here.
    static let buttonsObjectArray = "o"
    static let attachments = "att"
    static let buttonTitle = "n"
    static let buttonID = "i"
    static let iconType = "icon_type"
    static let iconPath = "path"
    /// `icon_type` values.
    static let systemIcon = "system"
    static let templateIcon = "custom"
    /// Members of `custom`/`os_data` the SDK reads that no IR field holds: template id
    /// and name, badge increment, collapse id.
    static let keptMembers: Set<String> = ["ti", "tn", "badge_inc", "collapse_id"]
    /// The minified silent push of SDKs before 2.4.0 (alert, badge, sound, attachments,
    /// buttons), read only when `aps.alert` is absent.
    static let minifiedAlert = "m"
    /// An additional-data key that marks an in-app message preview.
    static let inAppPreview = "os_in_app_message_preview_id"
    /// In `extras["onesignal"]`: the source was the newer format.
    static let osDataHint = "@osData"
    /// In `extras["onesignal"]`: custom-data keys that stood at the root of the original
    /// format rather than in `custom.a`.
    static let rootDataHint = "@rootData"
    /// In `extras["onesignal"]`: the `att` key of the first attachment.
    static let attachmentIDHint = "@attachmentID"
  }

  /// The `att` key written for an attachment whose source gave none.
  static let defaultAttachmentID = "id"

  public func evidence(in root: RootIndex) -> Evidence? {
    if root[Key.osData]?.objectValue != nil {
      return Evidence(
        .decisive, keys: ["/os_data"], reason: "the dictionary OneSignal's SDK reads first")
    }
    guard let custom = root[Key.custom]?.objectValue else { return nil }
    if custom[Key.notificationID] != nil {
      return Evidence(
        .decisive, keys: ["/custom/i"], reason: "the notification id OneSignal's SDK looks for")
    }
    let keys = [Key.launchURL, Key.additionalData].filter { custom[$0] != nil }
    return keys.isEmpty
      ? nil
      : Evidence(
        .suggestive, keys: keys.map { JSONPointer("/custom").appending($0) },
        reason: "keys of OneSignal's 'custom' dictionary")
  }
}
