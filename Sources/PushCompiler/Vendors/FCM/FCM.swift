import PushIR

/// Firebase Cloud Messaging's HTTP v1 message: an envelope (the target, `notification`,
/// string-only `data`, `apns.headers`, `apns.fcm_options`) around an APNs payload
/// (`apns.payload`), which may be any other format's payload. The inner payload is read
/// by the format it is in and written by the format `--option inner=FORMAT` names. See
/// `Specs/vendors/fcm.md`.
public struct FCM: ParsedFormat, DeclaresTargetFields {
  public init() {}

  typealias Parser = FCMParser

  public var id: String { "fcm" }
  public var summary: String {
    "Firebase Cloud Messaging HTTP v1 message: 'notification', string 'data' and 'apns.fcm_options.image' around any format's 'apns.payload'"
  }

  /// The option naming the format of `apns.payload` (`inner=klaviyo`).
  static let innerOption = "inner"
  /// The start of the note of `emit.unsettled-inner-format` that names the option reading
  /// the message as it was written (`read it back with --option inner=klaviyo`).
  public static let readBackNote = "read it back with --option "

  public var emitOptions: [(name: String, summary: String)] {
    [
      (
        "\(Self.innerOption)=FORMAT",
        "write 'apns.payload', what the phone receives, as FORMAT's payload (any format but ir and fcm; \(Self.deviceFormNames) in their device form; default: the format read from an fcm source, else apns); the options of FORMAT are accepted too, and its --set fields when inner=FORMAT names it (\(Self.deviceFormNames) have none in their device form)"
      )
    ]
  }

  public func acceptsOption(_ option: String) -> Bool {
    if let name = Self.innerFormatName(in: [option]) { return Self.innerFormat(named: name) != nil }
    // `apns.payload` is never a send request.
    if option == PayloadForm.apiRequestOption { return false }
    return Self.innerFormats.contains { $0.acceptsOption(option) }
  }

  /// `inner=FORMAT` naming an inner format also names the format of a payload inside
  /// that detection finds ambiguous, whatever the target.
  public func readsOption(_ option: String) -> Bool {
    Self.innerFormatName(in: [option]).flatMap(Self.innerFormat(named:)) != nil
  }

  /// An `inner` option without a format, or naming one that is unknown or cannot stand
  /// inside the envelope (ir, fcm), is refused for that (``refusal(ofReadingOption:)``);
  /// `api-request`, because `apns.payload` is what the phone receives.
  public func refusal(ofOption option: String) -> String? {
    if option == PayloadForm.apiRequestOption {
      return
        "--option \(option): fcm's apns.payload is what the phone receives, not a send request; \(Self.deviceFormNames) are written there in their device form"
    }
    return refusal(ofReadingOption: option)
  }

  /// An `inner` option without a format, or naming one that is unknown or cannot stand
  /// inside the envelope (ir, fcm), is refused for that, listing the formats it can be.
  public func refusal(ofReadingOption option: String) -> String? {
    let formats =
      "the inner format is one of \(Self.innerFormats.map(\.id).joined(separator: ", "))"
    // `inner` and `inner=` name no format alike.
    if option == Self.innerOption || option == Self.innerOption + "=" {
      return "--option \(option) needs a format (\(Self.innerOption)=FORMAT); \(formats)"
    }
    guard let name = Self.innerFormatName(in: [option]), Self.innerFormat(named: name) == nil
    else { return nil }
    guard Vendors.named(name) == nil else {
      return
        "--option \(option): \(name) cannot be the inner format (fcm's apns.payload is a vendor payload); \(formats)"
    }
    return "--option \(option): unknown format '\(name)'; \(formats)"
  }

  /// Those of every inner format, whose options fcm accepts.
  public var exclusiveOptions: [[String]] { Self.innerExclusiveOptions }
  /// Gathered once, each group once.
  private static let innerExclusiveOptions: [[String]] = innerFormats.reduce(into: []) {
    groups, format in
    for group in format.exclusiveOptions where !groups.contains(group) { groups.append(group) }
  }

