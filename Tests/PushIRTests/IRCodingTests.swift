import PushIR
import Testing

@Suite struct IRCodingTests {
  static func sample() -> PushNotification {
    var notification = PushNotification()
    notification.content.title = "Title"
    notification.content.body = "Body"
    notification.content.titleLocalization = LocalizedText(key: "T", arguments: ["x"])
    notification.content.sound = NotificationSound(
      name: "ping.caf", isCritical: true, volume: JSONNumber(lexeme: "0.5"))
    notification.content.badge = JSONNumber(3)
    notification.content.threadID = "thread"
    notification.content.interruptionLevel = "passive"
    notification.content.relevanceScore = JSONNumber(lexeme: "0.25")
    notification.content.launchImage = "launch.png"
    notification.content.targetContentID = "window"
    notification.content.filterCriteria = "work"
    var item = MediaItem(url: "https://x/a.gif", kind: .gif, typeHint: "gif")
    item.caption = "c"
    item.subcaption = "s"
    item.altText = "alt"
    item.action = .openURL("app://a", .webView)
    notification.media = [item, MediaItem(url: "https://x/b.mp3", kind: .audio)]
    notification.mediaPresentation = .carouselAuto
    notification.defaultAction = .dial("+1555")
    notification.buttons = [
      ActionButton(
        id: "a", label: "A", action: .botFlow(botID: "b", journey: nil), icon: .templateImage("t")),
      ActionButton(
        id: "b", label: "B", action: .custom(name: "n", data: ["k": [1]]),
        icon: .systemImage("star"),
        options: [.destructive, .authenticationRequired],
        textInput: TextInput(buttonTitle: "Send", placeholder: "…")),
      ActionButton(id: "c", label: "C", action: .inboxMessage("m"), options: []),
      ActionButton(id: "d", label: "D", action: .sameAsDefault),
      ActionButton(id: "e", label: "E", action: .dismiss),
      ActionButton(id: "f", label: "F", action: .openApp),
    ]
    notification.category = NotificationCategory(
      identifier: "CAT",
      actionTargets: [.init(actionID: "a", action: .openURL("https://x", .browser))])
    notification.delivery.contentAvailable = true
    notification.delivery.mutableContent = true
    notification.tracking.notificationID = "n"
    notification.tracking.campaignID = "c"
    notification.tracking.isTest = false
    notification.customData = JSONObject([.init(key: "z", value: 1), .init(key: "a", value: "x")])
    notification.extras = [
      "klaviyo": JSONObject([.init(key: "k", value: true)]), "aps": JSONObject(),
    ]
    return notification
  }

  @Test func everyFieldSurvivesEncodeThenDecode() throws {
    let notification = Self.sample()
    let json = IREncoder.encode(notification)
    #expect(try IRDecoder.decode(json) == notification)
    let text = JSONWriter().bytes(json)
    #expect(try IRDecoder.decode(JSONReader.parse(text)) == notification)
  }

  /// A badge is read as vendors' readers read it: any whole number from 0, spelled as
  /// the integer it is; a fractional one is invalid IR.
  @Test func aBadgeIsAWholeNumberHoweverSpelled() throws {
    let decoded = try IRDecoder.decode(
      JSONReader.parse(Array(#"{"irVersion": 1, "content": {"badge": 1.0}}"#.utf8)))
    #expect(decoded.content.badge?.lexeme == "1")
    #expect(throws: IRDecodingError.self) {
      try IRDecoder.decode(
        JSONReader.parse(Array(#"{"irVersion": 1, "content": {"badge": 1.5}}"#.utf8)))
    }
  }

  /// An integer version too large for any integer type is an unsupported version, not a
  /// number of the wrong kind.
  @Test func aHugeIntegerVersionIsUnsupported() throws {
    let json = try JSONReader.parse(
      Array(#"{"irVersion": 10000000000000000000000000000000}"#.utf8))
    #expect {
      _ = try IRDecoder.decode(json)
    } throws: { error in
      (error as? IRDecodingError)?.message
        == "unsupported irVersion 10000000000000000000000000000000; this pushc reads version 1"
    }
  }

  /// A relevance score (or volume) is from 0 to 1 by its decimal value, not by the
  /// nearest `Double`: `1.00000000000000001` and `-1e-400` are outside.
  @Test(arguments: [
    ("1.00000000000000001", false), ("-1e-400", false), ("1e-400", true), ("1", true),
    ("1.000", true), ("10e-1", true), ("0.1e1", true), ("-0", true), ("0", true),
    ("2", false), ("0.5", true), ("-0.5", false), ("1e400", false), ("0e400", true),
    ("100e-2", true), ("101e-2", false), ("1e-99999999999999999999", true),
  ])
  func aRelevanceScoreIsFromZeroToOneExactly(_ lexeme: String, _ accepted: Bool) throws {
    let json = try JSONReader.parse(
      Array(#"{"irVersion": 1, "content": {"relevanceScore": \#(lexeme)}}"#.utf8))
    let decoded = try? IRDecoder.decode(json)
    #expect((decoded != nil) == accepted)
  }

  @Test func theFormStartsWithTheVersionAndOmitsEmptyFields() {
    let json = IREncoder.encode(PushNotification())
    #expect(json == ["irVersion": 1])
  }

  @Test(arguments: [
    (#"{"irVersion": 2}"#, "/irVersion"),
    (#"{}"#, ""),
    (#"{"irVersion": 1, "colour": "red"}"#, "/colour"),
    (#"{"irVersion": 1, "content": {"title": 5}}"#, "/content/title"),
    (
      #"{"irVersion": 1, "buttons": [{"id": "a", "label": "A", "action": {"type": "fly"}}]}"#,
      "/buttons/0/action/type"
    ),
    (
      #"{"irVersion": 1, "buttons": [{"id": "a", "label": "A", "action": {"type": "openApp"}, "options": ["loud"]}]}"#,
      "/buttons/0/options/0"
    ),
    (#"{"irVersion": 1, "media": [{"url": "u", "kind": "hologram"}]}"#, "/media/0/kind"),
    (#"{"irVersion": 1, "defaultAction": {"type": "openURL", "url": "u"}}"#, "/defaultAction"),
  ])
  func rejectsInvalidDocumentsNamingThePlace(_ text: String, _ path: String) throws {
    let json = try JSONReader.parse(Array(text.utf8))
    #expect {
      _ = try IRDecoder.decode(json)
    } throws: { error in
      (error as? IRDecodingError)?.path == JSONPointer(path)
    }
  }
}
