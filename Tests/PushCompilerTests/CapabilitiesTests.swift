import PropertyTesting
import PushIR
import Testing

@testable import PushCompiler

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

  /// `pushc formats` says which formats tell taps apart by button id, which dial
  /// through a `tel:` link, which bring the app forward for a link button and which
  /// attach only some media file types, as fit-target acts on them.
  @Test func theSummarySaysWhatFitTargetActsOn() {
    for format in Vendors.all where format.id != IRFormat().id {
      let capabilities = format.capabilities
      #expect(
        capabilities.summaryLines[0].contains("told by its id")
          == capabilities.buttonIDsIdentifyTaps,
        "\(format.id)")
      #expect(
        capabilities.summaryLines[1].contains("tel: link") == capabilities.dialsThroughTelLink,
        "\(format.id)")
      #expect(
        capabilities.summaryLines[1].contains("brings the app forward")
          == capabilities.linkButtonsNeedForeground, "\(format.id)")
      #expect(
        capabilities.summaryLines[4].contains(" files)")
          == (capabilities.mediaFileExtensions != nil), "\(format.id)")
    }
    #expect(Klaviyo().capabilities.summaryLines[0].contains("told by its id"))
    #expect(Acoustic().capabilities.summaryLines[1].contains("tel: link"))
    #expect(Iterable().capabilities.summaryLines[1].contains("brings the app forward"))
    #expect(OneSignal().capabilities.summaryLines[4].contains("only aiff, avi, gif"))
  }

  /// An unshared copy has storage of its own and the same values.
  @Test func anUnsharedCopyHasItsOwnStorageAndTheSameValues() {
    for format in Vendors.all {
      let capabilities = format.capabilities
      let copy = capabilities.unshared()
      #expect(!copy.sharesStorage(with: capabilities), "\(format.id)")
      #expect(copy.summaryLines == capabilities.summaryLines, "\(format.id)")
      #expect(copy.payloadLimit == capabilities.payloadLimit, "\(format.id)")
      #expect(copy.predefinedCategoriesOf == capabilities.predefinedCategoriesOf, "\(format.id)")
    }
  }

  /// A format that says its capabilities do not depend on the notification gives its
  /// declared ones for every notification and every emitter option, which is what lets
  /// a translation ask once; the formats that say they do, give others for some.
  @Test func capabilitiesDependOnTheNotificationOnlyWhereAFormatSaysSo() {
    var random = SeededRandom(seed: 7)
    let notifications = (0..<200).map { _ in PropertyFixtures.generator.notification(&random) }
    for format in Vendors.all {
      let optionSets: [Set<String>] = [[]] + format.emitOptions.map { [$0.name] }
      let varies = notifications.contains { notification in
        optionSets.contains { options in
          !format.capabilities(writing: notification, options: options)
            .sharesStorage(with: format.capabilities)
        }
      }
      #expect(varies == format.capabilitiesDependOnNotification, "\(format.id)")
    }
  }

  /// The bit masks fit-target asks agree with the sets they are kept beside, for every
  /// format's capabilities, the IR's, and a set changed in place.
  @Test func theKindMasksAgreeWithTheSets() {
    var changed = Klaviyo().capabilities
    changed.buttonActions.insert(.dial)
    changed.mediaKinds.remove(.gif)
    changed.urlDestinations = [.webView]
    for capabilities in Vendors.all.map(\.capabilities) + [.everything, changed] {
      for kind in Capabilities.ActionKind.allCases {
        #expect(
          capabilities.buttonActionMask.contains(kind) == capabilities.buttonActions.contains(kind))
        #expect(
          capabilities.defaultActionMask.contains(kind)
            == capabilities.defaultActions.contains(kind))
      }
      for destination in URLDestination.allCases {
        #expect(
          capabilities.urlDestinationMask.contains(destination)
            == capabilities.urlDestinations.contains(destination))
      }
      for kind in MediaKind.allCases {
        #expect(capabilities.mediaKindMask.contains(kind) == capabilities.mediaKinds.contains(kind))
      }
    }
  }

  /// `PredefinedCategory.named` tells identifiers apart by length first, exact only while
  /// every identifier is ASCII without the three characters other text can be
  /// canonically equivalent to.
  @Test func predefinedCategoryIdentifiersAreToldApartByLength() {
    for category in PredefinedCategory.all {
      #expect(category.identifier.utf8.allSatisfy { $0 < 0x80 && !"K;`".utf8.contains($0) })
      #expect(PredefinedCategory.named(IRText(category.identifier))?.vendor == category.vendor)
    }
    #expect(PredefinedCategory.named("com.klaviyo.category.yesNo\u{301}") == nil)
  }

  /// The buttons made once per predefined category, which expanding a category shares,
  /// are the category's own: same position, and each button's id, label, action and
  /// options in display order.
  @Test func expandedButtonsAreEachCategorysButtons() {
    #expect(PredefinedCategory.expandedButtons.count == PredefinedCategory.all.count)
    for (index, category) in PredefinedCategory.all.enumerated() {
      let expanded = PredefinedCategory.expandedButtons[index]
      // The first category of each name is found where it stands.
      let first = PredefinedCategory.all.firstIndex { $0.identifier == category.identifier }
      #expect(PredefinedCategory.position(named: IRText(category.identifier)) == first)
      #expect(expanded.map(\.id) == category.buttons.map { IRText($0.id) })
      #expect(expanded.map(\.label) == category.buttons.map { IRText($0.label) })
      #expect(expanded.map(\.action) == category.buttons.map(\.action))
      #expect(expanded.map(\.options) == category.buttons.map(\.options))
      #expect(expanded.allSatisfy { $0.icon == nil && $0.textInput == nil })
    }
  }
}
