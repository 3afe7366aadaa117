import PushIR

/// One translation: payload passes, the source's front end, the IR passes, the target's
/// back end. The public entry point for library users; the driver is a shell around it.
public struct Translator: Sendable {
  /// The format the input is in.
  public var source: any VendorFormat {
    didSet { issuersAgree = Self.issuersAgree(source, target) }
  }
  /// The format to write.
  public var target: any VendorFormat {
    didSet {
      targetCapabilities = Self.declaredCapabilities(of: target)
      issuersAgree = Self.issuersAgree(source, target)
    }
  }
  /// The passes to run.
  public var pipeline: Pipeline = .standard {
    didSet {
      passNames = Set(pipeline.notificationPasses.map(\.name))
      passesRanForTarget = Self.runsEveryPassEmittersNeed(pipeline)
    }
  }
  /// Values for target fields (`--set NAME=VALUE`).
  public var settings: [String: String] = [:]
  /// Values for target fields the payload lacks (`--defaults FILE`); the payload's own
  /// values and `settings` win over them.
  public var defaults: [String: String] = [:]
  /// Emitter options (`--option NAME` or `--option NAME=VALUE`), and those the source's
  /// front end reads (``VendorFormat/readsOption(_:)``).
  public var options: Set<String> = []
  /// Captures the document after this pass (or after `parse`), for `--dump-after`.
  public var dumpAfter: String?
  /// Shortens the body text when the payload would exceed the target's size (`--fit`).
  public var fitToBudget = false
  /// What ``Result/diagnostics`` keeps: every diagnostic (the default), or only the
  /// summary decisions need, for a caller that reads no diagnostic of a translation that
  /// succeeds. The output is the same either way.
  public var recording: Diagnostics.Recording = .full
  /// Whether ``Result/output`` holds the payload as a value (the default). Without it
  /// the target writes the payload straight into compact text where its emitter can,
  /// and only ``Result/compactOutput`` holds it: what a batch, which writes nothing
  /// else, asks for. The text is the same either way.
  public var buildsOutputValue = true

  /// A translation from `source` to `target` with the standard passes.
  public init(from source: any VendorFormat, to target: any VendorFormat) {
    self.source = source
    self.target = target
    targetCapabilities = Self.declaredCapabilities(of: target)
    issuersAgree = Self.issuersAgree(source, target)
  }

  /// What a translation produced.
  public struct Result: Sendable {
    /// The target payload; `nil` when an error was reported, or when
    /// ``Translator/buildsOutputValue`` is off.
    public var output: JSONValue?
    /// Everything reported, in order, located in the input wherever possible; only its
    /// summary when ``Translator/recording`` is `Diagnostics.Recording.summary`.
    public var diagnostics: Diagnostics
    /// The document as it stood after the pass named by ``Translator/dumpAfter``: for
    /// fit-size-budget, the payload it kept, or when it refused, the last one it measured.
    public var dump: JSONValue?
    /// The target payload as compact JSON, when the size check already wrote it that
    /// way, or ``Translator/buildsOutputValue`` is off; `nil` when an error was reported.
    public var compactOutput: [UInt8]? = nil
    /// Where the front end found the payload lacking the vendor's marker
    /// (``ParseContext/missingMarkers``), in the input.
    public var missingMarkers: [JSONPointer] = []
  }

  /// Whether ``pipeline`` runs every pass emitters rely on, so they need not run again;
  /// kept beside it because every record asks.
  private var passesRanForTarget = Translator.runsEveryPassEmittersNeed(.standard)
  /// The names of ``pipeline``'s IR passes, for the emitter, kept for the same reason.
  private var passNames = Set(Pipeline.standard.notificationPasses.map(\.name))

  /// What ``target`` can express whatever the notification (`nil` when it is the IR
  /// itself), for the passes before the front end; kept beside it because every record
  /// asks.
  private var targetCapabilities: Capabilities?

  /// Whether every id ``source`` reads was issued by the service the target writes ids
  /// for, whatever the notification: nothing to drop, and no issuer to note for anyone
  /// (``TrackingIDs/issuer``). Kept beside the formats because every record asks.
  private var issuersAgree = false

