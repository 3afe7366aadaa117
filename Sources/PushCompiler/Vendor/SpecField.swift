import PushIR

/// A field as a vendor's specification lists it, for `pushc validate`: where it stands,
/// the type the specification gives it and whether it is required.
///
/// The path is dotted from the root; a name ending in `[]` stands for each element of
/// that array (`dfn.btn[].l_id` is the `l_id` of every button, `body.action_buttons[]`
/// every element itself), one ending in `{}` for each member's value of that object
/// (`body.actions{}.url` is the `url` of every entry of `body.actions`).
struct SpecField {
  /// Where the field stands.
  var path: String
  /// The type the specification gives it.
  var type: SpecType
  /// Whether the specification requires it.
  var isRequired: Bool

  /// The field at `path`, of `type`, required when `required`.
  init(_ path: String, _ type: SpecType, required: Bool = false) {
    self.path = path
    self.type = type
    isRequired = required
  }
}

/// The type a specification gives a field.
enum SpecType {
  case string, number, object, array, boolean
  /// A number that is `1` or `0`.
  case flag

  /// The type as a message names it.
  var name: String {
    switch self {
    case .string: "a string"
    case .number: "a number"
    case .object: "an object"
    case .array: "an array"
    case .boolean: "true or false"
    case .flag: "1 or 0"
    }
  }

  /// Whether `value` is of this type.
  func admits(_ value: JSONValue) -> Bool {
    switch (self, value) {
    case (.string, .string), (.number, .number), (.object, .object), (.array, .array),
      (.boolean, .bool):
      true
    case (.flag, .number(let number)): number.lexeme == "1" || number.lexeme == "0"
    default: false
    }
  }
}

extension SpecField {
  /// Reports each of `fields` that `payload` holds with another type
  /// (`validate.wrong-type`, at the value) or lacks while required
  /// (`validate.missing-field`, at the object that lacks it). A `null` counts as absent.
  /// A field inside one that is absent or of another type is not looked for: that one
  /// is reported, when its own rule asks.
  static func check(
    _ fields: [SpecField], in payload: JSONValue, into diagnostics: inout Diagnostics
  ) {
    for field in fields { field.check(in: payload, into: &diagnostics) }
  }

  private func check(in payload: JSONValue, into diagnostics: inout Diagnostics) {
    var names = path.split(separator: ".").map(String.init)
    let last = names.removeLast()
    var objects: [(pointer: JSONPointer, object: JSONObject)] = []
    if case .object(let root) = payload { objects.append((.root, root)) }
    for name in names {
      objects = objects.flatMap { place in
        Self.values(named: name, in: place.object, at: place.pointer).compactMap { value in
          if case .object(let object) = value.value { (value.pointer, object) } else { nil }
        }
      }
    }
    for place in objects {
      let found = Self.values(named: last, in: place.object, at: place.pointer)
      if found.isEmpty, isRequired, !last.hasSuffix("[]"), !last.hasSuffix("{}") {
        let name = place.pointer.appending(last)
        diagnostics.report(
          Diagnostic(
            .validationMissingField,
            "'\(Self.dotted(name))' is missing; the specification requires it",
            at: .input(place.pointer)))
      }
      for value in found where !type.admits(value.value) {
        diagnostics.report(
          Diagnostic(
            .validationWrongType,
            "'\(Self.dotted(value.pointer))' must be \(type.name), but it is \(Self.described(value.value))",
            at: .input(value.pointer)))
      }
    }
  }

  /// The values `name` stands for in `object` at `pointer`: its member (none when
  /// absent or `null`), for `name[]` each element of that member, when it is an array,
  /// and for `name{}` each member's value of that member, when it is an object (none
  /// that is `null`).
  private static func values(named name: String, in object: JSONObject, at pointer: JSONPointer)
    -> [(pointer: JSONPointer, value: JSONValue)]
  {
    if name.hasSuffix("{}") {
      let key = String(name.dropLast(2))
      guard case .object(let members)? = object[key] else { return [] }
      return members.filter { $0.value != .null }.map {
        (pointer.appending(key).appending($0.key), $0.value)
      }
    }
    guard name.hasSuffix("[]") else {
      guard let value = object[name], value != .null else { return [] }
      return [(pointer.appending(name), value)]
    }
    let key = String(name.dropLast(2))
    guard case .array(let elements)? = object[key] else { return [] }
    return elements.enumerated().map { (pointer.appending(key).appending($0.offset), $0.element) }
  }

  /// Reports `aps.mutable-content` that is not `1` (after normalize-shapes), which
  /// `needs` (what needs it, with its verb: "dynamic buttons need") would go without,
  /// with what happens `otherwise` (`validate.mutable-content`).
  static func checkMutableContent(
    in payload: JSONValue, for needs: String,
    otherwise: String = "the service extension never runs", into diagnostics: inout Diagnostics
  ) {
    let aps = payload["aps"]
    guard aps?["mutable-content"] != .number(JSONNumber(1)) else { return }
    let pointer: JSONPointer =
      aps == nil ? .root : (aps?["mutable-content"] == nil ? "/aps" : "/aps/mutable-content")
    diagnostics.report(
      Diagnostic(
        .validationMutableContent,
        "\(needs) 'aps.mutable-content: 1', or \(otherwise)",
        at: .input(pointer)))
  }

  /// `pointer` as messages spell a field: its tokens joined by dots.
  static func dotted(_ pointer: JSONPointer) -> String {
    pointer.tokens.joined(separator: ".")
  }

  /// What `value` is, with its article: "a number", "an object".
  static func described(_ value: JSONValue) -> String {
    let kind = value.kindName
    return (kind.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + kind
  }
}
