import PushCompiler
import PushIR

/// One in-process run of `pushc` on bytes given as standard input: the exit code, what
/// reached standard output, and the diagnostics, read back from `--diagnostics=json`.
struct DriverRun {
  /// One diagnostic as the JSON-lines rendering gave it.
  struct Finding: Hashable, CustomStringConvertible {
    /// The code, such as `parse.wrong-type`.
    var code: String
    /// `error`, `warning` or `note`.
    var severity: String
    /// As `pushc` renders it: `line:column` for text, the JSON Pointer for an input value
    /// (`""` for the root), `ir:/…` or `output:/…` otherwise.
    var location: String
    /// What it says.
    var message: String

    /// The input value the finding is about, when it is located at one.
    var pointer: JSONPointer? {
      location.isEmpty || location.hasPrefix("/") ? JSONPointer(location) : nil
    }

    /// Whether it is a warning or an error.
    var isWarningOrWorse: Bool { severity != "note" }

    var description: String { "\(severity) \(code) at '\(location)'" }
  }

  /// The exit code.
  var code: ExitCode
  /// What was written to standard output.
  var output: [UInt8]
  /// What was written to standard error.
  var error: String

  /// Runs `pushc` with `arguments` and `input` on standard input. Diagnostics are asked
  /// for as JSON lines unless `arguments` choose a rendering.
  init(_ arguments: [String], input: [UInt8]) {
    var streams = BufferedStreams(input: input)
    let chosen = arguments.contains { $0.hasPrefix("--diagnostics") }
    code = Driver.run(arguments + (chosen ? [] : ["--diagnostics=json"]), streams: &streams)
    output = streams.output
    error = streams.error
  }

  /// The diagnostics written as JSON lines; other lines of standard error are skipped.
  var findings: [Finding] {
    error.split(separator: "\n").compactMap { line in
      guard let object = try? JSONReader.parse(Array(line.utf8)),
        let code = object["code"]?.stringValue, let severity = object["severity"]?.stringValue
      else { return nil }
      var location = object["location"]?.stringValue
      if let line = object["line"]?.numberValue, let column = object["column"]?.numberValue {
        location = "\(line):\(column)"
      } else if let path = object["irLocation"]?.stringValue {
        location = "ir:" + path
      } else if let path = object["outputLocation"]?.stringValue {
        location = path.isEmpty ? "output" : "output:" + path
      }
      return Finding(
        code: code, severity: severity, location: location ?? "",
        message: object["message"]?.stringValue ?? "")
    }
  }

  /// Standard output as text.
  var outputText: String { String(decoding: output, as: UTF8.self) }

  /// Standard output read as one JSON document, when it is one.
  var outputJSON: JSONValue? { try? JSONReader.parse(output) }
}
