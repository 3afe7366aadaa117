import PushIR

/// Lowers an FCM HTTP v1 message into the IR.
///
/// The envelope is read here; the APNs payload is read by the format it is in, as the
/// phone receives it: `apns.payload` with the `notification` title and body filled into
/// `aps.alert` where it has none, and the `data` members at its root. Locations found
/// inside it are moved back to where each value stands in the input.
struct FCMParser: PayloadParser {
  typealias Key = FCM.Key

  let root: JSONObject
  /// `extras["fcm"]`: the envelope members the IR has no field for, and layout hints.
  private var kept = JSONObject()
  /// Where the message is: `/message`, or the root for a message without its wrapper.
  private var base = JSONPointer.root
  /// The `notification` members read, with their locations.
  private var notificationFields: [String: (value: IRText, pointer: JSONPointer)] = [:]
  /// `notification` members kept verbatim.
  private var keptNotification = JSONObject()
  /// The `data` members (strings), with their locations.
  private var data: [(key: String, value: IRText, pointer: JSONPointer)] = []
  /// `apns.payload` and its location.
  private var payload: JSONObject?
  /// `apns` members kept verbatim.
  private var keptAPNs = JSONObject()
  /// `apns.fcm_options.image` and its location.
  private var optionsImage: (value: IRText, pointer: JSONPointer)?
  /// The target members found (`token`, `topic`, `condition`), in input order.
  private var targets: [String] = []
  /// Locations in the phone's payload filled from elsewhere in the input, and where from.
  private var filledFrom: [(inner: JSONPointer, input: JSONPointer)] = []
  /// What the phone receives and the format it is read with, once chosen.
  private var phone: (payload: JSONValue, format: any VendorFormat)?

  init(root: JSONObject) { self.root = root }

  /// Where `apns.payload` is in the input.
  private var payloadPointer: JSONPointer { base + "/apns/payload" }

  mutating func parse(context: inout ParseContext) throws(TranslationError) -> PushNotification {
    let phone = try readPhonePayload(context: &context)
    var notification = try readInner(phone.payload, as: phone.format, context: &context)
    readImage(into: &notification, context: &context)
    if !keptNotification.isEmpty { kept[Key.notification] = .object(keptNotification) }
    if !keptAPNs.isEmpty { kept[Key.apns] = .object(keptAPNs) }
    notification.extras["fcm"] = kept
    return notification
  }

  /// Reads the message's members and answers what the phone receives of it:
  /// `apns.payload` completed from `notification` and `data`, normalized (what the pass
  /// reports moved to the input), and the format it is read with
  /// (``innerFormat(detected:relocating:context:)``); the latter is kept as ``phone``.
  private mutating func readPhonePayload(context: inout ParseContext)
    throws(TranslationError) -> (payload: JSONValue, format: any VendorFormat)
  {
    let message = readRequest(context: &context)
    for member in message {
      readMessageMember(key: Key.canonical(member.key), member, context: &context)
    }
    var normalized = JSONValue.object(devicePayload(context: &context))
    var passContext = PassContext(target: nil, recording: context.diagnostics.recording)
    NormalizeShapes().run(on: &normalized, context: &passContext)
    let relocate = locator  // the filled locations are final here
    context.absorb(passContext.diagnostics, relocating: relocate)
    let format = try Self.innerFormat(
      detected: Detector.detect(normalized, among: FCM.innerFormats), relocating: relocate,
      context: &context)
    phone = (normalized, format)
    return (normalized, format)
  }

  /// The message: `message` of the HTTP request, or the root itself when it has no
  /// `message` (the message object as the documentation's examples show it); the
  /// request's other members are kept.
  private mutating func readRequest(context: inout ParseContext) -> JSONObject {
    guard let message = root[Key.message] else {
      kept[Key.unwrappedHint] = true
      return root
    }
    base = "/message"
    var request = JSONObject()
    for member in root where member.key != Key.message {
      let key = Key.canonical(member.key)
      context.keep(
        key, member.value, in: &request, extraOf: "fcm", group: Key.request,
        from: .root.appending(member.key),
        noting: "'\(member.key)' is not a member of an FCM send request; kept verbatim",
        unless: key == Key.validateOnly)
    }
    if !request.isEmpty { kept[Key.request] = .object(request) }
    return context.object(message, at: base) ?? JSONObject()
  }

