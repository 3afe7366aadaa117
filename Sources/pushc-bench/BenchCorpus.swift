import PushCompiler
import PushIR

/// The benchmark's two inputs, made deterministically from a seed: Klaviyo payloads that
/// name a predefined category (the conversion jq can also do), and a mixed archive of
/// every format's realistic payloads with bad lines among them.
struct BenchCorpus {
  /// Records in each file.
  var records: Int
  /// Every `badEvery`th line of the mixed archive is broken (0: none).
  var badEvery: Int
  var seed: UInt64

  /// Lines that make a record fail, in turn: truncated JSON, text, a non-object root,
  /// invalid UTF-8 and an empty line.
  static let badLines: [[UInt8]] = [
    Array(#"{"aps": {"alert": {"title": "cut off"#.utf8),
    Array("this is not json".utf8),
    Array(#"[{"aps": {"alert": "an array is not a payload"}}]"#.utf8),
    Array(#"{"aps": {"alert": ""#.utf8) + [0xC3, 0x28] + Array(#""}}"#.utf8),
    [],
  ]

  /// The Klaviyo predefined categories the upgrade expands.
  static let categories = [
    "com.klaviyo.category.acceptDecline", "com.klaviyo.category.yesNo",
    "com.klaviyo.category.confirmCancel", "com.klaviyo.category.viewDismiss",
  ]

  /// One Klaviyo payload naming a predefined category; every other one has a deep link.
  static func klaviyoPayload(_ index: Int, using generator: inout SeededGenerator) -> JSONValue {
    var alert = JSONObject()
    alert.append("title", .string(SampleText.title(index, using: &generator)))
    alert.append("body", .string(SampleText.body(bytes: 560, using: &generator)))
    var aps = JSONObject()
    aps.append("alert", .object(alert))
    aps.append("category", .string(categories.randomElement(using: &generator)!))
    aps.append("mutable-content", 1)
    aps.append("sound", "default")
    var body = JSONObject()
    body.append(
      "_k", ["m": .string("01K\(index)"), "tm": .string("01J\(index % 97)")])
    if index.isMultiple(of: 2) { body.append("url", .string("shop://orders/\(index)")) }
    var payload = JSONObject()
    payload.append("aps", .object(aps))
    payload.append("body", .object(body))
    payload.append("order_id", .number(JSONNumber(index)))
    payload.append("note", .string(SampleText.body(bytes: 120, using: &generator)))
    return .object(payload)
  }

  /// `records` Klaviyo payloads, one per line.
  func klaviyoArchive() -> [UInt8] {
    var generator = SeededGenerator(seed: seed)
    var output: [UInt8] = []
    let writer = JSONWriter(style: .compact)
    for index in 0..<records {
      writer.write(Self.klaviyoPayload(index, using: &generator), into: &output)
      output.append(UInt8(ascii: "\n"))
    }
    return output
  }

  /// `records` lines drawn from `templates` with fresh text, and a bad line wherever
  /// `badLineNumbers` says; the 1-based numbers of the bad lines come back too.
  func mixedArchive(templates: [JSONValue]) -> (bytes: [UInt8], badLines: [Int]) {
    var generator = SeededGenerator(seed: seed &+ 1)
    var output: [UInt8] = []
    var bad: [Int] = []
    let writer = JSONWriter(style: .compact)
    for index in 0..<records {
      let line = index + 1
      if badEvery > 0, line.isMultiple(of: badEvery) {
        output.append(contentsOf: Self.badLines[bad.count % Self.badLines.count])
        bad.append(line)
      } else {
        let template = templates.randomElement(using: &generator)!
        writer.write(Self.vary(template, index: index, using: &generator), into: &output)
      }
      output.append(UInt8(ascii: "\n"))
    }
    return (output, bad)
  }

  /// `template` with new titles and bodies, the bodies long enough for about 1 KB.
  static func vary(_ template: JSONValue, index: Int, using generator: inout SeededGenerator)
    -> JSONValue
  {
    let size = JSONWriter(style: .compact).bytes(template).count
    let bodyBytes = max(60, 1000 - size)
    func walk(_ value: JSONValue, key: String?) -> JSONValue {
      switch value {
      case .object(let object):
        return .object(
          JSONObject(object.map { .init(key: $0.key, value: walk($0.value, key: $0.key)) }))
      case .array(let elements):
        return .array(elements.map { walk($0, key: nil) })
      case .string where key == "title":
        return .string(SampleText.title(index, using: &generator))
      case .string where key == "body" || key == "alert":
        return .string(SampleText.body(bytes: bodyBytes, using: &generator))
      default:
        return value
      }
    }
    return walk(template, key: nil)
  }

  /// The realistic payloads among the goldens (`Golden/<format>/parse/*/input.json`)
  /// that convert to Klaviyo once their format is detected: the mixed archive's
  /// templates, with the formats they cover.
  static func templates(goldenFolder: String) -> (payloads: [JSONValue], formats: Set<String>) {
    var payloads: [JSONValue] = []
    var formats: Set<String> = []
    let klaviyo = Vendors.named("klaviyo")!
    for format in Vendors.all where format.id != "ir" {
      for file in BenchFiles.inputs(under: goldenFolder + "/" + format.id + "/parse") {
        guard let bytes = BenchFiles.read(file), let payload = try? JSONReader.parse(bytes),
          case .detected(let detected, _) = Detector.detect(payload), detected.id == format.id
        else { continue }
        let result = Translator(from: detected, to: klaviyo).translate(payload)
        guard result.output != nil else { continue }
        payloads.append(payload)
        formats.insert(format.id)
      }
    }
    return (payloads, formats)
  }
}
