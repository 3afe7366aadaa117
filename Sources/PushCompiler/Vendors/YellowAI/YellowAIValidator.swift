import PushIR

/// The types Yellow.ai's documentation gives the keys of its push
/// (`Specs/vendors/yellowai.md`, Validation): text everywhere, `contentAvailable` a
/// boolean, `payload` the object its examples send. The device form (with `aps`) holds
/// the payload keys at its root, and nothing else of the request.
enum YellowAIValidator {
  static let requestFields: [SpecField] =
    [
      SpecField("topic", .string), SpecField("contentAvailable", .boolean),
      SpecField("title", .string), SpecField("body", .string), SpecField("payload", .object),
    ] + YellowAI.Key.payloadKeys.sorted().map { SpecField("payload.\($0)", .string) }

  static let deviceFormFields = YellowAI.Key.payloadKeys.sorted().map { SpecField($0, .string) }

  static func validate(_ payload: JSONValue, diagnostics: inout Diagnostics) {
    // As the parser tells the forms apart: by whether there is an `aps` at all.
    let fields = payload["aps"] == nil ? requestFields : deviceFormFields
    SpecField.check(fields, in: payload, into: &diagnostics)
  }
}
