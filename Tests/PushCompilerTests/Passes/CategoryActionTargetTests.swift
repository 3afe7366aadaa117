import PushCompiler
import PushIR
import Testing

/// A registered category's action targets each come from their own member of the input;
/// when a target cannot carry them (it names no category, or says nothing of what a
/// category's actions do), each is reported as dropped at that member.
@Suite struct CategoryActionTargetTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let source: String
    let golden: String
    /// Where each action target is in the input, in order.
    let targets: [JSONPointer]
    /// Formats that drop them: dfinery and yellowai name no category, apns names it but
    /// not its targets (dfinery expands Klaviyo's predefined categories instead).
    var droppedBy = ["dfinery", "yellowai", "apns"]
    var testDescription: String { "\(source)/\(golden)" }
  }

  static let cases = [
    Case(
      source: "iterable", golden: "registered-category-targets",
      targets: ["/itbl/actionButtons/0", "/itbl/actionButtons/1"]),
    Case(
      source: "airship", golden: "app-category-message-center",
      targets: [
        "/com.urbanairship.interactive_actions/details/landing_page_action",
        "/com.urbanairship.interactive_actions/download/^u",
      ]),
    Case(
      source: "braze", golden: "api-app-category-media",
      targets: ["/messages/apple_push/buttons/0", "/messages/apple_push/buttons/1"]),
    Case(
      source: "klaviyo", golden: "predefined-accept-decline",
      targets: ["/body/actions/com.klaviyo.action.accept"], droppedBy: ["yellowai", "apns"]),
  ]

  @Test(arguments: cases)
  func eachDroppedTargetIsReportedWhereItWasRead(_ test: Case) throws {
    let input = try GoldenFiles.json(
      GoldenFiles.root.appendingPathComponent(test.source).appendingPathComponent("parse")
        .appendingPathComponent(test.golden).appendingPathComponent("input.json"))
    for target in test.droppedBy {
      let result = GoldenCase.translate(input, from: test.source, to: target)
      #expect(result.output != nil, "\(target)")
      let dropped = result.diagnostics.filter { $0.code == .droppedAction }.map(\.location)
      for pointer in test.targets {
        #expect(dropped.contains(.input(pointer)), "\(target): nothing reported at \(pointer)")
      }
    }
  }
}