  /// One member of the message (`key` is its name in the field-name spelling).
  private mutating func readMessageMember(
    key: String, _ member: JSONObject.Member, context: inout ParseContext
  ) {
    lazy var pointer = base.appending(member.key)
    switch key {
    case Key.token, Key.topic, Key.condition, Key.name:
      guard let text = context.text(member.value, at: pointer) else { return }
      if Key.targets.contains(key) {
        // An empty target names no one: read as if absent, as convert then finds none.
        guard !text.isEmpty else {
          context.report(
            .invalidValue, "an empty '\(key)' names no one to send to; ignored", at: pointer)
          return
        }
        guard targets.isEmpty else {
          context.report(
            .invalidValue,
            "FCM takes one of 'token', 'topic' and 'condition', and this message already has '\(targets[0])'; '\(key)' ignored",
            at: pointer)
          return
        }
        targets.append(key)
      }
      kept[key] = member.value
      context.recordExtra(key, of: "fcm", from: pointer)
    case Key.notification:
      guard let object = context.object(member.value, at: pointer) else { return }
      for field in object {
        let fieldPointer = pointer.appending(field.key)
        guard [Key.title, Key.body, Key.image].contains(field.key) else {
          keep(
            field, in: &keptNotification, named: "notification.\(field.key)",
            "is not a member of an FCM notification",
            at: fieldPointer, context: &context)
          context.recordExtra(field.key, of: "fcm", in: Key.notification, from: fieldPointer)
          continue
        }
        if let text = context.text(field.value, at: fieldPointer) {
          notificationFields[field.key] = (text, fieldPointer)
        }
      }
    case Key.data:
      guard let object = context.object(member.value, at: pointer) else { return }
      for field in object {
        let fieldPointer = pointer.appending(field.key)
        guard !Key.isReservedDataKey(field.key) else {
          context.report(
            .invalidValue,
            "FCM refuses the reserved 'data' key '\(field.key)'; ignored", at: fieldPointer)
          continue
        }
        if let text = context.text(field.value, at: fieldPointer) {
          data.append((field.key, text, fieldPointer))
        }
      }
    case Key.apns:
      guard let object = context.object(member.value, at: pointer) else { return }
      for field in object { readAPNsMember(field, at: pointer, context: &context) }
    case Key.android, Key.webpush, Key.fcmOptions:
      // Other platforms' settings and the message's analytics label: kept for fcm.
      kept[key] = member.value
      context.recordExtra(key, of: "fcm", from: pointer)
    default:
      keep(
        member, in: &kept, named: member.key,
        "is not a member of an FCM HTTP v1 message (the legacy API's keys are not read)",
        at: pointer, context: &context)
      context.recordExtra(member.key, of: "fcm", from: pointer)
    }
  }

  /// One member of `apns`: the payload, its headers and FCM options, the Live Activity token.
  private mutating func readAPNsMember(
    _ member: JSONObject.Member, at apns: JSONPointer, context: inout ParseContext
  ) {
    lazy var pointer = apns.appending(member.key)
    let key = Key.canonical(member.key)
    switch key {
    case Key.payload:
      payload = context.object(member.value, at: pointer)
    case Key.headers:
      guard let headers = context.object(member.value, at: pointer) else { return }
      var strings = JSONObject()
      for header in headers
      where context.text(header.value, at: pointer.appending(header.key)) != nil {
        strings.append(header.key, header.value)
      }
      if !strings.isEmpty {
        keptAPNs[key] = .object(strings)
        context.recordExtra(key, of: "fcm", in: Key.apns, from: pointer)
      }
    case Key.fcmOptions:
      guard let options = context.object(member.value, at: pointer) else { return }
      var keptOptions = JSONObject()
      for option in options {
        let optionPointer = pointer.appending(option.key)
        switch Key.canonical(option.key) {
        case Key.image:
          guard let url = context.text(option.value, at: optionPointer) else { continue }
          if url.isEmpty {
            context.report(
              .invalidValue, "an empty 'apns.fcm_options.image' attaches nothing; ignored",
              at: optionPointer)
          } else {
            optionsImage = (url, optionPointer)
          }
        case Key.analyticsLabel:
          if context.text(option.value, at: optionPointer) != nil {
            keptOptions[Key.analyticsLabel] = option.value
          }
        default:
          keep(
            option, in: &keptOptions, named: "apns.fcm_options.\(option.key)",
            "is not an FCM option",
            at: optionPointer, context: &context)
        }
      }
      if !keptOptions.isEmpty {
        keptAPNs[key] = .object(keptOptions)
        context.recordExtra(key, of: "fcm", in: Key.apns, from: pointer)
      }
    case Key.liveActivityToken:
      if context.text(member.value, at: pointer) != nil {
        keptAPNs[key] = member.value
        context.recordExtra(key, of: "fcm", in: Key.apns, from: pointer)
      }
    default:
      keep(
        member, in: &keptAPNs, named: "apns.\(member.key)",
        "is not a member of FCM's APNs settings",
        at: pointer, context: &context)
      context.recordExtra(member.key, of: "fcm", in: Key.apns, from: pointer)
    }
  }

