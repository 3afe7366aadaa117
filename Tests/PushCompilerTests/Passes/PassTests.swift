import PushCompiler
import PushIR
import Testing

/// Each pass is idempotent: running it on its own output changes and reports nothing.
@Suite struct PassTests {
  static let targets: [any VendorFormat] = Vendors.all

  static func samples() throws -> [PushNotification] {
    let payloads = [
      #"{"aps": {"alert": "x", "category": "com.klaviyo.category.yesNo"}, "body": {"_k": "a", "url": "app://d", "actions": {"com.klaviyo.action.yes": {"url": "app://y"}}}}"#,
      #"{"aps": {"alert": {"title": "t"}}, "body": {"_k": "a", "url": "app://d", "action_buttons": [{"id": "1", "label": "One"}, {"id": "2", "label": "Two", "icon": "star"}, {"id": "3", "label": "A label that is much too long to show"}, {"id": "4", "label": "Four"}]}, "rich-media": "https://x/a.png"}"#,
      #"{"aps": {"alert": "x", "category": "com.klaviyo.category.yesNo"}, "body": {"_k": "a", "url": "data:text/html,x", "actions": {"com.klaviyo.action.yes": {"url": "JavaScript:alert(1)"}}}, "rich-media": "file:///etc/hosts"}"#,
    ]
    var result: [PushNotification] = []
    for payload in payloads {
      var context = ParseContext()
      result.append(try Klaviyo().parse(JSONReader.parse(Array(payload.utf8)), context: &context))
    }
    return result
  }

