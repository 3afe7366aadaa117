import PushCompiler
import PushIR

/// How two IR documents (in the IR's JSON form) differ after a translation, at the grain
/// diagnostics are given, and which differences no diagnostic accounts for. Shared by
/// the cross-vendor tests and the round-trip properties.
enum IRComparison {
  /// The IR path a diagnostic is located at: its IR location, or its input location
  /// when the input was an IR document.
  static func irPath(_ diagnostic: Diagnostic) -> JSONPointer? {
    if case .ir(let path) = diagnostic.location { return path }
    if case .input(let path) = diagnostic.location { return path }  // IR input: its own paths
    return nil
  }

  /// The part of the IR a path belongs to, at the grain diagnostics are given: one
  /// content, tracking, delivery, custom-data or extras field, or the buttons, the media,
  /// the tap action or the category as a whole (indices shift when items are dropped).
  static func field(_ path: JSONPointer) -> String {
    let tokens = path.tokens
    guard let head = tokens.first else { return "" }
    if ["content", "tracking", "delivery", "customData", "extras"].contains(head),
      tokens.count > 1
    {
      return "/\(head)/\(tokens[1])"
    }
    return head == "mediaPresentation" ? "/media" : "/\(head)"
  }

  /// Where `final` differs from `original`, except what is not a loss by definition: a
  /// media type hint (a vendor's spelling), fields the formats `vendors` add to their
  /// own extras, layout hints (`@` members of extras, which are not data), an explicit
  /// "open the app" tap where the other document says nothing, a category action target
  /// saying what the predefined category's button does by itself where the other says
  /// nothing, an empty text where the other has none (each pair behaves alike,
  /// `Specs/ir.md`), and the tracking ids' issuer: it says who issued the ids, which are
  /// compared themselves (ids another service issued are dropped, and reported, with
  /// their issuer; a format records itself as the issuer of ids it reads).
  static func differences(_ original: JSONValue, _ final: JSONValue, vendors: [String])
    -> [JSONPointer]
  {
    let original = withoutDefaultActions(original)
    let final = withoutDefaultActions(final)
    var found: [JSONPointer] = []
    func walk(_ a: JSONValue?, _ b: JSONValue?, _ path: JSONPointer) {
      guard a != b else { return }
      // The IR's JSON form leaves empty objects and arrays out: absent is empty.
      switch (a, b) {
      case (nil, .object?): return walk(.object(JSONObject()), b, path)
      case (.object?, nil): return walk(a, .object(JSONObject()), path)
      case (nil, .array?): return walk(.array([]), b, path)
      case (.array?, nil): return walk(a, .array([]), path)
      default: break
      }
      switch (a, b) {
      case (.object(let x)?, .object(let y)?):
        for key in x.keys + y.keys.filter({ x[$0] == nil }) {
          walk(x[key], y[key], path.appending(key))
        }
      case (.array(let x)?, .array(let y)?):
        for index in 0..<max(x.count, y.count) {
          walk(
            index < x.count ? x[index] : nil, index < y.count ? y[index] : nil,
            path.appending(index))
        }
      default:
        found.append(path)
      }
    }
    walk(original, final, .root)
    return found.filter { path in
      let tokens = path.tokens
      if tokens.last == "typeHint" && tokens.first == "media" { return false }
      if tokens.count >= 2, tokens[0] == "extras", vendors.contains(tokens[1]),
        original["extras"]?[tokens[1]] == nil
      {
        return false
      }
      if tokens.count >= 3, tokens[0] == "extras", tokens[2].hasPrefix("@") { return false }
      if tokens == ["tracking", "issuer"] { return false }
      let texts = [original.value(at: path), final.value(at: path)]
      if isText(path), texts.contains(nil), texts.contains("") { return false }
      return true
    }
  }

  /// `document` without the actions that say what happens anyway: an "open the app"
  /// tap, and category action targets that say what the predefined category's button
  /// does by itself.
  static func withoutDefaultActions(_ document: JSONValue) -> JSONValue {
    guard case .object(var root) = document else { return document }
    if root["defaultAction"] == ["type": "openApp"] { root["defaultAction"] = nil }
    if case .object(var category)? = root["category"],
      let predefined = category["identifier"]?.textValue.flatMap({ PredefinedCategory.named($0) }),
      let targets = category["actionTargets"]?.arrayValue
    {
      let said = targets.filter { target in
        !predefined.buttons.contains {
          .string($0.id) == target["actionID"]
            && IREncoder.encode($0.action) == target["action"]
        }
      }
      category["actionTargets"] = said.isEmpty ? nil : .array(said)
      root["category"] = .object(category)
    }
    return .object(root)
  }

  /// Whether `path` is a text the person holding the phone reads: a string of the
  /// content, or a media item's caption, subcaption or alt text.
  static func isText(_ path: JSONPointer) -> Bool {
    let tokens = path.tokens
    switch (tokens.first, tokens.count) {
    case ("content"?, 2): return tokens[1] != "badge" && tokens[1] != "relevanceScore"
    case ("media"?, 3): return ["caption", "subcaption", "altText"].contains(tokens[2])
    default: return false
    }
  }

  /// The differences between `original` and `final` (as ``differences(_:_:vendors:)``
  /// finds them) at fields that none of `diagnostics` is located in. Expanding a
  /// category into buttons, contracting buttons into one, or writing one as a fallback
  /// beside them accounts for both.
  static func uncovered(
    _ original: JSONValue, _ final: JSONValue, vendors: [String],
    diagnostics: some Sequence<Diagnostic>
  ) -> [JSONPointer] {
    var covered = Set(diagnostics.compactMap(irPath).map(field))
    if diagnostics.contains(where: {
      [
        DiagnosticCode.expandedCategory, .contractedCategory, .fallbackCategory,
        .fallbackHidesButtons,
      ]
      .contains($0.code)
    }) {
      covered.formUnion(["/category", "/buttons"])
    }
    return differences(original, final, vendors: vendors).filter {
      !covered.contains(field($0))
    }
  }
}
