import PushCompiler
import Testing

/// Capabilities share their values between copies: changing one copy leaves every
/// other as it was.
@Suite struct CapabilitiesTests {
  @Test func changingACopyLeavesTheOriginal() {
    let original = Klaviyo().capabilities
    var changed = original
    changed.maxButtons = 0
    changed.buttonActions.insert(.dial)
    changed.browserSchemes = nil
    changed.payloadLimit = nil
    #expect(original.maxButtons == 3 && Klaviyo().capabilities.maxButtons == 3)
    #expect(!original.buttonActions.contains(.dial) && changed.buttonActions.contains(.dial))
    #expect(original.browserSchemes != nil && original.payloadLimit == 4096)
    #expect(changed.maxButtons == 0 && changed.browserSchemes == nil && changed.payloadLimit == nil)
    #expect(original.summaryLines == Klaviyo().capabilities.summaryLines)
    #expect(original.summaryLines != changed.summaryLines)
  }
}
