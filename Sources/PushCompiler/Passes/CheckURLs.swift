import PushIR

/// Applies the URL policy (``URLPolicy``, `Specs/urls.md`) to every URL the IR carries:
/// the tap action's link, each button's link, each category action target's link, each
/// media item's URL and its own tap action's link.
///
/// Changes: a URL whose scheme must not reach a phone (`javascript:`, `data:`, `file:`,
/// …, recognised after the cleaning browsers and apps apply) is removed with what holds
/// it: the tap action (the tap then opens the app), a button's link (the button then
/// opens the app), a category action target (the app's own handler decides), a media
/// item, a media item's own tap action (the item then takes the default action).
/// Reports: `pass.unsafe-url-scheme` (warning, lossy) per removal;
/// `pass.invalid-url` (warning) per URL that RFC 3986 does not allow, kept (a button or
/// tap link the target's SDK cannot parse excepted: fit-target drops it and says so);
/// `pass.non-https-media` (warning) per media URL that is not `https`, kept. Reports
/// are located in the input at once, since removing a media item or category action
/// target renumbers the rest (the source map follows).
/// Idempotent: no unsafe URL is left, so a second run changes nothing; it repeats only
/// its warnings about the URLs it keeps, and the pipeline never runs it twice (an
/// emitter re-runs it only when `--passes` left it out).
public struct CheckURLs: NotificationPass {
  public init() {}
  public var name: String { "check-urls" }
  public var summary: String {
    "URLs of unsafe schemes removed; invalid URLs and media not on https reported"
  }

  public func run(on notification: inout PushNotification, context: inout PassContext) {
    // A link the target's SDK cannot parse is dropped by fit-target, with its button or as
    // the tap action, which says so: a warning here that the link is kept would
    // contradict it.
    let linksMustParse = context.target?.linksMustParse == true
    if let url = notification.defaultAction?.url {
      if check(
        url, at: "/defaultAction/url", consequence: "the tap opens the app",
        reportingInvalid: !linksMustParse || URLPolicy.isParseable(url), &context)
      {
        notification.defaultAction = nil
      }
    }
    for index in notification.buttons.indices {
      // The link and label read in place: a copy of the button would copy every field.
      guard let url = notification.buttons[index].action.url else { continue }
      let label = notification.buttons[index].label
      if check(
        url, at: JSONPointer("/buttons").appending(index).appending("action").appending("url"),
        of: "button '\(label)'",
        consequence: "the button opens the app",
        reportingInvalid: !linksMustParse || URLPolicy.isParseable(url), &context)
      {
        notification.buttons[index].action = .openApp
      }
    }
    // Most categories give no action targets: nothing to check, copy and put back.
    if var category = notification.category, !category.actionTargets.isEmpty {
      let array: JSONPointer = "/category/actionTargets"
      // A predefined category the target turns into buttons gives its links to them.
      let becomeButtons =
        linksMustParse && context.target?.expandsPredefinedCategories == true
        && PredefinedCategory.position(named: category.identifier) != nil
      let unsafe = category.actionTargets.indices.filter { index in
        let target = category.actionTargets[index]
        guard let url = target.action.url else { return false }
        return check(
          url, at: array.appending(index).appending("action").appending("url"),
          of: "category action '\(target.actionID)'",
          consequence: "its target is dropped; the app's own handler decides",
          reportingInvalid: !becomeButtons || URLPolicy.isParseable(url), &context)
      }
      remove(unsafe, from: &category.actionTargets, at: array, &context)
      notification.category = category
    }
    var unsafeMedia: [Int] = []
    for index in notification.media.indices {
      // Worked out only for a message that is kept.
      func path() -> JSONPointer { JSONPointer("/media").appending(index) }
      if check(
        url: notification.media[index].url, ofMedia: index, at: path().appending("url"), &context)
      {
        unsafeMedia.append(index)
      } else if let url = notification.media[index].action?.url,
        check(
          url, at: path().appending("action").appending("url"),
          of: "the tap action of media item \(index)",
          consequence: "the item takes the default action", &context)
      {
        notification.media[index].action = nil
      }
    }
    remove(unsafeMedia, from: &notification.media, at: "/media", &context)
    // A carousel needs two items (Specs/ir.md): with fewer left, its presentation goes
    // with the items that were dropped, and says so.
    if !unsafeMedia.isEmpty, notification.media.count <= 1,
      let presentation = notification.mediaPresentation
    {
      notification.mediaPresentation = nil
      report(
        .unsafeURLScheme,
        "'\(presentation.rawValue)' dropped: with the unsafe media removed, \(notification.media.count) item(s) are left, too few for a carousel",
        at: "/mediaPresentation", &context)
    }
  }

