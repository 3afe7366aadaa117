import Foundation
import PushCompiler
import PushIR
import Testing

/// Finds the repository's `Golden/` folder and compares or records files in it.
///
/// With `GOLDEN_RECORD=1` in the environment a mismatch rewrites the file and still fails
/// ("recorded; review and commit"), so a recording run never passes by accident.
enum GoldenFiles {
  /// The package root, found by walking up from this file.
  static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return url
      }
    }
    fatalError("Package.swift not found above \(#filePath)")
  }()

  static let root = packageRoot.appendingPathComponent("Golden")

  static var isRecording: Bool { ProcessInfo.processInfo.environment["GOLDEN_RECORD"] == "1" }

  /// Sorted names of the entries of `folder` (empty when it does not exist).
  static func entries(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
      !$0.hasPrefix(".")
    }.sorted()
  }

  static func read(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

  static func json(_ url: URL) throws -> JSONValue { try JSONReader.parse(read(url)) }

  /// Compares `actual` with the file at `url`; records it when asked to.
  static func check(
    _ actual: String, against url: URL, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = (try? String(contentsOf: url, encoding: .utf8))
    guard expected != actual else { return }
    if isRecording {
      try? FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? actual.write(to: url, atomically: true, encoding: .utf8)
      Issue.record(
        "recorded \(relative(url)); review the diff and commit", sourceLocation: sourceLocation)
    } else if let expected {
      Issue.record(
        "\(relative(url)) differs (GOLDEN_RECORD=1 re-records):\n\(lineDiff(expected: expected, actual: actual))",
        sourceLocation: sourceLocation)
    } else {
      Issue.record(
        "\(relative(url)) is missing; run with GOLDEN_RECORD=1 to record it",
        sourceLocation: sourceLocation)
    }
  }

  static func relative(_ url: URL) -> String {
    String(url.path.dropFirst(packageRoot.path.count + 1))
  }

  /// A minimal line diff: each differing line as `-expected` / `+actual`.
  static func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var lines: [String] = []
    for index in 0..<max(old.count, new.count) {
      let before = index < old.count ? String(old[index]) : nil
      let after = index < new.count ? String(new[index]) : nil
      guard before != after else { continue }
      if let before { lines.append("\(index + 1) -\(before)") }
      if let after { lines.append("\(index + 1) +\(after)") }
    }
    return lines.prefix(40).joined(separator: "\n")
  }

  /// Pretty JSON with a final newline, as every golden JSON file is written.
  static func text(_ value: JSONValue?) -> String {
    guard let value else { return "" }
    return JSONWriter().string(value) + "\n"
  }

  /// Diagnostics rendered as `pushc` renders them, for `file`.
  static func text(_ diagnostics: Diagnostics, file: String) -> String {
    diagnostics.map { DiagnosticRenderer.text($0, file: file) }.joined()
  }
}
