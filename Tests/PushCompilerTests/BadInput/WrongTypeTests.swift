import Foundation
import PushCompiler
import PushIR
import Testing

/// Wrong types at every key each format reads, generated from the golden inputs: every
/// value of every `Golden/<format>/parse/*/input.json` (and of the IR corpus, for `ir`)
/// is replaced in turn by a value of another JSON type, and the payload converted to its
/// own format and to the IR. The replacement must either be reported at its place (or at
/// a parent or child of it), so that `--fail-on=warning` refuses it and writes nothing,
/// or be the app's own data, carried verbatim through both conversions. Nothing may be
/// dropped or coerced in silence.
@Suite struct WrongTypeTests {
  /// One golden input of one format.
  struct Input: CustomTestStringConvertible, Sendable {
    let format: String
    let file: URL
    var testDescription: String {
      "\(format): \(file.deletingLastPathComponent().lastPathComponent)"
    }
  }

  static let inputs: [Input] =
    GoldenCase.parseCases.map {
      Input(format: $0.source, file: $0.folder.appendingPathComponent("input.json"))
    }
    + GoldenCase.irCorpus.map {
      Input(
        format: IRFormat().id,
        file: GoldenFiles.root.appendingPathComponent("_ir").appendingPathComponent(
          "\($0).ir.json"))
    }

  /// The golden defaults and a value for every field an emitter would otherwise derive
  /// from the content (which a replaced value changes), in a file for `--defaults`. The
  /// file is named after its contents, so runs share it and leave one file behind.
  static let defaults: String = {
    var object = JSONObject()
    for (name, value) in GoldenCase.defaults.sorted(by: { $0.key < $1.key }) {
      object.append(name, .string(value))
    }
    for name in ["_k", "messageId", "i"] where object[name] == nil {
      object.append(name, "wrong-type-run")
    }
    let bytes = JSONWriter().bytes(.object(object))
    let digest = bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) {
      ($0 ^ UInt64($1)) &* 0x100_0000_01b3
    }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pushc-wrong-type-defaults-\(String(digest, radix: 16)).json")
    try? Data(bytes).write(to: file, options: .atomic)
    return file.path
  }()

  /// The value put in place of `value`: one of another JSON type.
  static func replacement(for value: JSONValue) -> JSONValue {
    switch value {
    case .string: 7
    case .number, .bool: "x"
    case .null: 7
    case .object: []
    case .array: [:]
    }
  }

  @Test(arguments: inputs)
  func everyValueOfAnotherTypeIsReportedOrKeptVerbatim(_ input: Input) throws {
    let original = try GoldenFiles.json(input.file)
    let convert = ["convert", "--from", input.format, "--defaults", Self.defaults]
    let own = convert + ["--to", input.format]
    let toIR = convert + ["--to", IRFormat().id]
    let bytes = JSONWriter().bytes(original)
    let baselineRun = DriverRun(own, input: bytes)
    let baseline = baselineRun.findings
    let baselineOutput = baselineRun.outputJSON
    let baselineIRRun = DriverRun(toIR, input: bytes)
    let baselineIR = baselineIRRun.findings
    let fromIR = ["convert", "--from", IRFormat().id, "--to", input.format]
    let baselineBack = DriverRun(
      fromIR + ["--defaults", Self.defaults], input: baselineIRRun.output
    )
    .outputJSON
    var checked = 0
    for (pointer, value) in original.descendants() {
      // Already reported or rewritten as it is (the value, or the one holding it, is
      // wrong in the golden input itself): another type may well be the right one.
      if Self.isReported(pointer, in: baseline) { continue }
      checked += 1
      let replacement = Self.replacement(for: value)
      var mutated = original
      mutated.replace(at: pointer, with: replacement)
      let changed = JSONWriter().bytes(mutated)
      let label = "\(input.testDescription): \(pointer) \(value.kindName) → \(replacement.kindName)"

      let strict = DriverRun(own + ["--fail-on=warning"], input: changed)
      if !Self.newFindings(strict.findings, beyond: baseline, near: pointer).isEmpty {
        if strict.code == .success || !strict.output.isEmpty {
          Issue.record("\(label): --fail-on=warning exited \(strict.code) and wrote output")
        }
      } else {
        // Not reported: it must be the app's data, carried verbatim to its place.
        let plain = DriverRun(own, input: changed).outputJSON
        if !Self.carries(
          replacement, named: pointer.lastToken, in: plain, insteadOf: value, in: baselineOutput)
        {
          let warnings = strict.findings.filter(\.isWarningOrWorse).map(\.description)
          Issue.record("\(label): neither reported nor kept verbatim (\(warnings))")
        }
      }
      // The same through the IR: reported, or carried into the IR or there and back.
      let throughIR = DriverRun(toIR, input: changed)
      if Self.newFindings(throughIR.findings, beyond: baselineIR, near: pointer).isEmpty,
        !Self.carries(
          replacement, named: pointer.lastToken, in: throughIR.outputJSON, insteadOf: value,
          in: baselineIRRun.outputJSON)
      {
        let back = DriverRun(fromIR + ["--defaults", Self.defaults], input: throughIR.output)
          .outputJSON
        if !Self.carries(
          replacement, named: pointer.lastToken, in: back, insteadOf: value, in: baselineBack)
        {
          Issue.record("\(label): through the IR neither reported nor kept verbatim")
        }
      }
    }
    #expect(checked > 0, "no value of \(input.testDescription) was replaced")
  }

  /// Whether `output` carries `replacement` where `baseline` carried `original`: it is
  /// `baseline` with that one value replaced (possibly moved: fcm writes string data in
  /// `data`, other data in the payload), or, where the reader took `original` apart, it
  /// has a member of the same name holding `replacement` that `baseline` lacks.
  static func carries(
    _ replacement: JSONValue, named name: String?, in output: JSONValue?,
    insteadOf original: JSONValue, in baseline: JSONValue?
  ) -> Bool {
    guard let output, let baseline else { return false }
    let before = baseline.descendants().filter { $0.1 == original }.map {
      baseline.removing(at: $0.0)
    }
    if output.descendants().contains(where: { pointer, value in
      value == replacement && before.contains(output.removing(at: pointer))
    }) {
      return true
    }
    guard let name, Int(name) == nil else { return false }
    func holds(_ document: JSONValue) -> Bool {
      document.descendants().contains { $0.0.lastToken == name && $0.1 == replacement }
    }
    return holds(output) && !holds(baseline)
  }

  /// Whether a warning or error of `findings` is located at `pointer` or at a value
  /// holding it (other than the root), or the normalize-shapes pass rewrote the value
  /// into another type.
  static func isReported(_ pointer: JSONPointer, in findings: [DriverRun.Finding]) -> Bool {
    findings.contains { finding in
      guard let location = finding.pointer else { return false }
      if finding.code.hasPrefix("normalize.") { return location == pointer }
      return finding.isWarningOrWorse && location != .root && pointer.hasPrefix(location)
    }
  }

  /// The warnings and errors in `found` beyond those of `baseline` (counted per code,
  /// severity, location and message) that are located at `pointer`, inside it, or at an
  /// enclosing value other than the root (the root only for a member of the root).
  static func newFindings(
    _ found: [DriverRun.Finding], beyond baseline: [DriverRun.Finding], near pointer: JSONPointer
  ) -> [DriverRun.Finding] {
    var remaining = Dictionary(baseline.map { ($0, 1) }, uniquingKeysWith: +)
    return found.filter { finding in
      if let count = remaining[finding], count > 0 {
        remaining[finding] = count - 1
        return false
      }
      guard finding.isWarningOrWorse, let location = finding.pointer else { return false }
      return location.hasPrefix(pointer)
        || (pointer.hasPrefix(location) && (location != .root || pointer.parent == .root))
    }
  }
}