  private static func issuersAgree(_ source: any VendorFormat, _ target: any VendorFormat)
    -> Bool
  {
    guard !source.trackingIssuerDependsOnExtras, !target.trackingIssuerDependsOnExtras,
      let issuer = source.issuerOfTrackingIDs(readWith: [:])
    else { return false }
    return issuer == target.issuerOfTrackingIDs(writingWith: [:], options: [])
  }

  /// A copy for one task of a batch, holding its capabilities in storage no other copy
  /// shares (``Capabilities/unshared()``); it translates exactly as this one does.
  func unshared() -> Translator {
    var copy = self
    copy.targetCapabilities = targetCapabilities?.unshared()
    return copy
  }

  private static func declaredCapabilities(of target: any VendorFormat) -> Capabilities? {
    target.id == IRFormat().id ? nil : target.capabilities
  }

  private static func runsEveryPassEmittersNeed(_ pipeline: Pipeline) -> Bool {
    Pipeline.requiredBeforeEmit.allSatisfy { required in
      pipeline.notificationPasses.contains { $0.name == required.name }
    }
  }

  /// Translates one payload.
  public func translate(_ payload: JSONValue) -> Result {
    translate(payload, from: source, recording: recording)
  }

  /// Translates one payload read as `source`'s (the format detected for it), keeping
  /// what `recording` says, as if ``source`` and ``recording`` were set to them: a batch
  /// translates every record this way without copying the translator. When the reader
  /// proved that no object of the payload repeats a member name (`namesMayRepeat`
  /// false, from `JSONReader.Document`), the payload is not searched for them again.
  public func translate(
    _ payload: JSONValue, from source: any VendorFormat, recording: Diagnostics.Recording,
    namesMayRepeat: Bool = true
  ) -> Result {
    var text: [UInt8] = []
    var result = translate(
      payload, from: source, recording: recording, namesMayRepeat: namesMayRepeat,
      buildingValue: buildsOutputValue, appendingTextTo: &text)
    if !buildsOutputValue, !text.isEmpty { result.compactOutput = text }
    return result
  }

  /// Translates one payload as ``translate(_:from:recording:namesMayRepeat:)`` does
  /// without building a value, appending the target payload's compact text to `text`
  /// instead of returning it (nothing when an error was reported): a batch writes each
  /// record straight after the one before, where a text of its own would be one more
  /// allocation, and one more copy, for every record. ``Result/output`` and
  /// ``Result/compactOutput`` are `nil`.
  public func translate(
    _ payload: JSONValue, from source: any VendorFormat, recording: Diagnostics.Recording,
    namesMayRepeat: Bool = true, appendingOutputTo text: inout [UInt8]
  ) -> Result {
    translate(
      payload, from: source, recording: recording, namesMayRepeat: namesMayRepeat,
      buildingValue: false, appendingTextTo: &text)
  }

  /// The message of `input.duplicate-key` for the member at `pointer`, removed because
  /// its name occurs again later in its object (in a payload or a `--defaults` file).
  static func duplicateKeyMessage(at pointer: JSONPointer) -> String {
    "'\(pointer.lastToken ?? "")' occurs again later in this object; this value is dropped"
  }

