import PushIR

/// Keeps the emitted payload within the size APNs accepts (4096 bytes).
///
/// Runs last, on the emitted payload, because only the target's own encoding has a size.
/// Changes: with `--fit`, shortens the body text (whole characters, ending in `…`) until
/// the compact payload fits; nothing else is ever cut.
/// Reports: `fit.shortened-body` (warning) when it shortened the body;
/// `emit.over-budget` (error, nothing written) when the payload does not fit and `--fit`
/// was not given, or shortening the body is not enough.
/// Idempotent: a payload that fits is left as it is.
public struct FitSizeBudget: Sendable {
  public init() {}
  public var name: String { "fit-size-budget" }
  public var summary: String {
    "the emitted payload fits APNs's 4096 bytes (--fit shortens the body)"
  }

  /// What a run leaves: the payload that fits, or the last one emitted when none does.
  struct Outcome {
    /// The payload that fits; `nil` when none does or the emitter failed.
    var payload: EmittedPayload?
    /// The last payload emitted when none fits (what `--dump-after` shows of the pass).
    var refused: EmittedPayload?
    /// What the emissions and the size check reported.
    var diagnostics: Diagnostics
  }

  /// Emits `notification` with `emit`, shortening its body when `shorten` allows, until
  /// the payload is at most `limit` bytes, measured as compact JSON (written from the
  /// value when the emitter wrote no text). The diagnostics keep what `recording` says.
  /// The notification is handed over to `emit`; it is copied only when its body may be
  /// shortened and emitted again.
  func run(
    _ notification: consuming PushNotification, limit: Int, shorten: Bool,
    recording: Diagnostics.Recording = .full,
    emit: (consuming PushNotification, inout Diagnostics) -> EmittedPayload?
  ) -> Outcome {
    var diagnostics = Diagnostics(recording: recording)
    let shortenable: PushNotification? =
      shorten && notification.content.body != nil ? copy notification : nil
    // Without --fit, for the hint: whether shortening could help at all.
    let body = shorten ? nil : notification.content.body
    guard var payload = emit(consume notification, &diagnostics) else {
      return Outcome(diagnostics: diagnostics)
    }
    var size = payload.measured()
    guard size > limit else { return Outcome(payload: payload, diagnostics: diagnostics) }
    let originalSize = size
    if var current = shortenable, let body = current.content.body {
      var text = body
      while size > limit, !text.isEmpty {
        // The body's JSON text (escapes counted, as the payload's size counts them) must
        // lose the overshoot, with room left for the ellipsis.
        let room =
          Self.jsonLength(of: current.content.body ?? "") - (size - limit) - Self.ellipsisLength
        text = Self.prefix(of: text, withinJSONLength: room)
        current.content.body = text.isEmpty ? "…" : text + "…"
        diagnostics = Diagnostics(recording: recording)
        guard let shortened = emit(current, &diagnostics) else {
          return Outcome(diagnostics: diagnostics)
        }
        payload = shortened
        size = payload.measured()
        if text.isEmpty { break }
      }
      if size <= limit {
        diagnostics.report(
          .shortenedBody,
          "body shortened from \(body.utf8.count) to \(current.content.body!.utf8.count) bytes so the payload fits in \(limit) bytes",
          at: .ir("/content/body"))
        return Outcome(payload: payload, diagnostics: diagnostics)
      }
    }
    diagnostics.report(
      .overBudget, Self.overBudgetMessage(size: originalSize, limit: limit),
      at: .output(.root),
      notes: shorten
        ? ["shortening the body is not enough"]
        : Self.shorteningCanFit(originalSize, body: body, limit: limit)
          ? ["--fit shortens the body text until it fits"]
          : ["shortening the body would not be enough: the rest of the payload is over the limit"])
    return Outcome(refused: payload, diagnostics: diagnostics)
  }

  /// What is said of a payload of `size` bytes over `limit`, by this pass and by
  /// `validate`.
  static func overBudgetMessage(size: Int, limit: Int) -> String {
    "the payload is \(size) bytes; APNs accepts at most \(limit)"
  }

  /// The size of `payload` as this pass measures it: its compact JSON, in bytes.
  static func measure(_ payload: JSONValue) -> Int {
    JSONWriter(style: .compact).bytes(payload).count
  }

  /// Whether a payload of `size` bytes holding `body` once would fit in `limit` with
  /// the body cut to the shortest `--fit` writes, `…`: the size less the body's JSON
  /// text, plus that of `…`.
  static func shorteningCanFit(_ size: Int, body: String?, limit: Int) -> Bool {
    guard let body, !body.isEmpty else { return false }
    return size - jsonLength(of: body) + ellipsisLength <= limit
  }

  /// The longest prefix of whole characters of `text` whose JSON text is at most
  /// `length` bytes: the first character that does not fit ends it, so nothing after a
  /// gap is kept.
  static func prefix(of text: String, withinJSONLength length: Int) -> String {
    var end = text.startIndex
    var used = 0
    for index in text.indices {
      used += jsonLength(of: String(text[index]))
      guard used <= length else { break }
      end = text.index(after: index)
    }
    return String(text[..<end])
  }

  /// The bytes `text` takes inside a JSON string as pushc writes it, escapes included
  /// (the quotes around it not counted).
  static func jsonLength(of text: String) -> Int {
    JSONWriter(style: .compact).bytes(.string(text)).count - 2
  }

  /// What the `…` ending a shortened body takes.
  private static let ellipsisLength = jsonLength(of: "…")
}
