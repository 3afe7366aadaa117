import PushIR

/// What Acoustic's documentation asks of a push (`Specs/vendors/acoustic.md`,
/// Validation): a `notification-action` on every one, `mutable-content` beside dynamic
/// `category-actions`, and the shape of both.
enum AcousticValidator {
  static let fields = [
    SpecField("aps", .object),
    SpecField("notification-action", .object, required: true),
    SpecField("notification-action.type", .string, required: true),
    SpecField("category-actions", .array),
    SpecField("category-actions[]", .object),
    SpecField("category-actions[].name", .string, required: true),
    SpecField("category-actions[].type", .string, required: true),
    SpecField("category-name", .string),
  ]

  static func validate(_ payload: JSONValue, diagnostics: inout Diagnostics) {
    SpecField.check(fields, in: payload, into: &diagnostics)
    if payload["category-actions"]?.arrayValue?.contains(where: { $0.objectValue != nil }) == true {
      SpecField.checkMutableContent(
        in: payload, for: "dynamic action categories need", into: &diagnostics)
    }
  }
}