  /// The translation both entry points make: the payload as a value when
  /// `buildingValue`, else as compact text appended to `text`.
  private func translate(
    _ payload: JSONValue, from source: any VendorFormat, recording: Diagnostics.Recording,
    namesMayRepeat: Bool, buildingValue: Bool, appendingTextTo text: inout [UInt8]
  ) -> Result {
    var diagnostics = Diagnostics(recording: recording)
    var dump: JSONValue?
    var payload = payload
    if namesMayRepeat { Self.removeDuplicateKeys(of: &payload, reportingTo: &diagnostics) }
    var passContext = PassContext(
      targetID: targetCapabilities == nil ? "ir" : target.id, capabilities: targetCapabilities,
      recording: recording)
    runPayloadPasses(on: &payload, context: &passContext, dump: &dump)
    diagnostics.report(contentsOf: passContext.diagnostics)
    passContext.diagnostics = Diagnostics(recording: recording)
    var parseContext = ParseContext(recording: recording)
    parseContext.options = options
    var notification: PushNotification
    do {
      notification = try source.parse(payload, context: &parseContext)
    } catch {
      diagnostics.report(contentsOf: parseContext.diagnostics)
      if let diagnostic = error.diagnostic { diagnostics.report(diagnostic) }
      return Result(
        output: nil, diagnostics: diagnostics, dump: dump,
        missingMarkers: parseContext.missingMarkers)
    }
    // A batch reading several formats gives each record's source here.
    let issuersAgree =
      source.id == self.source.id ? self.issuersAgree : Self.issuersAgree(source, target)
    if !issuersAgree || dumpAfter != nil {
      let issuer = source.issuerOfTrackingIDs(readWith: notification.extras)
      notification.tracking.noteIssuer(issuer)
    }
    if dumpAfter == "parse" { dump = IREncoder.encode(notification) }
    passContext.sourceMap = parseContext.sourceMap
    passContext.buttonsShownInReverse = parseContext.buttonsShownInReverse
    runNotificationPasses(on: &notification, context: &passContext, dump: &dump)
    if !issuersAgree, passContext.target != nil {
      dropTrackingIDsNotIssuedForTarget(of: &notification, reportingTo: &passContext.diagnostics)
    }
    let textStart = text.count
    let emitted = emitWithinSizeBudget(
      consume notification, expandedCategory: passContext.expandedCategory,
      buttonsShownInReverse: passContext.buttonsShownInReverse,
      limit: passContext.target?.payloadLimit, recording: recording,
      buildingValue: buildingValue, appendingTextTo: &text)
    // What fit-size-budget leaves is the last payload it emitted, still at the text's end.
    if let dumpAfter, dumpAfter == FitSizeBudget().name,
      let last = emitted.payload ?? emitted.refused
    {
      dump = last.value ?? (try? JSONReader.parse(Array(text[textStart...])))
    }
    diagnostics.report(contentsOf: parseContext.diagnostics)
    diagnostics.report(contentsOf: passContext.diagnostics)
    diagnostics.report(contentsOf: emitted.diagnostics)
    if diagnostics.keepsDiagnostics { Self.relocateToInput(&diagnostics, using: passContext) }
    let failed = diagnostics.hasErrors
    if failed || emitted.payload == nil { text.removeSubrange(textStart...) }
    return Result(
      output: failed ? nil : emitted.payload?.value, diagnostics: diagnostics, dump: dump,
      compactOutput: failed ? nil : emitted.payload?.text,
      missingMarkers: parseContext.missingMarkers)
  }

  /// Removes from `payload` every member whose name occurs again later in its object,
  /// reporting each (`input.duplicate-key`) where it was.
  private static func removeDuplicateKeys(
    of payload: inout JSONValue, reportingTo diagnostics: inout Diagnostics
  ) {
    for pointer in payload.removeDuplicateKeys() {
      diagnostics.report(duplicateKeyFinding(at: pointer))
    }
  }

  /// What a translation of `payload` reports of its duplicate keys (`input.duplicate-key`
  /// at each earlier member of a name given again): for a payload no translation reads,
  /// because no format was detected for it, or only its format is asked for (`detect`).
  static func duplicateKeyFindings(in payload: JSONValue) -> [Diagnostic] {
    var payload = payload
    return payload.removeDuplicateKeys().map(duplicateKeyFinding(at:))
  }

  /// `input.duplicate-key` of the member at `pointer`.
  private static func duplicateKeyFinding(at pointer: JSONPointer) -> Diagnostic {
    Diagnostic(.duplicateKey, duplicateKeyMessage(at: pointer), at: .input(pointer))
  }

