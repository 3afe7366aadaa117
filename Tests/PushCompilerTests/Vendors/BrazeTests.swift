import PushCompiler
import PushIR
import Testing

/// Braze's REST request takes the send options and the alert key other formats hold for
/// APNs (`action_loc_key`, `collapse_id`, `apns_priority`, `expiry`).
@Suite struct BrazeTests {
  func translate(
    _ payload: String, from source: any VendorFormat, to target: any VendorFormat = Braze(),
    options: Set<String> = []
  ) throws -> Translator.Result {
    var translator = Translator(from: source, to: target)
    translator.options = options
    return translator.translate(try JSONReader.parse(Array(payload.utf8)))
  }

  /// The `apple_push` object of a request.
  func applePush(_ result: Translator.Result) -> JSONValue? {
    result.output?["messages"]?["apple_push"]
  }

  /// The messages of the warnings, by input location.
  func warnings(_ result: Translator.Result) -> [String: String] {
    var found: [String: String] = [:]
    for diagnostic in result.diagnostics where diagnostic.severity >= .warning {
      if case .input(let pointer) = diagnostic.location {
        found[pointer.description, default: ""] += diagnostic.message
      }
    }
    return found
  }

  @Test func anAPNsActionLocKeyBecomesTheAlertsActionLocKey() throws {
    let result = try translate(
      #"{"aps": {"alert": {"title": "T", "body": "B", "action-loc-key": "ALK"}}}"#, from: APNs())
    #expect(applePush(result)?["alert"] == ["title": "T", "body": "B", "action_loc_key": "ALK"])
    #expect(warnings(result).isEmpty)
  }

  @Test func expoDeliveryKeysBecomeTheRequestsSendOptions() throws {
    let result = try translate(
      #"{"to": "ExponentPushToken[a]", "title": "T", "body": "B", "expiration": 1700000000, "priority": "normal", "collapseId": "c1"}"#,
      from: Expo())
    let push = try #require(applePush(result))
    #expect(push["expiry"] == "2023-11-14T22:13:20Z")
    #expect(push["apns_priority"] == 5)
    #expect(push["collapse_id"] == "c1")
    #expect(Set(warnings(result).keys) == ["/to"])
  }

  @Test(arguments: [("high", 10), ("default", 10), ("normal", 5)])
  func expoPrioritiesAreAPNsPriorities(_ priority: String, _ apns: Int) throws {
    let result = try translate(
      #"{"to": "ExponentPushToken[a]", "body": "B", "priority": "\#(priority)"}"#, from: Expo())
    #expect(applePush(result)?["apns_priority"] == .number(JSONNumber(apns)))
  }

  @Test func anExpoTTLIsRelativeAndOutranksExpiration() throws {
    let result = try translate(
      #"{"to": "ExponentPushToken[a]", "body": "B", "ttl": 60, "expiration": 1700000000}"#,
      from: Expo())
    #expect(applePush(result)?["expiry"] == nil)
    let found = warnings(result)
    #expect(
      found["/ttl"]
        == "braze's 'expiry' takes a date and time, not expo's 'ttl' of 60 seconds from sending; dropped"
    )
    #expect(
      found["/expiration"]
        == "expo's 'expiration' has no effect beside its 'ttl', which takes precedence; dropped")
  }

