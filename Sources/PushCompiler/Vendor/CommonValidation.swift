import PushIR

/// The rules `pushc validate` checks for every format, beside the vendor's own
/// (``VendorFormat/validate(_:diagnostics:)``): what `convert` would refuse to write in
/// the format, or what stops its SDK from doing what the payload asks, is not valid in a
/// payload read either.
enum CommonValidation {
  /// Reports `validate.over-budget` when `payload`, converted to its own format as
  /// `convert --from F --to F` writes it and measured as fit-size-budget measures it, is
  /// larger than the format's ``Capabilities/payloadLimit`` (none for the IR): what
  /// `convert` writes is what APNs receives, and convert adds what its emitter always
  /// writes (a `null`, a `false`, custom data moved into `data`). A payload that cannot
  /// be converted is measured as given.
  static func checkSize(
    of payload: JSONValue, as format: any VendorFormat, options: Set<String>,
    into diagnostics: inout Diagnostics
  ) {
    guard format.id != IRFormat().id, let limit = format.capabilities.payloadLimit else {
      return
    }
    var identity = Translator(from: format, to: format)
    identity.options = options
    // The payload fit-size-budget measured, kept when it fits and when it is refused.
    identity.dumpAfter = FitSizeBudget().name
    identity.recording = .summary
    let size = FitSizeBudget.measure(identity.translate(payload).dump ?? payload)
    guard size > limit else { return }
    let given = FitSizeBudget.measure(payload)
    diagnostics.report(
      Diagnostic(
        .validationOverBudget, FitSizeBudget.overBudgetMessage(size: size, limit: limit),
        at: .input(.root),
        notes: given == size
          ? []
          : [
            "measured as 'pushc convert --to \(format.id)' writes it; as given, compact, it is \(given) bytes"
          ]))
  }
}

extension CommonValidation {
  /// Reports `validate.mutable-content` when `read`, the IR the front end read from
  /// `payload`, holds media, which the format's service extension downloads and attaches
  /// (`needsServiceExtension`, as set-mutable-content decides for `convert`), and the
  /// payload's `aps` has no `mutable-content: 1`. A payload without `aps` at its root (a
  /// request form, an FCM message) carries the flag elsewhere and is not checked here
  /// (fcm's rules check the phone's payload it wraps); nor is one the vendor's rules
  /// already found lacking it (`ruled`).
  static func checkMediaNeedsServiceExtension(
    read: JSONValue?, payload: JSONValue, needsServiceExtension: Bool, ruled: Diagnostics,
    into diagnostics: inout Diagnostics
  ) {
    guard needsServiceExtension, read?["media"]?.arrayValue?.isEmpty == false,
      payload["aps"]?.objectValue != nil,
      !ruled.contains(where: { $0.code == .validationMutableContent })
    else { return }
    SpecField.checkMutableContent(in: payload, for: "media needs", into: &diagnostics)
  }
}

extension CommonValidation {
  /// Reports `validate.missing-field` for each finding of `read` that the payload lacks
  /// the vendor's marker (`parse.not-vendor-payload` at one of `missingMarkers`, the
  /// front end's ``Translator/Result/missingMarkers``), with its message: a payload the
  /// vendor's SDK ignores is not a valid payload of that vendor. A place where the
  /// vendor's rules (`ruled`) already report a missing field is left to them.
  static func checkMarker(
    missing missingMarkers: [JSONPointer], read: [Diagnostic], ruled: Diagnostics,
    into diagnostics: inout Diagnostics
  ) {
    guard !missingMarkers.isEmpty else { return }
    let places = Set(missingMarkers.map { DiagnosticLocation.input($0) })
    let ruledPlaces = Set(
      ruled.filter { $0.code == .validationMissingField }.map(\.location))
    for finding in read
    where finding.code == .notVendorPayload && places.contains(finding.location)
      && !ruledPlaces.contains(finding.location)
    {
      diagnostics.report(
        Diagnostic(
          .validationMissingField, finding.message, at: finding.location, notes: finding.notes))
    }
  }
}
