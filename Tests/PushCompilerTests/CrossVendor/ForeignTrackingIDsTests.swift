import PushCompiler
import PushIR
import Testing

/// A notification or campaign id reaches only the format whose service issued it
/// (`Specs/ir.md`, tracking).
@Suite struct ForeignTrackingIDsTests {
  static let cleverTap =
    #"{"aps": {"alert": "x"}, "W$id": "1591036839_20200601", "wzrk_id": "1591036839_20200601"}"#
  static let klaviyo = #"{"aps": {"alert": "x"}, "body": {"_k": "01KA"}}"#

  func translate(
    _ payload: String, from source: String, to target: String, options: Set<String> = [],
    settings: [String: String] = [:]
  ) throws -> Translator.Result {
    var translator = Translator(from: Vendors.named(source)!, to: Vendors.named(target)!)
    translator.options = options
    translator.settings = settings
    return translator.translate(try JSONReader.parse(Array(payload.utf8)))
  }

  @Test func anotherVendorsCampaignIDIsDroppedAndReported() throws {
    let result = try translate(Self.cleverTap, from: "clevertap", to: "braze")
    let output = try #require(result.output)
    #expect(output["campaign_id"] == nil)
    #expect(
      result.diagnostics.contains {
        $0.code == .droppedField
          && $0.message
            == "the campaign id '1591036839_20200601' was issued by clevertap and names nothing at braze; dropped"
          && $0.location == .input("/W$id")
      })
  }

  /// The target then asks for its own, as for a source without one.
  @Test func aTargetThatRequiresOneAsksForItsOwn() throws {
    let refused = try translate(Self.cleverTap, from: "clevertap", to: "dfinery")
    #expect(refused.output == nil)
    #expect(refused.diagnostics.codes.contains("emit.missing-field"))
    let given = try translate(
      Self.cleverTap, from: "clevertap", to: "dfinery",
      settings: ["c_id": "d-1", "s_id": "s", "u_id": "u"])
    #expect(given.output?["dfn"]?["c_id"] == "d-1")
  }

  @Test func theIssuersOwnFormatKeepsThem() throws {
    #expect(
      try translate(Self.cleverTap, from: "clevertap", to: "clevertap").output?["W$id"] != nil)
    let wrapped = try translate(
      Self.klaviyo, from: "klaviyo", to: "fcm", options: ["inner=klaviyo"],
      settings: ["token": "t"])
    let payload = try #require(wrapped.output?["message"]?["apns"]?["payload"])
    #expect(payload["body"]?["_k"] == "01KA")
    let unwrapped = try translate(
      JSONWriter(style: .compact).string(try #require(wrapped.output)), from: "fcm", to: "klaviyo")
    #expect(unwrapped.output?["body"]?["_k"] == "01KA")
  }

  /// The IR written keeps the issuer, so the detour drops what the direct way drops; a
  /// document without one has its ids taken as the target's.
  @Test func theIRKeepsTheIssuer() throws {
    let ir = try #require(try translate(Self.cleverTap, from: "clevertap", to: "ir").output)
    #expect(ir["tracking"]?["issuer"] == "clevertap")
    let detour = try translate(JSONWriter(style: .compact).string(ir), from: "ir", to: "braze")
    #expect(detour.output?["campaign_id"] == nil)
    let given = try translate(
      #"{"irVersion": 1, "content": {"body": "x"}, "tracking": {"campaignID": "c-1"}}"#,
      from: "ir", to: "braze")
    #expect(given.output?["campaign_id"] == "c-1")
  }

  /// A format that says its issuers do not depend on the extras answers the same
  /// whatever they and the options are: a translation asks it once.
  @Test func issuersThatClaimToBeFixedAre() {
    func inner(_ id: String) -> VendorExtras {
      ["fcm": JSONObject([.init(key: "@inner", value: .string(id))])]
    }
    let extras: [VendorExtras] = [
      [:], inner("klaviyo"), inner("onesignal"),
      ["klaviyo": JSONObject([.init(key: "x", value: 1)])],
    ]
    let options: [Set<String>] = [[], ["inner=clevertap"], ["device-form"]]
    for format in Vendors.all where !format.trackingIssuerDependsOnExtras {
      let read = format.issuerOfTrackingIDs(readWith: [:])
      let written = format.issuerOfTrackingIDs(writingWith: [:], options: [])
      for extras in extras {
        #expect(format.issuerOfTrackingIDs(readWith: extras) == read, "\(format.id)")
        for options in options {
          #expect(
            format.issuerOfTrackingIDs(writingWith: extras, options: options) == written,
            "\(format.id)")
        }
      }
    }
    #expect(FCM().issuerOfTrackingIDs(readWith: inner("klaviyo")) == "klaviyo")
    #expect(
      FCM().issuerOfTrackingIDs(writingWith: [:], options: ["inner=onesignal"]) == "onesignal")
  }
}