  /// Keeps a member FCM does not define (`name`: its dotted path) in `object`, with a note.
  private func keep(
    _ member: JSONObject.Member, in object: inout JSONObject, named name: String,
    _ reason: String, at pointer: JSONPointer, context: inout ParseContext
  ) {
    guard context.mayKeep(member.key, from: pointer) else { return }
    object.append(member.key, member.value)
    context.report(.unknownKey, "'\(name)' \(reason); kept verbatim", at: pointer)
  }

  /// The payload the phone receives: `apns.payload`, its alert completed from
  /// `notification` (whose title and body it overrides), and the `data` members at its
  /// root (where the payload has no member of that name).
  private mutating func devicePayload(context: inout ParseContext) -> JSONObject {
    var device = payload ?? JSONObject()
    let given = [Key.title, Key.body].compactMap { field in
      notificationFields[field].map { (field: field, value: $0.value, pointer: $0.pointer) }
    }
    var alert = given.isEmpty ? nil : openAlert(in: device)
    var filled: [JSONValue] = []
    for field in given {
      guard let shown = alert?[field.field] else {
        if alert == nil {
          // `aps` or its alert has a shape the inner format reports; FCM refuses it too.
          keptNotification[field.field] = .string(field.value)
          context.recordExtra(field.field, of: "fcm", in: Key.notification, from: field.pointer)
          continue
        }
        alert?[field.field] = .string(field.value)
        filled.append(.string(field.field))
        filledFrom.append((JSONPointer("/aps/alert").appending(field.field), field.pointer))
        continue
      }
      keptNotification[field.field] = .string(field.value)
      context.recordExtra(field.field, of: "fcm", in: Key.notification, from: field.pointer)
      if shown != .string(field.value) {
        context.report(
          .unknownKey,
          "'notification.\(field.field)' is not shown on iOS, where 'apns.payload.aps.alert.\(field.field)' overrides it; kept verbatim",
          at: field.pointer)
      }
    }
    if !filled.isEmpty, let alert {
      var aps = device["aps"]?.objectValue ?? JSONObject()
      aps["alert"] = .object(alert)
      device["aps"] = .object(aps)
      kept[Key.notificationHint] = .array(filled)
    }
    var fromData: [JSONValue] = []
    for member in data {
      if let present = device[member.key] {
        if present != .string(member.value) {
          context.report(
            .conflictingValues,
            "'data.\(member.key)' and 'apns.payload.\(member.key)' differ, and both reach the app under one key; the 'apns.payload' value is read",
            at: member.pointer)
        }
        continue
      }
      device.append(member.key, .string(member.value))
      fromData.append(.string(member.key))
      filledFrom.append((JSONPointer.root.appending(member.key), member.pointer))
    }
    if !fromData.isEmpty { kept[Key.dataHint] = .array(fromData) }
    return device
  }

  /// `aps.alert` of `device` as a dictionary to fill (a string alert is its body), or
  /// `nil` when `aps` or the alert has a shape the inner format reports.
  private mutating func openAlert(in device: JSONObject) -> JSONObject? {
    switch device["aps"] {
    case nil: return JSONObject()
    case .object(let aps)?:
      switch aps["alert"] {
      case nil: return JSONObject()
      case .object(let alert)?: return alert
      case .string(let body)?:
        filledFrom.append(("/aps/alert/body", payloadPointer + "/aps/alert"))
        return JSONObject([JSONObject.Member(key: "body", value: .string(body))])
      default: return nil
      }
    default: return nil
    }
  }

  /// Reads the phone's payload, normalized, with `format` (see ``readPhonePayload(context:)``)
  /// and records which.
  private mutating func readInner(
    _ normalized: JSONValue, as format: any VendorFormat, context: inout ParseContext
  ) throws(TranslationError) -> PushNotification {
    let relocate = locator
    var inner = ParseContext(recording: context.diagnostics.recording)
    do {
      let notification = try format.parse(normalized, context: &inner)
      context.absorb(inner.diagnostics, origins: inner.sourceMap, relocating: relocate)
      context.missingMarkers += inner.missingMarkers.map(relocate)
      context.buttonsShownInReverse = inner.buttonsShownInReverse
      kept[Key.innerHint] = .string(format.id)
      return notification
    } catch {
      context.absorb(inner.diagnostics, relocating: relocate)
      throw error
    }
  }

