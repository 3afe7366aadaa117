import PushIR

/// The validation rules of Klaviyo's push-button specification.
enum KlaviyoValidator {
  /// How many buttons `body.action_buttons` may hold: at least one, at most the four
  /// iOS shows.
  static let buttonCount = 1...4

  /// How many buttons the shipped SDK's README allows ("a maximum of 3"; its code sets no
  /// limit), the count convert keeps.
  static let documentedButtonLimit = Klaviyo().capabilities.maxButtons

  /// The specification's label length ("Max Length: ~30 characters (iOS truncates longer
  /// text)"), the one convert cuts labels to.
  static let labelLength = Klaviyo().capabilities.maxLabelLength ?? 30

  /// The fields the specification types, beyond those with rules of their own (`_k`, a
  /// button's `id` and `label`).
  static let typedFields = [
    SpecField("aps", .object), SpecField("body", .object), SpecField("body.url", .string),
    SpecField("body.actions", .object), SpecField("body.actions{}", .object),
    SpecField("body.actions{}.url", .string),
    SpecField("body.action_buttons", .array), SpecField("body.action_buttons[]", .object),
    SpecField("body.action_buttons[].url", .string),
    SpecField("body.action_buttons[].icon", .string),
  ]

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
    SpecField.check(Self.typedFields, in: payload, into: &diagnostics)
    let buttons = body?["action_buttons"]?.arrayValue ?? []
    if body?["action_buttons"]?.arrayValue != nil, !Self.buttonCount.contains(buttons.count) {
      fail(
        .validationButtonCount,
        "'body.action_buttons' holds \(buttons.count) button\(buttons.count == 1 ? "" : "s"); the specification allows \(Self.buttonCount.lowerBound) to \(Self.buttonCount.upperBound)",
        at: "/body/action_buttons")
    }
    for (index, button) in buttons.enumerated() where button.objectValue != nil {
      let pointer = JSONPointer("/body/action_buttons").appending(index)
      for field in ["id", "label"] where button[field]?.textValue == nil {
        fail(.validationMissingField, "button \(index) has no '\(field)' string", at: pointer)
      }
      if let label = button["label"]?.stringValue, label.count > Self.labelLength {
        fail(
          .validationLongLabel,
          "button \(index)'s label is \(label.count) characters; the specification allows about \(Self.labelLength), as iOS truncates longer text, and convert cuts it",
          at: pointer.appending("label"))
      }
    }
    // The specification allows a 4th button, but convert keeps the README's 3.
    for (position, index) in buttons.indices.filter({ buttons[$0].objectValue != nil })
      .enumerated() where position >= Self.documentedButtonLimit
    {
      let label = buttons[index]["label"]?.stringValue.map { " ('\($0)')" } ?? ""
      fail(
        .validationButtonBeyondLimit,
        "button \(index)\(label) is beyond the \(Self.documentedButtonLimit) buttons the shipped SDK's README allows (the specification allows \(Self.buttonCount.upperBound)); convert keeps the first \(Self.documentedButtonLimit) and drops it",
        at: JSONPointer("/body/action_buttons").appending(index))
    }
    let hasButtons = buttons.contains(where: { $0.objectValue != nil })
    if hasButtons {
      SpecField.checkMutableContent(in: payload, for: "dynamic buttons need", into: &diagnostics)
    } else if let badge = payload["badge_config"], badge != .null {
      // The extension sets the badge too (KlaviyoBadgeConfig); rich media, which it
      // attaches, is the rule of every format's media.
      SpecField.checkMutableContent(in: payload, for: "'badge_config' needs", into: &diagnostics)
    }
    if hasButtons {
      // The specification types `_k` as a string, and the draft extension registers the
      // buttons under a string one only. The shipped SDK does not read it for buttons of
      // its shape (with `action`), and its 5.4 branch sends a dictionary (`_k.tm`).
      let shippedShape = buttons.allSatisfy { $0.objectValue == nil || $0["action"] != nil }
      if let id = body?["_k"], id != .null, id.textValue == nil,
        !(shippedShape && id.objectValue != nil)
      {
        fail(
          .validationWrongType,
          "'body._k' must be a string beside dynamic buttons (or, beside buttons with 'action', the shipped SDK's dictionary), but it is \(SpecField.described(id)): the draft extension shows no buttons without a string one",
          at: "/body/_k")
      }
    }
    let aps = payload["aps"]
    var links: [JSONPointer] = ["/url", "/web_url", "/body/url"]
    links += buttons.indices.map {
      JSONPointer("/body/action_buttons").appending($0).appending("url")
    }
    for member in body?["actions"]?.objectValue ?? JSONObject() {
      links.append(JSONPointer("/body/actions").appending(member.key).appending("url"))
    }
    for pointer in links {
      guard let url = payload.value(at: pointer)?.textValue else { continue }
      let field = SpecField.dotted(pointer)
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
    // The shipped extension returns before building buttons of its shape (with `action`)
    // when the category is non-empty (KlaviyoExtension.handleActionButtons); draft-shaped
    // ones the reading reports already (parse.obsolete-shape).
    if let category = aps?["category"]?.stringValue, !category.isEmpty,
      buttons.contains(where: { $0["action"] != nil })
    {
      fail(
        .validationHiddenButtons,
        "'aps.category' '\(category)' makes the shipped SDK skip the dynamic buttons: its extension builds none beside a non-empty category; convert leaves the category out",
        at: "/aps/category")
    }
    // An empty category is none: the extension keeps its buttons only for a non-empty
    // one (KlaviyoExtension.handleActionButtons), as convert reads it.
    if let category = aps?["category"], category != .null, category != .string(""),
      PredefinedCategory.named(category.textValue ?? "")?.vendor != "klaviyo"
    {
      let names = KlaviyoCategories.all.map { "'\($0.identifier)'" }.joined(separator: ", ")
      fail(
        .validationUnknownCategory,
        "'aps.category' \(JSONWriter(style: .compact).string(category)) is not a Klaviyo category; expected one of \(names)",
        at: "/aps/category")
    }
  }
}
