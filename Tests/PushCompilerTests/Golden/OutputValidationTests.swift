import PushCompiler
import PushIR
import Testing

/// What pushc writes for a format whose specification it checks passes `pushc validate`
/// for that format, for every golden input converted with the golden defaults, but for
/// the cases the vendor pages document: a Dfinery output whose source has no title or a
/// critical sound (dfinery.md, Where the sources disagree), a Klaviyo output naming the
/// app's own category (klaviyo.md, Known gaps), a Yellow.ai request with nothing to show
/// (yellowai.md, Known gaps), a Customer.io output with no link or image, which only
/// Customer.io's delivery keys would mark (customerio.md, Known gaps), and a payload the
/// specification already refused, written as it came.
@Suite struct OutputValidationTests {
  /// Every vendor's format: each has validate rules, if only the one for the vendor's
  /// marker (the IR's own form has none).
  static let checkedFormats = Vendors.ids.filter { $0 != "ir" }

  /// The messages of the errors `validate --from format` reports for `payload`.
  static func errors(validating payload: JSONValue, as format: String) -> [String] {
    let text = JSONWriter(style: .compact).string(payload)
    let (_, streams) = runPushc(
      ["validate", "--from", format, "--diagnostics", "json"], input: text)
    return streams.error.split(separator: "\n").compactMap { line in
      guard let diagnostic = try? JSONReader.parse(Array(line.utf8)),
        diagnostic["severity"] == "error"
      else { return nil }
      return diagnostic["message"]?.stringValue
    }
  }

  /// The failures the vendor pages document for what each format writes.
  static let documented: [String: [String]] = [
    "dfinery": [
      "'aps.alert' is missing", "'aps.alert.title' is missing", "'aps.alert.body' is missing",
      "'aps.sound' must be a string",
    ],
    "klaviyo": ["'aps.category' "],
    "yellowai": ["neither an 'aps' dictionary nor the API form's"],
    "customerio": ["no 'CIO' dictionary and no delivery keys"],
  ]

  @Test(arguments: GoldenCase.parseCases)
  func whatIsWrittenValidates(_ golden: GoldenCase) throws {
    let input = try GoldenFiles.json(golden.folder.appendingPathComponent("input.json"))
    for target in Self.checkedFormats {
      guard let output = golden.translate(input, from: golden.source, to: target).output else {
        continue
      }
      let alreadyRefused = golden.source == target ? Self.errors(validating: input, as: target) : []
      for message in Self.errors(validating: output, as: target)
      where !alreadyRefused.contains(message)
        && !(Self.documented[target] ?? []).contains(where: { message.hasPrefix($0) })
      {
        Issue.record("\(target): \(message)")
      }
    }
  }
}
