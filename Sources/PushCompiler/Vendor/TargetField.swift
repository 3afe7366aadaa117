import PushIR

/// A field of the target's payload that the user can give with `--set NAME=VALUE` or in
/// a `--defaults` file, because the source may not have it (Dfinery's campaign id,
/// Klaviyo's `_k`, Yellow.ai's `topic`).
struct TargetField: Sendable {
  /// The name used with `--set` and in a defaults file, then accepted aliases.
  var names: [String]
  /// Where the value goes in the output.
  var output: JSONPointer
  /// The IR field the value corresponds to, if any (diagnostics point there).
  var irPath: JSONPointer?
  /// What the field is, for messages ("the campaign id").
  var meaning: String
  /// Whether the target cannot do without it.
  var isRequired = true
  /// Whether the value is a number (given integers are written as one, `true` and
  /// `false` as 1 and 0).
  var isNumber = false
  /// Whether the value is a boolean (`true` and `1` are written as `true`, `false` and
  /// `0` as `false`).
  var isBoolean = false
  /// What goes wrong on the phone when two sends carry the same value, as a derived one
  /// does for the same content and a defaults file's does for every notification
  /// (OneSignal's notification id), if anything: noted with a derived value and with a
  /// defaults file's, with the advice to give each send its own.
  var repeatedValueConsequence: String? = nil
  /// Whether a text value names something (an id, a token, a topic, a bundle id): an
  /// empty one names nothing, and is refused as a value not of the field's type. Only
  /// text meant to be read (Braze's alert body) may be empty.
  var namesSomething = true

  /// The name used on the command line.
  var name: String { names[0] }

  /// Where diagnostics about the field point: its IR field, or else its place in the
  /// output. A property rather than a closure in ``EmitContext/value(of:current:currentAt:)``,
  /// which would box a copy of the field for every record.
  var location: DiagnosticLocation { irPath.map { .ir($0) } ?? .output(output) }

  /// A value given on the command line or in a defaults file, as the field's JSON type;
  /// `nil` when the text is not of that type.
  func json(_ text: String) -> JSONValue? {
    if isBoolean {
      guard ["true", "1", "false", "0"].contains(text) else { return nil }
      return .bool(text == "true" || text == "1")
    }
    guard isNumber else { return text.isEmpty && namesSomething ? nil : .string(text) }
    switch text {
    case "true": return 1
    case "false": return 0
    default:
      guard let number = JSONNumber(integer: text), number.intValue != nil else { return nil }
      return .number(number)
    }
  }

  /// Why `text`, given by `source` (`--set`, the defaults file), is not of the field's
  /// type (`'itbl.templateId' takes an integer, but --set gives '08', which JSON does not
  /// write with a leading zero`); `nil` when ``json(_:)`` takes it. The one check of a
  /// given value, made before any record is read and, for a value that reaches a record
  /// otherwise, by the emitter.
  func mismatch(_ text: String, from source: String) -> String? {
    json(text) == nil ? mismatchMessage(text, from: source) : nil
  }

  /// The message of ``mismatch(_:from:)``, for a `text` known not to fit.
  fileprivate func mismatchMessage(_ text: String, from source: String) -> String {
    let reason = refusalReason(for: text).map { ", \($0)" } ?? ""
    return "\(quotedOutput) takes \(typeDescription), but \(source) gives '\(text)'\(reason)"
  }

  /// Where the value goes, as messages name it (`'body._k'`).
  var quotedOutput: String { "'\(output.dottedPath)'" }

  /// What the field's values must look like, for messages.
  var typeDescription: String {
    isBoolean ? "true or false" : isNumber ? "an integer" : "text"
  }

  /// Why ``json(_:)`` refuses `text` for a number field, or an empty one for a text field
  /// that names something, as a clause following the quoted text in a message (`which
  /// does not fit in 64 bits`); `nil` otherwise.
  func refusalReason(for text: String) -> String? {
    if !isNumber, !isBoolean, namesSomething, text.isEmpty {
      return "which is empty and names nothing"
    }
    guard isNumber, !isBoolean else { return nil }
    if let integer = JSONNumber(integer: text) {
      return integer.intValue == nil ? "which does not fit in 64 bits" : nil
    }
    let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
    if digits.count > 1, digits.first == UInt8(ascii: "0"),
      digits.allSatisfy({ (0x30...0x39).contains($0) })
    {
      return "which JSON does not write with a leading zero"
    }
    guard let number = JSONNumber(spelled: text) else {
      return "which is not a number as JSON writes it"
    }
    return number.isWhole
      ? "which is a whole number, but not written as an integer (digits only)"
      : "which is not a whole number"
  }
}

