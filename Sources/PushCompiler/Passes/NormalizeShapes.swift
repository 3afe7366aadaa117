import PushIR

/// Puts the shared `aps` dictionary into its canonical shape before a front end reads it.
///
/// Changes: a string `alert` becomes `{"body": …}`; the flags `content-available`,
/// `mutable-content` and `sound.critical` spelled `true`, `"1"` or `"true"` become `1`,
/// and spelled `false`, `0`, `"0"` or `"false"` are removed (off is their absence), all
/// by one rule (``normalizeFlag(_:in:at:context:)``); a `badge` given as a
/// string of digits becomes a number.
/// Reports: `normalize.flag-value` and `normalize.numeric-string` notes for each
/// rewritten value (a string alert is canonical APNs and is not reported; what is later
/// reported at `/aps/alert/body` is placed at the string, ``PassContext/madePlaces``).
/// Idempotent: its output has nothing left to rewrite.
public struct NormalizeShapes: PayloadPass {
  public init() {}
  public var name: String { "normalize-shapes" }
  public var summary: String {
    "canonical 'aps' shapes: alert dictionary, flags as 1, numeric badge"
  }

  public func run(on payload: inout JSONValue, context: inout PassContext) {
    guard case .object(var root) = payload, case .object(var aps)? = root["aps"],
      Self.mayRewrite(aps)
    else { return }
    payload = .null  // drop the reference so the edits below do not copy the tree
    // Whether `aps` was rewritten: when not, `root` is put back untouched, without
    // copying its members (the caller may still hold them).
    var changed = false
    if case .string(let body)? = aps["alert"] {
      aps["alert"] = ["body": .string(body)]
      context.madePlaces.record("/aps/alert/body", from: "/aps/alert")
      changed = true
    }
    for flag in Self.apsFlags
    where Self.normalizeFlag(flag, in: &aps, at: "/aps", context: &context) {
      changed = true
    }
    if case .object(var sound)? = aps["sound"], sound["critical"] != nil,
      Self.normalizeFlag("critical", in: &sound, at: "/aps/sound", context: &context)
    {
      aps["sound"] = .object(sound)
      changed = true
    }
    if case .string(let text)? = aps["badge"], !text.isEmpty,
      text.withUTF8({ $0.allSatisfy { (0x30...0x39).contains($0) } }),
      let count = Int(text.string)
    {
      aps["badge"] = .number(JSONNumber(count))
      changed = true
      context.report(
        .normalizedNumber, "'badge' given as the string \"\(text)\" is read as the number \(count)",
        atInput: "/aps/badge")
    }
    if changed { root["aps"] = .object(aps) }
    payload = .object(root)
  }

  /// The flags of `aps` itself; `sound.critical` is the one flag nested deeper.
  private static let apsFlags = ["content-available", "mutable-content"]

  /// Rewrites the flag `flag` of `object` (found at `parent`) the one way every flag is
  /// read: `true`, `"1"` and `"true"` become `1`; `false`, `0`, `"0"` and `"false"` are
  /// removed, off being the flag's absence. Answers whether it rewrote the flag; another
  /// value is left for the front end to report.
  private static func normalizeFlag(
    _ flag: String, in object: inout JSONObject, at parent: JSONPointer,
    context: inout PassContext
  ) -> Bool {
    guard let value = object[flag], !isOne(value) else { return false }
    // Worked out only for a message that is kept.
    func pointer() -> JSONPointer { parent.appending(flag) }
    func spelled() -> String { JSONWriter(style: .compact).string(value) }
    switch value {
    case .bool(true), .string("1"), .string("true"):
      object[flag] = 1
      context.report(
        .normalizedFlag, "'\(flag)' spelled \(spelled()) is read as 1", atInput: pointer())
    case .bool(false), .string("0"), .string("false"), .number(JSONNumber(0)):
      object[flag] = nil
      context.report(
        .normalizedFlag, "'\(flag)' spelled \(spelled()) means off; removed", atInput: pointer())
    default:
      return false  // not a flag spelling; the front end reports it
    }
    return true
  }

  /// Whether `aps` has a member the pass may rewrite: a string `alert` or `badge`, or a
  /// flag other than `1`. Most have none, and are then left as they are after one look
  /// at each member, where the lookups of the rewrite would scan `aps` once per name.
  /// It may say `true` of a member the rewrite then leaves (an unknown flag spelling,
  /// a badge that is not a count), never `false` of one it changes.
  private static func mayRewrite(_ aps: JSONObject) -> Bool {
    aps.members.indices.contains { index in
      switch aps.members[index].key {
      case MemberName("alert"), MemberName("badge"):
        if case .string = aps.members[index].value { true } else { false }
      case MemberName("content-available"), MemberName("mutable-content"):
        !isOne(aps.members[index].value)
      case MemberName("sound"):
        if case .object(let sound) = aps.members[index].value, let critical = sound["critical"] {
          !isOne(critical)
        } else {
          false
        }
      default: false
      }
    }
  }

  /// Whether `value` is the number `1` as written (what `== .number(JSONNumber(1))`
  /// says), matched without making that number's text: every flag of every record is
  /// asked.
  private static func isOne(_ value: JSONValue) -> Bool {
    if case .number(let number) = value { number.lexeme == "1" } else { false }
  }
}
