import Dispatch
import PushIR

/// Converts one record of a batch, or a block of them on every core in input order.
struct RecordConverter: Sendable {
  /// The translation every record goes through (its source is replaced per record when
  /// detecting). Its ``Translator/recording`` is the summary when no report reads a
  /// converted record's diagnostics; a record that fails is then translated again
  /// keeping them all, for its message.
  var translator: Translator
  /// Whether each record's format is detected (`--from auto`).
  var detects: Bool
  /// Which diagnostics make a record fail.
  var failOn: CommandLineOptions.FailOn

  /// The line written in place of a record that failed.
  static let placeholder: [UInt8] = Array("null\n".utf8)

  /// What became of one record.
  struct Outcome: Sendable {
    /// The converted payload as one compact line with its newline, when records are
    /// converted one by one (``convert(_:each:)``); `nil` when it failed, and when the
    /// line went into its block's text (``ConvertedBlock``).
    var line: [UInt8]?
    /// Whether the record failed.
    var failed: Bool
    /// Everything reported for it.
    var diagnostics: Diagnostics

    /// A record that fails with `diagnostic` before it is translated.
    static func failed(_ diagnostic: Diagnostic) -> Outcome {
      Outcome(line: nil, failed: true, diagnostics: RecordConverter.single(diagnostic))
    }
  }

  /// A block's outcomes in the records' order, their lines (a placeholder for each
  /// record that failed) joined into one text per chunk of records, also in order.
  ///
  /// Why: the worker writes each line straight after the one before, in its chunk's
  /// text; the thread writing the block then takes a few texts instead of a line, and an
  /// allocation to free, for every record.
  struct ConvertedBlock: Sendable {
    /// Each record's outcome, without its line.
    var outcomes: [Outcome]
    /// The lines, one text per chunk.
    var texts: [[UInt8]]
  }

  /// Converts one record held in `bytes`, appending its line (with the newline) to
  /// `text` unless it fails; `nil` bytes stand for a record over the size limit.
  func convert(_ bytes: UnsafeBufferPointer<UInt8>?, appendingLineTo text: inout [UInt8])
    -> Outcome
  {
    guard let bytes else {
      return .failed(
        Diagnostic(
          .json(.tooLarge),
          "the record is larger than \(JSONReader.Limits.standard.maxBytes) bytes; skipped",
          at: .input(.root)))
    }
    let document: JSONReader.Document
    do {
      document = try JSONReader.parseDocument(bytes)
    } catch {
      return .failed(
        TranslationError.invalidJSON(error, text: bytes))
    }
    return convert(
      document.value, namesMayRepeat: document.namesMayRepeat, appendingLineTo: &text)
  }

  /// Converts one parsed record, appending its line (with the newline) to `text` unless
  /// it fails; `namesMayRepeat` false when its reader proved that no object of it
  /// repeats a member name.
  private func convert(
    _ payload: JSONValue, namesMayRepeat: Bool, appendingLineTo text: inout [UInt8]
  )
    -> Outcome
  {
    let source: any VendorFormat
    // The note naming the detected format, and those of options it does not read with,
    // which come first as in `convert`; worked out only when every diagnostic is kept (a
    // report), not for the summary.
    let detectionNotes: [Diagnostic]
    if detects {
      let outcome = Detector.detect(payload)
      guard case .detected(let format, _) = outcome else {
        // No translation reads the record, which would report its duplicate keys.
        var found = Diagnostics()
        if namesMayRepeat {
          found.report(contentsOf: Translator.duplicateKeyFindings(in: payload))
        }
        found.report(outcome.failure!)
        return Outcome(line: nil, failed: true, diagnostics: found)
      }
      source = format
      detectionNotes =
        translator.recording == .full
        ? [outcome.note!] + Detector.unusedOptionNotes(translator.options, readAs: format) : []
    } else {
      source = translator.source
      detectionNotes = []
    }
    let lineStart = text.count
    var result = translator.translate(
      payload, from: source, recording: translator.recording, namesMayRepeat: namesMayRepeat,
      appendingOutputTo: &text)
    guard !failOn.isTripped(by: result.diagnostics), text.count > lineStart else {
      text.removeSubrange(lineStart...)
      if !result.diagnostics.keepsDiagnostics {
        var unwritten: [UInt8] = []
        result = translator.translate(
          payload, from: source, recording: .full, namesMayRepeat: namesMayRepeat,
          appendingOutputTo: &unwritten)
        assert(
          unwritten.isEmpty || failOn.isTripped(by: result.diagnostics),
          "a summary and a full translation disagree on whether the record fails")
      }
      return Outcome(
        line: nil, failed: true,
        diagnostics: Self.reported(result.diagnostics, after: detectionNotes))
    }
    text.append(UInt8(ascii: "\n"))
    return Outcome(
      line: nil, failed: false,
      diagnostics: Self.reported(result.diagnostics, after: detectionNotes))
  }