/// A format whose output has fields `--set` and a defaults file give: its
/// ``VendorFormat/settableFields`` list them, and a value given for one is checked by the
/// field's type before any input is read (``VendorFormat/invalidSetting(_:_:from:options:)``).
protocol DeclaresTargetFields: VendorFormat {
  /// The fields, in the order `pushc formats` lists them.
  var targetFields: [TargetField] { get }
}

extension [TargetField] {
  /// The fields as ``VendorFormat/settableFields`` lists them.
  var listed: [(names: [String], meaning: String)] { map { ($0.names, $0.meaning) } }

  /// Why `text`, given by `source` for the field named `name`, is not of its type
  /// (``TargetField/mismatch(_:from:)``); `nil` when it is, or no field has that name.
  func mismatch(named name: String, _ text: String, from source: String) -> String? {
    first { $0.names.contains(name) }?.mismatch(text, from: source)
  }
}

/// A body text the target writes in place of the notification's own, given with `--set`
/// or in the defaults file (Braze's `body`): the text `--fit` shortens when the payload is
/// over the limit.
///
/// A class, so that a payload carries one reference to it, nil but for a given body: a
/// payload is emitted for every record.
final class GivenBody: Sendable {
  /// The field's name (`body`).
  let name: String
  /// The text as given.
  let text: String
  /// What gave it, for messages: `--set` or `the defaults file`.
  let source: String
  /// Where it goes in the output.
  let output: JSONPointer

  init(name: String, text: String, source: String, output: JSONPointer) {
    self.name = name
    self.text = text
    self.source = source
    self.output = output
  }
}

extension TargetField {
  /// The IR's body, which a field standing for it names as its ``irPath``.
  static let bodyPath: JSONPointer = "/content/body"
}

extension EmitContext {
  /// The value of `field`: `--set` first (noted when it replaces `current`, read at the
  /// IR path `currentAt`, by default the field's), then what the notification already
  /// says (`current`), then the `--defaults` file (noted). A required field with none of
  /// these is an `emit.missing-field` error naming it, and `nil`; a value given that is
  /// not of the field's type is an `emit.invalid-field-value` error, and `nil`.
  mutating func value(
    of field: TargetField, current: JSONValue?, currentAt: JSONPointer? = nil
  ) -> JSONValue? {
    value(
      of: field, current: current, currentAt: currentAt, derivedBecause: "",
      derivedIfAny: { nil })
  }

  /// The value of `field`: `--set` first (noted when it replaces `current`, read at the
  /// IR path `currentAt`, by default the field's), then what the notification already
  /// says (`current`), then the `--defaults` file (noted), then `derived` (noted; only
  /// for fields the vendor treats as opaque, and deterministic). A value given that is
  /// not of the field's type is an `emit.invalid-field-value` error, and `nil`.
  ///
  /// `derived` does not escape, so a closure reading the emitter's notification borrows
  /// it where an optional (escaping) one would copy it, every field, for every record.
  @inline(__always)
  mutating func value(
    of field: TargetField, current: JSONValue?, currentAt: JSONPointer? = nil,
    derivedBecause reason: String = "from the notification's content",
    derived: () -> JSONValue
  ) -> JSONValue? {
    value(
      of: field, current: current, currentAt: currentAt, derivedBecause: reason,
      derivedIfAny: { derived() })
  }

