import Foundation
import PropertyTesting
import PushCompiler
import PushIR
import Testing

/// Random mutations of real payloads never crash pushc (see `Specs/testing.md`): every
/// golden input and every payload of the shared corpus (when `../shared/corpus` is
/// there), mutated by ``Mutator``, is detected and converted to every format in process.
/// A run ends in output or in errors, never both and never neither; every error is
/// located in the input (or, from an emitter, the output), and every input location
/// names a value of the input; output is valid JSON within the target's size limit; and
/// the command line writes nothing to standard output when it fails.
@Suite struct MutationProperties {
  /// A payload to mutate, with the format it is in.
  struct Seed: Sendable {
    let file: String
    let format: String
    let bytes: [UInt8]
  }

  /// The golden inputs, then the shared corpus.
  static let seeds: [Seed] = {
    var seeds: [Seed] = []
    func add(_ url: URL, format: String) {
      guard let bytes = try? GoldenFiles.read(url) else { return }
      seeds.append(Seed(file: GoldenFiles.relative(url), format: format, bytes: bytes))
    }
    for golden in GoldenCase.parseCases {
      add(golden.folder.appendingPathComponent("input.json"), format: golden.source)
    }
    for golden in GoldenCase.crossCases {
      add(golden.folder.appendingPathComponent("input.json"), format: golden.source)
    }
    let corpus = CorpusConformanceTests.corpus
    for vendor in Vendors.ids {
      for name in CorpusConformanceTests.files(vendor) {
        let url = corpus.appendingPathComponent(vendor).appendingPathComponent(name)
        guard let bytes = try? Data(contentsOf: url) else { continue }
        seeds.append(
          Seed(file: "shared/corpus/\(vendor)/\(name)", format: vendor, bytes: Array(bytes)))
      }
    }
    return seeds
  }()

  static let defaultsFile = GoldenFiles.root.appendingPathComponent("defaults.json").path

  @Test func mutatedPayloadsNeverCrashAndFailOnlyWithLocatedErrors() {
    let mutator = Mutator(donors: Self.seeds.map(\.bytes))
    Property("mutated payloads", defaultCases: 2000).check(record: { Issue.record("\($0)") }) {
      item in
      let seed = item.random.pick(Self.seeds)
      let (bytes, kinds) = mutator.mutate(seed.bytes, &item.random)
      let label = "\(seed.file) after \(kinds.map(\.rawValue)): \(Self.show(bytes))"
      let payload = try? JSONReader.parse(bytes)

      for problem in Self.problems(ofRunning: ["detect", "--diagnostics=json"], on: bytes) {
        item.fail("detect: \(problem); \(label)")
      }
      let target = item.random.pick(Vendors.ids)
      for problem in Self.problems(
        ofRunning: [
          "convert", "--from", "auto", "--to", target, "--defaults", Self.defaultsFile,
          "--diagnostics=json", "--compact",
        ], on: bytes, target: target)
      {
        item.fail("convert --from auto --to \(target): \(problem); \(label)")
      }
      guard let payload else { return }
      for format in Vendors.all {
        var translator = Translator(from: Vendors.named(seed.format)!, to: format)
        translator.defaults = GoldenCase.defaults
        let result = translator.translate(payload)
        for problem in Self.problems(of: result, reading: payload, target: format) {
          item.fail("\(seed.format) → \(format.id): \(problem); \(label)")
        }
      }
    }
  }

