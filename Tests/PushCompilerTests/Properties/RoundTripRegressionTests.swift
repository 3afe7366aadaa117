import PushCompiler
import PushIR
import Testing

/// The smallest documents for the defects the round-trip properties found: each must
/// pass ``RoundTripCheck`` and raise the diagnostic that now reports what the target
/// changes (`code` at the IR path `path`), when one is named.
@Suite struct RoundTripRegressionTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let target: PropertyFixtures.Target
    let document: String
    var code: String? = nil
    var path: String? = nil
    var testDescription: String { "\(name) (\(target.testDescription))" }

    init(
      _ name: String, _ format: String, options: [String] = [], _ document: String,
      reports code: String? = nil, at path: String? = nil
    ) {
      self.name = name
      self.target = PropertyFixtures.Target(format: format, options: options)
      self.document = document
      self.code = code
      self.path = path
    }
  }

  static let cases: [Case] = [
    Case(
      "a carousel whose unsafe media leave fewer than two items", "klaviyo",
      #"{"irVersion":1,"media":[{"url":"data:image/png;base64,AA==","kind":"image"},{"url":"file:///a.png","kind":"image"}],"mediaPresentation":"carousel-auto"}"#,
      reports: "pass.unsafe-url-scheme", at: "/mediaPresentation"),
    Case(
      "the same carousel read back as IR", "ir",
      #"{"irVersion":1,"media":[{"url":"data:image/png;base64,AA==","kind":"image"},{"url":"file:///a.png","kind":"image"}],"mediaPresentation":"carousel-auto"}"#,
      reports: "pass.unsafe-url-scheme", at: "/mediaPresentation"),
    Case(
      "a dial lowered to a link without the number's spaces", "klaviyo",
      #"{"irVersion":1,"buttons":[{"id":"call","label":"Call","action":{"type":"dial","number":"+44 20 7946 0958"},"options":["foreground"]}]}"#,
      reports: "fit.changed-action", at: "/buttons/0/action"),
    Case(
      "a category action's web-view link for a target without web views", "iterable",
      #"{"irVersion":1,"category":{"identifier":"C","actionTargets":[{"actionID":"a","action":{"type":"openURL","url":"https://x.example/a","destination":"webView"}}]}}"#,
      reports: "fit.changed-action", at: "/category/actionTargets/0/action"),
    Case(
      "a media item's browser link a target that goes by the scheme opens in the app",
      "clevertap",
      #"{"irVersion":1,"media":[{"url":"https://x.example/a.jpg","kind":"image","caption":"A","action":{"type":"openURL","url":"shop://a","destination":"browser"}},{"url":"https://x.example/b.jpg","kind":"image"}]}"#,
      reports: "fit.changed-action", at: "/media/0/action"),
    Case(
      "a category action given twice", "airship",
      #"{"irVersion":1,"category":{"identifier":"C","actionTargets":[{"actionID":"a","action":{"type":"openURL","url":"shop://1","destination":"app"}},{"actionID":"a","action":{"type":"openURL","url":"shop://2","destination":"app"}}]}}"#,
      reports: "fit.dropped-action", at: "/category/actionTargets/1"),
    Case(
      "an image of a Yellow.ai API request turns mutable-content on", "yellowai",
      #"{"irVersion":1,"content":{"body":"b"},"media":[{"url":"https://x.example/a.jpg","kind":"image"}],"delivery":{"mutableContent":true}}"#
    ),
    Case(
      "a kept Yellow.ai bot id without a deep link", "yellowai", options: ["device-form"],
      #"{"irVersion":1,"content":{"body":"b"},"extras":{"yellowai":{"botId":"x1"}}}"#,
      reports: "emit.dropped-extra", at: "/extras/yellowai/botId"),
    Case(
      "a kept Yellow.ai topic in the device form", "yellowai", options: ["device-form"],
      #"{"irVersion":1,"content":{"body":"b"},"extras":{"yellowai":{"topic":"com.example"}}}"#,
      reports: "emit.dropped-field", at: "/extras/yellowai/topic"),
    Case(
      "a captioned video for CleverTap's slider of images", "clevertap",
      #"{"irVersion":1,"media":[{"url":"https://x.example/a.mp4","kind":"video","caption":"A"}]}"#,
      reports: "fit.dropped-media", at: "/media/0/caption"),
    Case(
      "an auto-playing carousel left with one slide", "clevertap",
      #"{"irVersion":1,"media":[{"url":"https://x.example/a.mp4","kind":"video"},{"url":"https://x.example/b.jpg","kind":"image","caption":"B"}],"mediaPresentation":"carousel-auto"}"#,
      reports: "fit.dropped-media", at: "/media/0"),
    Case(
      "two images without a presentation for CleverTap", "clevertap",
      #"{"irVersion":1,"media":[{"url":"https://x.example/a.jpg","kind":"image"},{"url":"https://x.example/b.jpg","kind":"image"}]}"#,
      reports: "emit.derived-value", at: "/mediaPresentation"),
    Case(
      "an untyped video URL for Acoustic, which iOS would not attach", "acoustic",
      #"{"irVersion":1,"media":[{"url":"https://x.example/clip","kind":"video"}]}"#,
      reports: "fit.dropped-media", at: "/media/0"),
    Case(
      "a video URL typed as an image for Acoustic", "acoustic",
      #"{"irVersion":1,"media":[{"url":"https://x.example/clip.jpg","kind":"video"}]}"#,
      reports: "emit.dropped-field", at: "/media/0/kind"),
    Case(
      "an untyped video URL for OneSignal", "onesignal",
      #"{"irVersion":1,"media":[{"url":"https://x.example/clip","kind":"video"}]}"#,
      reports: "emit.dropped-field", at: "/media/0/kind"),
    Case(
      "an untyped video URL for Customer.io", "customerio",
      #"{"irVersion":1,"media":[{"url":"https://x.example/clip","kind":"video"}]}"#,
      reports: "emit.dropped-field", at: "/media/0/kind"),
    Case(
      "an untyped video URL for FCM around APNs", "fcm",
      #"{"irVersion":1,"media":[{"url":"https://x.example/clip","kind":"video"}]}"#,
      reports: "emit.dropped-field", at: "/media/0/kind"),
    Case(
      "kept OneSignal attachments without media", "onesignal",
      #"{"irVersion":1,"content":{"body":"b"},"extras":{"onesignal":{"att":{"teaser":"https://x.example/t.mov"}}}}"#,
      reports: "emit.dropped-extra", at: "/extras/onesignal/att/teaser"),
    Case(
      "OneSignal's newer format without alert text", "onesignal", options: ["os-data-format"],
      #"{"irVersion":1,"content":{"sound":{"name":"default"}},"buttons":[{"id":"a","label":"A","action":{"type":"openApp"},"options":["foreground"]}],"category":{"identifier":"ua_share"}}"#,
      reports: "fit.dropped-button", at: "/buttons/0"),
    Case(
      "an empty subtitle in Expo's device form", "expo", options: ["device-form"],
      #"{"irVersion":1,"content":{"subtitle":"","body":"b"}}"#),
    Case(
      "a kept Expo token in the device form", "expo", options: ["device-form"],
      #"{"irVersion":1,"content":{"body":"b"},"extras":{"expo":{"to":"ExponentPushToken[x]"}}}"#,
      reports: "emit.dropped-field", at: "/extras/expo/to"),
    Case(
      "a deep link meant for Braze's web view", "braze",
      #"{"irVersion":1,"category":{"identifier":"C","actionTargets":[{"actionID":"a","action":{"type":"openURL","url":"shop://a","destination":"webView"}}]}}"#,
      reports: "fit.changed-action", at: "/category/actionTargets/0/action"),
    Case(
      "a kept Braze campaign id that is not the IR's", "braze",
      #"{"irVersion":1,"content":{"body":"b"},"tracking":{"campaignID":"new"},"extras":{"braze":{"request":{"campaign_id":"old","send_id":"s"}}}}"#,
      reports: "emit.dropped-extra", at: "/extras/braze/request/campaign_id"),
    Case(
      "a kept Airship link with no tap action", "airship",
      #"{"irVersion":1,"content":{"body":"b"},"extras":{"airship":{"actions":{"^u":"https://x.example/a","^c":"copied"}}}}"#,
      reports: "emit.dropped-extra", at: "/extras/airship/actions/^u"),
    Case(
      "a kept Airship alert title the IR lacks", "airship",
      #"{"irVersion":1,"content":{"body":"b"},"media":[{"url":"https://x.example/a.jpg","kind":"image"}],"extras":{"airship":{"alertWithoutMedia":{"title":"T","body":"B"}}}}"#,
      reports: "emit.dropped-extra", at: "/extras/airship/alertWithoutMedia/title"),
    Case(
      "kept Airship button actions without a category", "airship",
      #"{"irVersion":1,"content":{"body":"b"},"extras":{"airship":{"buttonActions":{"b":{"^c":"copied"}}}}}"#,
      reports: "emit.dropped-extra", at: "/extras/airship/buttonActions"),
    Case(
      "a kept Klaviyo '_k' object beside the IR's notification id", "klaviyo",
      #"{"irVersion":1,"content":{"body":"b"},"tracking":{"notificationID":"n1"},"extras":{"klaviyo":{"body":{"_k":{"m":"1"}}}}}"#,
      reports: "emit.dropped-extra", at: "/extras/klaviyo/body/_k"),
    Case(
      "an Iterable campaign id of 0", "iterable",
      #"{"irVersion":1,"content":{"body":"b"},"tracking":{"campaignID":"0"}}"#,
      reports: "emit.dropped-field", at: "/tracking/campaignID"),
    Case(
      "an Iterable campaign id with a leading zero", "iterable",
      #"{"irVersion":1,"content":{"body":"b"},"tracking":{"campaignID":"007"}}"#,
      reports: "emit.dropped-field", at: "/tracking/campaignID"),
    Case(
      "a kept FCM notification title the alert lacks", "fcm",
      #"{"irVersion":1,"content":{"body":"b"},"extras":{"fcm":{"notification":{"title":"Android"}}}}"#,
      reports: "emit.dropped-extra", at: "/extras/fcm/notification/title"),
    Case(
      "a kept FCM image without media", "fcm",
      #"{"irVersion":1,"content":{"body":"b"},"extras":{"fcm":{"apns":{"fcm_options":{"image":"https://x.example/a.png"}}}}}"#,
      reports: "emit.dropped-extra", at: "/extras/fcm/apns/fcm_options/image"),
    Case(
      "a kept FCM image that is not the media item", "fcm",
      #"{"irVersion":1,"media":[{"url":"https://x.example/b.png","kind":"image"}],"extras":{"fcm":{"apns":{"fcm_options":{"image":"https://x.example/a.png"}}}}}"#,
      reports: "emit.dropped-extra", at: "/extras/fcm/apns/fcm_options/image"),
  ]

  @Test(arguments: cases)
  func passesTheRoundTripCheck(_ regression: Case) throws {
    let notification = try IRDecoder.decode(JSONReader.parse(Array(regression.document.utf8)))
    let (problems, written) = RoundTripCheck(target: regression.target).problems(of: notification)
    #expect(problems.isEmpty, "\(problems)")
    guard let code = regression.code else { return }
    #expect(
      written.diagnostics.contains {
        $0.code.name == code && IRComparison.irPath($0)?.description == regression.path
      },
      "no \(code) at \(regression.path ?? ""): \(written.diagnostics.map(PropertyFixtures.describe))"
    )
  }
}
