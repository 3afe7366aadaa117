import PushIR

/// A pass over the input payload before any front end reads it.
public protocol PayloadPass: Sendable {
  /// Kebab-case name used by `--passes` and `--dump-after`.
  var name: String { get }
  /// One line for `pushc passes`.
  var summary: String { get }
  /// Rewrites `payload` in place, reporting each change.
  func run(on payload: inout JSONValue, context: inout PassContext)
}

/// A pass over the IR, between the front end and the back end.
public protocol NotificationPass: Sendable {
  /// Kebab-case name used by `--passes` and `--dump-after`.
  var name: String { get }
  /// One line for `pushc passes`.
  var summary: String { get }
  /// Rewrites `notification` in place, reporting each change at its IR path.
  func run(on notification: inout PushNotification, context: inout PassContext)
}

/// What a pass works with: the target it prepares for (if any), and where to report.
public struct PassContext: Sendable {
  /// What the passes found.
  public var diagnostics: Diagnostics
  /// What the target can express; `nil` when the target is the IR itself.
  public var target: Capabilities?
  /// The target's id, for messages.
  public var targetID: String
  /// IR field → input location; passes that create IR fields record where they came from.
  public var sourceMap: SourceMap
  /// Places a payload pass made that the input does not have (a string `alert` read as
  /// `{"body": …}` makes `/aps/alert/body`) → the input place each value came from, so
  /// that a diagnostic placed there is moved to where the user wrote the value.
  public var madePlaces: SourceMap
  /// The predefined category expand-categories turned into the notification's buttons,
  /// if it did: the source named it, so an emitter that writes it back beside them (as
  /// Klaviyo's fallback category) keeps it rather than adds it.
  public var expandedCategory: IRText? = nil
  /// Whether the parse reversed the buttons' payload order to the order shown
  /// (``ParseContext/buttonsShownInReverse``): a repeated id is judged in payload order.
  public var buttonsShownInReverse = false
}

// The initializers stand in an extension, which keeps the memberwise one: built through
// it, a context is made in place; assigned field by field, it was made twice and copied.
extension PassContext {
  /// A context preparing for `target`, whose diagnostics and source map keep what
  /// `recording` says.
  public init(target: (any VendorFormat)?, recording: Diagnostics.Recording = .full) {
    self.init(
      targetID: target?.id ?? "ir", capabilities: target.map(\.capabilities), recording: recording)
  }

  /// A context preparing for the target `targetID`, which can express `capabilities`
  /// (`nil`: the IR itself), for a caller that already has them.
  init(targetID: String, capabilities: Capabilities?, recording: Diagnostics.Recording) {
    self.init(
      diagnostics: Diagnostics(recording: recording), target: capabilities, targetID: targetID,
      sourceMap: SourceMap(recording: recording), madePlaces: SourceMap(recording: recording))
  }

  /// Prepares for writing `notification` in `format` with `options`: what the format can
  /// express for it, and the id messages name, that of the format whose SDK reads the
  /// payload (``Capabilities/payloadReader``: FCM's inner format) or else `format`'s.
  /// The one place both are set, by the pipeline and by an emitter running the passes
  /// itself, so that the two never name different targets.
  mutating func prepare(
    for format: any VendorFormat, writing notification: borrowing PushNotification,
    options: Set<String>
  ) {
    let capabilities = format.capabilities(writing: notification, options: options)
    targetID = capabilities.payloadReader ?? format.id
    target = capabilities
  }

  /// Reports `code` at an IR path; message, location and notes are worked out only when
  /// the diagnostics are kept.
  public mutating func report(
    _ code: DiagnosticCode, _ message: @autoclosure () -> String,
    at irPath: @autoclosure () -> JSONPointer, notes: @autoclosure () -> [String] = []
  ) {
    diagnostics.report(code, message(), at: .ir(irPath()), notes: notes())
  }

  /// Reports `code` at an input location; message, location and notes are worked out
  /// only when the diagnostics are kept.
  public mutating func report(
    _ code: DiagnosticCode, _ message: @autoclosure () -> String,
    atInput pointer: @autoclosure () -> JSONPointer, notes: @autoclosure () -> [String] = []
  ) {
    diagnostics.report(code, message(), at: .input(pointer()), notes: notes())
  }
}

/// The passes a translation runs, in order. The order is part of the contract and is
/// documented in `Specs/passes.md`.
public struct Pipeline: Sendable {
  /// Passes over the input payload.
  public var payloadPasses: [any PayloadPass]
  /// Passes over the IR.
  public var notificationPasses: [any NotificationPass]

  /// Every translation runs these, in this order.
  public static let standard = Pipeline(
    payloadPasses: [NormalizeShapes()],
    notificationPasses: [
      CheckURLs(), ExpandCategories(), ResolveFallbacks(), ContractCategories(), FitTarget(),
      SetMutableContent(),
    ])

  /// The passes emitters run again on what they receive (see `EmitContext.prepared`), in
  /// the standard order.
  static let requiredBeforeEmit: [any NotificationPass] = [
    CheckURLs(), ResolveFallbacks(), FitTarget(), SetMutableContent(),
  ]

  /// Whether the emitted payload is checked against the target's size limit last.
  public var checksSizeBudget = true

  /// The names of every pass, in order.
  public var names: [String] {
    payloadPasses.map(\.name) + notificationPasses.map(\.name)
      + (checksSizeBudget ? [FitSizeBudget().name] : [])
  }

  /// The standard passes named in `names` (in the standard order), or the unknown name.
  public func selecting(_ names: Set<String>) -> Result<Pipeline, UnknownPass> {
    if let unknown = names.first(where: { !self.names.contains($0) }) {
      return .failure(UnknownPass(name: unknown))
    }
    var selected = Pipeline(
      payloadPasses: payloadPasses.filter { names.contains($0.name) },
      notificationPasses: notificationPasses.filter { names.contains($0.name) })
    selected.checksSizeBudget = checksSizeBudget && names.contains(FitSizeBudget().name)
    return .success(selected)
  }

  /// A pass name that no pass has.
  public struct UnknownPass: Error {
    /// The name given.
    public var name: String
  }
}
