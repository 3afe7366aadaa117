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

  /// What became of one record.
  struct Outcome: Sendable {
    /// The converted payload as one compact line with its newline; `nil` when it failed.
    var line: [UInt8]?
    /// Everything reported for it.
    var diagnostics: Diagnostics
  }

  /// Converts one record; `nil` bytes stand for a record over the size limit.
  func convert(_ bytes: [UInt8]?) -> Outcome {
    guard let bytes else {
      return Outcome(
        line: nil,
        diagnostics: Self.single(
          Diagnostic(
            .json(.tooLarge),
            "the record is larger than \(JSONReader.Limits.standard.maxBytes) bytes; skipped",
            at: .input(.root))))
    }
    let payload: JSONValue
    do {
      payload = try JSONReader.parse(bytes)
    } catch {
      return Outcome(
        line: nil, diagnostics: Self.single(TranslationError.invalidJSON(error).diagnostic!))
    }
    return convert(payload)
  }

  /// Converts one parsed record.
  func convert(_ payload: JSONValue) -> Outcome {
    var translator = self.translator
    if detects {
      let outcome = Detector.detect(payload)
      guard case .detected(let format, _) = outcome else {
        return Outcome(line: nil, diagnostics: Self.single(outcome.failure!))
      }
      translator.source = format
    }
    var result = translator.translate(payload)
    guard let output = result.output, !failOn.isTripped(by: result.diagnostics) else {
      if !result.diagnostics.keepsDiagnostics {
        translator.recording = .full
        result = translator.translate(payload)
      }
      return Outcome(line: nil, diagnostics: result.diagnostics)
    }
    var line = result.compactOutput ?? JSONWriter(style: .compact).bytes(output)
    line.append(UInt8(ascii: "\n"))
    return Outcome(line: line, diagnostics: result.diagnostics)
  }

  /// Converts `records` using every core; the outcomes are in the records' order.
  func convert<Record: Sendable>(
    _ records: [Record], each: @escaping @Sendable (RecordConverter, Record) -> Outcome
  ) -> [Outcome] {
    let slices = max(1, min(records.count / 64, RecordConverter.cores * 4))
    let results = UnsafeResults(count: records.count)
    DispatchQueue.concurrentPerform(iterations: slices) { slice in
      var index = slice * records.count / slices
      let end = (slice + 1) * records.count / slices
      while index < end {
        results.store(each(self, records[index]), at: index)
        index += 1
      }
    }
    return results.collect()
  }

  /// Starts converting `records` on every core and returns at once; `wait()` on the
  /// result gives the outcomes in the records' order.
  func startConverting<Record: Sendable>(
    _ records: [Record], each: @escaping @Sendable (RecordConverter, Record) -> Outcome
  ) -> PendingOutcomes {
    let pending = PendingOutcomes()
    DispatchQueue.global().async(group: pending.group) {
      pending.outcomes = self.convert(records, each: each)
    }
    return pending
  }

  /// A block's outcomes, once its conversion has finished.
  final class PendingOutcomes: @unchecked Sendable {
    fileprivate let group = DispatchGroup()
    fileprivate var outcomes: [Outcome] = []

    /// Blocks until the conversion is done, then gives its outcomes.
    func wait() -> [Outcome] {
      group.wait()
      return outcomes
    }
  }

  private static func single(_ diagnostic: Diagnostic) -> Diagnostics {
    var found = Diagnostics()
    found.report(diagnostic)
    return found
  }

  /// The number of cores to spread a block over.
  static let cores: Int = {
    #if canImport(Glibc)
      return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    #else
      return 4
    #endif
  }()
}

#if canImport(Glibc)
  import Glibc
#endif

/// Slots written by disjoint index ranges from several threads, then read once all are
/// done (`concurrentPerform` returns only then).
private final class UnsafeResults: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<RecordConverter.Outcome?>

  init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
  }

  func store(_ outcome: RecordConverter.Outcome, at index: Int) { slots[index] = outcome }

  func collect() -> [RecordConverter.Outcome] { slots.map { $0! } }

  deinit {
    slots.deinitialize()
    slots.deallocate()
  }
}
