import PushCompiler
import PushIR
import Testing

/// ``Capabilities/ActionKind`` is found by matching the action, not by its name; the two
/// must agree for every kind of action.
@Suite struct ActionKindTests {
  @Test(arguments: [
    NotificationAction.openApp, .openURL("https://example.com", .browser), .dismiss,
    .dial("+15550100"), .botFlow(botID: "b", journey: nil), .inboxMessage("m"),
    .custom(name: "c", data: nil),
  ])
  func theKindOfAnActionIsNamedAsTheIRNamesIt(_ action: NotificationAction) {
    #expect(Capabilities.ActionKind(action)?.rawValue == action.kindName)
  }

  @Test func sameAsDefaultHasNoKind() {
    #expect(Capabilities.ActionKind(.sameAsDefault) == nil)
    #expect(Capabilities.ActionKind.allCases.count == 7)
  }
}
