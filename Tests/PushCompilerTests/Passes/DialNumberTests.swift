import PushCompiler
import PushIR
import Testing

/// A number the target's SDK dials through a `tel:` link of it (Acoustic), and the `tel:`
/// link other targets get: what cannot be in the link is left out, and a number that
/// leaves no link to dial is dropped.
@Suite struct DialNumberTests {
  func translate(_ tap: String?, button: String?, to target: any VendorFormat = Acoustic())
    throws -> Translator.Result
  {
    let tapMember = tap.map { #""defaultAction": {"type": "dial", "number": "\#($0)"}, "# } ?? ""
    let buttons =
      button.map {
        #", "buttons": [{"id": "call", "label": "Call", "action": {"type": "dial", "number": "\#($0)"}, "options": ["foreground"]}]"#
      } ?? ""
    let payload = #"{"irVersion": 1, \#(tapMember)"content": {"body": "x"}\#(buttons)}"#
    var translator = Translator(from: IRFormat(), to: target)
    translator.defaults = GoldenCase.defaults
    return translator.translate(try JSONReader.parse(Array(payload.utf8)))
  }

  /// A number of only whitespace would be written as the empty dial value, which the
  /// Acoustic reader refuses: the tap action is dropped, and so is the button.
  @Test func aNumberOfOnlyWhitespaceIsDropped() throws {
    let result = try translate(#"  \t "#, button: " ")
    let output = try #require(result.output, "\(result.diagnostics.codes)")
    #expect(output["notification-action"]?["type"] != "dial")
    #expect(output["category-actions"] == nil)
    let dropped = result.diagnostics.filter {
      $0.code.name == "fit.dropped-action" || $0.code.name == "fit.dropped-button"
    }
    #expect(dropped.map(\.code.name) == ["fit.dropped-action", "fit.dropped-button"])
    #expect(dropped.map(\.location) == [.ir("/defaultAction"), .ir("/buttons/0")])
    #expect(!result.diagnostics.contains { $0.code.name == "fit.changed-action" })
    #expect(
      Translator(from: Acoustic(), to: IRFormat()).translate(output).output != nil,
      "the output reads back")
  }

  /// Invisible format characters pasted into a number are left out with its spaces.
  @Test func invisibleFormatCharactersAreLeftOut() throws {
    let number = #"+1\u200E 555\u200B0100\u2060\uFEFF"#
    let result = try translate(number, button: number)
    let output = try #require(result.output, "\(result.diagnostics.codes)")
    #expect(output["notification-action"] == ["type": "dial", "value": "+15550100"])
    #expect(output["category-actions"]?.arrayValue?.first?["value"] == "+15550100")
    #expect(result.diagnostics.filter { $0.code.name == "fit.changed-action" }.count == 2)
  }

  /// Without a space, a format character alone is left out all the same.
  @Test func aFormatCharacterWithoutSpacesIsLeftOut() throws {
    let result = try translate(#"\u200E+15550100"#, button: nil)
    let output = try #require(result.output, "\(result.diagnostics.codes)")
    #expect(output["notification-action"] == ["type": "dial", "value": "+15550100"])
    #expect(result.diagnostics.contains { $0.code.name == "fit.changed-action" })
  }

  /// The `tel:` link of a target without dialling is made by the same rule.
  @Test func theTelLinkLeavesThemOutToo() throws {
    let result = try translate(nil, button: #"+1\u200E 555\u200B0100"#, to: Klaviyo())
    let buttons = try #require(result.output?["body"]?["action_buttons"]?.arrayValue)
    #expect(buttons.first?["url"] == "tel:+15550100")
  }

  /// A number whose `tel:` link is still not parseable (a control character) is dropped.
  @Test func aNumberLeavingNoParseableLinkIsDropped() throws {
    let result = try translate(#"+1555\u00010100"#, button: #"+1555\u007F0100"#)
    let output = try #require(result.output, "\(result.diagnostics.codes)")
    #expect(output["notification-action"]?["type"] != "dial")
    #expect(output["category-actions"] == nil)
    #expect(result.diagnostics.contains { $0.code.name == "fit.dropped-action" })
    #expect(result.diagnostics.contains { $0.code.name == "fit.dropped-button" })
  }

  /// A target without dialling gets the `tel:` link of the number: one of only spaces
  /// would be the bare `tel:`, which dials nothing, so the action is dropped there too.
  @Test func aTelLinkOfNoNumberIsNotMade() throws {
    let result = try translate("   ", button: " ", to: Klaviyo())
    let output = try #require(result.output, "\(result.diagnostics.codes)")
    #expect(output["url"] == nil)
    #expect(output["body"]?["action_buttons"] == nil)
    let dropped = result.diagnostics.filter {
      $0.code.name == "fit.dropped-action" || $0.code.name == "fit.dropped-button"
    }
    #expect(dropped.map(\.location) == [.ir("/defaultAction"), .ir("/buttons/0")])
    #expect(dropped.allSatisfy { $0.message.contains("klaviyo dials through a 'tel:' link") })
  }
}
