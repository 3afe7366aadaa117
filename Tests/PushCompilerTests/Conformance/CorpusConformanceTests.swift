import Foundation
import PushCompiler
import PushIR
import Testing

/// Reads the shared corpus of real vendor payloads (`../shared/corpus`) when it is there.
@Suite struct CorpusConformanceTests {
  static let corpus = GoldenFiles.packageRoot.deletingLastPathComponent().appendingPathComponent(
    "shared/corpus")

  static func files(_ vendor: String) -> [String] {
    GoldenFiles.entries(corpus.appendingPathComponent(vendor)).filter { $0.hasSuffix(".json") }
  }

  static func payload(_ vendor: String, _ name: String) throws -> JSONValue {
    try GoldenFiles.json(corpus.appendingPathComponent(vendor).appendingPathComponent(name))
  }

  @Test(
    .enabled(if: !files("klaviyo").isEmpty, "../shared/corpus/klaviyo is not present"),
    arguments: files("klaviyo"))
  func everyKlaviyoPayloadConvertsToTheDynamicFormatOrIsRefused(_ name: String) throws {
    let payload = try Self.payload("klaviyo", name)
    let result = Translator(from: Klaviyo(), to: Klaviyo()).translate(payload)
    guard let output = result.output else {
      #expect(result.diagnostics.hasErrors, "\(name) produced no output and no error")
      return
    }
    #expect(output["aps"]?["category"] == nil || output["body"]?["action_buttons"] == nil)
    #expect(output["aps"]?["mutable-content"] == 1)
    #expect(output["body"]?["_k"] != nil)
    for button in output["body"]?["action_buttons"]?.arrayValue ?? [] {
      switch button["action"] {
      case "open_app": #expect(button["url"] == nil)
      case "deep_link": #expect(button["url"]?.stringValue != nil)
      default: Issue.record("\(name): button without a known action: \(button)")
      }
    }
    if name.hasPrefix("poc-") || name.hasPrefix("refactor-") || name.hasPrefix("spec-poc-") {
      #expect(
        result.diagnostics.contains { $0.severity >= .warning },
        "\(name) is an obsolete shape but produced no warning")
    }
  }

  /// Every corpus file of a registered format, as `vendor/file`.
  static let registeredFiles: [String] = Vendors.ids.flatMap { vendor in
    files(vendor).map { "\(vendor)/\($0)" }
  }

  /// Every real payload of a registered vendor reads into the IR and converts to every
  /// format (with the golden defaults for required ids); whatever its shape, nothing
  /// crashes and a refusal always says why.
  @Test(
    .enabled(if: !registeredFiles.isEmpty, "../shared/corpus is not present"),
    arguments: registeredFiles)
  func everyPayloadReadsAndConvertsToEveryFormat(_ file: String) throws {
    let parts = file.split(separator: "/").map(String.init)
    let payload = try Self.payload(parts[0], parts[1])
    for target in Vendors.ids {
      let result = GoldenCase.translate(payload, from: parts[0], to: target)
      #expect(
        result.output != nil,
        "\(file) → \(target) was refused: \(result.diagnostics.codes)")
    }
  }

  /// Every real payload converted into Dfinery either passes Dfinery's own rules, or
  /// convert warned about each field they refuse (`emit.off-spec-field`): the output is
  /// written as the phone takes it, but never refused by surprise.
  @Test(
    .enabled(if: !registeredFiles.isEmpty, "../shared/corpus is not present"),
    arguments: registeredFiles)
  func whatDfineryRefusesOfAnOutputConvertReported(_ file: String) throws {
    let parts = file.split(separator: "/").map(String.init)
    let result = GoldenCase.translate(
      try Self.payload(parts[0], parts[1]), from: parts[0], to: Dfinery().id)
    let output = try #require(result.output, "\(file) → dfinery was refused")
    var refused = Diagnostics()
    Dfinery().validate(output, diagnostics: &refused)
    let warned = result.diagnostics.all.filter { $0.code == .offSpecField }.map(\.message)
    for finding in refused.all where finding.severity == .error {
      let field = try #require(
        finding.message.split(separator: "'", omittingEmptySubsequences: false).dropFirst().first)
      #expect(
        warned.contains { $0.contains("'\(field)'") },
        "\(file): validate refuses '\(field)' (\(finding.message)), and convert said nothing")
    }
  }

  /// Corpus payloads of an odd shape, and the diagnostic reading each must raise.
  static let oddShapes: [(file: String, code: String)] = [
    ("clevertap/ctnotificationcontent-readme-content-slider.json", "parse.obsolete-shape"),
    (
      "clevertap/ctnotificationcontent-legacy-objc-content-slider-comment.json",
      "parse.not-vendor-payload"
    ),
    ("yellowai/fcm-android-bot-flow.json", "parse.not-vendor-payload"),
    ("acoustic/cordova-types-static-category.json", "parse.not-vendor-payload"),
    ("iterable/nse-dynamic-category-4-buttons.json", "parse.obsolete-shape"),
    ("iterable/ui-test-action-buttons.json", "parse.invalid-button"),
    // The SDK's own test spells 'aps' as 'apps'.
    ("airship/nse-test-media-attachment-verbatim.json", "parse.not-vendor-payload"),
  ]

  @Test(
    .enabled(if: !registeredFiles.isEmpty, "../shared/corpus is not present"),
    arguments: oddShapes.filter { registeredFiles.contains($0.file) }.map(\.file))
  func oddShapesAreReported(_ file: String) throws {
    let parts = file.split(separator: "/").map(String.init)
    let result = GoldenCase.translate(
      try Self.payload(parts[0], parts[1]), from: parts[0], to: "ir")
    let expected = Self.oddShapes.first { $0.file == file }!.code
    #expect(result.diagnostics.codes.contains(expected), "\(file): \(result.diagnostics.codes)")
  }
}