  /// With the default inner format, plain APNs.
  public var capabilities: Capabilities { Self.declaredCapabilities }

  /// ``validate(_:options:diagnostics:)`` with no reading options.
  public func validate(_ payload: JSONValue, diagnostics: inout Diagnostics) {
    validate(payload, options: [], diagnostics: &diagnostics)
  }

  /// fcm has no rules of its own: the phone's payload, read as the parser reads it with
  /// `options` (`inner=FORMAT`), is checked by the rules of the format it is read with and
  /// by those every format's payload gets (media need `mutable-content`, whether the
  /// inner payload's or the envelope's image), at the places of the message they stand
  /// for. The vendor's marker is the parse's, relocated as the rest. A payload inside no
  /// format can be chosen for gets none: reading it is the error.
  public func validate(
    _ payload: JSONValue, options: Set<String>, diagnostics: inout Diagnostics
  ) {
    guard case .object(let root) = payload else { return }
    Self.checkTarget(of: root, into: &diagnostics)
    guard let phone = FCMParser.phonePayload(of: root, options: options) else { return }
    var inner = Diagnostics()
    phone.format.validate(phone.payload, diagnostics: &inner)
    if let read = phone.read {
      let envelope =
        Self.capabilitiesByInnerFormat[phone.format.id] ?? Self.declaredCapabilities
      CommonValidation.checkMediaNeedsServiceExtension(
        read: IREncoder.encode(read), payload: phone.payload,
        needsServiceExtension: envelope.needsServiceExtension, ruled: inner, into: &inner)
    }
    inner.relocate { location in
      guard case .input(let pointer) = location else { return location }
      return .input(phone.inputLocation(pointer))
    }
    diagnostics.report(contentsOf: inner)
  }

  /// Reports `validate.missing-field` when the message names no one to send it to: FCM
  /// requires one of `token`, `topic` and `condition`, and `convert` writes none without
  /// it (`emit.missing-field`). An empty one names no one either, and is reported where
  /// it stands.
  static func checkTarget(of root: JSONObject, into diagnostics: inout Diagnostics) {
    let base: JSONPointer = root[Key.message] == nil ? .root : "/message"
    guard let message = (base == .root ? JSONValue.object(root) : root[Key.message])?.objectValue
    else { return }
    let targets = message.filter { Key.targets.contains(Key.canonical($0.key)) }
    if let empty = targets.first(where: { $0.value.stringValue?.isEmpty == true }),
      !targets.contains(where: { $0.value.stringValue?.isEmpty == false })
    {
      diagnostics.report(
        .validationMissingField,
        "'\(empty.key)' is empty: FCM sends the message to no one; the message needs a 'token', 'topic' or 'condition'",
        at: .input(base.appending(empty.key)))
    } else if !targets.contains(where: { $0.value.textValue != nil }) {
      diagnostics.report(
        .validationMissingField,
        "the message has no 'token', 'topic' or 'condition' of text: FCM sends it to no one",
        at: .input(base))
    }
  }

  var targetFields: [TargetField] { FCMEmitter.targetFields }

  public var settableFields: [(names: [String], meaning: String)] { targetFields.listed }

  /// fcm's own fields, then those of the format whose fields `--set` may give inside
  /// (``settingFormat(options:)``).
  public func invalidSetting(
    _ name: String, _ text: String, from source: String, options: Set<String>
  ) -> String? {
    targetFields.mismatch(named: name, text, from: source)
      ?? Self.settingFormat(options: options)?.invalidSetting(
        name, text, from: source, options: options)
  }

  /// The ids were read from the inner payload, by its format.
  public func issuerOfTrackingIDs(readWith extras: VendorExtras) -> String? {
    extras["fcm"]?[Key.innerHint]?.stringValue ?? APNs().id
  }

  public var trackingIssuerDependsOnExtras: Bool { true }

