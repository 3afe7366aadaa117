import PushIR

/// The IR's own versioned JSON form, as a format: `--to ir` shows what pushc understood,
/// `--from ir` feeds an edited or generated IR back in.
public struct IRFormat: VendorFormat {
  public init() {}

  public var id: String { "ir" }
  public var summary: String {
    "pushc's canonical notification IR (versioned JSON, irVersion \(PushNotification.irVersion))"
  }
  public var capabilities: Capabilities { .everything }

  /// An IR document's ids are taken as the target's own: whoever wrote it said so.
  public func issuerOfTrackingIDs(readWith extras: VendorExtras) -> String? { nil }
  /// The IR keeps every id, whoever issued it.
  public func issuerOfTrackingIDs(writingWith extras: VendorExtras, options: Set<String>)
    -> String?
  { nil }

  /// The formats whose own service issues the ids they read (not the IR, nor FCM, whose
  /// ids are its inner payload's): what an IR document's `issuer` may name.
  private static let issuers = Vendors.all.filter {
    $0.issuerOfTrackingIDs(readWith: [:]) == $0.id
  }.map(\.id)

  /// The members of each vendor's extras that Specs/ir.md gives a shape: the layout hints
  /// and the containers the emitters read members from. Any other shape is refused
  /// (`input.invalid-ir`), rather than used unchecked or dropped without a word. Made for
  /// each IR document read, not held: a global's indirect enum cases are boxes the leak
  /// checker cannot trace through their tagged references, and reading the IR is no
  /// batch's hot path.
  static var extrasShapes: [String: [String: ExtrasShape]] {
    [
      "acoustic": [
        Acoustic.Key.attribution: .object, Acoustic.Key.categoryInAPSHint: .flag,
        Acoustic.Key.numericMailingIDHint: .flag, Acoustic.Key.categoryReplacedHint: .flag,
      ],
      "airship": [
        Airship.Key.spellingHint: .objectOf(.text), Airship.Key.tapActionsExtras: .object,
        Airship.Key.buttonActionsExtras: .objectOf(.object), Airship.Key.mediaExtras: .object,
        Airship.Key.alertExtras: .objectOf(.textOrNull),
        Airship.Key.tapLandingPageExtras: .object,
        Airship.Key.landingPageExtras: .objectOf(.object),
        Airship.Key.tapSpellingHint: .text,
      ],
      "braze": [
        PayloadForm.deviceFormHint: .flag, Braze.Key.abExtras: .object,
        Braze.Key.requestExtras: .object, Braze.Key.messagesExtras: .object,
        Braze.Key.applePushExtras: .members([Braze.Key.alert: .object]),
      ],
      "clevertap": [
        CleverTap.Key.campaignKeyHint: .oneOf(CleverTapEmitter.campaignIDField.names),
        CleverTap.Key.attachesFirstSlideHint: .flag,
        CleverTap.Key.slider: .object,
      ],
      "customerio": [CustomerIO.Key.container: .object],
      "dfinery": [Dfinery.Key.clickAction: .object, Dfinery.Key.categoryHint: .text],
      "expo": [PayloadForm.deviceFormHint: .flag, Expo.Key.rootKeysHint: .texts],
      "fcm": [
        FCM.Key.innerHint: .oneOf(FCM.innerFormats.map(\.id)), FCM.Key.unwrappedHint: .flag,
        FCM.Key.dataHint: .texts, FCM.Key.notificationHint: .texts,
        FCM.Key.imageHint: .oneOf([FCM.Key.notification]), FCM.Key.notification: .object,
        FCM.Key.apns: .object, FCM.Key.request: .object,
      ],
      "iterable": [Iterable.Key.proofHint: .flag],
      "klaviyo": [
        Klaviyo.Key.body: .object, Klaviyo.Key.customDataInPairs: .texts,
        Klaviyo.Key.shippedSDKSkipsButtons: .text,
      ],
      "onesignal": [
        OneSignal.Key.attachments: .object, OneSignal.Key.osDataHint: .flag,
        OneSignal.Key.rootDataHint: .texts, OneSignal.Key.attachmentIDHint: .text,
      ],
      "yellowai": [PayloadForm.deviceFormHint: .flag],
    ]
  }

  public func evidence(in root: RootIndex) -> Evidence? {
    root["irVersion"] == nil
      ? nil : Evidence(.decisive, keys: ["/irVersion"], reason: "the IR's version member")
  }

  public func parse(_ payload: JSONValue, context: inout ParseContext) throws(TranslationError)
    -> PushNotification
  {
    let notification: PushNotification
    do {
      notification = try IRDecoder.decode(payload, extrasShapes: Self.extrasShapes)
    } catch {
      throw .unreadablePayload(Diagnostic(.invalidIR, error.message, at: .input(error.path)))
    }
    if let issuer = notification.tracking.issuer, !Self.issuers.contains(issuer) {
      let formats = Self.issuers.joined(separator: ", ")
      throw .unreadablePayload(
        Diagnostic(
          .invalidIR, "'\(issuer)' is not a format that issues ids; one of \(formats)",
          at: .input("/tracking/issuer")))
    }
    Airship.reportEntriesNamedTap(in: notification, context: &context)
    return notification
  }

  public func emit(_ notification: consuming PushNotification, context: inout EmitContext)
    throws(TranslationError) -> JSONValue
  {
    IREncoder.encode(notification)
  }
}