  /// The format the phone's payload is read with, from `detection` among every format
  /// but the IR and fcm, as the note `input.detected-format` says: the one detected,
  /// plain APNs when none claims it. A payload several formats claim equally is an
  /// error, as at the root, unless `--option inner=FORMAT` among `context.options` names
  /// one of them. `--option inner=apns` reads the payload as plain APNs whatever is
  /// detected: APNs interprets only `aps` and keeps every other key as custom data, so
  /// reading with it guesses nothing. The option settles nothing else, and a note says so
  /// when it names another format than the one read (it still names the format an fcm
  /// target writes).
  private static func innerFormat(
    detected detection: Detector.Outcome, relocating relocate: (JSONPointer) -> JSONPointer,
    context: inout ParseContext
  ) throws(TranslationError) -> any VendorFormat {
    let named = FCM.innerFormatName(in: context.options)
    if named == APNs().id, let instead = overridden(detection, relocate) {
      context.report(
        .detectedFormat,
        "the APNs payload is read as apns, as --option \(FCM.innerOption)=apns names: every key but 'aps' is the app's data; \(instead)",
        at: relocate(.root))
      return APNs()
    }
    let format: any VendorFormat
    // Messages and locations are worked out only when the diagnostics are kept.
    switch detection {
    case .detected(let found, let evidence):
      format = found
      context.report(
        .detectedFormat,
        "the APNs payload is read as \(found.id): \(keyList(evidence, relocate)) (\(evidence.reason)); confidence \(evidence.strength)",
        at: relocate(.root))
    case .ambiguous(let candidates):
      guard let chosen = candidates.first(where: { $0.format.id == named }) else {
        throw .unreadablePayload(ambiguity(of: candidates, relocate))
      }
      context.report(
        .detectedFormat,
        "the APNs payload is read as \(chosen.format.id), as --option \(FCM.innerOption)=\(chosen.format.id) names: \(keyList(chosen.evidence, relocate)) (\(chosen.evidence.reason))",
        at: relocate(.root))
      return chosen.format
    case .unknown, .notAnObject:
      format = APNs()
    }
    if let named, named != format.id {
      context.report(
        .unusedOption,
        "--option \(FCM.innerOption)=\(named) is not used for reading: the APNs payload is read as \(format.id); the option names the format of a payload inside only where several formats claim it alike or it names apns, which guesses nothing, and the format an fcm target writes",
        at: relocate(.root))
    }
    return format
  }

  /// What detection would have read the payload as, for the note that `--option
  /// inner=apns` overrides it; `nil` when detection reads it as plain APNs anyway.
  private static func overridden(
    _ detection: Detector.Outcome, _ relocate: (JSONPointer) -> JSONPointer
  ) -> String? {
    switch detection {
    case .detected(let found, let evidence) where found.id != APNs().id:
      return
        "without the option it would be read as \(found.id): \(keyList(evidence, relocate)) (\(evidence.reason)); confidence \(evidence.strength)"
    case .ambiguous(let candidates):
      return "without the option it looks like \(candidateList(candidates, relocate)) alike"
    default:
      return nil
    }
  }

  /// The keys of `evidence`, located by `relocate` (in the input, or the output an fcm
  /// target writes), quoted and listed for messages.
  static func keyList(_ evidence: Evidence, _ relocate: (JSONPointer) -> JSONPointer)
    -> String
  {
    evidence.keys.map { "'\(relocate($0))'" }.joined(separator: ", ")
  }

  /// Formats that claim a payload inside, each with its keys (``keyList(_:_:)``), listed
  /// for messages: `customerio ('…/CIO') and braze ('…/ab')`.
  static func candidateList(
    _ candidates: [(format: any VendorFormat, evidence: Evidence)],
    _ relocate: (JSONPointer) -> JSONPointer
  ) -> String {
    candidates.map { "\($0.format.id) (\(keyList($0.evidence, relocate)))" }
      .joined(separator: " and ")
  }

  /// The error for a payload inside that `candidates` claim equally: each with its keys,
  /// at `apns.payload`, and how to name the one it is.
  private static func ambiguity(
    of candidates: [(format: any VendorFormat, evidence: Evidence)],
    _ relocate: (JSONPointer) -> JSONPointer
  ) -> Diagnostic {
    let ids = candidates.map(\.format.id).joined(separator: ", ")
    return Diagnostic(
      .ambiguousFormat,
      "the APNs payload looks like \(candidateList(candidates, relocate)) alike; nothing is guessed",
      at: .input(relocate(.root)),
      notes: ["name the format inside with --option \(FCM.innerOption)=FORMAT (one of \(ids))"])
  }

