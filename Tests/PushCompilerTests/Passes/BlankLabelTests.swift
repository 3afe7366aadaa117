import PushCompiler
import PushIR
import Testing

/// A button with an empty (or white-space) label: every SDK that builds buttons from the
/// payload hands the label to `UNNotificationAction` as it is, and iOS shows a blank
/// button that still does what it does. Fit-target keeps it and warns, for every target
/// that writes buttons; the readers keep it too.
@Suite struct BlankLabelTests {
  /// The formats that write a button's label.
  static let targets = Vendors.all.filter {
    $0.id != IRFormat().id && $0.capabilities.maxButtons > 0
  }

  func translate(_ payload: String, from source: any VendorFormat, to target: any VendorFormat)
    throws -> Translator.Result
  {
    var translator = Translator(from: source, to: target)
    translator.defaults = GoldenCase.defaults
    return translator.translate(try JSONReader.parse(Array(payload.utf8)))
  }

  static func document(label: String) -> String {
    #"{"irVersion": 1, "content": {"title": "T", "body": "B"}, "defaultAction": {"type": "openApp"}, "buttons": [{"id": "x", "label": "\#(label)", "action": {"type": "openApp"}, "options": ["foreground"]}, {"id": "y", "label": "Go", "action": {"type": "openApp"}, "options": ["foreground"]}]}"#
  }

  /// Written as it is, with one warning at the label, whatever the target.
  @Test(arguments: ["", "  "])
  func aBlankLabelIsWrittenAndWarnedAbout(_ label: String) throws {
    #expect(Set(Self.targets.map(\.id)).isSuperset(of: ["acoustic", "dfinery", "klaviyo"]))
    for target in Self.targets {
      let result = try translate(Self.document(label: label), from: IRFormat(), to: target)
      let output = try #require(result.output, "\(target.id): \(result.diagnostics.codes)")
      let read = try #require(
        Translator(from: target, to: IRFormat()).translate(output).output, "\(target.id)")
      #expect(read["buttons"]?.arrayValue?.count == 2, "\(target.id): \(read)")
      let warnings = result.diagnostics.filter { $0.code.name == "fit.blank-label" }
      #expect(warnings.map(\.location) == [.ir("/buttons/0/label")], "\(target.id)")
      #expect(warnings.allSatisfy { $0.code.severity == .warning && !$0.code.isLossy })
      #expect(
        warnings.first?.message == "button 'x' has a blank label: iOS shows it as an empty button",
        "\(target.id)")
    }
  }

  /// A target that shows no buttons drops it as any other, without the warning.
  @Test func aTargetWithoutButtonsSaysNothingOfTheLabel() throws {
    let result = try translate(Self.document(label: ""), from: IRFormat(), to: APNs())
    #expect(!result.diagnostics.contains { $0.code.name == "fit.blank-label" })
  }

  /// OneSignal's button `{"i": "x", "n": ""}` into Dfinery: written as the SDK would show
  /// it (second: OneSignal shows two buttons in reverse), and said so at the button read.
  @Test func aOneSignalButtonWithAnEmptyTitleIntoDfinery() throws {
    let payload =
      #"{"aps": {"alert": {"title": "T", "body": "B"}, "mutable-content": 1}, "custom": {"i": "b2f7f966-d8cc-11e4-bed1-df8f05be55bf", "u": "myapp://x"}, "buttons": [{"i": "x", "n": ""}, {"i": "y", "n": "Go"}]}"#
    let result = try translate(payload, from: OneSignal(), to: Dfinery())
    let buttons = try #require(result.output?["dfn"]?["btn"]?.arrayValue)
    #expect(buttons.map { $0["l_name"] } == ["Go", ""])
    let warning = try #require(result.diagnostics.first { $0.code.name == "fit.blank-label" })
    #expect(warning.location == .input("/buttons/0"))
  }

  /// The Dfinery SDK builds a button from any `l_name` string, the empty one included
  /// (iOS shows it blank); without one it builds none.
  @Test func dfineryReadsAnEmptyLNameAsABlankButton() throws {
    let payload =
      #"{"aps": {"alert": {"title": "T", "body": "B"}, "mutable-content": 1, "category": "DFINERY"}, "dfn": {"is_test": 0, "c_id": "c", "s_id": "s", "u_id": "u", "click_act": {"l_id": "1", "l_type": "PushMessage", "act_type": "AppOpen"}, "btn": [{"l_id": "a", "l_name": "", "l_type": "Button", "act_type": "AppOpen"}, {"l_id": "b", "l_type": "Button", "act_type": "AppOpen"}]}}"#
    let read = try translate(payload, from: Dfinery(), to: IRFormat())
    let buttons = try #require(read.output?["buttons"]?.arrayValue)
    #expect(buttons.map { $0["label"] } == [""])
    #expect(
      read.diagnostics.filter { $0.code == .invalidButton }.map(\.location) == [
        .input("/dfn/btn/1")
      ])
    let written = try translate(payload, from: Dfinery(), to: Dfinery())
    #expect(written.output?["dfn"]?["btn"]?.arrayValue?.first?["l_name"] == "")
    #expect(
      written.diagnostics.first { $0.code.name == "fit.blank-label" }?.location
        == .input("/dfn/btn/0"))
  }
}