  /// Records converted by one task: small enough that the cores finish a block at
  /// nearly the same time, large enough that queueing a task costs nothing in comparison.
  static let chunkSize = 32

  /// Converts `records` using every core; the outcomes are in the records' order, each
  /// with its own line. `each` converts one record, appending its line to the text it
  /// is given.
  func convert<Record: Sendable>(
    _ records: [Record],
    each: @escaping @Sendable (RecordConverter, Record, inout [UInt8]) -> Outcome
  ) -> [Outcome] {
    startConverting(records, joiningLines: false, each: each).wait().outcomes
  }

  /// Starts converting `records` on every core and returns at once; `wait()` on the
  /// result gives the outcomes in the records' order, with their lines joined into the
  /// block's texts when `joiningLines`. Each chunk of records is a task of its own on
  /// the shared queue, so a core that finds no chunk of this block left goes on with the
  /// next block's, instead of waiting for the others to finish theirs (as the thread
  /// that calls `concurrentPerform` must).
  func startConverting<Record: Sendable>(
    _ records: [Record], joiningLines: Bool,
    each: @escaping @Sendable (RecordConverter, Record, inout [UInt8]) -> Outcome
  ) -> PendingOutcomes {
    let chunkCount = (records.count + Self.chunkSize - 1) / Self.chunkSize
    let pending = PendingOutcomes(count: records.count, chunks: joiningLines ? chunkCount : 0)
    for chunk in 0..<chunkCount {
      let start = chunk * Self.chunkSize
      DispatchQueue.global().async(group: pending.group) {
        let converter = self.unshared()
        var text: [UInt8] = []
        for index in start..<min(start + Self.chunkSize, records.count) {
          guard joiningLines else {
            var line: [UInt8] = []
            var outcome = each(converter, records[index], &line)
            if !outcome.failed { outcome.line = line }
            pending.results.store(outcome, at: index)
            continue
          }
          let outcome = each(converter, records[index], &text)
          if outcome.failed { text.append(contentsOf: Self.placeholder) }
          if index == start {
            // Room for the chunk's lines if they are about as long as its first one.
            text.reserveCapacity(text.count * Self.chunkSize * 5 / 4 + JSONWriter.typicalRoom)
          }
          pending.results.store(outcome, at: index)
        }
        if joiningLines { pending.texts.store(text, at: chunk) }
      }
    }
    return pending
  }

  /// A copy for one task's chunk of records, holding no reference that the other
  /// tasks' copies hold and a translation retains for every record (see
  /// ``Translator/unshared()``).
  private func unshared() -> RecordConverter {
    var copy = self
    copy.translator = translator.unshared()
    return copy
  }

  /// A block's outcomes, once its conversion has finished.
  final class PendingOutcomes: Sendable {
    fileprivate let group = DispatchGroup()
    fileprivate let results: UnsafeSlots<Outcome>
    fileprivate let texts: UnsafeSlots<[UInt8]>

    fileprivate init(count: Int, chunks: Int) {
      results = UnsafeSlots(count: count)
      texts = UnsafeSlots(count: chunks)
    }

    /// Blocks until the conversion is done, then gives its outcomes; called once, as
    /// they are moved out.
    func wait() -> ConvertedBlock {
      group.wait()
      return ConvertedBlock(outcomes: results.collect(), texts: texts.collect())
    }
  }

  /// `diagnostics`, after `notes`.
  private static func reported(_ diagnostics: consuming Diagnostics, after notes: [Diagnostic])
    -> Diagnostics
  {
    guard !notes.isEmpty else { return diagnostics }
    var all = Diagnostics()
    all.report(contentsOf: notes)
    all.report(contentsOf: diagnostics)
    return all
  }

  /// Diagnostics holding `diagnostic` alone.
  private static func single(_ diagnostic: Diagnostic) -> Diagnostics {
    var found = Diagnostics()
    found.report(diagnostic)
    return found
  }
}

/// Slots written by disjoint index ranges from several threads, then read once all are
/// done (the group the writing tasks belong to is waited for first).
private final class UnsafeSlots<Value: Sendable>: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<Value?>

  init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
  }

  /// Keeps `value`, handed over rather than copied, in slot `index`.
  func store(_ value: consuming Value, at index: Int) {
    slots[index] = value
  }

  /// Every slot's value, moved out (the slots are left empty): the values are not
  /// retained for the array and released with the slots.
  func collect() -> [Value] {
    var values: [Value] = []
    values.reserveCapacity(slots.count)
    for index in slots.indices { values.append(slots[index].take()!) }
    return values
  }

  deinit {
    slots.deinitialize()
    slots.deallocate()
  }
}
