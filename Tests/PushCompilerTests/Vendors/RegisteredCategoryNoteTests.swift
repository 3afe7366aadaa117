import PushCompiler
import PushIR
import Testing

/// A target whose SDK registers no categories writes another vendor's predefined category
/// as named: that vendor's SDK registered it, not the app, so its buttons show only if
/// the app registers it too, and the output says so as Braze's and Airship's do.
@Suite struct RegisteredCategoryNoteTests {
  /// The targets that write a named category as it is, their SDK registering none.
  static let targets: [any VendorFormat] = [CustomerIO(), Expo(), FCM(), APNs(), CleverTap()]

  func convert(_ payload: String, from source: any VendorFormat, to target: any VendorFormat)
    throws -> Translator.Result
  {
    var translator = Translator(from: source, to: target)
    translator.settings = ["to": "ExponentPushToken[t]", "token": "t", "W$id": "c"]
    return translator.translate(try JSONReader.parse(Array(payload.utf8)))
  }

  static func ir(category: String) -> String {
    #"{"irVersion": 1, "content": {"body": "B"}, "category": {"identifier": "\#(category)"}}"#
  }

  @Test(arguments: targets.map(\.id))
  func anotherVendorsPredefinedCategoryIsNoted(_ targetID: String) throws {
    let target = try #require(Vendors.named(targetID))
    let result = try convert(
      Self.ir(category: "com.klaviyo.category.yesNo"), from: IRFormat(), to: target)
    let notes = result.diagnostics.filter { $0.code == .registeredCategory }
    #expect(notes.count == 1)
    #expect(
      notes.first?.message.hasPrefix(
        "'com.klaviyo.category.yesNo' is one of klaviyo's predefined categories, which no released klaviyo SDK registers: with "
      ) == true)
    #expect(
      notes.first?.message.hasSuffix("its buttons show only if the app registered it") == true)
  }

  /// Read from Braze, its default category is noted where the input named it.
  @Test func aBrazeDefaultCategoryForCustomerIOIsNotedWhereItWasRead() throws {
    let result = try convert(
      #"{"aps": {"alert": "x", "category": "ab_cat_accept_decline"}, "ab": {"c": "c1"}}"#,
      from: Braze(), to: CustomerIO())
    #expect(result.output?["aps"]?["category"] == "ab_cat_accept_decline")
    let note = try #require(result.diagnostics.first { $0.code == .registeredCategory })
    #expect(note.location == .input("/aps/category"))
    #expect(
      note.message
        == "'ab_cat_accept_decline' is one of braze's predefined categories, which braze's SDK registers: with customerio its buttons show only if the app registered it"
    )
  }

  /// A category of the app's own is written as the app named it, without a note.
  @Test(arguments: targets.map(\.id))
  func theAppsOwnCategoryIsNotNoted(_ targetID: String) throws {
    let target = try #require(Vendors.named(targetID))
    let result = try convert(Self.ir(category: "EVENT_INVITE"), from: IRFormat(), to: target)
    #expect(!result.diagnostics.contains { $0.code == .registeredCategory })
  }
}
