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

  /// A `dfn` member of a type the specification does not give (`s_id`, `u_id` and the
  /// `click_act` link members are strings, `is_f` is 1 or 0, `ads` a dictionary) is
  /// reported and ignored, as `is_test` is: the defaults file fills the required ids, and
  /// the output passes Dfinery's own validation.
  @Test func wrongTypedKeptMembersAreIgnoredSoDefaultsFillThem() throws {
    let payload =
      #"{"aps":{"alert":{"title":"t","body":"b"},"mutable-content":1},"dfn":{"is_test":0,"c_id":"c","s_id":5,"u_id":["x"],"is_f":"yes","ads":"a","click_act":{"l_id":1,"l_name":2,"l_type":true,"act_type":"AppOpen"}}}"#
    var translator = Translator(from: Dfinery(), to: Dfinery())
    translator.defaults = ["s_id": "svc", "u_id": "user"]
    let result = translator.translate(try JSONReader.parse(Array(payload.utf8)))
    let dfn = try #require(result.output?["dfn"])
    #expect(dfn["s_id"] == "svc")
    #expect(dfn["u_id"] == "user")
    #expect(dfn["is_f"] == nil)
    #expect(dfn["ads"] == nil)
    #expect(
      dfn["click_act"] == [
        "l_id": "1", "l_type": "PushMessage", "act_type": "AppOpen", "uri": nil,
      ])
    let ignored = result.diagnostics.filter {
      [.wrongType, .invalidValue].contains($0.code)
    }.map { "\($0.code.name) \($0.location)" }
    #expect(
      ignored == [
        "parse.wrong-type /dfn/s_id", "parse.wrong-type /dfn/u_id",
        "parse.invalid-value /dfn/is_f", "parse.wrong-type /dfn/ads",
        "parse.wrong-type /dfn/click_act/l_id", "parse.wrong-type /dfn/click_act/l_name",
        "parse.wrong-type /dfn/click_act/l_type",
      ])
    var validation = Diagnostics()
    Dfinery().validate(try #require(result.output), diagnostics: &validation)
    #expect(!validation.hasErrors, "\(validation.codes)")
  }

  /// `is_f` given as `true` is the flag 1, and is written so, as the specification's
  /// number, as `is_test` is.
  @Test func foregroundFlagIsWrittenAsANumber() throws {
    let payload =
      #"{"aps":{"alert":{"title":"t","body":"b"},"mutable-content":1},"dfn":{"is_test":0,"c_id":"c","s_id":"s","u_id":"u","is_f":true,"click_act":{"l_id":"1","l_type":"PushMessage","act_type":"AppOpen"}}}"#
    let result = try convert(payload, to: Dfinery())
    #expect(result.output?["dfn"]?["is_f"] == 1)
    #expect(result.diagnostics.all.isEmpty, "\(result.diagnostics.codes)")
  }
}