  /// What the phone receives of an FCM message, as ``parse(context:)`` reads it.
  struct PhonePayload {
    /// `apns.payload` completed from `notification` and `data`, normalized.
    var payload: JSONValue
    /// The format it is read with.
    var format: any VendorFormat
    /// The whole message read, when it could be.
    var read: PushNotification?
    /// Where each place of ``payload`` stands in the input.
    var inputLocation: (JSONPointer) -> JSONPointer
  }

  /// What the phone receives of the message `root`, read by ``parse(context:)`` with the
  /// `--option`s `options`; `nil` when no format could be chosen for it (the parse
  /// reports why). What reading finds on the way is not kept: the parse reports it.
  static func phonePayload(of root: JSONObject, options: Set<String>) -> PhonePayload? {
    var parser = FCMParser(root: root)
    var context = ParseContext(recording: .summary)
    context.options = options
    let read = try? parser.parse(context: &context)
    guard let phone = parser.phone else { return nil }
    return PhonePayload(
      payload: phone.payload, format: phone.format, read: read, inputLocation: parser.locator)
  }

  /// ``inputLocation(of:)`` of this parser as it stands.
  private var locator: (JSONPointer) -> JSONPointer {
    let parser = self
    return { parser.inputLocation(of: $0) }
  }

  /// Where `pointer` of the phone's payload stands in the input: in `notification` or
  /// `data` for what was filled from there, else in `apns.payload`; a location the input
  /// lacks (a key the inner format looked for in vain) becomes its nearest enclosing one.
  private func inputLocation(of pointer: JSONPointer) -> JSONPointer {
    if let filled = filledFrom.first(where: { pointer.hasPrefix($0.inner) }) {
      return filled.input
    }
    var location = payloadPointer + pointer
    let input = JSONValue.object(root)
    while input.value(at: location) == nil, let parent = location.parent { location = parent }
    return location
  }

  /// The image: `apns.fcm_options.image`, which overrides `notification.image` on iOS.
  /// It is the media item when the inner payload has none; when the inner payload's
  /// media name another file, that one is read and this one kept.
  private mutating func readImage(
    into notification: inout PushNotification, context: inout ParseContext
  ) {
    var chosen = optionsImage.map {
      (value: $0.value, pointer: $0.pointer, key: "apns.fcm_options.image")
    }
    if let given = notificationFields[Key.image] {
      if let optionsImage {
        keptNotification[Key.image] = .string(given.value)
        context.recordExtra(Key.image, of: "fcm", in: Key.notification, from: given.pointer)
        if optionsImage.value != given.value {
          context.report(
            .unknownKey,
            "'notification.image' is not shown on iOS, where 'apns.fcm_options.image' overrides it; kept verbatim",
            at: given.pointer)
        }
      } else if given.value.isEmpty {
        context.report(
          .invalidValue, "an empty 'notification.image' attaches nothing; ignored",
          at: given.pointer)
      } else {
        chosen = (given.value, given.pointer, "notification.image")
      }
    }
    guard let chosen else { return }
    let fromNotification = chosen.key == "notification.image"
    if notification.media.isEmpty {
      notification.media = [
        MediaItem(url: chosen.value, kind: MediaKind(url: chosen.value) ?? .image)
      ]
      context.sourceMap.record("/media/0", from: chosen.pointer)
    } else if !notification.media.contains(where: { $0.url == chosen.value }) {
      if fromNotification {
        keptNotification[Key.image] = .string(chosen.value)
        context.recordExtra(Key.image, of: "fcm", in: Key.notification, from: chosen.pointer)
      } else {
        var options = keptAPNs[Key.fcmOptions]?.objectValue ?? JSONObject()
        options[Key.image] = .string(chosen.value)
        keptAPNs[Key.fcmOptions] = .object(options)
        context.recordExtra(
          Key.fcmOptions, of: "fcm", in: Key.apns, from: chosen.pointer.parent ?? chosen.pointer)
      }
      let inner = kept[Key.innerHint]?.stringValue ?? APNs().id
      context.report(
        .conflictingValues,
        "'\(chosen.key)' names another file than the \(inner) payload's media; the \(inner) payload's is read, this one kept for fcm",
        at: chosen.pointer)
      return
    }
    if fromNotification { kept[Key.imageHint] = .string(Key.notification) }
  }
}