  @Test func fcmAPNsHeadersBecomeTheRequestsSendOptions() throws {
    let result = try translate(
      #"{"message": {"token": "t", "apns": {"headers": {"apns-collapse-id": "c1", "apns-priority": "10", "apns-expiration": "1700000000", "apns-push-type": "alert"}, "payload": {"aps": {"alert": "B"}}}}}"#,
      from: FCM())
    let push = try #require(applePush(result))
    #expect(push["expiry"] == "2023-11-14T22:13:20Z")
    #expect(push["apns_priority"] == 10)
    #expect(push["collapse_id"] == "c1")
    let found = warnings(result)
    #expect(
      found["/message/apns/headers"]
        == "fcm's APNs header 'apns-push-type' has no place in braze's REST request; dropped")
  }

  @Test func anExpirationOfZeroHasNoDate() throws {
    let result = try translate(
      #"{"message": {"token": "t", "apns": {"headers": {"apns-expiration": "0"}, "payload": {"aps": {"alert": "B"}}}}}"#,
      from: FCM())
    #expect(applePush(result)?["expiry"] == nil)
    #expect(
      warnings(result)["/message/apns/headers"]
        == "fcm's 'apns-expiration' 0 (deliver once, never stored) is no date braze's 'expiry' can say; dropped"
    )
  }

  @Test func theSendOptionsSurviveBrazeToBraze() throws {
    let request =
      #"{"external_user_ids": ["u"], "messages": {"apple_push": {"alert": {"title": "T", "body": "B", "action_loc_key": "ALK"}, "expiry": "2023-11-14T22:13:20Z", "collapse_id": "c1", "apns_priority": 5}}}"#
    let same = try translate(request, from: Braze())
    #expect(same.output == (try JSONReader.parse(Array(request.utf8))))
    // Through the device form, the alert key stays (the send options are request headers).
    let device = try translate(request, from: Braze(), options: ["device-form"])
    #expect(device.output?["aps"]?["alert"]?["action-loc-key"] == "ALK")
    let back = try translate(
      JSONWriter().string(try #require(device.output)), from: Braze(), options: ["api-request"])
    #expect(applePush(back)?["alert"]?["action_loc_key"] == "ALK")
  }
}

extension BrazeTests {
  /// Braze's REST API refuses an `apple_push` whose alert has no body unless
  /// content-available is set: without one, nothing is written and the error names the
  /// field `--set body=…` or a defaults file gives; a silent push needs none, and the
  /// device form, what the phone receives, takes the alert as it is.
  @Test func theRequestNeedsAnAlertBodyUnlessContentAvailable() throws {
    let titleOnly = #"{"aps": {"alert": {"title": "Only title"}}}"#
    let refused = try translate(titleOnly, from: APNs())
    #expect(refused.output == nil)
    let missing = try #require(refused.diagnostics.first { $0.code == .missingField })
    #expect(missing.location == .output("/messages/apple_push/alert/body"))
    #expect(missing.message.hasPrefix("braze needs 'messages.apple_push.alert.body'"))
    #expect(try translate(#"{"aps": {"badge": 3}}"#, from: APNs()).output == nil)

    var translator = Translator(from: APNs(), to: Braze())
    translator.defaults = ["body": "Open the app for details"]
    let filled = translator.translate(try JSONReader.parse(Array(titleOnly.utf8)))
    #expect(
      applePush(filled)?["alert"] == ["title": "Only title", "body": "Open the app for details"])
    #expect(
      filled.diagnostics.contains {
        $0.code == .defaultValue && $0.location == .ir("/content/body")
          && $0.message.hasPrefix("'messages.apple_push.alert.body' (")
      })

    let silent = try translate(#"{"aps": {"content-available": 1}, "k": "v"}"#, from: APNs())
    #expect(applePush(silent)?["alert"] == nil && applePush(silent)?["content-available"] == true)
    let device = try translate(titleOnly, from: APNs(), options: ["device-form"])
    #expect(device.output?["aps"]?["alert"] == ["title": "Only title"])
  }
}

extension BrazeTests {
  /// `extra` lands at the root of what the phone receives, where Braze's SDK reads
  /// `ab_uri` as the tap's link: the request drops the app's keys of the names the device
  /// form keeps for Braze, as the device form does.
  @Test func extraKeepsNoKeyBrazeReadsAtTheRoot() throws {
    let payload =
      #"{"aps": {"alert": "hi"}, "ab_uri": "https://evil.example/", "ab_use_webview": true, "appboy_uninstall_tracking": "x", "k": "v"}"#
    for options: Set<String> in [[], ["device-form"]] {
      let result = try translate(payload, from: APNs(), options: options)
      let root = try #require(
        options.isEmpty ? applePush(result)?["extra"] : result.output, "\(options)")
      #expect(root["k"] == "v")
      for key in ["ab_uri", "ab_use_webview", "appboy_uninstall_tracking"] {
        #expect(root[key] == nil, "\(key) \(options)")
        #expect(
          result.diagnostics.contains {
            $0.code == .droppedField && $0.location == .input(JSONPointer.root.appending(key))
              && $0.message == "custom key '\(key)' would replace braze's own '\(key)'; dropped"
          }, "\(key) \(options): \(result.diagnostics)")
      }
    }
  }
}

extension BrazeTests {
  /// Braze takes eight file types, and its SDK saves the downloaded file under the one
  /// it is told: a file of another type is declared the kind's usual one, with a warning
  /// naming both; one of the eight (or its other spelling, `jpeg`) is written as it is.
  @Test(
    arguments: [
      ("a.webp", "image", "jpg"), ("a.heic", "image", "jpg"), ("a.mov", "video", "mp4"),
      ("a.aac", "audio", "mp3"), ("a.jpeg", "image", nil), ("a.wav", "audio", nil),
    ] as [(String, String, String?)])
  func anUnknownFileTypeIsDeclaredAsAnotherWithAWarning(
    _ file: String, _ kind: String, _ relabel: String?
  ) throws {
    let document =
      #"{"irVersion": 1, "content": {"body": "b"}, "media": [{"url": "https://x.example/\#(file)", "kind": "\#(kind)"}]}"#
    for options: Set<String> in [[], ["device-form"]] {
      let result = try translate(document, from: IRFormat(), options: options)
      let written =
        options.isEmpty
        ? applePush(result)?["asset_file_type"] : result.output?["ab"]?["att"]?["type"]
      let type = String(file.split(separator: ".").last!)
      #expect(written == .string(relabel ?? (type == "jpeg" ? "jpg" : type)), "\(options)")
      let warning = result.diagnostics.first {
        [.ir("/media/0"), .input("/media/0")].contains($0.location)
      }
      if let relabel {
        #expect(warning?.code == .droppedField)
        #expect(
          warning?.message
            == "braze takes no '\(type)' file type (only aif, gif, jpg, m4a, mp3, mp4, png, wav): the \(kind) 'https://x.example/\(file)' is declared '\(relabel)', the suffix the phone saves it under",
          "\(String(describing: warning))")
      } else {
        #expect(warning == nil, "\(String(describing: warning))")
      }
    }
  }
}

