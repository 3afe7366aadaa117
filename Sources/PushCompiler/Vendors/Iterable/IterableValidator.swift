import PushIR

/// The validation rules of Iterable's payload beyond those of every format: an `itbl`
/// that leaves the SDK without what it tracks an open under (`Specs/vendors/iterable.md`,
/// Validation).
enum IterableValidator {
  /// Warns (`validate.untracked-opens`) when `payload`'s `itbl` leaves the SDK without
  /// what it tracks an open under; a payload without an `itbl` dictionary is left to the
  /// marker rule of every format.
  static func validate(_ payload: JSONValue, diagnostics: inout Diagnostics) {
    guard let itbl = payload[Iterable.Key.container]?.objectValue else { return }
    // A payload without a `campaignId` may be one of Iterable's proofs, sent as such.
    let causes = Iterable.untrackedOpenCauses(in: itbl, proofsIntended: true)
    guard let first = causes.first else { return }
    diagnostics.report(
      Diagnostic(
        .validationUntrackedOpens, Iterable.untrackedOpensMessage(causes),
        at: .input(JSONPointer("/\(Iterable.Key.container)").appending(first.key))))
  }
}
