/// An ordered collector of diagnostics, passed `inout` through parse, passes and emit.
///
/// It keeps what was reported in one of two ways (``Recording``): every diagnostic, or
/// only the summary decisions need (the worst severity, whether anything was lost, how
/// many). Both answer ``hasErrors``, ``hasLoss``, ``worstSeverity`` and ``count`` alike;
/// only a full collector holds the diagnostics themselves.
public struct Diagnostics: Hashable, Sendable, Sequence {
  /// What a collector keeps of what is reported.
  public enum Recording: Hashable, Sendable {
    /// Every diagnostic, in order, with its message, location and notes.
    case full
    /// Only the summary: the worst severity, whether any reports a loss, the count.
    /// Nothing is formatted and no ``Diagnostic`` is stored, for runs whose decisions
    /// need only that (a batch record that converts, when no report is asked for).
    case summary
  }

  /// What this collector keeps.
  public let recording: Recording
  /// What was reported, in order; empty when ``recording`` is ``Recording/summary``.
  public private(set) var all: [Diagnostic] = []
  /// How many diagnostics were reported.
  public private(set) var count = 0
  /// The most serious severity reported, if any.
  public private(set) var worstSeverity: Severity?
  /// Whether any diagnostic reports lost information.
  public private(set) var hasLoss = false

  /// An empty collector keeping what `recording` says.
  public init(recording: Recording = .full) {
    self.recording = recording
  }

  /// Whether the diagnostics themselves are kept (``Recording/full``); when not, a
  /// message or location need not be worked out.
  public var keepsDiagnostics: Bool { recording == .full }

  /// Records a diagnostic.
  public mutating func report(_ diagnostic: Diagnostic) {
    tally(diagnostic.code)
    if keepsDiagnostics { all.append(diagnostic) }
  }

  /// Records a diagnostic of `code`; its message, location and notes are worked out only
  /// when the collector keeps diagnostics.
  public mutating func report(
    _ code: DiagnosticCode, _ message: @autoclosure () -> String,
    at location: @autoclosure () -> DiagnosticLocation,
    notes: @autoclosure () -> [String] = []
  ) {
    tally(code)
    if keepsDiagnostics { all.append(Diagnostic(code, message(), at: location(), notes: notes())) }
  }

  /// Records each diagnostic in order.
  public mutating func report(contentsOf diagnostics: some Sequence<Diagnostic>) {
    for diagnostic in diagnostics { report(diagnostic) }
  }

  /// Records what `other` collected, in order: its summary always, its diagnostics when
  /// this collector keeps them. A full collector takes only from full ones: a summary has
  /// no diagnostics to give, and taking its count alone would lose them unnoticed.
  public mutating func report(contentsOf other: Diagnostics) {
    precondition(
      !keepsDiagnostics || other.keepsDiagnostics,
      "a full collector cannot take in a summary's diagnostics")
    count += other.count
    worstSeverity = moreSerious(worstSeverity, other.worstSeverity)
    hasLoss = hasLoss || other.hasLoss
    if keepsDiagnostics { all.append(contentsOf: other.all) }
  }

  /// Rewrites every location, for example to map IR paths back to the input.
  public mutating func relocate(_ transform: (DiagnosticLocation) -> DiagnosticLocation) {
    for index in all.indices { all[index].location = transform(all[index].location) }
  }

  /// Whether any diagnostic is an error.
  public var hasErrors: Bool { worstSeverity == .error }

  /// The codes reported, in order (none when only the summary is kept).
  public var codes: [String] { all.map(\.code.name) }

  public func makeIterator() -> IndexingIterator<[Diagnostic]> { all.makeIterator() }

  private mutating func tally(_ code: DiagnosticCode) {
    count += 1
    worstSeverity = moreSerious(worstSeverity, code.severity)
    if code.isLossy { hasLoss = true }
  }
}

/// The more serious of two severities, either of which may be absent.
private func moreSerious(_ lhs: Severity?, _ rhs: Severity?) -> Severity? {
  guard let lhs else { return rhs }
  guard let rhs else { return lhs }
  return max(lhs, rhs)
}
