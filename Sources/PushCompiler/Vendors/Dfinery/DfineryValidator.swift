import PushIR

/// The fields Dfinery's payload specification lists, with their types and which it
/// requires (`Specs/vendors/dfinery.md`, Validation).
enum DfineryValidator {
  static let fields = [
    SpecField("aps", .object, required: true),
    SpecField("aps.alert", .object, required: true),
    SpecField("aps.alert.title", .string, required: true),
    SpecField("aps.alert.body", .string, required: true),
    SpecField("aps.sound", .string),
    SpecField("aps.category", .string),
    SpecField("dfn", .object, required: true),
    SpecField("dfn.img", .string),
    SpecField("dfn.is_f", .flag),
    SpecField("dfn.is_test", .flag, required: true),
    SpecField("dfn.c_id", .string, required: true),
    SpecField("dfn.s_id", .string, required: true),
    SpecField("dfn.u_id", .string, required: true),
    SpecField("dfn.click_act", .object, required: true),
    SpecField("dfn.click_act.l_id", .string, required: true),
    SpecField("dfn.click_act.l_type", .string, required: true),
    SpecField("dfn.click_act.act_type", .string, required: true),
    SpecField("dfn.click_act.uri", .string),
    SpecField("dfn.btn", .array),
    SpecField("dfn.btn[]", .object),
    SpecField("dfn.btn[].l_id", .string, required: true),
    SpecField("dfn.btn[].l_name", .string, required: true),
    SpecField("dfn.btn[].l_type", .string, required: true),
    SpecField("dfn.btn[].act_type", .string, required: true),
    SpecField("dfn.btn[].uri", .string),
  ]

  static func validate(_ payload: JSONValue, diagnostics: inout Diagnostics) {
    SpecField.check(fields, in: payload, into: &diagnostics)
    // Required as a number by the seed's field table, and 1 by what it is for: the
    // extension that shows the buttons and the image. Checked here, not as a table row,
    // since only 1 will do.
    if payload["aps"]?.objectValue != nil {
      SpecField.checkMutableContent(in: payload, for: "dfinery's pushes need", into: &diagnostics)
    }
    checkCategoryBesideButtons(in: payload, into: &diagnostics)
  }

  /// The extension registers the buttons of `dfn.btn` under the name in `aps.category`
  /// ("set to DFINERY to use buttons"): beside buttons, a missing or empty one is
  /// `validate.missing-field` at `/aps`, as they do not show.
  static func checkCategoryBesideButtons(
    in payload: JSONValue, into diagnostics: inout Diagnostics
  ) {
    guard let aps = payload["aps"], aps.objectValue != nil,
      payload["dfn"]?["btn"]?.arrayValue?.contains(where: { $0.objectValue != nil }) == true
    else { return }
    switch aps["category"] {
    case nil, .null?, .string("")?:
      diagnostics.report(
        Diagnostic(
          .validationMissingField,
          "'aps.category' is missing: the extension registers the buttons of 'dfn.btn' under its name ('DFINERY'), so without one they do not show",
          at: .input("/aps")))
    default: return
    }
  }
}
