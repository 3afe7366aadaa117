import PushCompiler
import PushIR
import Testing

@Suite struct CustomerIOTests {
  func convert(_ payload: String, to target: any VendorFormat) throws -> Translator.Result {
    Translator(from: CustomerIO(), to: target).translate(try JSONReader.parse(Array(payload.utf8)))
  }

  static let delivered =
    #"{"aps": {"alert": "x", "mutable-content": 1}, "CIO-Delivery-ID": "d-1", "CIO-Delivery-Token": "t-1", "CIO": {"push": {"link": "app://a", "image": "https://x.example/a.gif"}}, "k": 1}"#

  @Test func theDeliveryKeysStayWithCustomerIOAndAreReportedElsewhere() throws {
    let same = try #require(try convert(Self.delivered, to: CustomerIO()).output)
    #expect(same["CIO-Delivery-ID"] == "d-1" && same["CIO-Delivery-Token"] == "t-1")
    #expect(same["CIO"]?["push"]?["image"] == "https://x.example/a.gif")
    #expect(same["k"] == 1)
    let other = try convert(Self.delivered, to: APNs())
    #expect(other.output?["CIO-Delivery-ID"] == nil)
    #expect(
      other.diagnostics.contains {
        $0.code == .droppedExtra && $0.message.contains("'CIO-Delivery-ID'")
      })
  }

  @Test func linkAndImageBecomeTheTapAndTheMedium() throws {
    let ir = try #require(try convert(Self.delivered, to: IRFormat()).output)
    #expect(ir["defaultAction"]?["url"] == "app://a")
    #expect(ir["defaultAction"]?["destination"] == "app")
    #expect(ir["media"]?.arrayValue?.first?["kind"] == "gif")
  }

  @Test func oneDeliveryKeyAloneIsReported() throws {
    let result = try convert(
      #"{"aps": {"alert": "x"}, "CIO-Delivery-Token": "t", "CIO": {}}"#, to: IRFormat())
    #expect(result.diagnostics.codes.contains("parse.incomplete"))
    let composer = try convert(#"{"aps": {"alert": "x"}, "CIO": {"push": {}}}"#, to: IRFormat())
    #expect(composer.diagnostics.codes.isEmpty)
  }

  /// Only Customer.io's service adds the delivery keys, so an output with no `CIO` (no
  /// link, no image) is written with a warning that the SDK ignores it without them.
  @Test func anOutputWithoutCIOOrDeliveryKeysIsWarned() throws {
    let plain = Translator(from: APNs(), to: CustomerIO()).translate(
      try JSONReader.parse(Array(#"{"aps": {"alert": "hi"}}"#.utf8)))
    #expect(plain.output != nil)
    let warning = try #require(plain.diagnostics.first { $0.code.name == "emit.missing-marker" })
    #expect(warning.code.severity == .warning)
    #expect(warning.location == .output(.root))
    let linked = try convert(
      #"{"aps": {"alert": "hi"}, "CIO": {"push": {"link": "app://a"}}}"#, to: CustomerIO())
    #expect(linked.output?["CIO"] != nil)
    #expect(!linked.diagnostics.codes.contains("emit.missing-marker"))
    // Delivery keys kept from an IR document count only as the SDK reads them: strings.
    let numbers = Translator(from: IRFormat(), to: CustomerIO()).translate(
      try JSONReader.parse(
        Array(
          #"{"irVersion": 1, "content": {"body": "b"}, "extras": {"customerio": {"CIO-Delivery-ID": 5, "CIO-Delivery-Token": 6}}}"#
            .utf8)))
    #expect(numbers.diagnostics.codes.contains("emit.missing-marker"))
  }
}
