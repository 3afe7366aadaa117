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
