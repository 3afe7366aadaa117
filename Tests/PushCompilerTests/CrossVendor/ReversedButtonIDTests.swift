import PushCompiler
import PushIR
import Testing

/// Two buttons a parse reverses into the order shown (OneSignal, Klaviyo's draft) and
/// that share an id: the second in the payload is the repeat, warned at and renamed, on
/// every way to the target: directly, from inside an FCM message, and where `--passes`
/// leaves fit-target to the emitter.
@Suite struct ReversedButtonIDTests {
  static let oneSignal =
    #"{"aps": {"alert": "hi", "mutable-content": 1}, "custom": {"i": "n1"}, "buttons": [{"i": "x", "n": "A"}, {"i": "x", "n": "B"}]}"#

  /// The renamed button, the place of the rename, and the output's ids (shown order).
  func renaming(_ payload: String, from source: any VendorFormat, pipeline: Pipeline = .standard)
    throws -> (message: String?, place: DiagnosticLocation?, ids: [JSONValue?])
  {
    var translator = Translator(from: source, to: Klaviyo())
    translator.settings = ["_k": "K"]
    translator.pipeline = pipeline
    let result = translator.translate(try JSONReader.parse(Array(payload.utf8)))
    let renamed = result.diagnostics.first { $0.code.name == "fit.renamed-button" }
    let buttons = result.output?["body"]?["action_buttons"]?.arrayValue ?? []
    return (renamed?.message, renamed?.location, buttons.map { $0["id"] })
  }

  @Test func oneSignalToKlaviyoRenamesTheSecondInThePayload() throws {
    let found = try renaming(Self.oneSignal, from: OneSignal())
    #expect(found.message?.hasPrefix("button 'B' repeats the id 'x' of button 'A'") == true)
    #expect(found.place == .input("/buttons/1"))
    #expect(found.ids == ["x-2", "x"])
  }

  @Test func insideAnFCMMessageTheSameButtonIsRenamed() throws {
    let message = #"{"message": {"token": "t", "apns": {"payload": \#(Self.oneSignal)}}}"#
    let found = try renaming(message, from: FCM())
    #expect(found.message?.hasPrefix("button 'B' repeats the id 'x' of button 'A'") == true)
    #expect(found.place == .input("/message/apns/payload/buttons/1"))
    #expect(found.ids == ["x-2", "x"])
  }

  @Test func fitTargetLeftToTheEmitterRenamesTheSameButton() throws {
    let draft =
      #"{"aps": {"mutable-content": 1}, "body": {"_k": "k", "action_buttons": [{"id": "x", "label": "A", "url": "app://a"}, {"id": "x", "label": "B", "url": "app://b"}]}}"#
    let pipeline = try Pipeline.standard.selecting(["normalize-shapes"]).get()
    let found = try renaming(draft, from: Klaviyo(), pipeline: pipeline)
    #expect(found.message?.hasPrefix("button 'B' repeats the id 'x' of button 'A'") == true)
    #expect(found.place == .input("/body/action_buttons/1"))
    #expect(found.ids == ["x-2", "x"])
  }
}
