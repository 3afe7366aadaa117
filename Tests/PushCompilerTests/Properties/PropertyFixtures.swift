import Foundation
import PropertyTesting
import PushCompiler
import PushIR
import Testing

/// What the property tests share: the IR generator, told what pushc knows of vendors,
/// and the formats (with their emitter options) a document is written to.
enum PropertyFixtures {
  /// The IR generator, with every predefined category, the extras front ends produce for
  /// the golden payloads, and the root keys of those payloads (for custom data that
  /// collides with a vendor's keys).
  static let generator: IRGenerator = {
    var extras: [(vendor: String, members: JSONObject)] = []
    var rootKeys = Set<String>()
    for golden in GoldenCase.parseCases {
      let input = try? GoldenFiles.json(golden.folder.appendingPathComponent("input.json"))
      rootKeys.formUnion(input?.objectValue?.keys ?? [])
      let ir = try? GoldenFiles.json(golden.folder.appendingPathComponent("ir.json"))
      for member in ir?["extras"]?.objectValue ?? JSONObject() {
        if let object = member.value.objectValue { extras.append((member.key, object)) }
      }
    }
    return IRGenerator(
      categories: PredefinedCategory.all.map {
        IRGenerator.Category(identifier: $0.identifier, actionIDs: $0.buttons.map(\.id))
      },
      extras: extras, reservedKeys: rootKeys.sorted())
  }()

  /// A format to write, with the emitter options it is written with.
  struct Target: CustomTestStringConvertible, Sendable {
    /// The format's id.
    let format: String
    /// The emitter options (`--option`), as given.
    let options: [String]
    var testDescription: String {
      ([format] + options.map { "--option \($0)" }).joined(separator: " ")
    }
    /// The options as `GoldenCase.translate` takes them.
    var arguments: JSONValue { ["options": .array(options.map { .string($0) })] }
  }

  /// Every format with its default output, and each output an option switches to:
  /// the device forms, OneSignal's newer format, Klaviyo's fallback category, and FCM
  /// around the formats that carry buttons.
  static let targets: [Target] =
    Vendors.ids.map { Target(format: $0, options: []) } + [
      Target(format: "klaviyo", options: ["fallback-category"]),
      Target(format: "yellowai", options: ["device-form"]),
      Target(format: "onesignal", options: ["os-data-format"]),
      Target(format: "expo", options: ["device-form"]),
      Target(format: "braze", options: ["device-form"]),
      Target(format: "fcm", options: ["inner=klaviyo"]),
      Target(format: "fcm", options: ["inner=iterable"]),
    ]

  /// `notification` lowered for `target` as a translation lowers it: the standard IR
  /// passes, preparing for `target` with its options (for the IR itself, for no target).
  static func lowered(
    _ notification: PushNotification, for target: any VendorFormat, options: Set<String>
  ) -> PushNotification {
    var lowered = notification
    var context = PassContext(target: target.id == IRFormat().id ? nil : target)
    if context.target != nil {
      context.target = target.capabilities(writing: notification, options: options)
    }
    for pass in Pipeline.standard.notificationPasses { pass.run(on: &lowered, context: &context) }
    return lowered
  }

  /// For an fcm target: the format detection names for the APNs payload inside the
  /// `output` written for `notification`, with the keys that decided and whether the
  /// payload has any key detection looks for in the format that wrote it, when fcm's
  /// reading would take it for another format than that one (`Specs/vendors/fcm.md`, the
  /// inner format).
  static func innerFormatClaimedInstead(
    in output: JSONValue, writing notification: PushNotification, for target: Target
  ) -> (format: String, evidence: [JSONPointer], writerMarked: Bool)? {
    guard target.format == FCM().id else { return nil }
    let written =
      target.options.first { $0.hasPrefix("inner=") }.map { String($0.dropFirst(6)) }
      ?? notification.extras["fcm"]?["@inner"]?.stringValue ?? APNs().id
    let message = output["message"] ?? output
    guard case .object(var payload)? = message["apns"]?["payload"] else { return nil }
    for member in message["data"]?.objectValue ?? JSONObject() where payload[member.key] == nil {
      payload.append(member.key, member.value)  // fcm reads `data` as root keys of the payload
    }
    var normalized = JSONValue.object(payload)
    var context = PassContext(target: nil)
    for pass in Pipeline.standard.payloadPasses { pass.run(on: &normalized, context: &context) }
    let candidates = Vendors.all.filter { ![IRFormat().id, FCM().id].contains($0.id) }
    let marked = normalized.objectValue.flatMap { Vendors.named(written)?.evidence(in: $0) } != nil
    switch Detector.detect(normalized, among: candidates) {
    case .detected(let format, let evidence):
      return format.id == written ? nil : (format.id, evidence.keys, marked)
    case .ambiguous(let claims):
      return (
        APNs().id, claims.filter { $0.format.id != written }.flatMap(\.evidence.keys), marked
      )
    case .unknown:
      return written == APNs().id ? nil : (APNs().id, [], marked)
    case .notAnObject:
      return nil  // `normalized` is the payload object
    }
  }

  /// Whether the difference at `path` is a target field that the emitter filled in
  /// (`emit.default-value` from `--defaults`, `emit.derived-value`, or
  /// `emit.carried-field` from another format's field of the same meaning) at an output
  /// key of the same name, which reading the payload back keeps in the target's extras.
  static func isFilledIn(
    _ path: JSONPointer, lacking expressible: JSONValue, diagnostics: Diagnostics
  ) -> Bool {
    let tokens = path.tokens
    guard tokens.count >= 3, tokens[0] == "extras", expressible.value(at: path) == nil else {
      return false
    }
    return diagnostics.contains { diagnostic in
      guard [DiagnosticCode.defaultValue, .derivedValue, .carriedField].contains(diagnostic.code),
        case .output(let pointer) = diagnostic.location
      else { return false }
      return pointer.lastToken == tokens.last
    }
  }

  /// A diagnostic as one line, for messages: code, location and message.
  static func describe(_ diagnostic: Diagnostic) -> String {
    "\(diagnostic.code.name) at \(diagnostic.location): \(diagnostic.message)"
  }

  /// The compact JSON text of `value`, for messages.
  static func show(_ value: JSONValue?) -> String {
    value.map { JSONWriter(style: .compact).string($0) } ?? "nothing"
  }
}
