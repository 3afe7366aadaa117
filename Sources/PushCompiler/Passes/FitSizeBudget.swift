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
        let target = max(0, text.utf8.count - (size - limit) - 3)
        // The longest prefix of whole characters within `target` bytes: the first
        // character that does not fit ends it, so nothing after a gap is kept.
        var end = text.startIndex
        var bytes = 0
        for index in text.indices {
          let next = text[index].utf8.count
          guard bytes + next <= target else { break }
          bytes += next
          end = text.index(after: index)
        }
        text = String(text[..<end])
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
      .overBudget, "the payload is \(originalSize) bytes; APNs accepts at most \(limit)",
      at: .output(.root),
      notes: shorten
        ? ["shortening the body is not enough"]
        : Self.shorteningCanFit(originalSize, body: body, limit: limit)
          ? ["--fit shortens the body text until it fits"]
          : ["shortening the body would not be enough: the rest of the payload is over the limit"])
    return Outcome(refused: payload, diagnostics: diagnostics)
  }

  /// Whether a payload of `size` bytes holding `body` once would fit in `limit` with
  /// the body cut to the shortest `--fit` writes, `…`: the size less the body's JSON
  /// text, plus that of `…`.
  static func shorteningCanFit(_ size: Int, body: String?, limit: Int) -> Bool {
    guard let body, !body.isEmpty else { return false }
    let writer = JSONWriter(style: .compact)
    let saved = writer.string(.string(body)).utf8.count - writer.string("…").utf8.count
    return size - saved <= limit
  }
}