  @Test func everyIRPassIsIdempotentForEveryTarget() throws {
    for target in Self.targets {
      for sample in try Self.samples() {
        for pass in Pipeline.standard.notificationPasses {
          var once = sample
          var context = PassContext(target: target)
          pass.run(on: &once, context: &context)
          var twice = once
          var again = PassContext(target: target)
          pass.run(on: &twice, context: &again)
          #expect(twice == once, "\(pass.name) for \(target.id) changed its own output")
          #expect(
            again.diagnostics.all.isEmpty,
            "\(pass.name) for \(target.id) reported on its own output")
        }
      }
    }
  }

  @Test func normalizeShapesIsIdempotent() throws {
    var payload = try JSONReader.parse(
      Array(
        #"{"aps": {"alert": "x", "mutable-content": true, "content-available": "0", "badge": "7"}}"#
          .utf8))
    var context = PassContext(target: nil)
    NormalizeShapes().run(on: &payload, context: &context)
    #expect(payload == ["aps": ["alert": ["body": "x"], "mutable-content": 1, "badge": 7]])
    #expect(context.diagnostics.all.count == 3)
    var again = PassContext(target: nil)
    let before = payload
    NormalizeShapes().run(on: &payload, context: &again)
    #expect(payload == before)
    #expect(again.diagnostics.all.isEmpty)
  }

  /// Each rewritable member alone is rewritten: the pass's first look at `aps`, which
  /// leaves the rest untouched, must not miss any of them.
  @Test(arguments: [
    #"{"alert": "x"}"#, #"{"badge": "7"}"#, #"{"mutable-content": true}"#,
    #"{"content-available": "1"}"#, #"{"mutable-content": "false"}"#,
    #"{"content-available": 0}"#, #"{"sound": "a", "mutable-content": "true"}"#,
    #"{"sound": {"critical": true, "name": "a"}}"#, #"{"sound": {"name": "a", "critical": "0"}}"#,
  ])
  func normalizeShapesRewritesEachShapeAlone(_ aps: String) throws {
    var payload = try JSONReader.parse(Array(#"{"aps": \#(aps), "k": 1}"#.utf8))
    let before = payload
    var context = PassContext(target: nil)
    NormalizeShapes().run(on: &payload, context: &context)
    #expect(payload != before)
    #expect(context.diagnostics.all.count == (aps.contains("alert") ? 0 : 1))
  }

  /// Every flag, `sound.critical` included, reads each spelling the same way: on is
  /// written as `1`, off is left out, and a spelling other than `1` is a note, not a
  /// `parse.invalid-value` warning.
  @Test(arguments: [
    (#"true"#, true), (#""1""#, true), (#""true""#, true), (#"1"#, true),
    (#"false"#, false), (#"0"#, false), (#""0""#, false), (#""false""#, false),
  ])
  func everyFlagReadsTheSameSpellingsAlike(_ spelled: String, _ on: Bool) throws {
    let payloads = [
      "content-available": #"{"aps": {"alert": "x", "content-available": \#(spelled)}}"#,
      "mutable-content": #"{"aps": {"alert": "x", "mutable-content": \#(spelled)}}"#,
      "critical":
        #"{"aps": {"alert": "x", "sound": {"critical": \#(spelled), "name": "a.caf", "volume": 0.5}}}"#,
    ]
    for (flag, payload) in payloads {
      let (code, streams) = runPushc(
        ["convert", "-f", "apns", "-t", "apns", "--compact"], input: payload)
      #expect(code == .success)
      let aps = try #require(try JSONReader.parse(streams.output)["aps"])
      let written = flag == "critical" ? aps["sound"]?["critical"] : aps[flag]
      #expect(written == (on ? 1 : nil), "\(flag) spelled \(spelled)")
      #expect(!streams.error.contains("parse.invalid-value"), "\(flag) spelled \(spelled)")
      let location = flag == "critical" ? "/aps/sound/critical" : "/aps/\(flag)"
      #expect(
        spelled == "1" || streams.error.contains("\(location): note: '\(flag)' spelled"),
        "\(flag) spelled \(spelled): \(streams.error)")
    }
  }

  /// The case a user found: a critical sound spelled `true` stays critical in Expo.
  @Test func criticalSoundSpelledTrueStaysCritical() throws {
    let (code, streams) = runPushc(
      ["convert", "-f", "apns", "-t", "expo", "--set", "to=x", "--compact"],
      input: #"{"aps":{"alert":"x","sound":{"critical":true,"name":"alarm.caf","volume":0.8}}}"#)
    #expect(code == .success)
    #expect(try JSONReader.parse(streams.output)["sound"]?["critical"] == true)
    #expect(!streams.error.contains("parse.invalid-value"))
  }

  @Test func fitTargetLowersToKlaviyo() throws {
    var notification = try Self.samples()[1]
    var context = PassContext(target: Klaviyo())
    ResolveFallbacks().run(on: &notification, context: &context)
    FitTarget().run(on: &notification, context: &context)
    #expect(notification.buttons.map(\.id) == ["1", "2", "3"])
    #expect(notification.buttons[2].label.string.count == 30)
    #expect(notification.buttons[2].label.string.hasSuffix("…"))
    #expect(context.diagnostics.codes.contains("fit.dropped-button"))
    #expect(context.diagnostics.codes.contains("fit.long-label"))
  }

  /// A tap link the change of a tap action makes (a dial's `tel:` link) is checked as a
  /// given one is: Klaviyo's SDK cannot open one holding a control character.
  @Test func aTapLinkMadeByFittingIsCheckedAsAGivenOne() {
    var notification = PushNotification()
    notification.defaultAction = .dial("555\u{1}1234")
    var context = PassContext(target: Klaviyo())
    FitTarget().run(on: &notification, context: &context)
    #expect(notification.defaultAction == nil)
    #expect(context.diagnostics.codes == ["fit.dropped-action"])
    var dialable = PushNotification()
    dialable.defaultAction = .dial("5551234")
    context = PassContext(target: Klaviyo())
    FitTarget().run(on: &dialable, context: &context)
    #expect(dialable.defaultAction?.url == "tel:5551234")
  }

  @Test func expandCategoriesOnlyForTargetsThatPreferDynamicButtons() throws {
    var forAPNs = try Self.samples()[0]
    var context = PassContext(target: APNs())
    ExpandCategories().run(on: &forAPNs, context: &context)
    #expect(forAPNs.buttons.isEmpty)
    #expect(forAPNs.category?.identifier == "com.klaviyo.category.yesNo")

    var forKlaviyo = try Self.samples()[0]
    context = PassContext(target: Klaviyo())
    ExpandCategories().run(on: &forKlaviyo, context: &context)
    #expect(forKlaviyo.category == nil)
    #expect(forKlaviyo.buttons.map(\.label) == ["Yes", "No"])
    #expect(forKlaviyo.buttons[0].action == .openURL("app://y", .app))
    #expect(forKlaviyo.buttons[1].action == .dismiss)
    #expect(forKlaviyo.buttons[1].options.isEmpty)
  }
}
