import PushIR

/// The validation rules of Klaviyo's push-button specification.
enum KlaviyoValidator {
  /// How many buttons `body.action_buttons` may hold: at least one, at most the four
  /// iOS shows.
  static let buttonCount = 1...4

  static func validate(_ payload: JSONValue, diagnostics: inout Diagnostics) {
    func fail(_ code: DiagnosticCode, _ message: String, at pointer: JSONPointer) {
      diagnostics.report(Diagnostic(code, message, at: .input(pointer)))
    }
    let body = payload["body"]
    if body?["_k"] == nil || body?["_k"] == .null {
      fail(
        .validationMissingField, "'body._k' is required: without it the SDK ignores the push",
        at: body == nil ? .root : "/body")
    }
    /// Reports a value at `pointer` that is there, not `null`, and not of `type`.
    func expect(_ type: String, at pointer: JSONPointer, _ matches: (JSONValue) -> Bool) {
      guard let value = payload.value(at: pointer), value != .null, !matches(value) else { return }
      fail(
        .validationWrongType,
        "'\(pointer.tokens.joined(separator: "."))' must be \(type), but it is \(value.kindName == "array" || value.kindName == "object" ? "an" : "a") \(value.kindName)",
        at: pointer)
    }
    expect("a string", at: "/body/url") { $0.stringValue != nil }
    expect("an object of actions", at: "/body/actions") { $0.objectValue != nil }
    expect("an array of button objects", at: "/body/action_buttons") { $0.arrayValue != nil }
    let buttons = body?["action_buttons"]?.arrayValue
    if let buttons, !(Self.buttonCount).contains(buttons.count) {
      fail(
        .validationButtonCount,
        "'body.action_buttons' holds \(buttons.count) button\(buttons.count == 1 ? "" : "s"); the specification allows \(Self.buttonCount.lowerBound) to \(Self.buttonCount.upperBound)",
        at: "/body/action_buttons")
    }
    for (index, button) in (buttons ?? []).enumerated() {
      let pointer = JSONPointer("/body/action_buttons").appending(index)
      guard button.objectValue != nil else {
        expect("an object", at: pointer) { $0.objectValue != nil }
        continue
      }
      for field in ["id", "label"] where button[field]?.stringValue == nil {
        fail(.validationMissingField, "button \(index) has no '\(field)' string", at: pointer)
      }
      for field in ["url", "icon"] {
        expect("a string", at: pointer.appending(field)) { $0.stringValue != nil }
      }
    }
    let buttonList = buttons ?? []
    let aps = payload["aps"]
    if !buttonList.isEmpty, aps?["mutable-content"] != .number(JSONNumber(1)) {
      fail(
        .validationMutableContent,
        "dynamic buttons need 'aps.mutable-content: 1', or the service extension never runs",
        at: aps == nil ? .root : (aps?["mutable-content"] == nil ? "/aps" : "/aps/mutable-content"))
    }
    var links: [JSONPointer] = ["/url", "/web_url", "/body/url"]
    links += buttonList.indices.map {
      JSONPointer("/body/action_buttons").appending($0).appending("url")
    }
    for member in body?["actions"]?.objectValue ?? JSONObject() {
      links.append(JSONPointer("/body/actions").appending(member.key).appending("url"))
    }
    for pointer in links {
      guard let url = payload.value(at: pointer)?.stringValue else { continue }
      let field = pointer.tokens.joined(separator: ".")
      if let unsafe = URLPolicy.unsafeScheme(of: url) {
        fail(
          .validationInvalidURL,
          "'\(field)' has the scheme '\(unsafe.scheme)', which \(unsafe.does): it is neither a universal link nor an app's own scheme",
          at: pointer)
      } else if let problem = URLPolicy.problem(in: url) {
        fail(
          .validationInvalidURL, "'\(field)' must be a valid URL, but \(problem)", at: pointer)
      }
    }
    if let category = aps?["category"],
      PredefinedCategory.named(category.stringValue ?? "")?.vendor != "klaviyo"
    {
      let names = KlaviyoCategories.all.map { "'\($0.identifier)'" }.joined(separator: ", ")
      fail(
        .validationUnknownCategory,
        "'aps.category' \(JSONWriter(style: .compact).string(category)) is not a Klaviyo category; expected one of \(names)",
        at: "/aps/category")
    }
  }
}