  /// The inner payload's format writes the ids.
  public func issuerOfTrackingIDs(writingWith extras: VendorExtras, options: Set<String>)
    -> String?
  {
    Self.innerFormat(writingWith: extras, options: options).id
  }

  /// fcm's own fields, and those of the format whose fields `--set` may give inside
  /// (``settingFormat(options:)``).
  public func takesSetting(_ name: String, options: Set<String>) -> Bool {
    listsSetting(name)
      || Self.settingFormat(options: options)?.takesSetting(name, options: options)
        == true
  }

  /// A name of none of the fields fcm takes with `options`: those are listed, and, without
  /// `--option inner=`, how to give the inner format's.
  public func refusal(ofSetting name: String, options: Set<String>) -> String? {
    let inner = Self.innerFormatName(in: options).flatMap(Self.innerFormat(named:))
    let fields = (settableFields + (Self.settingFormat(options: options)?.settableFields ?? []))
      .map { "'\($0.names[0])'" }.joined(separator: ", ")
    guard let inner else {
      return
        "--set '\(name)' names no field of fcm's output; it takes \(fields), and the fields of the format --option inner=FORMAT names (see 'pushc formats')"
    }
    let form = Self.writesDeviceForm(inner) ? ", written in its device form" : ""
    return
      "--set '\(name)' names no field of fcm's output around \(inner.id)\(form); it takes \(fields) (see 'pushc formats')"
  }

  /// The inner format whose fields `--set` gives: the one `--option inner=` names (the
  /// source's is not known before it is read, and plain APNs, the default, has none),
  /// unless it is written in its device form, whose send request alone has fields (Expo's
  /// `to`, Yellow.ai's `topic`).
  static func settingFormat(options: Set<String>) -> (any VendorFormat)? {
    guard let inner = innerFormatName(in: options).flatMap(innerFormat(named:)),
      !writesDeviceForm(inner)
    else { return nil }
    return inner
  }

  /// The message goes to one target (`token`, `topic` or `condition`), and the inner
  /// format's groups: those of the one whose fields `--set` gives
  /// (``settingFormat(options:)``), or, without `--option inner=`, every one's, since a
  /// defaults file serves whichever format the source names.
  public func settingGroups(options: Set<String>) -> [(names: [String], meaning: String)] {
    var groups = [
      (names: FCMEmitter.targetFields.map(\.name), meaning: FCMEmitter.targetFields[0].meaning)
    ]
    let formats =
      Self.innerFormatName(in: options) == nil
      ? Self.innerFormats : Self.settingFormat(options: options).map { [$0] } ?? []
    for format in formats {
      for group in format.settingGroups(options: options)
      where !groups.contains(where: { $0.names == group.names }) {
        groups.append(group)
      }
    }
    return groups
  }

  public var keptGroups: Set<JSONPointer> { Self.groups }

  /// The message's target (`token`, `topic` or `condition`) says whom FCM sends it to:
  /// a target drops it as such, not as data FCM alone has.
  public func droppedFieldPhrase(_ key: String, in group: JSONPointer) -> String? {
    guard group == .root, Key.targets.contains(key) else { return nil }
    return Self.recipientFieldPhrase(key, naming: "whom the FCM message goes to")
  }

  /// Made once: a translation that drops extras may ask on every record.
  private static let groups: Set<JSONPointer> = [
    .group(Key.request), .group(Key.notification), .group(Key.apns),
  ]

  /// Built once: translations ask for the capabilities on every record.
  private static let declaredCapabilities = envelopeCapabilities(around: APNs().capabilities)

  /// The envelope's capabilities around each inner format's declared ones, built once.
  private static let capabilitiesByInnerFormat: [String: Capabilities] = Dictionary(
    uniqueKeysWithValues: innerFormats.map { inner in
      (inner.id, envelopeCapabilities(around: inner.capabilities, readBy: inner))
    }
  )