  /// Runs ``pipeline``'s payload passes on `payload`, keeping it in `dump` after the
  /// pass ``dumpAfter`` names.
  private func runPayloadPasses(
    on payload: inout JSONValue, context: inout PassContext, dump: inout JSONValue?
  ) {
    Self.run(pipeline.payloadPasses, on: &payload, context: &context, dumpAfter: dumpAfter) {
      dump = $0
    }
  }

  /// Runs `passes` on `payload`, handing it to `keep` after the pass `dumpAfter` names.
  ///
  /// The passes are a parameter, not read through `self`: read from a translator, each
  /// pass was copied out of the pipeline before its call and destroyed after it, on
  /// every record. By index, each pass used where it is stored: iterating would copy
  /// every pass too. Not inlined, which would read them through `self` again.
  @inline(never)
  private static func run(
    _ passes: [any PayloadPass], on payload: inout JSONValue, context: inout PassContext,
    dumpAfter: String?, keep: (JSONValue) -> Void
  ) {
    for index in passes.indices {
      passes[index].run(on: &payload, context: &context)
      if let dumpAfter, passes[index].name == dumpAfter { keep(payload) }
    }
  }

  /// Runs ``pipeline``'s IR passes on `notification`, once `context` knows what the
  /// target can express of it, keeping the document in `dump` after the pass
  /// ``dumpAfter`` names.
  private func runNotificationPasses(
    on notification: inout PushNotification, context: inout PassContext,
    dump: inout JSONValue?
  ) {
    if context.target != nil, target.capabilitiesDependOnNotification {
      context.prepare(for: target, writing: notification, options: options)
    }
    Self.run(
      pipeline.notificationPasses, on: &notification, context: &context, dumpAfter: dumpAfter
    ) { dump = IREncoder.encode($0) }
  }

  /// Runs `passes` on `notification`, handing it to `keep` after the pass `dumpAfter`
  /// names; the passes a parameter and used by index, and not inlined, as the payload
  /// passes are.
  @inline(never)
  private static func run(
    _ passes: [any NotificationPass], on notification: inout PushNotification,
    context: inout PassContext, dumpAfter: String?, keep: (PushNotification) -> Void
  ) {
    for index in passes.indices {
      passes[index].run(on: &notification, context: &context)
      if let dumpAfter, passes[index].name == dumpAfter { keep(notification) }
    }
  }

  /// Drops the tracking ids of `notification` that the service ``target`` writes ids for
  /// did not issue, reporting each.
  private func dropTrackingIDsNotIssuedForTarget(
    of notification: inout PushNotification, reportingTo diagnostics: inout Diagnostics
  ) {
    notification.tracking.dropIDs(
      notIssuedBy: target.issuerOfTrackingIDs(writingWith: notification.extras, options: options),
      writingFor: target.id,
      into: &diagnostics)
  }

  /// `notification` emitted in ``target``'s format, through fit-size-budget when the
  /// target has a size `limit` and the pipeline checks it; each emission replaces the
  /// one before it at the end of `text`, when the pass shortens the body. `expandedCategory`
  /// is the category the passes expanded into its buttons; `buttonsShownInReverse`, whether
  /// the parse reversed the buttons (``PassContext/buttonsShownInReverse``).
  private func emitWithinSizeBudget(
    _ notification: consuming PushNotification, expandedCategory: IRText?,
    buttonsShownInReverse: Bool, limit: Int?,
    recording: Diagnostics.Recording, buildingValue: Bool, appendingTextTo text: inout [UInt8]
  ) -> FitSizeBudget.Outcome {
    let textStart = text.count
    func emitOnce(
      _ notification: consuming PushNotification, fittedBody: String?,
      _ found: inout Diagnostics
    ) -> EmittedPayload? {
      text.removeSubrange(textStart...)
      return emit(
        notification, expandedCategory: expandedCategory,
        buttonsShownInReverse: buttonsShownInReverse, fittedBody: fittedBody,
        recording: recording, buildingValue: buildingValue, appendingTextTo: &text,
        into: &found)
    }
    if let limit, pipeline.checksSizeBudget {
      return FitSizeBudget().run(
        consume notification, limit: limit, shorten: fitToBudget, recording: recording,
        emit: emitOnce)
    }
    var found = Diagnostics(recording: recording)
    return FitSizeBudget.Outcome(
      payload: emitOnce(consume notification, fittedBody: nil, &found), diagnostics: found)
  }

