import Foundation
import PushCompiler
import PushIR
import Testing

/// For every ordered pair of formats (A, B) and every document of the IR corpus:
/// IR → A → IR → B → IR works, reading pushc's own output loses nothing, the result is
/// something B expresses in full, and every difference from the original document is
/// covered by a diagnostic raised on the way.
@Suite struct CrossVendorTests {
  struct Pair: CustomTestStringConvertible, Sendable {
    let first: String
    let second: String
    var testDescription: String { "\(first) → \(second)" }
  }

  static let pairs: [Pair] = Vendors.ids.flatMap { first in
    Vendors.ids.map { Pair(first: first, second: $0) }
  }

  @Test(arguments: pairs)
  func throughTwoFormats(_ pair: Pair) throws {
    for name in GoldenCase.irCorpus {
      let file = GoldenFiles.root.appendingPathComponent("_ir").appendingPathComponent(
        "\(name).ir.json")
      let original = try GoldenFiles.json(file)
      let trip = Trip(original: original, through: pair)
      let label = "\(name): \(pair.testDescription)"
      guard let final = trip.final else {
        Issue.record("\(label) stopped: \(trip.stopped)")
        continue
      }
      for reading in trip.readings where reading.diagnostics.hasLoss {
        Issue.record("\(label): reading pushc's own output lost \(reading.diagnostics.codes)")
      }
      let again = GoldenCase.translate(final, from: "ir", to: pair.second).output
      #expect(
        again.flatMap { GoldenCase.translate($0, from: pair.second, to: "ir").output } == final,
        "\(label): \(pair.second) does not express its own reading in full")
      let covered = Set(trip.emitDiagnostics.compactMap(Self.irPath).map(Self.field))
      for difference in Self.differences(original, final, vendors: [pair.first, pair.second])
      where !covered.contains(Self.field(difference)) {
        Issue.record("\(label): \(difference) changed without a diagnostic")
      }
    }
  }

  /// IR → A → IR → B → IR, with the golden defaults.
  struct Trip {
    var readings: [Translator.Result] = []
    var emitDiagnostics: [Diagnostic] = []
    var final: JSONValue?
    var stopped = ""

    init(original: JSONValue, through pair: Pair) {
      var document = original
      for target in [pair.first, pair.second] {
        let written = GoldenCase.translate(document, from: "ir", to: target)
        emitDiagnostics += written.diagnostics
        guard let output = written.output else {
          stopped = "writing \(target): \(written.diagnostics.codes)"
          return
        }
        let read = GoldenCase.translate(output, from: target, to: "ir")
        readings.append(read)
        guard let ir = read.output else {
          stopped = "reading \(target): \(read.diagnostics.codes)"
          return
        }
        document = ir
      }
      final = document
    }
  }

  static func irPath(_ diagnostic: Diagnostic) -> JSONPointer? {
    if case .ir(let path) = diagnostic.location { return path }
    if case .input(let path) = diagnostic.location { return path }  // IR input: its own paths
    return nil
  }

  /// The part of the IR a path belongs to, at the grain diagnostics are given: one
  /// content, tracking, delivery, custom-data or extras field, or the buttons, the media,
  /// the tap action or the category as a whole (indices shift when items are dropped).
  static func field(_ path: JSONPointer) -> String {
    let tokens = path.tokens
    guard let head = tokens.first else { return "" }
    if ["content", "tracking", "delivery", "customData", "extras"].contains(head),
      tokens.count > 1
    {
      return "/\(head)/\(tokens[1])"
    }
    return head == "mediaPresentation" ? "/media" : "/\(head)"
  }

  /// Where `final` differs from `original`, except what is not a loss by definition: a
  /// media type hint (a vendor's spelling), fields the two formats add to their own
  /// extras, and an explicit "open the app" tap where the original said nothing.
  static func differences(_ original: JSONValue, _ final: JSONValue, vendors: [String])
    -> [JSONPointer]
  {
    var found: [JSONPointer] = []
    func walk(_ a: JSONValue?, _ b: JSONValue?, _ path: JSONPointer) {
      guard a != b else { return }
      // The IR's JSON form leaves empty objects and arrays out: absent is empty.
      switch (a, b) {
      case (nil, .object?): return walk(.object(JSONObject()), b, path)
      case (.object?, nil): return walk(a, .object(JSONObject()), path)
      case (nil, .array?): return walk(.array([]), b, path)
      case (.array?, nil): return walk(a, .array([]), path)
      default: break
      }
      switch (a, b) {
      case (.object(let x)?, .object(let y)?):
        for key in x.keys + y.keys.filter({ x[$0] == nil }) {
          walk(x[key], y[key], path.appending(key))
        }
      case (.array(let x)?, .array(let y)?):
        for index in 0..<max(x.count, y.count) {
          walk(
            index < x.count ? x[index] : nil, index < y.count ? y[index] : nil,
            path.appending(index))
        }
      default:
        found.append(path)
      }
    }
    walk(original, final, .root)
    return found.filter { path in
      let tokens = path.tokens
      if tokens.last == "typeHint" && tokens.first == "media" { return false }
      if tokens.count >= 2, tokens[0] == "extras", vendors.contains(tokens[1]),
        original["extras"]?[tokens[1]] == nil
      {
        return false
      }
      if tokens.first == "defaultAction", original["defaultAction"] == nil,
        final["defaultAction"] == ["type": "openApp"]
      {
        return false
      }
      return true
    }
  }
}
