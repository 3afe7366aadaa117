import PushCompiler
import PushIR
import Testing

@Suite struct DfineryTests {
  func convert(_ payload: String, to target: any VendorFormat) throws -> Translator.Result {
    var translator = Translator(from: Dfinery(), to: target)
    translator.settings = ["i": "n-1"]
    return translator.translate(try JSONReader.parse(Array(payload.utf8)))
  }

  /// Dfinery's push sender, as the shared corpus has it (`pushsender-payload.json`).
  static let pushSender =
    #"{"aps": {"alert": {"title": "T", "body": "B"}, "mutable-content": 1}, "dfn": {"c_id": "c", "n_id": "n", "s_id": "s", "u_id": "u", "click_act": {"l_id": "1", "l_name": null, "l_type": "PushMessage", "act_type": "Deeplink", "uri": "scheme://path"}}}"#

  /// The tap's link is carried; only the members of `click_act` it does not carry are
  /// reported dropped, each where it was read, and not `click_act` as a whole.
  @Test func aTargetDroppingClickActNamesOnlyWhatIsLost() throws {
    let result = try convert(Self.pushSender, to: OneSignal())
    #expect(result.output?["custom"]?["u"] == "scheme://path")
    let dropped = result.diagnostics.filter {
      $0.code == .droppedExtra && "\($0.location)".hasPrefix("/dfn/click_act")
    }
    #expect(
      dropped.map(\.location) == [
        .input("/dfn/click_act/l_id"), .input("/dfn/click_act/l_name"),
        .input("/dfn/click_act/l_type"),
      ])
    #expect(dropped.first?.message == "dfinery-only field 'l_id' has no equivalent here; dropped")
    #expect(!result.diagnostics.contains { $0.message.contains("'click_act'") })
  }

  /// Dfinery writes back what it kept of `click_act`, beside the tap's link.
  @Test func clickActRoundTrips() throws {
    let result = try convert(Self.pushSender, to: Dfinery())
    #expect(
      result.output?["dfn"]?["click_act"] == [
        "l_id": "1", "l_name": nil, "l_type": "PushMessage", "act_type": "Deeplink",
        "uri": "scheme://path",
      ])
  }
}