  /// Places `diagnostics` in the input wherever they can be: an IR path through the
  /// parser's source map, and a place a pass made at the one it came from.
  private static func relocateToInput(
    _ diagnostics: inout Diagnostics, using context: PassContext
  ) {
    diagnostics.relocate { location in
      switch location {
      case .ir(let path):
        guard let input = context.sourceMap.inputLocation(of: path) else { return location }
        return .input(context.madePlaces.inputLocation(of: input) ?? input)
      case .input(let pointer):
        return .input(context.madePlaces.inputLocation(of: pointer) ?? pointer)
      default:
        return location
      }
    }
  }

  /// `notification` in ``target``'s format, as a value when `buildingValue` or else as
  /// compact text appended to `text`; `nil` when the emitter threw (`text` then as it
  /// was). What the emitter reported goes to `found`. The notification is handed over to
  /// the emitter; `expandedCategory` is the category the passes expanded into its buttons,
  /// `buttonsShownInReverse` whether the parse reversed the buttons; `fittedBody`, the
  /// text `--fit` cut a given body to (``EmitContext/fittedBody``).
  private func emit(
    _ notification: consuming PushNotification, expandedCategory: IRText?,
    buttonsShownInReverse: Bool, fittedBody: String?,
    recording: Diagnostics.Recording, buildingValue: Bool,
    appendingTextTo text: inout [UInt8],
    into found: inout Diagnostics
  ) -> EmittedPayload? {
    var context = EmitContext(
      targetID: target.id, settings: settings, options: options, recording: recording)
    context.defaults = defaults
    context.fittedBody = fittedBody
    context.expandedCategory = expandedCategory
    context.buttonsShownInReverse = buttonsShownInReverse
    context.passesRan = passesRanForTarget
    // Only read when the passes did not all run; not copied otherwise, which would
    // change the reference count the cores share, for every record.
    if !passesRanForTarget { context.ranPasses = passNames }
    defer { found.report(contentsOf: context.diagnostics) }
    do throws(TranslationError) {
      guard buildingValue else {
        let start = text.count
        try target.emitText(notification, context: &context, appendingTo: &text)
        return EmittedPayload(
          appendedByteCount: text.count - start, givenBody: context.givenBody)
      }
      return EmittedPayload(
        value: try target.emit(notification, context: &context), givenBody: context.givenBody)
    } catch {
      if let diagnostic = error.diagnostic { context.diagnostics.report(diagnostic) }
      return nil
    }
  }
}

/// A target payload as emitted: as a value (with its compact text once measured), or as
/// compact text appended to the translation's text.
struct EmittedPayload {
  /// The payload, when a value was built.
  var value: JSONValue?
  /// The value's compact text, once measured.
  var text: [UInt8]?
  /// How many bytes of compact text the emitter appended, when it wrote text.
  var appendedByteCount: Int?
  /// The body text written in place of the notification's own, when `--set` or the
  /// defaults file gave it (``EmitContext/givenBody``).
  var givenBody: GivenBody?

  /// A payload emitted as a value, with the body text given in place of the
  /// notification's.
  init(value: JSONValue, givenBody: GivenBody? = nil) {
    self.value = value
    self.givenBody = givenBody
  }

  /// A payload written straight into compact text, `appendedByteCount` bytes of it, with
  /// the body text given in place of the notification's.
  init(appendedByteCount: Int, givenBody: GivenBody? = nil) {
    self.appendedByteCount = appendedByteCount
    self.givenBody = givenBody
  }

  /// The size of the compact text in bytes, written from the value first if need be.
  mutating func measured() -> Int {
    if let appendedByteCount { return appendedByteCount }
    if text == nil, let value { text = JSONWriter(style: .compact).bytes(value) }
    return text?.count ?? 0
  }
}
