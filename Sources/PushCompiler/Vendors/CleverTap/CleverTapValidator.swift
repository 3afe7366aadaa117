import PushIR

/// What CTNotificationContent's documentation asks of a push (`Specs/vendors/clevertap.md`,
/// Validation): `mutable-content` beside the content slider, and the keys each push
/// template requires.
enum CleverTapValidator {
  /// The keys each template (`pt_id`) requires besides `pt_id`; a list of several names
  /// is satisfied by any one of them.
  static let templateKeys: [String: [[String]]] = {
    let carousel = ["pt_title", "pt_msg", "pt_dl1", "pt_img1", "pt_img2", "pt_img3", "pt_bg"]
    return [
      "pt_basic": ["pt_title", "pt_msg", "pt_msg_summary", "pt_bg"].map { [$0] },
      "pt_carousel": carousel.map { [$0] },
      "pt_manual_carousel": carousel.map { [$0] },
      "pt_timer": ["pt_title", "pt_msg", "pt_dl1", "pt_bg"].map { [$0] }
        + [["pt_timer_threshold", "pt_timer_end"]],
      "pt_zero_bezel": ["pt_title", "pt_msg", "pt_big_img", "pt_dl1"].map { [$0] },
      "pt_rating": ["pt_title", "pt_msg", "pt_default_dl", "pt_dl1", "pt_bg"].map { [$0] },
      "pt_product_display": [
        "pt_title", "pt_msg", "pt_img1", "pt_img2", "pt_bt1", "pt_bt2", "pt_bt3", "pt_st1",
        "pt_st2", "pt_st3", "pt_dl1", "pt_dl2", "pt_dl3", "pt_price1", "pt_price2", "pt_price3",
        "pt_bg", "pt_product_display_action", "pt_product_display_action_clr",
      ].map { [$0] },
      "pt_web_view": ["pt_dl1", "pt_url"].map { [$0] },
    ]
  }()

  static func validate(_ payload: JSONValue, diagnostics: inout Diagnostics) {
    if let slider = payload[CleverTap.Key.slider], slider != .null {
      SpecField.checkMutableContent(
        in: payload, for: "the content slider needs",
        otherwise: "the system does not call the app's extension", into: &diagnostics)
    }
    // The content extension hands `pt_json` to the template as a string
    // (CTNotificationViewController.m, `updateContentType:`): another value is no template.
    if let template = payload[CleverTap.Key.templateJSON], template != .null,
      template.textValue == nil
    {
      diagnostics.report(
        Diagnostic(
          .validationWrongType,
          "'pt_json' must be a string holding the template's JSON, but it is \(SpecField.described(template)): the SDK reads no template from it",
          at: .input("/pt_json")))
    }
    // The content extension takes the template from the root `pt_id`, and its keys from
    // `pt_json` (CTNotificationViewController.m, `updateContentType:`).
    guard let id = payload[CleverTap.Key.templateID]?.stringValue, let required = templateKeys[id],
      let (template, place) = templateSource(of: payload)
    else { return }
    for names in required
    where !names.contains(where: { template[$0] != nil && template[$0] != .null }) {
      diagnostics.report(
        Diagnostic(
          .validationMissingField,
          "'\(names.joined(separator: "' or '"))' is missing; the \(id) template requires \(names.count == 1 ? "it" : "one")",
          at: .input(place)))
    }
  }

  /// Where the content extension reads a template's keys, and the object it reads them
  /// from: the `pt_json` document when there is one (a string holding a JSON object), at
  /// `/pt_json`; the root otherwise. `nil` for a `pt_json` that is no string, or a string
  /// that holds no object: the SDK reads no template from it, as the rule above and
  /// reading report.
  static func templateSource(of payload: JSONValue) -> (JSONObject, JSONPointer)? {
    switch payload[CleverTap.Key.templateJSON] {
    case nil, .null?: return (payload.objectValue ?? JSONObject(), .root)
    case .string(let text)?:
      guard case .object(let decoded)? = try? JSONReader.parse(text) else {
        return nil
      }
      return (decoded, "/pt_json")
    default: return nil
    }
  }
}
