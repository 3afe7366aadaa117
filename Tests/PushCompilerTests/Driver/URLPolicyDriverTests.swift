import PushCompiler
import PushIR
import Testing

/// The URL policy end to end: `convert`, `--passes`, `--fail-on`, `--to ir`, `batch` and
/// `validate` on payloads with unsafe and invalid URLs.
@Suite struct URLPolicyDriverTests {
  func run(_ arguments: [String], input: String) -> DriverTests.Run {
    DriverTests().run(arguments, input: input)
  }

  static let javascriptButton = #"""
    {"aps": {"alert": {"title": "Sale", "body": "40% off"}, "mutable-content": 1},
     "body": {"_k": "k1", "action_buttons": [
       {"id": "shop", "label": "Shop", "action": "deep_link", "url": "shop://sale"},
       {"id": "unsub", "label": "Unsubscribe", "action": "deep_link", "url": "JavaScript:alert(document.cookie)"}]},
     "url": "shop://home"}
    """#

  static let invalidLink = #"""
    {"aps": {"alert": "x", "mutable-content": 1}, "body": {"_k": "k"}, "url": "shop://sale/{{code}}"}
    """#

  @Test func aJavascriptButtonURLConvertsWithAWarningAtItsInputPointer() throws {
    let result = run(["convert", "-f", "klaviyo", "-t", "klaviyo"], input: Self.javascriptButton)
    #expect(result.code == .success)
    #expect(!result.output.lowercased().contains("javascript"))
    let output = try JSONReader.parse(Array(result.output.utf8))
    let buttons = try #require(output["body"]?["action_buttons"]?.arrayValue)
    #expect(buttons[1] == ["id": "unsub", "label": "Unsubscribe", "action": "open_app"])
    #expect(
      result.error.contains(
        "<stdin>:/body/action_buttons/1/url: warning: button 'Unsubscribe' links to 'JavaScript:alert(document.cookie)', whose scheme 'javascript' runs script in the web view that opens it; the link is removed: the button opens the app [pass.unsafe-url-scheme]"
      ))
  }

  @Test(arguments: [
    "apns", "onesignal", "braze", "iterable", "airship", "acoustic", "customerio", "ir",
  ])
  func noTargetReceivesTheUnsafeLink(_ target: String) {
    let result = run(
      ["convert", "-f", "klaviyo", "-t", target],
      input: Self.javascriptButton.replacingOccurrences(of: "shop://home", with: "vbscript:x"))
    #expect(result.code == .success, "\(result.error)")
    #expect(!result.output.lowercased().contains("script:"))
    #expect(result.error.contains("[pass.unsafe-url-scheme]"))
  }

  @Test func failOnLossyRefusesAnUnsafeLinkAndWritesNothing() {
    let result = run(
      ["convert", "-f", "klaviyo", "-t", "klaviyo", "--fail-on", "lossy"],
      input: Self.javascriptButton)
    #expect(result.code == .failed)
    #expect(result.output.isEmpty)
  }

  @Test(arguments: [["none"], ["check-urls"], ["fit-target"], ["check-urls", "resolve-fallbacks"]])
  func deselectingPassesNeitherLetsAnUnsafeLinkThroughNorRepeatsAWarning(_ passes: [String]) {
    let unsafe = run(
      ["convert", "-f", "klaviyo", "-t", "klaviyo", "--passes", passes.joined(separator: ",")],
      input: Self.javascriptButton)
    #expect(unsafe.code == .success)
    #expect(!unsafe.output.lowercased().contains("javascript"))
    #expect(unsafe.error.components(separatedBy: "[pass.unsafe-url-scheme]").count == 2)
    let invalid = run(
      ["convert", "-f", "klaviyo", "-t", "klaviyo", "--passes", passes.joined(separator: ",")],
      input: Self.invalidLink)
    #expect(invalid.code == .success)
    #expect(invalid.output.contains("shop://sale/{{code}}"))
    #expect(invalid.error.components(separatedBy: "[pass.invalid-url]").count == 2)
  }

  @Test func anInvalidLinkIsKeptWithAWarning() {
    let result = run(["convert", "-f", "klaviyo", "-t", "apns"], input: Self.invalidLink)
    #expect(result.code == .success)
    #expect(
      result.error.contains(
        "<stdin>:/url: warning: the tap action links to 'shop://sale/{{code}}', which is not a valid URL: it contains '{', which a URL must percent-encode; kept, but the phone may not open it [pass.invalid-url]"
      ))
    let strict = run(
      ["convert", "-f", "klaviyo", "-t", "klaviyo", "--fail-on", "warning"], input: Self.invalidLink
    )
    #expect(strict.code == .failed)
  }

  @Test func batchRemovesUnsafeLinksAndFailOnLossyNamesTheRecordsLine() {
    let input = [
      #"{"aps": {"alert": "a"}, "body": {"_k": "1"}, "url": "shop://ok"}"#,
      #"{"aps": {"alert": "b"}, "body": {"_k": "2"}, "url": "file:///etc/passwd"}"#,
    ].joined(separator: "\n")
    let lenient = run(["batch", "-f", "klaviyo", "-t", "klaviyo", "--compact", "-"], input: input)
    #expect(lenient.code == .success)
    let lines = lenient.output.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines[0].contains("shop://ok"))
    #expect(!lines[1].contains("file:"))
    let strict = run(
      ["batch", "-f", "klaviyo", "-t", "klaviyo", "--compact", "--fail-on=lossy", "-"],
      input: input)
    #expect(strict.code == .failed)
    #expect(strict.output.split(separator: "\n").last == "null")
    #expect(
      strict.error.contains("<stdin>:2:/url: warning: the tap action links to 'file:///etc/passwd'")
    )
  }

  /// A format without link rules of its own still gets check-urls' findings, as
  /// `convert` reports them.
  @Test func validateReportsWhatCheckURLsFinds() {
    let payload =
      #"{"notification-action": {"type": "url", "value": "not a url"}, "aps": {"alert": "x"}}"#
    let result = run(["validate", "-f", "acoustic"], input: payload)
    #expect(
      result.error.contains(
        "<stdin>:/notification-action: warning: the tap action links to 'not a url', which is not a valid URL: it contains a space; kept, but the phone may not open it [pass.invalid-url]"
      ), "\(result.error)")
  }

  @Test func validateRefusesInvalidAndUnsafeLinksOfTheSpec() {
    let payload = #"""
      {"aps": {"alert": "x", "mutable-content": 1},
       "body": {"_k": "k", "url": "not a url",
         "action_buttons": [{"id": "a", "label": "A", "url": "data:text/html,<b>hi</b>"}, {"id": "b", "label": "B", "url": "shop://b"}]}}
      """#
    let result = run(["validate", "-f", "klaviyo"], input: payload)
    #expect(result.code == .failed)
    #expect(
      result.error.contains(
        "<stdin>:/body/url: error: 'body.url' must be a valid URL, but it contains a space [validate.invalid-url]"
      ))
    #expect(
      result.error.contains(
        "<stdin>:/body/action_buttons/0/url: error: 'body.action_buttons.0.url' has the scheme 'data', which carries an inline document instead of pointing at one: it is neither a universal link nor an app's own scheme [validate.invalid-url]"
      ))
    #expect(!result.error.contains("action_buttons/1/url"))
    // Said once, by the rule: not again by check-urls.
    #expect(!result.error.contains("[pass.invalid-url]"))
    #expect(!result.error.contains("[pass.unsafe-url-scheme]"))
    let valid = run(
      ["validate", "-f", "klaviyo"],
      input: payload.replacingOccurrences(of: "not a url", with: "shop://home")
        .replacingOccurrences(of: "data:text/html,<b>hi</b>", with: "https://shop.example/a"))
    #expect(valid.code == .success)
  }
}
