import PushCompiler
import PushIR
import Testing

/// A custom action, handed to the app's own handler, named like an action type the
/// target's SDK runs itself (Acoustic's `url`, `dial`, …, Iterable's `openUrl`) would be
/// run as that action if written: it is lowered as an action the target cannot express,
/// and reported, as on targets without custom actions.
@Suite struct OwnActionTypeTests {
  func translate(_ payload: String, from source: any VendorFormat, to target: any VendorFormat)
    throws -> Translator.Result
  {
    var translator = Translator(from: source, to: target)
    if target is Iterable { translator.settings = ["templateId": "7", "campaignId": "8"] }
    return translator.translate(try JSONReader.parse(Array(payload.utf8)))
  }

  /// Iterable's custom `url` and `dial` would be Acoustic's link and dial actions.
  @Test func acousticOpensTheAppInsteadOfRunningItsOwnTypeForACustomAction() throws {
    let payload =
      #"{"aps": {"alert": "x"}, "itbl": {"messageId": "m", "templateId": 1, "defaultAction": {"type": "url", "data": "https://ex.com/a"}, "actionButtons": [{"identifier": "c", "title": "Call", "openApp": true, "action": {"type": "dial", "data": "+15550100"}}]}}"#
    let result = try translate(payload, from: Iterable(), to: Acoustic())
    #expect(result.output?["notification-action"]?["type"] == "openApp")
    #expect(result.output?["notification-action"]?["value"] == nil)
    #expect(result.output?["category-actions"]?.arrayValue?.first?["type"] == "openApp")
    let changed = result.diagnostics.filter { $0.code.name == "fit.changed-action" }
    #expect(
      changed.map(\.location) == [.input("/itbl/defaultAction"), .input("/itbl/actionButtons/0")])
    #expect(
      changed.first?.message
        == "the tap action opens the app instead of: run custom action 'url'; acoustic's SDK runs 'url' as its own action, not the app's handler"
    )
    #expect(!result.diagnostics.codes.contains("emit.needs-plugin"))
  }

  /// A custom action of another name still reaches the app's handler.
  @Test func acousticKeepsACustomActionOfAnotherName() throws {
    let payload =
      #"{"aps": {"alert": "x"}, "itbl": {"messageId": "m", "templateId": 1, "defaultAction": {"type": "carousel"}}}"#
    let result = try translate(payload, from: Iterable(), to: Acoustic())
    #expect(result.output?["notification-action"]?["type"] == "carousel")
    #expect(!result.diagnostics.codes.contains("fit.changed-action"))
  }

  /// Acoustic's custom `openUrl` would be Iterable's link action: the tap, which Iterable
  /// cannot set to open the app, loses it; a button opens the app instead.
  @Test func iterableDropsOrLowersACustomActionNamedOpenUrl() throws {
    let payload =
      #"{"aps": {"alert": "x"}, "notification-action": {"type": "openUrl", "value": "https://ex.com/a"}, "category-actions": [{"name": "Go", "type": "openUrl", "value": "https://ex.com/b"}]}"#
    let result = try translate(payload, from: Acoustic(), to: Iterable())
    #expect(result.output?["itbl"]?["defaultAction"] == nil)
    let button = result.output?["itbl"]?["actionButtons"]?.arrayValue?.first
    #expect(button?["openApp"] == true)
    #expect(button?["action"] == nil)
    let dropped = try #require(result.diagnostics.first { $0.code.name == "fit.dropped-action" })
    #expect(dropped.location == .input("/notification-action"))
    #expect(
      dropped.message
        == "iterable has no way to run custom action 'openUrl' on tap: 'openUrl' names an action iterable's SDK runs itself, not the app's handler; the tap opens the app"
    )
    let changed = try #require(result.diagnostics.first { $0.code.name == "fit.changed-action" })
    #expect(changed.location == .input("/category-actions/0"))
  }

  /// A registered category's action target of that name is not written as a link either.
  @Test func iterableDropsACategoryActionTargetNamedOpenUrl() throws {
    let payload =
      #"{"irVersion": 1, "category": {"identifier": "C", "actionTargets": [{"actionID": "go", "action": {"type": "custom", "name": "openUrl", "data": "https://ex.com/a"}}]}}"#
    let result = try translate(payload, from: IRFormat(), to: Iterable())
    #expect(result.output?["itbl"]?["actionButtons"] == nil)
    let dropped = try #require(result.diagnostics.first { $0.code.name == "fit.dropped-action" })
    #expect(dropped.location == .ir("/category/actionTargets/0"))
    #expect(dropped.message.contains("runs 'openUrl' as its own action"))
  }
}
