import PushCompiler
import PushIR
import Testing

/// `pushc validate` says a finding once: where a rule reports what reading reported at
/// the same place, meaning the same, only the rule's finding is given; what reading
/// says there that means something else is kept.
@Suite struct ValidateOnceTests {
  /// The codes of every diagnostic `validate --from format` reports on `payload`, by
  /// location.
  static func codes(_ format: String, _ payload: String) throws -> [String: [String]] {
    let (_, streams) = runPushc(
      ["validate", "--from", format, "--diagnostics", "json"], input: payload)
    var found: [String: [String]] = [:]
    for line in streams.error.split(separator: "\n") {
      let value = try JSONReader.parse(Array(line.utf8))
      let location = value["location"]?.stringValue ?? "?"
      found[location, default: []].append(try #require(value["code"]?.stringValue))
    }
    return found
  }

  @Test(arguments: [
    (
      "klaviyo",
      #"{"aps":{"alert":"x","mutable-content":1},"body":{"_k":"a","action_buttons":[{"id":"a","label":"A","url":"x y"}]}}"#,
      "/body/action_buttons/0/url", "validate.invalid-url"
    ),
    ("klaviyo", #"{"aps":{"alert":"x"}}"#, "", "validate.missing-field"),
    ("klaviyo", #"{"aps":{"alert":"x"},"body":{}}"#, "/body", "validate.missing-field"),
    (
      "klaviyo",
      #"{"aps":{"alert":"x","mutable-content":1},"body":{"_k":"a","action_buttons":[{"id":"a","label":"A","action":"open_url","url":"javascript:x"}]}}"#,
      "/body/action_buttons/0/url", "validate.invalid-url"
    ),
    (
      "klaviyo",
      #"{"aps":{"alert":"x","mutable-content":5},"body":{"_k":"a","action_buttons":[{"id":"a","label":"A","action":"open_app"}]}}"#,
      "/aps/mutable-content", "validate.mutable-content"
    ),
    (
      "klaviyo", #"{"aps":{"alert":"x","category":5},"body":{"_k":"a"}}"#, "/aps/category",
      "validate.unknown-category"
    ),
    ("dfinery", #"{"aps":{"alert":"x","mutable-content":1}}"#, "", "validate.missing-field"),
    (
      "dfinery",
      #"{"aps":{"alert":"x","mutable-content":1},"dfn":{"c_id":"c","s_id":"s","u_id":"u","is_test":0,"click_act":{}}}"#,
      "/dfn/click_act", "validate.missing-field"
    ),
    ("acoustic", #"{"aps":{"alert":"x"}}"#, "", "validate.missing-field"),
    (
      "acoustic", #"{"aps":{"alert":"x"},"notification-action":{}}"#, "/notification-action",
      "validate.missing-field"
    ),
  ])
  func theRuleAloneReportsAFinding(
    _ format: String, _ payload: String, _ location: String, _ rule: String
  ) throws {
    let found = try Self.codes(format, payload)
    let here = found[location] ?? []
    #expect(here.contains(rule), "\(found)")
    #expect(here.allSatisfy { $0.hasPrefix("validate.") }, "\(format) \(location): \(here)")
  }

  /// What reading says at a place that means something else than the rule's finding
  /// there stays: a draft spec's link beside the rule's invalid link, an `aps` of the
  /// wrong type beside the flag it cannot hold.
  @Test func otherFindingsAtThatPlaceStay() throws {
    let klaviyo = try Self.codes(
      "klaviyo", #"{"aps":{"alert":"x","mutable-content":1},"body":{"_k":"a","url":"x y"}}"#)
    #expect(klaviyo["/body/url"]?.sorted() == ["parse.obsolete-shape", "validate.invalid-url"])
    let clevertap = try Self.codes(
      "clevertap",
      #"{"W$id":"1","aps":5,"ct_ContentSlider":{"items":[{"imageUrl":"https://x.example/a.jpg"}]}}"#
    )
    #expect(clevertap["/aps"]?.contains("parse.wrong-type") == true, "\(clevertap)")
  }
}

extension ValidateOnceTests {
  /// Every rule says which findings of reading it stands for, and those are findings of
  /// reading.
  @Test func everyRuleSaysWhatItReplaces() {
    let rules = DiagnosticCode.catalogue.filter { $0.name.hasPrefix("validate.") }
    #expect(Set(rules) == Set(DiagnosticCode.replacedByRule.keys))
    for (_, replaced) in DiagnosticCode.replacedByRule {
      #expect(replaced.allSatisfy { $0.name.hasPrefix("parse.") || $0.name.hasPrefix("pass.") })
    }
  }
}