  public var capabilitiesDependOnNotification: Bool { true }

  /// Those of the inner format that writes `notification` (see
  /// ``innerFormat(writing:options:)``), for `notification` when they depend on it
  /// (onesignal's newer format has no buttons without alert text), in the envelope.
  public func capabilities(writing notification: PushNotification, options: Set<String>)
    -> Capabilities
  {
    let inner = Self.innerFormat(writing: notification, options: options)
    let table = Self.capabilitiesByInnerFormat[inner.id] ?? Self.declaredCapabilities
    guard inner.capabilitiesDependOnNotification else { return table }
    let own = inner.capabilities(writing: notification, options: options)
    // Most notifications get the declared ones: their envelope is the table's, built once.
    if own.sharesStorage(with: inner.capabilities) { return table }
    return Self.envelopeCapabilities(around: own, readBy: inner)
  }

  /// ``envelopeCapabilities(around:)``, naming `inner` as the format whose SDK reads the
  /// payload (``Capabilities/payloadReader``), unless it is plain APNs, read by iOS and
  /// Firebase's SDK: fcm's own.
  static func envelopeCapabilities(
    around capabilities: Capabilities, readBy inner: any VendorFormat
  )
    -> Capabilities
  {
    var envelope = envelopeCapabilities(around: capabilities)
    if inner.id != APNs().id { envelope.payloadReader = inner.id }
    return envelope
  }

  /// What the envelope can carry around a payload of `inner`'s: what `inner` carries and,
  /// when `inner` has no media of its own, one file of any kind in
  /// `apns.fcm_options.image`, which Firebase's service extension helper downloads.
  static func envelopeCapabilities(around inner: Capabilities) -> Capabilities {
    var capabilities = inner
    if inner.maxMedia == 0 {
      capabilities.maxMedia = 1
      capabilities.mediaKinds = Set(MediaKind.allCases)
      capabilities.needsServiceExtension = true
    }
    return capabilities
  }

  /// The formats `apns.payload` can be in: every registered one but the IR and fcm.
  static let innerFormats: [any VendorFormat] = Vendors.all.filter {
    $0.id != IRFormat().id && $0.id != "fcm"
  }

  /// Whether `inner` has a send request of its own beside what the phone receives (its
  /// device form, `--option device-form`): `apns.payload` is what the phone receives, so
  /// the envelope always writes `inner`'s device form.
  static func writesDeviceForm(_ inner: any VendorFormat) -> Bool {
    inner.emitOptions.contains { $0.name == PayloadForm.deviceFormOption }
  }

  /// The inner formats written in their device form, named for messages
  /// ("braze, expo and yellowai").
  static let deviceFormNames: String = {
    let names = innerFormats.filter(writesDeviceForm).map(\.id)
    guard names.count > 1 else { return names.joined() }
    return names.dropLast().joined(separator: ", ") + " and " + names.last!
  }()

  /// The inner format named `id`, if it is one.
  static func innerFormat(named id: String) -> (any VendorFormat)? {
    innerFormats.first { $0.id == id }
  }

  /// The value of the first `inner=FORMAT` among `options`.
  static func innerFormatName(in options: Set<String>) -> String? {
    let prefix = innerOption + "="
    return options.sorted().first { $0.hasPrefix(prefix) }.map {
      String($0.dropFirst(prefix.count))
    }
  }

  /// The format that writes `apns.payload`: the one `--option inner=FORMAT` names, else
  /// the one an fcm source was read with, else plain APNs.
  static func innerFormat(writing notification: PushNotification, options: Set<String>)
    -> any VendorFormat
  {
    innerFormat(writingWith: notification.extras, options: options)
  }

  /// The inner format that writes a notification with `extras` (see
  /// ``innerFormat(writing:options:)``).
  static func innerFormat(writingWith extras: VendorExtras, options: Set<String>)
    -> any VendorFormat
  {
    let name = innerFormatName(in: options) ?? extras["fcm"]?[Key.innerHint]?.stringValue
    return name.flatMap(innerFormat(named:)) ?? APNs()
  }

