import PushIR

extension ParseContext {
  /// Reports a value of the wrong JSON type, which is ignored.
  mutating func reportWrongType(
    _ value: JSONValue, expected: String, at pointer: @autoclosure () -> JSONPointer
  ) {
    report(.wrongType, "expected \(expected), found \(value.kindName); ignored", at: pointer())
  }

  /// The string at `pointer`, or `nil` when absent; another type is reported and ignored.
  mutating func text(_ value: JSONValue?, at pointer: @autoclosure () -> JSONPointer) -> IRText? {
    guard let value else { return nil }
    guard let text = value.textValue else {
      reportWrongType(value, expected: "a string", at: pointer())
      return nil
    }
    return text
  }

  /// The number at `pointer`, or `nil` when absent; another type is reported and ignored.
  mutating func number(_ value: JSONValue?, at pointer: @autoclosure () -> JSONPointer)
    -> JSONNumber?
  {
    guard let value else { return nil }
    guard let number = value.numberValue else {
      reportWrongType(value, expected: "a number", at: pointer())
      return nil
    }
    return number
  }

  /// The number at `pointer` when it lies between 0 and 1 (a volume, a relevance score),
  /// decided on its decimal value as the IR decoder decides it (so what is read here is
  /// read back from the IR), or `nil` when absent; another number or type is reported and
  /// ignored.
  mutating func fraction(_ value: JSONValue?, at pointer: @autoclosure () -> JSONPointer)
    -> JSONNumber?
  {
    guard let number = number(value, at: pointer()) else { return nil }
    guard number.isFromZeroToOne else {
      report(
        .invalidValue, "'\(number.lexeme)' is not a number from 0 to 1; ignored", at: pointer())
      return nil
    }
    return number
  }

  /// Reads the badge count at `pointer` into the IR: a whole number from 0 that a signed
  /// 64-bit integer holds, as the phone's badge is; another number or type is reported
  /// and ignored, one too large said to be beyond 63 bits.
  mutating func readBadge(
    _ value: JSONValue, at pointer: @autoclosure () -> JSONPointer,
    into notification: inout PushNotification
  ) {
    guard let number = number(value, at: pointer()) else { return }
    // Spelled as an integer for every target (`1.0` and `1e0` are the count 1).
    guard let count = number.asCount else {
      let reason =
        number.isCountBeyond63Bits
        ? "is beyond 63 bits: the phone's badge is a signed 64-bit integer, at most 9223372036854775807"
        : "is not a count the phone can show (a whole number from 0)"
      return report(.invalidValue, "badge '\(number.lexeme)' \(reason); ignored", at: pointer())
    }
    notification.content.badge = count
    sourceMap.record("/content/badge", from: pointer())
  }

  /// Reads the string at `pointer` into the IR field `field` (at `irPath`), recording
  /// where it came from; another type is reported and leaves the field empty.
  mutating func read(
    _ value: JSONValue, at pointer: @autoclosure () -> JSONPointer,
    into field: WritableKeyPath<PushNotification, IRText?>, of notification: inout PushNotification,
    irPath: @autoclosure () -> JSONPointer
  ) {
    notification[keyPath: field] = text(value, at: pointer())
    if notification[keyPath: field] != nil { sourceMap.record(irPath(), from: pointer()) }
  }

  /// Reads the number from 0 to 1 at `pointer` into the IR field `field` (at `irPath`),
  /// recording where it came from; another number or type is reported and leaves the
  /// field as it was.
  mutating func read(
    fraction value: JSONValue, at pointer: @autoclosure () -> JSONPointer,
    into field: WritableKeyPath<PushNotification, JSONNumber?>,
    of notification: inout PushNotification, irPath: @autoclosure () -> JSONPointer
  ) {
    guard let number = fraction(value, at: pointer()) else { return }
    notification[keyPath: field] = number
    sourceMap.record(irPath(), from: pointer())
  }

  /// The object at `pointer`, or `nil` when absent; another type is reported and ignored.
  mutating func object(_ value: JSONValue?, at pointer: @autoclosure () -> JSONPointer)
    -> JSONObject?
  {
    guard let value else { return nil }
    guard let object = value.objectValue else {
      reportWrongType(value, expected: "an object", at: pointer())
      return nil
    }
    return object
  }

  /// The array at `pointer`, or `nil` when absent; another type is reported and ignored.
  mutating func array(_ value: JSONValue?, at pointer: @autoclosure () -> JSONPointer)
    -> [JSONValue]?
  {
    guard let value else { return nil }
    guard let array = value.arrayValue else {
      reportWrongType(value, expected: "an array", at: pointer())
      return nil
    }
    return array
  }

