import PushIR

/// The validation rules of Klaviyo's push-button specification.
enum KlaviyoValidator {
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
    let buttons = body?["action_buttons"]?.arrayValue ?? []
    for (index, button) in buttons.enumerated() {
      let pointer = JSONPointer("/body/action_buttons").appending(index)
      for field in ["id", "label"] where button[field]?.stringValue == nil {
        fail(.validationMissingField, "button \(index) has no '\(field)' string", at: pointer)
      }
    }
    let aps = payload["aps"]
    if !buttons.isEmpty, aps?["mutable-content"] != .number(JSONNumber(1)) {
      fail(
        .validationMutableContent,
        "dynamic buttons need 'aps.mutable-content: 1', or the service extension never runs",
        at: aps == nil ? .root : (aps?["mutable-content"] == nil ? "/aps" : "/aps/mutable-content"))
    }
    var links: [JSONPointer] = ["/url", "/web_url", "/body/url"]
    links += buttons.indices.map {
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
