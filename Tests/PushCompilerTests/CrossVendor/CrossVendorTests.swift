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
      for difference in IRComparison.uncovered(
        original, final, vendors: [pair.first, pair.second], diagnostics: trip.emitDiagnostics)
      {
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
}