  /// Checks a link; reports an unsafe scheme with `consequence` and returns `true` (the
  /// caller removes it), or reports an invalid URL (unless not `reportingInvalid`) and
  /// returns `false` (kept).
  /// The place and owner are worked out only when there is something to report: most
  /// links pass, on every record of a batch.
  private func check(
    _ url: IRText, at path: @autoclosure () -> JSONPointer,
    of owner: @autoclosure () -> String = "the tap action",
    consequence: String, reportingInvalid: @autoclosure () -> Bool = true,
    _ context: inout PassContext
  ) -> Bool {
    if let unsafe = URLPolicy.unsafeScheme(of: url) {
      report(
        .unsafeURLScheme,
        "\(owner()) links to '\(Self.shown(url))', whose scheme '\(unsafe.scheme)' \(unsafe.does); the link is removed: \(consequence)",
        at: path(), &context)
      return true
    }
    if let problem = URLPolicy.problem(in: url), reportingInvalid() {
      report(
        .invalidURL,
        "\(owner()) links to '\(Self.shown(url))', which is not a valid URL: \(problem); kept, but the phone may not open it",
        at: path(), &context)
    }
    return false
  }

  /// Checks a media item's URL: unsafe (returns `true`: the item is removed), invalid,
  /// or not `https` (both kept).
  private func check(
    url: IRText, ofMedia index: Int, at path: @autoclosure () -> JSONPointer,
    _ context: inout PassContext
  ) -> Bool {
    if let unsafe = URLPolicy.unsafeScheme(of: url) {
      report(
        .unsafeURLScheme,
        "media item \(index) '\(Self.shown(url))' has the scheme '\(unsafe.scheme)', which \(unsafe.does); the item is dropped",
        at: path(), &context)
      return true
    }
    switch URLPolicy.check(url) {
    case .failure(let problem):
      report(
        .invalidURL,
        "media item \(index) '\(Self.shown(url))' is not a valid URL: \(problem); kept, but the service extension cannot download it",
        at: path(), &context)
    case .success("https"):
      break
    case .success("http"):
      report(
        .nonHTTPSMedia,
        "media item \(index) '\(Self.shown(url))' is not https: App Transport Security stops the service extension downloading it unless the extension's Info.plist allows plain http; kept",
        at: path(), &context)
    case .success(let scheme):
      report(
        .nonHTTPSMedia,
        "media item \(index) '\(Self.shown(url))' is not https: service extensions download media over https, not '\(scheme)'; kept",
        at: path(), &context)
    }
    return false
  }

  /// Removes the elements at `indices` (ascending) and renumbers the source map as the
  /// array shrinks.
  private func remove<Element>(
    _ indices: [Int], from elements: inout [Element], at array: JSONPointer,
    _ context: inout PassContext
  ) {
    for index in indices.reversed() {
      elements.remove(at: index)
      context.sourceMap.removeElement(at: array.appending(index))
    }
  }

  /// Reports at the input location of `path` when the source map knows it, since the
  /// IR path may not name the same element once this pass removed one before it.
  /// Message and place are worked out only when the diagnostics are kept.
  private func report(
    _ code: DiagnosticCode, _ message: @autoclosure () -> String,
    at path: @autoclosure () -> JSONPointer, _ context: inout PassContext
  ) {
    if context.diagnostics.keepsDiagnostics,
      let input = context.sourceMap.inputLocation(of: path())
    {
      context.report(code, message(), atInput: input)
    } else {
      context.report(code, message(), at: path())
    }
  }

  /// `url` for a message: at most 80 characters.
  private static func shown(_ url: IRText) -> String {
    let url = url.string
    return url.count > 80 ? url.prefix(79) + "…" : url
  }
}
