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

  @Test(
    .enabled(if: !files("klaviyo").isEmpty, "../shared/corpus/klaviyo is not present"),
    arguments: files("klaviyo"))
  func everyKlaviyoPayloadReadsIntoTheIRAndConvertsToAPNs(_ name: String) throws {
    let payload = try Self.payload("klaviyo", name)
    #expect(Translator(from: Klaviyo(), to: IRFormat()).translate(payload).output != nil)
    #expect(Translator(from: Klaviyo(), to: APNs()).translate(payload).output != nil)
  }
}
