import Foundation
import PushCompiler
import PushIR
import Testing

/// The hub-and-spoke golden tests: each parser into the IR, each emitter out of the
/// shared IR corpus, pinned cross-format cases, and same-format round trips.
@Suite struct GoldenTests {
  @Test func everyGoldenFolderIsARegisteredFormat() {
    for folder in GoldenCase.formatFolders {
      #expect(Vendors.named(folder) != nil, "Golden/\(folder) is not a registered format")
    }
    for format in Vendors.all where format.id != IRFormat().id {
      #expect(
        GoldenCase.formatFolders.contains(format.id),
        "registered format \(format.id) has no Golden/ folder")
      #expect(
        GoldenCase.parseCases.contains { $0.source == format.id },
        "registered format \(format.id) has no parse goldens")
    }
    #expect(GoldenCase.irCorpus.count >= 5)
  }

  @Test(arguments: GoldenCase.parseCases)
  func parse(_ golden: GoldenCase) throws {
    let input = try GoldenFiles.json(golden.folder.appendingPathComponent("input.json"))
    let result = golden.translate(input, from: golden.source, to: "ir")
    GoldenFiles.check(
      GoldenFiles.text(result.output), against: golden.folder.appendingPathComponent("ir.json"))
    GoldenFiles.check(
      GoldenFiles.text(result.diagnostics, file: "input.json"),
      against: golden.folder.appendingPathComponent("diagnostics.txt"))
  }

  @Test(arguments: GoldenCase.emitCases)
  func emit(_ golden: GoldenCase) throws {
    let file = "\(golden.name).ir.json"
    let input = try GoldenFiles.json(
      GoldenFiles.root.appendingPathComponent("_ir").appendingPathComponent(file))
    let result = golden.translate(input, from: "ir", to: golden.target)
    GoldenFiles.check(
      GoldenFiles.text(result.output),
      against: golden.folder.appendingPathComponent("\(golden.name).json"))
    GoldenFiles.check(
      GoldenFiles.text(result.diagnostics, file: file),
      against: golden.folder.appendingPathComponent("\(golden.name).diagnostics.txt"))
  }

  @Test(arguments: GoldenCase.crossCases)
  func cross(_ golden: GoldenCase) throws {
    let input = try GoldenFiles.json(golden.folder.appendingPathComponent("input.json"))
    let argumentsFile = golden.folder.appendingPathComponent("args.json")
    let arguments =
      FileManager.default.fileExists(atPath: argumentsFile.path)
      ? try GoldenFiles.json(argumentsFile) : nil
    let result = golden.translate(
      input, from: golden.source, to: golden.target, arguments: arguments)
    GoldenFiles.check(
      GoldenFiles.text(result.output),
      against: golden.folder.appendingPathComponent("expected.json"))
    GoldenFiles.check(
      GoldenFiles.text(result.diagnostics, file: "input.json"),
      against: golden.folder.appendingPathComponent("diagnostics.txt"))
  }

  /// Emitting a parsed payload back to its own format reaches a fixed point at once:
  /// what pushc writes, it reads back to the same IR and writes again unchanged.
  @Test(arguments: GoldenCase.parseCases)
  func sameFormatRoundTrip(_ golden: GoldenCase) throws {
    let input = try GoldenFiles.json(golden.folder.appendingPathComponent("input.json"))
    let first = golden.translate(input, from: golden.source, to: golden.source)
    let output = try #require(
      first.output, "\(golden.testDescription) did not convert to \(golden.source)")
    let irOfOutput = golden.translate(output, from: golden.source, to: "ir").output
    let second = golden.translate(output, from: golden.source, to: golden.source)
    #expect(second.output == output, "writing \(golden.source) again changed it")
    #expect(
      golden.translate(second.output ?? .null, from: golden.source, to: "ir").output == irOfOutput,
      "reading pushc's own \(golden.source) output twice gave different IR")
    #expect(
      !second.diagnostics.contains { $0.code.isLossy },
      "re-reading pushc's own output lost information: \(second.diagnostics.codes)")
  }

  /// A detour through the IR changes nothing: V → ir → W equals V → W, for every W.
  @Test(arguments: GoldenCase.parseCases)
  func detourThroughIRChangesNothing(_ golden: GoldenCase) throws {
    let input = try GoldenFiles.json(golden.folder.appendingPathComponent("input.json"))
    let ir = try #require(golden.translate(input, from: golden.source, to: "ir").output)
    for target in Vendors.all {
      let direct = golden.translate(input, from: golden.source, to: target.id).output
      let detour = golden.translate(ir, from: "ir", to: target.id).output
      #expect(
        direct == detour,
        "\(golden.source) → \(target.id) differs from \(golden.source) → ir → \(target.id)")
    }
  }
}