  /// Key names shared by the parser and the emitter.
  enum Key {
    static let message = "message"
    static let validateOnly = "validate_only"
    static let token = "token"
    static let topic = "topic"
    static let condition = "condition"
    static let name = "name"
    static let notification = "notification"
    static let title = "title"
    static let body = "body"
    static let image = "image"
    static let data = "data"
    static let apns = "apns"
    static let headers = "headers"
    static let payload = "payload"
    static let fcmOptions = "fcm_options"
    static let analyticsLabel = "analytics_label"
    static let liveActivityToken = "live_activity_token"
    static let android = "android"
    static let webpush = "webpush"
    /// The members naming where the message goes; FCM takes exactly one.
    static let targets = [token, topic, condition]
    /// The members of a message that mark one.
    static let markers = [apns, notification, data, android, webpush] + targets
    /// The proto3 JSON spellings the API accepts beside the field names.
    static let aliases: [String: String] = [
      "fcmOptions": fcmOptions, "analyticsLabel": analyticsLabel,
      "liveActivityToken": liveActivityToken, "validateOnly": validateOnly,
    ]
    /// `data` keys FCM refuses: `from`, `message_type`, and names starting with `google.`
    /// or `gcm.` (FCM's own keys on the phone, `gcm.notification.` among them).
    static let reservedDataKeys: Set<String> = ["from", "message_type"]
    static let reservedDataPrefixes = ["google.", "gcm."]
    /// In `extras["fcm"]`: root members of the request beside `message`.
    static let request = "request"
    /// In `extras["fcm"]`: the format `apns.payload` was read with.
    static let innerHint = "@inner"
    /// In `extras["fcm"]`: the source was the message without `{"message": …}` around it.
    static let unwrappedHint = "@unwrapped"
    /// In `extras["fcm"]`: the root keys of the inner payload that came from `data`.
    static let dataHint = "@data"
    /// In `extras["fcm"]`: the alert keys (`title`, `body`) that came from `notification`.
    static let notificationHint = "@notification"
    /// In `extras["fcm"]`: the image came from `notification.image`.
    static let imageHint = "@image"

    /// `name` in its field-name spelling.
    static func canonical(_ name: String) -> String { aliases[name] ?? name }

    /// Whether FCM refuses `name` as a `data` key.
    static func isReservedDataKey(_ name: String) -> Bool {
      reservedDataKeys.contains(name) || reservedDataPrefixes.contains(where: name.hasPrefix)
    }
  }

  /// The message targets, for detection.
  private static let targets = RootNames(Key.targets)

  public func evidence(in root: RootIndex) -> Evidence? {
    if let message = root[Key.message]?.objectValue {
      let found = Key.markers.filter { message[$0] != nil }
      return found.isEmpty
        ? nil
        : Evidence(
          .decisive, keys: found.map { JSONPointer("/message").appending($0) },
          reason: "an FCM HTTP v1 request: 'message' with the members of a message")
    }
    guard root.aps == nil else { return nil }
    let targets = root.present(Self.targets)
    let envelope =
      root[Key.apns]?.objectValue != nil
      ? [Key.apns]
      : root[Key.notification]?.objectValue != nil && !targets.isEmpty ? [Key.notification] : []
    guard !envelope.isEmpty else { return nil }
    return Evidence(
      .decisive, keys: (envelope + targets).map { JSONPointer.root.appending($0) },
      reason: "an FCM HTTP v1 message: 'apns', or 'notification' and a target")
  }

  public func emit(_ notification: consuming PushNotification, context: inout EmitContext)
    throws(TranslationError) -> JSONValue
  {
    let prepared = context.prepared(notification, for: self)
    let inner = Self.innerFormat(writing: prepared, options: context.options)
    return try FCMEmitter(notification: prepared, inner: inner).emit(context: &context)
  }
}
