import PushCompiler
import PushIR
import Testing

/// `--fit` keeps a prefix of the body's whole characters, then `…`, and the payload fits.
@Suite struct FitSizeBudgetTests {
  /// Bodies over the budget in several scripts: a character that does not fit at the cut
  /// sits before others that would, so skipping it instead of stopping there shows.
  static let bodies: [(name: String, body: String)] = [
    (
      "ascii then a ZWJ family",
      String(repeating: "a", count: 4040) + "👩‍👩‍👧‍👦"
        + String(repeating: "bcdefghijklmnopqrstuvwxyz", count: 2)
    ),
    ("ZWJ family and é", String(repeating: "👩‍👩‍👧‍👦é", count: 400)),
    ("flags and digits", String(repeating: "🇯🇵1", count: 900)),
    ("combining marks", String(repeating: "e\u{301}\u{323}\u{302}x", count: 700)),
    ("Devanagari clusters", String(repeating: "क्षि", count: 500)),
    ("CJK and a skin-tone emoji", String(repeating: "漢字👍🏽かな", count: 300)),
    ("Hangul jamo", String(repeating: "\u{1100}\u{1161}\u{11A8}a", count: 600)),
    ("quotes and escapes", String(repeating: "\"\\\n👨‍💻", count: 500)),
    ("control characters", String(repeating: "\u{1}", count: 1000)),
  ]

