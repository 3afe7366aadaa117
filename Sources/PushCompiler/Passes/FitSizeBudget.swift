import PushIR

/// Keeps the emitted payload within the size APNs accepts (4096 bytes).
///
/// Runs last, on the emitted payload, because only the target's own encoding has a size.
/// Changes: with `--fit`, shortens the body text written (whole characters, ending in
/// `…`) until the compact payload fits: the notification's, or the one `--set` or the
/// defaults file gives in its place (Braze's `body`); nothing else is ever cut.
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

  /// Emits `notification` with `emit`, shortening the body it writes when `shorten`
  /// allows, until the payload is at most `limit` bytes, measured as compact JSON (written
  /// from the value when the emitter wrote no text). The body written is the
  /// notification's, or the text `--set` or the defaults file gave in its place
  /// (``EmittedPayload/givenBody``), which is cut through `emit`'s fitted body so that
  /// the notification keeps the source's body for what the emitter reports of it. The
  /// diagnostics keep what `recording` says. The notification is handed over to `emit`; it
  /// is copied only with `--fit` (`shorten`), to be emitted again: whether the body
  /// written is given in its place is known only once it is emitted.
  func run(
    _ notification: consuming PushNotification, limit: Int, shorten: Bool,
    recording: Diagnostics.Recording = .full,
    emit: (consuming PushNotification, _ fittedBody: String?, inout Diagnostics) -> EmittedPayload?
  ) -> Outcome {
    var diagnostics = Diagnostics(recording: recording)
    let shortenable: PushNotification? = shorten ? copy notification : nil
    let ownBody = notification.content.body
    let localizedBody = notification.content.bodyLocalization != nil
    guard var payload = emit(consume notification, nil, &diagnostics) else {
      return Outcome(diagnostics: diagnostics)
    }
    var size = payload.measured()
    guard size > limit else { return Outcome(payload: payload, diagnostics: diagnostics) }
    let originalSize = size
    let given = payload.givenBody
    // Made a `String` only for a payload over the limit.
    let body = given?.text ?? ownBody?.string
    if var current = shortenable, let body, !body.isEmpty {
      var text = body
      var written = body
      while size > limit, !text.isEmpty {
        // The body's JSON text (escapes counted, as the payload's size counts them) must
        // lose the overshoot, with room left for the ellipsis.
        let room = Self.jsonLength(of: written) - (size - limit) - Self.ellipsisLength
        text = Self.prefix(of: text, withinJSONLength: room)
        written = text + "…"
        var fittedBody: String?
        if given != nil { fittedBody = written } else { current.content.body = IRText(written) }
        diagnostics = Diagnostics(recording: recording)
        guard let shortened = emit(current, fittedBody, &diagnostics) else {
          return Outcome(diagnostics: diagnostics)
        }
        payload = shortened
        size = payload.measured()
        if text.isEmpty { break }
      }
      if size <= limit {
        diagnostics.report(
          .shortenedBody,
          Self.shortenedMessage(from: body, to: written, givenBy: given, limit: limit),
          at: given.map { .output($0.output) } ?? .ir("/content/body"))
        return Outcome(payload: payload, diagnostics: diagnostics)
      }
    }
    diagnostics.report(
      .overBudget, Self.overBudgetMessage(size: originalSize, limit: limit),
      at: .output(.root),
      notes: [
        Self.shorteningNote(
          size: originalSize, body: body, localizedBody: localizedBody, limit: limit,
          fitting: shorten)
      ])
    return Outcome(refused: payload, diagnostics: diagnostics)
  }

  /// What `fit.shortened-body` says of `body` cut to `shortened`: the sizes the budget
  /// counts, in JSON text, and the text's own bytes too where escapes make them differ.
  /// `given` names the `--set` or defaults file value the body was.
  static func shortenedMessage(
    from body: String, to shortened: String, givenBy given: GivenBody?, limit: Int
  ) -> String {
    let what =
      given.map {
        "the \($0.name) " + ($0.source == "--set" ? "given with --set" : "taken from \($0.source)")
      } ?? "body"
    let (before, after) = (jsonLength(of: body), jsonLength(of: shortened))
    let sizes =
      before == body.utf8.count && after == shortened.utf8.count
      ? "from \(before) to \(after) bytes"
      : "from \(before) to \(after) bytes of JSON text, escapes included (\(body.utf8.count) to \(shortened.utf8.count) bytes unescaped),"
    return "\(what) shortened \(sizes) so the payload fits in \(limit) bytes"
  }

  /// The note of `emit.over-budget` on a payload of `size` bytes holding `body` once (the
  /// body written, `nil` when there is none; `localizedBody` when the body is a
  /// localization key instead): whether `--fit` (given when `fitting`) can make it fit,
  /// and if not, why not.
  static func shorteningNote(
    size: Int, body: String?, localizedBody: Bool = false, limit: Int, fitting: Bool
  ) -> String {
    guard let body, !body.isEmpty else {
      let none =
        localizedBody
        ? "this payload's body is a localization key and its arguments, which it does not cut"
        : "this payload has none"
      return fitting
        ? "--fit shortens only the body text, and \(none)"
        : "--fit would not help: it shortens only the body text, and \(none)"
    }
    let rest = size - jsonLength(of: body)
    let notEnough =
      fitting ? "shortening the body is not enough" : "shortening the body would not be enough"
    if rest > limit {
      return
        "\(notEnough): the rest of the payload is over the limit, \(rest) bytes without the body text"
    }
    if rest + ellipsisLength > limit {
      return
        "\(notEnough): the rest of the payload is \(rest) bytes without the body text, and a body cut to '…' adds \(ellipsisLength)"
    }
    // Reached with --fit only when the emitter's payload did not shrink with the body.
    return fitting ? notEnough : "--fit shortens the body text until it fits"
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
