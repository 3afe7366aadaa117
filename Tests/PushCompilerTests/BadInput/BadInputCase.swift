import Foundation
import PushCompiler
import PushIR
import Testing

/// One case of `Tests/BadInput/`: the bytes given on standard input, the command line,
/// and what `pushc` must answer (layout in `Tests/BadInput/README.md`).
struct BadInputCase: CustomTestStringConvertible, Sendable {
  /// One warning or error the run must report, in order.
  struct Expected: Hashable, Sendable, CustomStringConvertible {
    /// The diagnostic code.
    var code: String
    /// `line:column` or a JSON Pointer, as ``DriverRun/Finding/location``.
    var location: String
    var description: String { "\(code) at '\(location)'" }
  }

  /// The folder's name.
  let name: String
  /// The bytes given on standard input.
  let input: [UInt8]
  /// The command line, without an input file.
  let arguments: [String]
  /// The exit code `convert` must give.
  let exit: ExitCode
  /// Every warning and error, in order.
  let diagnostics: [Expected]
  /// The document written on success; `nil` when nothing may be written.
  let output: JSONValue?
  /// Whether the case also runs as a record of a batch.
  let batch: Bool

  var testDescription: String { name }

  /// The folder of cases.
  static let root = GoldenFiles.packageRoot.appendingPathComponent("Tests/BadInput")

  /// The names of the case folders, sorted.
  static var names: [String] {
    GoldenFiles.entries(root).filter {
      FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path + "/expect.json")
    }
  }

  /// Why a case folder could not be read.
  struct CaseError: Error, CustomStringConvertible, Sendable {
    var description: String
  }

  /// Reads `Tests/BadInput/<name>/`.
  init(named name: String) throws(CaseError) {
    let folder = Self.root.appendingPathComponent(name)
    func fail(_ reason: String) -> CaseError { CaseError(description: "\(name): \(reason)") }
    let inputs = ["input.json", "input.bin"].filter {
      FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
    }
    guard inputs.count == 1,
      let input = try? GoldenFiles.read(folder.appendingPathComponent(inputs[0]))
    else { throw fail("needs exactly one of input.json and input.bin") }
    guard let expect = try? GoldenFiles.json(folder.appendingPathComponent("expect.json")),
      let object = expect.objectValue
    else { throw fail("expect.json is not a JSON object") }
    let known: Set = ["about", "arguments", "exit", "diagnostics", "output", "batch"]
    if let stray = object.keys.first(where: { !known.contains($0) }) {
      throw fail("expect.json has the unknown member '\(stray)'")
    }
    guard object["about"]?.stringValue?.isEmpty == false else {
      throw fail("expect.json needs an 'about' sentence")
    }
    let given = object["arguments"]?.arrayValue ?? []
    let arguments = given.compactMap(\.stringValue)
    guard !arguments.isEmpty, arguments.count == given.count else {
      throw fail("'arguments' must be an array of strings")
    }
    guard let raw = object["exit"]?.numberValue?.intValue,
      let exit = ExitCode(rawValue: Int32(raw))
    else { throw fail("'exit' must be one of pushc's exit codes") }
    var diagnostics: [Expected] = []
    for element in object["diagnostics"]?.arrayValue ?? [] {
      guard let code = element["code"]?.stringValue,
        let location = element["location"]?.stringValue
      else { throw fail("each diagnostic needs a 'code' and a 'location' string") }
      diagnostics.append(Expected(code: code, location: location))
    }
    guard (exit == .success) == (object["output"] != nil) else {
      throw fail("'output' is given exactly when 'exit' is 0")
    }
    let batch = object["batch"] == true
    if batch, input.contains(UInt8(ascii: "\n")) || input.contains(UInt8(ascii: "\r")) {
      throw fail("a case run as a batch record must be one line")
    }
    self.name = name
    self.input = input
    self.arguments = arguments
    self.exit = exit
    self.diagnostics = diagnostics
    self.output = object["output"]
    self.batch = batch
  }

  /// The warnings and errors of a run, as the cases list them.
  static func reported(_ run: DriverRun) -> [Expected] {
    run.findings.filter(\.isWarningOrWorse).map {
      Expected(code: $0.code, location: $0.location)
    }
  }
}
