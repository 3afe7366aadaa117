/// An ordered collector of diagnostics, passed `inout` through parse, passes and emit.
public struct Diagnostics: Hashable, Sendable, Sequence {
  /// What was reported, in order.
  public private(set) var all: [Diagnostic] = []

  /// An empty collector.
  public init() {}

  /// Records a diagnostic.
  public mutating func report(_ diagnostic: Diagnostic) { all.append(diagnostic) }

  /// Records each diagnostic in order.
  public mutating func report(contentsOf diagnostics: some Sequence<Diagnostic>) {
    all.append(contentsOf: diagnostics)
  }

  /// Rewrites every location, for example to map IR paths back to the input.
  public mutating func relocate(_ transform: (DiagnosticLocation) -> DiagnosticLocation) {
    for index in all.indices { all[index].location = transform(all[index].location) }
  }

  /// Whether any diagnostic is an error.
  public var hasErrors: Bool { all.contains { $0.severity == .error } }

  /// Whether any diagnostic reports lost information.
  public var hasLoss: Bool { all.contains { $0.code.isLossy } }

  /// The most serious severity reported, if any.
  public var worstSeverity: Severity? { all.map(\.severity).max() }

  /// The codes reported, in order.
  public var codes: [String] { all.map(\.code.name) }

  public func makeIterator() -> IndexingIterator<[Diagnostic]> { all.makeIterator() }
}