  /// The value of `field` as the two above work it out; `derived` gives `nil` when the
  /// field is not derived. Inlined, so that a `derived` closure reading the emitter's
  /// notification borrows it instead of copying the emitter for every record.
  @inline(__always)
  private mutating func value(
    of field: TargetField, current: JSONValue?, currentAt: JSONPointer?,
    derivedBecause reason: String, derivedIfAny derived: () -> JSONValue?
  ) -> JSONValue? {
    assert(
      Vendors.named(targetID)?.listsSetting(field.name) ?? true,
      "\(targetID) asks for '\(field.name)', which its settableFields do not list")
    if let given = Self.first(of: field.names, in: settings) {
      let value = typed(text(given, for: field, from: "--set"), for: field, from: "--set")
      // Compared and shown as given: what `--fit` cut of it is reported on its own.
      if value != nil, let current, let asGiven = field.json(given), current != asGiven {
        diagnostics.report(
          .replacedValue,
          "\(field.quotedOutput) (\(field.meaning)) set to \(Self.shown(asGiven)) by --set, replacing the source's \(Self.shown(current))",
          at: currentAt.map { .ir($0) } ?? field.location)
      }
      return value
    }
    if let current { return current }
    if let fallback = Self.first(of: field.names, in: defaults) {
      let text = text(fallback, for: field, from: "the defaults file")
      guard let value = typed(text, for: field, from: "the defaults file") else {
        return nil
      }
      diagnostics.report(
        .defaultValue,
        "\(field.quotedOutput) (\(field.meaning)) taken from the defaults file: '\(MessageExcerpt.of(fallback))'",
        at: field.location,
        notes: field.repeatedValueConsequence.map {
          [
            "every notification converted with this defaults file gets the same value, and \($0)",
            "give each send its own with --set \(field.name)=VALUE, or leave it out of the defaults file to derive one from each notification's content",
          ]
        } ?? [])
      return value
    }
    if let value = derived() {
      diagnostics.report(
        .derivedValue,
        "\(field.quotedOutput) derived as \(Self.shown(value)) \(reason)",
        at: field.location,
        notes: field.repeatedValueConsequence.map {
          [
            "the same content derives the same value, and \($0)",
            "give each send its own with --set \(field.name)=VALUE",
          ]
        } ?? ["give your own with --set \(field.name)=VALUE"])
      return value
    }
    if field.isRequired {
      diagnostics.report(
        .missingField,
        "\(targetID) needs \(field.quotedOutput), \(field.meaning), and the source has none",
        at: .output(field.output),
        notes: ["give it with --set '\(field.name)=VALUE' or in a --defaults file"])
    }
    return nil
  }

  /// The text written for `field`, given by `source` as `given`: the text `--fit` cut
  /// it to, if it did. A field standing for the notification's body is remembered as
  /// ``givenBody``, which `--fit` shortens, since it is the body written.
  private mutating func text(_ given: String, for field: TargetField, from source: String)
    -> String
  {
    guard field.irPath == TargetField.bodyPath, !field.isNumber, !field.isBoolean else {
      return given
    }
    givenBody = GivenBody(name: field.name, text: given, source: source, output: field.output)
    return fittedBody ?? given
  }

  /// `value` as a message shows it: a string in single quotes, anything else as JSON,
  /// a long one cut (``MessageExcerpt``).
  private static func shown(_ value: JSONValue) -> String {
    value.stringValue.map { "'\(MessageExcerpt.of($0))'" }
      ?? MessageExcerpt.of(JSONWriter(style: .compact).string(value))
  }

  private static func first(of names: [String], in values: [String: String]) -> String? {
    // Without any values given (nearly always) no name is hashed.
    values.isEmpty ? nil : names.lazy.compactMap { values[$0] }.first
  }

  /// `text` as `field`'s JSON type, or an `emit.invalid-field-value` error and `nil`.
  private mutating func typed(_ text: String, for field: TargetField, from source: String)
    -> JSONValue?
  {
    if let value = field.json(text) { return value }
    diagnostics.report(
      .invalidFieldValue, "\(field.mismatchMessage(text, from: source)); nothing is written",
      at: .output(field.output))
    return nil
  }
}

extension JSONPointer {
  /// The pointer written as a dotted key path for messages (`dfn.c_id`).
  var dottedPath: String {
    // Without an escape, the text after the first '/' with '.' for every other '/'.
    guard description.utf8.first == UInt8(ascii: "/"),
      !description.utf8.contains(UInt8(ascii: "~"))
    else { return tokens.joined(separator: ".") }
    return String(
      decoding: description.utf8.dropFirst().map {
        $0 == UInt8(ascii: "/") ? UInt8(ascii: ".") : $0
      },
      as: UTF8.self)
  }
}