  @Test(arguments: 0..<bodies.count)
  func shortenedBodyIsAPrefixOfWholeCharacters(_ index: Int) throws {
    let body = Self.bodies[index].body
    let payload: JSONValue = ["aps": ["alert": ["body": .string(body)]]]
    let input = String(decoding: JSONWriter(style: .compact).bytes(payload), as: UTF8.self)
    let (code, streams) = runPushc(
      ["convert", "--from", "apns", "--to", "apns", "--fit", "--compact"], input: input)
    #expect(code == .success, "\(Self.bodies[index].name): \(streams.error)")
    #expect(streams.output.count - 1 <= 4096, "\(Self.bodies[index].name)")
    let output = try JSONReader.parse(streams.output)
    let shortened = try #require(output["aps"]?["alert"]?["body"]?.stringValue)
    #expect(shortened.hasSuffix("…"))
    let kept = shortened.dropLast()
    // Compared character by character: a prefix of whole characters of the original.
    let isPrefix = kept.count < body.count && body.starts(with: kept)
    #expect(
      isPrefix,
      "\(Self.bodies[index].name): ends '\(String(kept.suffix(8)))', not a prefix of the body")
    #expect(streams.error.contains("[fit.shortened-body]"))
    // As long as it can be: with the next character as well, the payload would not fit.
    guard isPrefix else { return }
    let next = body[body.index(body.startIndex, offsetBy: kept.count)]
    let nextLength = JSONWriter(style: .compact).bytes(.string(String(next))).count - 2
    #expect(
      streams.output.count - 1 + nextLength > 4096,
      "\(Self.bodies[index].name): \(streams.output.count - 1) bytes; '\(next)' would have fitted")
  }

  /// Without `--fit`, the refusal suggests it only when shortening the body could make
  /// the payload fit; and where it suggests it, `--fit` does.
  @Test func theHintSuggestsFitOnlyWhenShorteningCanHelp() throws {
    let fitting =
      #"{"aps":{"alert":{"body":"\#(String(repeating: "é", count: 3000))"}},"body":{"_k":"k"}}"#
    let hopeless =
      #"{"aps":{"alert":{"title":"\#(String(repeating: "t", count: 4100))","body":"short body"}},"body":{"_k":"k"}}"#
    for (input, helps) in [(fitting, true), (hopeless, false)] {
      let (refused, without) = runPushc(
        ["convert", "-f", "klaviyo", "-t", "klaviyo"], input: input)
      #expect(refused == .dataError)
      #expect(without.error.contains("[emit.over-budget]"))
      #expect(without.error.contains("note: --fit shortens the body text until it fits") == helps)
      let (code, _) = runPushc(
        ["convert", "-f", "klaviyo", "-t", "klaviyo", "--fit"], input: input)
      #expect((code == .success) == helps)
    }
    // The body's share of the payload is its JSON text: escapes count.
    let escaped =
      #"{"aps":{"alert":{"title":"\#(String(repeating: "t", count: 3900))","body":"\#(String(repeating: "\\n", count: 300))"}},"body":{"_k":"k"}}"#
    let (_, streams) = runPushc(["convert", "-f", "klaviyo", "-t", "klaviyo"], input: escaped)
    #expect(streams.error.contains("note: --fit shortens the body text until it fits"))
    #expect(
      runPushc(["convert", "-f", "klaviyo", "-t", "klaviyo", "--fit"], input: escaped).0 == .success
    )
  }

  /// Braze writes a body given with `--set` in place of the source's: that is the text
  /// the budget counts and `--fit` cuts, while the source's own body stays what
  /// `emit.replaced-value` names.
  @Test func aBodyGivenWithSetIsTheOneShortened() throws {
    let given = String(repeating: "漢", count: 1500)
    let source = #"{"aps":{"alert":"short body"}}"#
    let arguments = ["convert", "-f", "apns", "-t", "braze", "--set", "body=\(given)", "--compact"]
    let (refused, without) = runPushc(arguments, input: source)
    #expect(refused == .dataError)
    #expect(without.error.contains("note: --fit shortens the body text until it fits"))
    #expect(!without.error.contains("rest of the payload"))

    let (code, streams) = runPushc(arguments + ["--fit"], input: source)
    #expect(code == .success, "\(streams.error)")
    #expect(streams.output.count - 1 <= 4096)
    let output = try JSONReader.parse(streams.output)
    let body = try #require(output["messages"]?["apple_push"]?["alert"]?.stringValue)
    #expect(body.hasSuffix("…") && given.hasPrefix(body.dropLast()))
    #expect(streams.error.contains("replacing the source's 'short body' [emit.replaced-value]"))
    #expect(!streams.error.contains("replacing the source's '…'"))
    #expect(
      streams.error.contains(
        "<stdin>:output:/messages/apple_push/alert: warning: the body given with --set shortened from 4500 to \(body.utf8.count) bytes"
      ))
  }

  /// A body the defaults file gives, where the source has none, is cut as well.
  @Test func aBodyFromTheDefaultsFileIsShortened() throws {
    let folder = try TemporaryFolder.make("fit-defaults")
    let defaults = try TemporaryFolder.write(
      Array(#"{"body":"\#(String(repeating: "é", count: 3000))"}"#.utf8), to: "defaults.json",
      in: folder)
    let arguments = ["convert", "-f", "apns", "-t", "braze", "--defaults", defaults, "--compact"]
    let source = #"{"aps":{"alert":{"title":"T"}}}"#
    let (_, without) = runPushc(arguments, input: source)
    #expect(without.error.contains("note: --fit shortens the body text until it fits"))
    let (code, streams) = runPushc(arguments + ["--fit"], input: source)
    #expect(code == .success, "\(streams.error)")
    #expect(streams.output.count - 1 <= 4096)
    #expect(streams.error.contains("warning: the body taken from the defaults file shortened"))
  }

  /// The sizes `fit.shortened-body` gives are the ones the budget counts, the body's
  /// JSON text, with the unescaped bytes beside them where escapes make them differ.
  @Test func theShortenedSizesAreTheBudgetsOwn() throws {
    let body = String(repeating: "a\n\"\\\u{1}", count: 800)
    let payload: JSONValue = ["aps": ["alert": ["body": .string(body)]]]
    let input = String(decoding: JSONWriter(style: .compact).bytes(payload), as: UTF8.self)
    let (code, streams) = runPushc(
      ["convert", "-f", "apns", "-t", "apns", "--fit", "--compact"], input: input)
    #expect(code == .success)
    let output = try JSONReader.parse(streams.output)
    let shortened = try #require(output["aps"]?["alert"]?["body"]?.stringValue)
    let jsonLength = JSONWriter(style: .compact).bytes(.string(shortened)).count - 2
    #expect(
      streams.error.contains(
        "body shortened from 10400 to \(jsonLength) bytes of JSON text, escapes included (4000 to \(shortened.utf8.count) bytes unescaped), so the payload fits in 4096 bytes"
      ), "\(streams.error)")
  }

  /// The refusal's note says why `--fit` cannot help: the rest of the payload over the
  /// limit, the `…` that does not fit beside a rest under it, or no body text at all.
  @Test func theNoteSaysWhyShorteningCannotHelp() {
    func note(_ input: String, fit: Bool) -> String {
      let (code, streams) = runPushc(
        ["convert", "-f", "apns", "-t", "apns"] + (fit ? ["--fit"] : []), input: input)
      #expect(code == .dataError)
      return streams.error
    }
    // The rest is 4094 bytes: under the limit, but the '…' takes 3.
    let padding = String(
      repeating: "z", count: 4094 - #"{"aps":{"alert":{"body":""}},"d":""}"#.utf8.count)
    let edge = #"{"aps":{"alert":{"body":"yyyyyyyyyy"}},"d":"\#(padding)"}"#
    for fit in [false, true] {
      let said = note(edge, fit: fit)
      #expect(
        said.contains(
          "the rest of the payload is 4094 bytes without the body text, and a body cut to '…' adds 3"
        ), "\(said)")
      #expect(!said.contains("over the limit"))
    }
    let titleOnly = #"{"aps":{"alert":{"title":"\#(String(repeating: "t", count: 4100))"}}}"#
    #expect(
      note(titleOnly, fit: false).contains(
        "note: --fit would not help: it shortens only the body text, and this payload has none"))
    #expect(
      note(titleOnly, fit: true).contains(
        "note: --fit shortens only the body text, and this payload has none"))
    let localized =
      #"{"aps":{"alert":{"loc-key":"K","loc-args":["\#(String(repeating: "x", count: 4100))"]}}}"#
    for fit in [false, true] {
      let said = note(localized, fit: fit)
      #expect(said.contains("this payload's body is a localization key and its arguments"))
      #expect(!said.contains("shortening the body"))
    }
  }
}