extension BrazeTests {
  /// Braze writes the request's `extra` at the root of what the phone receives, where the
  /// SDK reads `ab_uri` (with `ab_use_webview`) as the tap's link: without `custom_uri`,
  /// `extra.ab_uri` is the tap link, not the app's data.
  @Test func anABURIInExtraIsTheTapLink() throws {
    let request =
      #"{"messages": {"apple_push": {"alert": "hi", "extra": {"ab_uri": "https://shop.example/sale", "ab_use_webview": true, "k": "v"}}}}"#
    let read = try translate(request, from: Braze(), to: IRFormat())
    #expect(
      read.output?["defaultAction"]
        == ["type": "openURL", "url": "https://shop.example/sale", "destination": "webView"])
    #expect(read.output?["customData"] == ["k": "v"])
    #expect(warnings(read).isEmpty, "\(read.diagnostics)")
    let written = try translate(request, from: Braze())
    #expect(applePush(written)?["custom_uri"] == "https://shop.example/sale")
    #expect(applePush(written)?["use_webview"] == true)
    #expect(applePush(written)?["extra"] == ["k": "v"])
    #expect(warnings(written).isEmpty, "\(written.diagnostics)")
  }

  /// Without `ab_use_webview`, the link opens as the device form's `ab_uri` does: a web
  /// link in the browser.
  @Test func anABURIInExtraOpensAsOnThePhone() throws {
    let request =
      #"{"messages": {"apple_push": {"alert": "hi", "extra": {"ab_uri": "https://shop.example/sale"}}}}"#
    let read = try translate(request, from: Braze(), to: IRFormat())
    #expect(read.output?["defaultAction"]?["destination"] == "browser")
    #expect(read.output?["customData"] == nil)
  }

  /// `custom_uri` beside `extra.ab_uri`: both become the root `ab_uri` the phone receives
  /// and Braze does not say which one it keeps; `custom_uri` is read, the other reported
  /// as ignored where it is.
  @Test func customURIBesideAnABURIInExtraIsReadAndTheOtherReported() throws {
    let request =
      #"{"messages": {"apple_push": {"alert": "hi", "custom_uri": "shop://sale", "extra": {"ab_uri": "https://shop.example/other", "ab_use_webview": true}}}}"#
    let read = try translate(request, from: Braze(), to: IRFormat())
    #expect(
      read.output?["defaultAction"]
        == ["type": "openURL", "url": "shop://sale", "destination": "app"])
    #expect(read.output?["customData"] == nil)
    let found = warnings(read)
    for key in ["ab_uri", "ab_use_webview"] {
      let pointer = "/messages/apple_push/extra/\(key)"
      #expect(
        found[pointer]
          == "'extra.\(key)' lands at the root of what the phone receives, where Braze also writes 'custom_uri' as the tap's link, and which one the phone keeps is not documented; 'custom_uri' is read, 'extra.\(key)' ignored",
        "\(read.diagnostics)")
      #expect(
        read.diagnostics.contains {
          $0.code == .conflictingValues && $0.location == .input(JSONPointer(pointer))
        })
    }
  }
}

extension BrazeTests {
  /// An alert that is the body alone is written as a string, so there is no
  /// `alert.body`: a body taken from the defaults file, or set with `--set`, is named as
  /// `alert`, where the request holds it.
  @Test func aBodyWrittenAsTheWholeAlertIsNamedAsTheAlert() throws {
    var defaulted = Translator(from: APNs(), to: Braze())
    defaulted.defaults = ["body": "Open the app for details"]
    let filled = defaulted.translate(try JSONReader.parse(Array(#"{"aps": {"badge": 3}}"#.utf8)))
    #expect(applePush(filled)?["alert"] == "Open the app for details")
    let note = try #require(filled.diagnostics.first { $0.code == .defaultValue })
    #expect(
      note.message
        == "'messages.apple_push.alert' (the alert text Braze's REST API requires unless content-available is set) taken from the defaults file: 'Open the app for details'"
    )
    #expect(note.location == .ir("/content/body"))

    var set = Translator(from: APNs(), to: Braze())
    set.settings = ["body": "New"]
    let replaced = set.translate(try JSONReader.parse(Array(#"{"aps": {"alert": "Old"}}"#.utf8)))
    #expect(applePush(replaced)?["alert"] == "New")
    #expect(
      replaced.diagnostics.contains {
        $0.code == .replacedValue && $0.message.hasPrefix("'messages.apple_push.alert' (")
      })
  }
}