  /// The smallest inputs for the defects the mutations found, with their format.
  static let regressions: [(format: String, payload: String)] = [
    // An 'mce' without 'mailingId' located the campaign id's diagnostics at the missing
    // '/mce/mailingId'.
    (
      "acoustic",
      #"{"aps": {"alert": "x"}, "notification-action": {"type": "openApp"}, "mce": {"source": "s"}}"#
    ),
    // A repeated member named '/' and a joiner was located at '/x//' and the joiner: the pointer did
    // not escape a '/' that a combining character follows.
    ("apns", #"{"aps": {"alert": "x"}, "x": {"/\u200d": 1, "\/\u200d": 2}}"#),
  ]

  @Test(arguments: regressions.indices)
  func regressionsConvertToEveryFormat(_ index: Int) throws {
    let (format, text) = Self.regressions[index]
    let payload = try JSONReader.parse(Array(text.utf8))
    for target in Vendors.all {
      var translator = Translator(from: Vendors.named(format)!, to: target)
      translator.defaults = GoldenCase.defaults
      let problems = Self.problems(
        of: translator.translate(payload), reading: payload, target: target)
      #expect(problems.isEmpty, "\(format) → \(target.id): \(problems)")
    }
  }

  /// What is wrong with a translation of `payload` to `target`: output and errors
  /// together or neither; an error not located in the input (or, from the emitter, the
  /// output); output that is not valid JSON or over the target's size limit.
  static func problems(
    of result: Translator.Result, reading payload: JSONValue, target: any VendorFormat
  ) -> [String] {
    var problems: [String] = []
    if (result.output == nil) != result.diagnostics.hasErrors {
      problems.append(
        "output \(result.output == nil ? "missing" : "written") with errors \(result.diagnostics.codes)"
      )
    }
    for diagnostic in result.diagnostics {
      switch diagnostic.location {
      case .input(let pointer) where !resolves(pointer, in: payload):
        problems.append(
          "located where the input has nothing: \(PropertyFixtures.describe(diagnostic))")
      case .input, .output: continue
      case .ir, .text:
        if diagnostic.severity == .error {
          problems.append(
            "error not located in the input: \(PropertyFixtures.describe(diagnostic))")
        }
      }
    }
    if let output = result.output {
      let text = JSONWriter(style: .compact).bytes(output)
      if (try? JSONReader.parse(text, limits: outputLimits)) != output {
        problems.append("output is not valid JSON: \(show(text))")
      }
      if let limit = target.capabilities.payloadLimit, text.count > limit {
        problems.append("output of \(text.count) bytes exceeds \(limit)")
      }
    }
    return problems
  }

  /// Whether `pointer` names a value of `document`, going on into a string that holds a
  /// JSON document (CleverTap's `ct_ContentSlider`, `Specs/diagnostics.md`).
  static func resolves(_ pointer: JSONPointer, in document: JSONValue) -> Bool {
    var current = document
    for token in pointer.tokens {
      if case .string(let text) = current, let embedded = try? JSONReader.parse(text) {
        current = embedded
      }
      guard let next = current.value(at: JSONPointer(tokens: [token])) else { return false }
      current = next
    }
    return true
  }

  /// What is wrong with running `pushc` with `arguments` on `input`: an exit code other
  /// than 0 or 65; on 65, something on standard output, or no located error in the JSON
  /// lines on standard error; on 0 for `convert`, output that is not valid JSON or over
  /// the size limit of `target`.
  static func problems(ofRunning arguments: [String], on input: [UInt8], target: String? = nil)
    -> [String]
  {
    var streams = BufferedStreams(input: input)
    let code = Driver.run(arguments, streams: &streams)
    switch code {
    case .success:
      guard let target else { return [] }
      guard
        let output = try? JSONReader.parse(Array(streams.output.dropLast()), limits: outputLimits),
        streams.output.last == UInt8(ascii: "\n")
      else { return ["exit 0 with output that is not JSON: \(show(streams.output))"] }
      let limit = Vendors.named(target)!.capabilities.payloadLimit ?? Int.max
      let size = JSONWriter(style: .compact).bytes(output).count
      return size > limit ? ["exit 0 with \(size) bytes of output, over \(limit)"] : []
    case .dataError:
      var problems: [String] = []
      if !streams.output.isEmpty { problems.append("exit 65 but wrote \(show(streams.output))") }
      let lines = streams.error.split(separator: "\n").map {
        try? JSONReader.parse(Array($0.utf8))
      }
      if lines.contains(where: { $0 == nil }) {
        problems.append("a diagnostic line is not JSON: \(streams.error)")
      }
      let errors = lines.compactMap { $0 }.filter { $0["severity"] == "error" }
      if errors.isEmpty { problems.append("exit 65 without an error: \(streams.error)") }
      for error in errors
      where error["location"] == nil && error["offset"] == nil && error["outputLocation"] == nil {
        problems.append(
          "an error without a location: \(show(JSONWriter(style: .compact).bytes(error)))")
      }
      return problems
    default:
      return ["exit \(code.rawValue): \(streams.error)"]
    }
  }

  /// Limits for reading output back as JSON: output is not held to the input's nesting
  /// limit, since a target's structure adds levels (`Specs/limits.md`).
  static let outputLimits = JSONReader.Limits(maxDepth: 1024, maxBytes: 1 << 24)

  /// At most 300 bytes of `bytes`, as text, for messages.
  static func show(_ bytes: [UInt8]) -> String {
    let text = String(decoding: bytes.prefix(300), as: UTF8.self)
    return bytes.count > 300 ? text + "… (\(bytes.count) bytes)" : text
  }
}