extension JSONValue {
  /// Every value below this one (object members and array elements, at any depth), with
  /// its location, parents before children.
  func descendants(at pointer: JSONPointer = .root) -> [(JSONPointer, JSONValue)] {
    var found: [(JSONPointer, JSONValue)] = []
    switch self {
    case .object(let object):
      for member in object {
        let child = pointer.appending(member.key)
        found.append((child, member.value))
        found += member.value.descendants(at: child)
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        let child = pointer.appending(index)
        found.append((child, element))
        found += element.descendants(at: child)
      }
    default: break
    }
    return found
  }

  /// This value without the one at `pointer`.
  func removing(at pointer: JSONPointer) -> JSONValue {
    var copy = self
    copy.replace(tokens: pointer.tokens[...], with: nil)
    return copy
  }

  /// Puts `replacement` at `pointer` (the last member of a repeated name).
  mutating func replace(at pointer: JSONPointer, with replacement: JSONValue) {
    replace(tokens: pointer.tokens[...], with: replacement)
  }

  /// Puts `replacement` at the value `tokens` lead to; `nil` removes it.
  private mutating func replace(tokens: ArraySlice<String>, with replacement: JSONValue?) {
    guard let token = tokens.first else { return }
    let last = tokens.count == 1
    switch self {
    case .object(var object):
      guard var child = object[token] else { return }
      if last {
        object[token] = replacement
      } else {
        child.replace(tokens: tokens.dropFirst(), with: replacement)
        object[token] = child
      }
      self = .object(object)
    case .array(var elements):
      guard let index = Int(token), elements.indices.contains(index) else { return }
      if !last {
        elements[index].replace(tokens: tokens.dropFirst(), with: replacement)
      } else if let replacement {
        elements[index] = replacement
      } else {
        elements.remove(at: index)
      }
      self = .array(elements)
    default: break
    }
  }
}
