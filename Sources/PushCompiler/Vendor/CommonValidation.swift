import PushIR

/// The rules `pushc validate` checks for every format, beside the vendor's own
/// (``VendorFormat/validate(_:diagnostics:)``): what `convert` would refuse to write in
/// the format, or what stops its SDK from doing what the payload asks, is not valid in a
/// payload read either.
enum CommonValidation {
  /// Reports `validate.over-budget` when `payload`, measured as fit-size-budget measures
  /// what `convert` writes, is larger than `limit`, the format's
  /// ``Capabilities/payloadLimit`` (none for the IR).
  static func checkSize(
    of payload: JSONValue, limit: Int?, into diagnostics: inout Diagnostics
  ) {
    guard let limit else { return }
    let size = FitSizeBudget.measure(payload)
    guard size > limit else { return }
    diagnostics.report(
      Diagnostic(
        .validationOverBudget, FitSizeBudget.overBudgetMessage(size: size, limit: limit),
        at: .input(.root)))
  }
}

extension CommonValidation {
  /// Reports `validate.mutable-content` when `read`, the IR the front end read from
  /// `payload`, holds media, which the format's service extension downloads and attaches
  /// (`needsServiceExtension`, as set-mutable-content decides for `convert`), and the
  /// payload's `aps` has no `mutable-content: 1`. A payload without `aps` at its root (a
  /// request form, an FCM message) carries the flag elsewhere and is not checked; nor is
  /// one the vendor's rules already found lacking it (`ruled`).
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
