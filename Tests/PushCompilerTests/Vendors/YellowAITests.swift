import PushCompiler
import PushIR
import Testing

@Suite struct YellowAITests {
  func translate(_ document: String, options: Set<String> = []) throws -> Translator.Result {
    var translator = Translator(from: IRFormat(), to: YellowAI())
    translator.options = options
    return translator.translate(try JSONReader.parse(Array(document.utf8)))
  }

  /// The app's data named like the device form's root keys: the API request's `payload`
  /// becomes that root, so both forms drop them rather than let the app read them as
  /// Yellow.ai's title, body or payload.
  @Test func customDataNamedLikeARootKeyIsDroppedInBothForms() throws {
    let document =
      #"{"irVersion": 1, "content": {"body": "B"}, "customData": {"title": "ct", "body": "cb", "payload": {"q": 1}, "order": 7}}"#
    for options: Set<String> in [[], ["device-form"]] {
      let result = try translate(document, options: options)
      let output = try #require(result.output)
      let carrier = options.isEmpty ? output["payload"] : output
      #expect(carrier?["order"] == 7)
      #expect(carrier?["title"] == nil)
      #expect(carrier?["payload"]?["q"] == nil)
      let dropped = result.diagnostics.filter { $0.code.name == "emit.dropped-field" }
      #expect(
        dropped.map(\.location) == [
          .ir("/customData/title"), .ir("/customData/body"), .ir("/customData/payload"),
        ])
    }
  }

  /// An empty `deeplink` opens nothing, in either form: it is reported where it was read,
  /// and a `botId` beside it is the bot flow the tap runs, as without a deep link.
  @Test func anEmptyDeepLinkLeavesTheTapToTheBot() throws {
    let documents = [
      (
        #"{"topic": "com.a", "title": "Hi", "payload": {"deeplink": "", "botId": "b"}}"#,
        "/payload/deeplink"
      ),
      (#"{"aps": {"alert": "Hi"}, "deeplink": "", "botId": "b"}"#, "/deeplink"),
      (
        #"{"aps": {"alert": "Hi"}, "payload": {"deeplink": "", "botId": "b"}}"#, "/payload/deeplink"
      ),
    ]
    for (document, location) in documents {
      var translator = Translator(from: YellowAI(), to: IRFormat())
      translator.settings = [:]
      let result = translator.translate(try JSONReader.parse(Array(document.utf8)))
      let ir = try #require(result.output)
      #expect(ir["defaultAction"]?["type"] == "botFlow", "\(document)")
      #expect(ir["defaultAction"]?["botID"] == "b", "\(document)")
      #expect(ir["extras"]?["yellowai"]?["botId"] == nil)
      let invalid = result.diagnostics.filter { $0.code == .invalidValue }
      #expect(invalid.map(\.message) == ["an empty 'deeplink' opens nothing; ignored"])
      #expect(invalid.map(\.location) == [.input(JSONPointer(location))])
    }
  }
}