  /// A 0/1 flag (`true`/`false` accepted), or `nil` when absent or not a flag (reported).
  mutating func flag(_ value: JSONValue?, at pointer: @autoclosure () -> JSONPointer) -> Bool? {
    switch value {
    case nil: return nil
    case .bool(let flag)?: return flag
    case .number(let number)? where number.intValue == 0 || number.intValue == 1:
      return number.intValue == 1
    case let other?:
      report(
        .invalidValue,
        "flag value \(JSONWriter(style: .compact).string(other)) is neither 1 nor 0; ignored",
        at: pointer())
      return nil
    }
  }

  /// Calls `body` with each element of a button array (at `pointer`) that is an object,
  /// with its location, in order; any other element is reported as a dropped button.
  mutating func forEachButtonObject(
    in elements: [JSONValue], at pointer: JSONPointer,
    _ body: (JSONObject, JSONPointer, inout ParseContext) -> Void
  ) {
    for (index, element) in elements.enumerated() {
      guard let object = element.objectValue else {
        report(
          .invalidButton, "a button must be an object, found \(element.kindName); dropped",
          at: pointer.appending(index))
        continue
      }
      body(object, pointer.appending(index), &self)
    }
  }

  /// A JSON document carried inside a string (CleverTap's `ct_ContentSlider`, `pt_json`,
  /// Expo's device-form `body`); an object is taken as it is. `nil` (reported, with where
  /// in the string the JSON breaks and the string itself) when the string is not JSON.
  mutating func embeddedJSON(
    _ value: JSONValue, at pointer: @autoclosure () -> JSONPointer,
    otherwise consequence: String = "ignored"
  ) -> JSONValue? {
    guard case .string(let text) = value else { return value }
    do {
      return try JSONReader.parse(text)
    } catch {
      let shown = MessageExcerpt.of(text.string)
      report(
        .invalidValue,
        "the string is not the JSON document the SDK decodes (\(error.message), at byte \(error.offset + 1) of the string); \(consequence)",
        at: pointer(), notes: ["the string: '\(shown)'"])
      return nil
    }
  }

  /// Makes a root member the app's custom data, remembering where it came from.
  mutating func keepAsCustomData(
    _ member: consuming JSONObject.Member, from pointer: @autoclosure () -> JSONPointer,
    into notification: inout PushNotification
  ) {
    sourceMap.record(JSONPointer("/customData").appending(member.key), from: pointer())
    // Moved in last: appended as its name and value, the member was copied once more.
    notification.customData.append(member)
  }
}

extension JSONValue {
  /// The root object of a payload, or the error every front end gives for another root.
  func rootObject() throws(TranslationError) -> JSONObject {
    guard case .object(let object) = self else {
      throw .unreadablePayload(Self.notAnObject(kind: kindName))
    }
    return object
  }

  /// The error for a payload whose root is a JSON `kind` other than an object.
  static func notAnObject(kind: String) -> Diagnostic {
    Diagnostic(
      .notAnObject, "the payload is a JSON \(kind), but a push payload is an object",
      at: .input(.root))
  }
}

/// A member name in a `switch` over names (`case MemberName("alert"):`), matched by its
/// length before its text: `==` compares unequal text out of line, and parsers match
/// every member of every record against several names, most of another length.
/// Exact, as `==`, for a name that is ASCII without `K`, `;` and the grave accent
/// (U+0060): no text of another length is canonically equivalent to it (only the Kelvin
/// sign, the Greek question mark and the Greek varia are equivalent to ASCII text: `K`,
/// `;` and the grave accent).
struct MemberName {
  /// The name.
  let text: String

  /// The name `text`, which must be ASCII without `K`, `;` and the grave accent (U+0060).
  init(_ text: String) {
    assert(text.utf8.allSatisfy { $0 < 0x80 && !"K;`".utf8.contains($0) })
    self.text = text
  }

  /// Whether `name` is this name, as `==` says.
  static func ~= (pattern: MemberName, name: String) -> Bool {
    name.utf8.count == pattern.text.utf8.count && name == pattern.text
  }
}

/// A name matched against several ``MemberName``s in one `switch`
/// (`switch CountedName(key) { case MemberName("alert"): … }`), its length counted once:
/// matched against a `String`, each case counts it again, a few instructions each that
/// the compiler does not share between cases.
struct CountedName {
  /// The name.
  let text: String
  /// The length of `text` in UTF-8.
  let utf8Count: Int

  /// The name `text`, counted.
  init(_ text: String) {
    self.text = text
    utf8Count = text.utf8.count
  }
}

extension MemberName {
  /// Whether `name` is this name, as `==` says.
  static func ~= (pattern: MemberName, name: CountedName) -> Bool {
    name.utf8Count == pattern.text.utf8.count && name.text == pattern.text
  }
}
