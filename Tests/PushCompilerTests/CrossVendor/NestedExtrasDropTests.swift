import PushCompiler
import PushIR
import Testing

/// A target that drops another vendor's extras reports each field on its own, where it
/// was read, also inside a kept object within a kept group (Braze's kept alert members,
/// Customer.io's `CIO.push`, Acoustic's `mce`, an Airship button's other actions): never
/// the enclosing object, named as if all of it was lost (Specs/diagnostics.md,
/// `emit.dropped-extra`).
@Suite struct NestedExtrasDropTests {
  /// A source payload, the targets that drop its vendor's extras, and where each dropped
  /// field was read, with the name its warning gives it.
  struct Case: CustomTestStringConvertible, Sendable {
    let source: String
    let payload: String
    let targets: [String]
    let dropped: [(pointer: JSONPointer, key: String)]
    var testDescription: String { source }
  }

  static let cases: [Case] = [
    Case(
      source: "braze",
      payload:
        #"{"messages": {"apple_push": {"alert": {"body": "b", "sound": "x.caf", "foo": 1}, "foo2": 2}}}"#,
      targets: ["klaviyo", "iterable", "onesignal"],
      dropped: [
        ("/messages/apple_push/alert/sound", "sound"), ("/messages/apple_push/alert/foo", "foo"),
        ("/messages/apple_push/foo2", "foo2"),
      ]),
    Case(
      source: "customerio",
      payload:
        #"{"aps": {"alert": "Hi"}, "CIO": {"push": {"link": "https://shop.example.com/p/1", "image": "https://cdn.example.com/i.png", "campaign": "spring"}}}"#,
      targets: ["onesignal", "klaviyo"],
      dropped: [("/CIO/push/campaign", "campaign")]),
    Case(
      source: "acoustic",
      payload:
        #"{"aps": {"alert": "x"}, "notification-action": {"type": "openApp"}, "mce": {"mailingId": 4412, "attribution": "camp-a"}}"#,
      targets: ["iterable", "klaviyo"],
      dropped: [("/mce/attribution", "attribution")]),
    Case(
      source: "airship",
      payload:
        #"{"aps": {"alert": "x", "category": "c1"}, "_": "s", "com.urbanairship.interactive_actions": {"yes": {"^u": "https://x.com/yes", "^+t": "clicked_yes"}}}"#,
      targets: ["klaviyo", "onesignal", "iterable"],
      dropped: [("/com.urbanairship.interactive_actions/yes/^+t", "^+t")]),
  ]

  @Test(arguments: cases)
  func eachDroppedFieldIsReportedWhereItWasRead(_ test: Case) throws {
    let input = try JSONReader.parse(Array(test.payload.utf8))
    for target in test.targets {
      let reports = GoldenCase.translate(input, from: test.source, to: target).diagnostics
        .filter { $0.code == .droppedExtra }
      #expect(
        reports.map(\.location) == test.dropped.map { .input($0.pointer) },
        "\(test.source) → \(target): \(reports.map(\.message))")
      for (report, field) in zip(reports, test.dropped) {
        #expect(
          report.message
            == "\(test.source)-only field '\(field.key)' has no equivalent here; dropped",
          "\(test.source) → \(target)")
      }
    }
  }

  /// A source's own round trip keeps the nested fields where they were, and reports
  /// nothing dropped.
  @Test(arguments: cases)
  func theSourceItselfDropsNothing(_ test: Case) throws {
    let input = try JSONReader.parse(Array(test.payload.utf8))
    let result = GoldenCase.translate(input, from: test.source, to: test.source)
    #expect(!result.diagnostics.contains { $0.code == .droppedExtra })
    let output = try #require(result.output)
    for field in test.dropped {
      #expect(output.value(at: field.pointer) != nil, "\(test.source): \(field.pointer)")
      #expect(output.value(at: field.pointer) == input.value(at: field.pointer))
    }
  }
}

extension NestedExtrasDropTests {
  /// An Airship landing page's settings beside its URL (`width`, `height`) are dropped
  /// by another target each by its own key, where it was read: never as the IR's own name
  /// of the action map they belong to (`tap`), also when the URL itself was removed as
  /// unsafe.
  @Test(arguments: [
    (
      #"{"aps": {"alert": {"title": "T", "body": "B"}}, "_": "s2", "^p": {"url": "https://x.com/lp", "width": 300, "height": 200}}"#,
      ["/^p/width", "/^p/height"] as [JSONPointer], ["width", "height"]
    ),
    (
      #"{"aps": {"alert": "x"}, "_": "s", "^p": {"url": "javascript:alert(1)", "width": 3}}"#,
      ["/^p/width"], ["width"]
    ),
    (
      #"{"aps": {"alert": "x", "category": "c1"}, "_": "s", "com.urbanairship.interactive_actions": {"yes": {"^p": {"url": "https://x.com/lp", "width": 3}}}}"#,
      ["/com.urbanairship.interactive_actions/yes/^p/width"], ["width"]
    ),
    // A button whose id is `tap`: its settings and the tap's are each named once, at their
    // own input member.
    (
      #"{"aps": {"alert": "x", "category": "c1"}, "_": "s", "^p": {"url": "https://x.com/a", "width": 1}, "com.urbanairship.interactive_actions": {"tap": {"^p": {"url": "https://x.com/b", "width": 3}}}}"#,
      ["/^p/width", "/com.urbanairship.interactive_actions/tap/^p/width"], ["width", "width"]
    ),
    // Keys that JSON Pointer escapes: a button id with '/' and a setting with '~'.
    (
      #"{"aps": {"alert": "x", "category": "c1"}, "_": "s", "com.urbanairship.interactive_actions": {"no/x": {"^p": {"url": "https://x.com/lp", "a~b": 3}}}}"#,
      ["/com.urbanairship.interactive_actions/no~1x/^p/a~0b"], ["a~b"]
    ),
  ])
  func airshipLandingPageSettingsAreNamedByTheirKeys(
    _ payload: String, _ pointers: [JSONPointer], _ keys: [String]
  ) throws {
    let input = try JSONReader.parse(Array(payload.utf8))
    for target in ["klaviyo", "onesignal", "iterable"] {
      let reports = GoldenCase.translate(input, from: "airship", to: target).diagnostics
        .filter { $0.code == .droppedExtra }
      #expect(reports.map(\.location) == pointers.map { .input($0) }, "\(target)")
      #expect(
        reports.map(\.message)
          == keys.map { "airship-only field '\($0)' has no equivalent here; dropped" },
        "\(target)")
    }
  }
}
