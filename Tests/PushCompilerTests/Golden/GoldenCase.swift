import Foundation
import PushCompiler
import PushIR
import Testing

/// One golden case, discovered from the `Golden/` tree.
struct GoldenCase: CustomTestStringConvertible, Sendable {
  /// What the case checks.
  enum Kind: Sendable {
    /// `Golden/<format>/parse/<case>/input.json` → `ir.json` + `diagnostics.txt`.
    case parse
    /// `Golden/_ir/<case>.ir.json` → `Golden/<format>/emit/<case>.json` + `.diagnostics.txt`.
    case emit
    /// `Golden/cross/<from>-to-<to>/<case>/input.json` (+ `args.json`) →
    /// `expected.json` + `diagnostics.txt`.
    case cross
  }

  let kind: Kind
  let source: String
  let target: String
  let name: String
  let folder: URL

  var testDescription: String {
    switch kind {
    case .parse: "\(source)/parse/\(name)"
    case .emit: "\(target)/emit/\(name)"
    case .cross: "cross/\(source)-to-\(target)/\(name)"
    }
  }

  /// Folders under `Golden/` that are not a format's.
  static let sharedFolders: Set<String> = ["_ir", "cross", "README.md", "defaults.json"]

  /// `Golden/defaults.json`: the `--defaults` every golden translation runs with, so
  /// targets that require ids (Dfinery, CleverTap) emit instead of refusing.
  static let defaults: [String: String] = {
    let file = GoldenFiles.root.appendingPathComponent("defaults.json")
    var values: [String: String] = [:]
    for member in (try? GoldenFiles.json(file))?.objectValue ?? JSONObject() {
      values[member.key] = member.value.stringValue
    }
    return values
  }()

  static var formatFolders: [String] {
    GoldenFiles.entries(GoldenFiles.root).filter { !sharedFolders.contains($0) }
  }

  static var parseCases: [GoldenCase] {
    formatFolders.flatMap { format in
      let parse = GoldenFiles.root.appendingPathComponent(format).appendingPathComponent("parse")
      return GoldenFiles.entries(parse).map {
        GoldenCase(
          kind: .parse, source: format, target: "ir", name: $0,
          folder: parse.appendingPathComponent($0))
      }
    }
  }

  static var irCorpus: [String] {
    GoldenFiles.entries(GoldenFiles.root.appendingPathComponent("_ir"))
      .filter { $0.hasSuffix(".ir.json") }.map { String($0.dropLast(".ir.json".count)) }
  }

  static var emitCases: [GoldenCase] {
    Vendors.all.filter { $0.id != IRFormat().id }.flatMap { format in
      irCorpus.map {
        GoldenCase(
          kind: .emit, source: "ir", target: format.id, name: $0,
          folder: GoldenFiles.root.appendingPathComponent(format.id).appendingPathComponent("emit"))
      }
    }
  }

  static var crossCases: [GoldenCase] {
    let cross = GoldenFiles.root.appendingPathComponent("cross")
    return GoldenFiles.entries(cross).flatMap { pair -> [GoldenCase] in
      let parts = pair.components(separatedBy: "-to-")
      guard parts.count == 2 else { return [] }
      return GoldenFiles.entries(cross.appendingPathComponent(pair)).map {
        GoldenCase(
          kind: .cross, source: parts[0], target: parts[1], name: $0,
          folder: cross.appendingPathComponent(pair).appendingPathComponent($0))
      }
    }
  }

  /// Runs `source` → `target` on `input` with the golden defaults, and the options and
  /// settings in `args.json` when present.
  func translate(
    _ input: JSONValue, from source: String, to target: String, arguments: JSONValue? = nil
  ) -> Translator.Result {
    Self.translate(input, from: source, to: target, arguments: arguments)
  }

  /// Runs `source` → `target` on `input` with the golden defaults and `arguments`, its
  /// diagnostics kept as `recording` says.
  static func translate(
    _ input: JSONValue, from source: String, to target: String, arguments: JSONValue? = nil,
    recording: Diagnostics.Recording = .full
  ) -> Translator.Result {
    translator(from: source, to: target, arguments: arguments, recording: recording)
      .translate(input)
  }

  /// The translator a golden case runs: the case's options and settings, the shared
  /// defaults.
  static func translator(
    from source: String, to target: String, arguments: JSONValue? = nil,
    recording: Diagnostics.Recording = .full
  ) -> Translator {
    var translator = Translator(from: Vendors.named(source)!, to: Vendors.named(target)!)
    translator.recording = recording
    translator.defaults = defaults
    for option in arguments?["options"]?.arrayValue ?? [] {
      translator.options.insert(option.stringValue ?? "")
    }
    for member in arguments?["settings"]?.objectValue ?? JSONObject() {
      translator.settings[member.key] = member.value.stringValue
    }
    return translator
  }
}
