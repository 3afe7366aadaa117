import PushCompiler
import PushIR
import Testing

/// What Acoustic's buttons are written with.
@Suite struct AcousticTests {
  /// A button opens the app only with the foreground option (the SDK builds the
  /// category's actions with the options the payload gives): a Dismiss that now opens
  /// the app, as reported, carries it.
  @Test func aDismissThatNowOpensTheAppIsAForegroundButton() throws {
    let payload =
      #"{"aps": {"alert": {"title": "T", "body": "B"}, "category": "com.klaviyo.category.viewDismiss", "mutable-content": 1}, "body": {"_k": "k1", "url": "https://shop.example/default", "actions": {"com.klaviyo.action.view": {"url": "https://shop.example/view"}}}}"#
    let result = Translator(from: Klaviyo(), to: Acoustic()).translate(
      try JSONReader.parse(Array(payload.utf8)))
    let buttons = try #require(result.output?["category-actions"]?.arrayValue)
    let dismiss = try #require(buttons.first { $0["name"] == "Dismiss" })
    #expect(
      dismiss == ["name": "Dismiss", "type": "openApp", "foreground": true, "destructive": true])
    #expect(
      result.diagnostics.contains {
        $0.code == .changedAction && $0.message.contains("'Dismiss' now opens the app")
      })
  }
}
