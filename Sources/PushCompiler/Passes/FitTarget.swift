import PushIR

/// Lowers the IR to what the target can express (its ``Capabilities``).
///
/// Changes: an action the target lacks becomes the nearest one it has (a dial becomes a
/// `tel:` link, a dismiss or custom action opens the app) or is dropped; a link opens
/// where the target sends it (by its scheme, for some); buttons of a target whose
/// buttons have no action of their own take the tap action; buttons beyond
/// the target's count, or whose action cannot be expressed, are dropped; options,
/// icons and text fields the target cannot show are dropped, options it always applies
/// are added; labels are cut to the target's length; media of kinds it cannot show or
/// beyond its count are dropped (a carousel keeps its first item); captions and
/// per-item actions and alt texts go where the target has none; a registered category
/// goes where the target cannot name one, and what its actions do where the target
/// cannot say, and what it says twice for one action after the first time; the links
/// its actions and media items open go where the target sends links.
/// Reports: one `fit.*` warning per change, at the IR path of what changed.
/// Idempotent: its output fits, so a second run changes and reports nothing. Emitters
/// run it again on what they receive, so nothing is dropped silently even when this
/// pass was left out with `--passes`.
public struct FitTarget: NotificationPass {
  public init() {}
  public var name: String { "fit-target" }
  public var summary: String {
    "lower buttons, actions, options, icons and media to what the target can express"
  }

  public func run(on notification: inout PushNotification, context: inout PassContext) {
    guard let target = context.target else { return }
    // The context's diagnostics lent to the fitter and taken back, not merged from a
    // collector of its own: every record comes here.
    var fitter = Fitter(
      target: target, targetID: context.targetID,
      diagnostics: Diagnostics(recording: context.diagnostics.recording))
    swap(&fitter.diagnostics, &context.diagnostics)
    fitter.fit(&notification)
    swap(&fitter.diagnostics, &context.diagnostics)
  }
}

extension EmitContext {
  /// `notification` after the passes every emitter relies on (check-urls,
  /// resolve-fallbacks, fit-target, set-mutable-content) for `format`, reporting
  /// whatever they change. The passes are idempotent, so after the standard pipeline
  /// (``passesRan``) they are not run again; when `--passes` left them out, nothing
  /// unsafe is written and nothing is dropped or changed silently all the same. Those
  /// that lead the list and ran already (``ranPasses``) are skipped, so check-urls
  /// never reports a kept URL twice. The notification is handed over and back, never
  /// copied.
  public mutating func prepared(
    _ notification: consuming PushNotification, for format: any VendorFormat
  ) -> PushNotification {
    guard !passesRan else { return notification }
    var context = PassContext(target: format, recording: diagnostics.recording)
    context.target = format.capabilities(writing: notification, options: options)
    var prepared = notification
    for pass in Pipeline.requiredBeforeEmit.drop(while: { ranPasses.contains($0.name) }) {
      pass.run(on: &prepared, context: &context)
    }
    diagnostics.report(contentsOf: context.diagnostics)
    return prepared
  }
}

/// The work of ``FitTarget``.
private struct Fitter {
  let target: Capabilities
  let targetID: String
  var diagnostics: Diagnostics

  mutating func fit(_ notification: inout PushNotification) {
    // A copy the lazily built messages can read while `self` is being changed.
    let targetID = self.targetID
    fitDefaultAction(&notification)
    fitButtons(&notification)
    fitMedia(&notification)
    if let category = notification.category, !target.registeredCategories {
      notification.category = nil
      report(
        .droppedCategory,
        "\(targetID) cannot name the registered category '\(category.identifier)'; dropped",
        at: "/category")
    }
    if let targets = notification.category?.actionTargets, !targets.isEmpty,
      !target.categoryActionTargets
    {
      for (index, entry) in targets.enumerated() {
        report(
          .droppedAction,
          "\(targetID) cannot say what category action '\(entry.actionID)' does (\(entry.action.phrase)); the app's own handler decides",
          at: JSONPointer("/category/actionTargets").appending(index))
      }
      notification.category?.actionTargets = []
    }
    fitCategoryActions(&notification)
  }

  /// A registered category's action targets, one per action (the first one given
  /// counts, `Specs/ir.md`), their links going where the target sends links; what other
  /// kinds of action the target's category actions can take, its emitter decides.
  private mutating func fitCategoryActions(_ notification: inout PushNotification) {
    // Most categories give no action targets: nothing to copy or rebuild.
    guard var category = notification.category, !category.actionTargets.isEmpty else { return }
    var kept: [NotificationCategory.ActionTarget] = []
    for (index, entry) in category.actionTargets.enumerated() {
      // Worked out only for a message that is kept.
      func path() -> JSONPointer { JSONPointer("/category/actionTargets").appending(index) }
      guard !kept.contains(where: { $0.actionID == entry.actionID }) else {
        report(
          .droppedAction,
          "category action '\(entry.actionID)' is given again (\(entry.action.phrase)); the first one counts",
          at: path())
        continue
      }
      var fitted = entry
      fitted.action = fitLink(
        entry.action, of: "category action '\(entry.actionID)'", at: path().appending("action"))
      kept.append(fitted)
    }
    category.actionTargets = kept
    notification.category = category
  }

  /// `action`, when it opens a link, opening it where the target sends links; the
  /// change is reported as one of `subject`, at `path`.
  private mutating func fitLink(
    _ action: NotificationAction, of subject: @autoclosure () -> String,
    at path: @autoclosure () -> JSONPointer
  ) -> NotificationAction {
    // A copy the lazily built messages can read while `self` is being changed.
    let targetID = self.targetID
    guard case .openURL = action,
      case .changed(let new, let why) = lower(action, allowed: Self.linksOnly)
    else { return action }
    report(.changedAction, "\(subject()) \(why.text(targetID: targetID))", at: path())
    return new
  }

  private mutating func fitDefaultAction(_ notification: inout PushNotification) {
    // A copy the lazily built messages can read while `self` is being changed.
    let targetID = self.targetID
    guard let action = notification.defaultAction, action != .sameAsDefault else { return }
    let path: JSONPointer = "/defaultAction"
    // Tapping a notification opens the app unless told otherwise, so `openApp` needs no key.
    if action == .openApp && !target.defaultActionMask.contains(.openApp) {
      notification.defaultAction = nil
      return
    }
    switch lower(action, allowed: target.defaultActionMask) {
    case .kept: break
    case .changed(let new, let why):
      notification.defaultAction = new
      report(.changedAction, "the tap action \(why.text(targetID: targetID))", at: path)
    case .dropped:
      notification.defaultAction = nil
      report(
        .droppedAction,
        "\(targetID) has no way to \(action.phrase) on tap; the tap opens the app", at: path)
    }
  }

  private mutating func fitButtons(_ notification: inout PushNotification) {
    // A copy the lazily built messages can read while `self` is being changed.
    let targetID = self.targetID
    guard !notification.buttons.isEmpty else { return }
    let tapAction = notification.defaultAction
    // Fitted in place, the kept ones moved to the front: most records keep every button
    // as it is, and the array, held here alone, is neither copied nor rebuilt.
    var buttons = notification.buttons
    notification.buttons = []
    var keptCount = 0
    for index in buttons.indices {
      // Worked out only for a message that is kept.
      func path() -> JSONPointer { JSONPointer("/buttons").appending(index) }
      guard keptCount < target.maxButtons else {
        let reason =
          target.maxButtons > 0
          ? "\(targetID) shows at most \(target.maxButtons) button(s)"
          : target.noButtonsBecause
            ?? "\(targetID) has no per-push buttons"
            + (target.registeredCategories ? " (only categories the app registered)" : "")
        report(.droppedButton, "button '\(buttons[index].label)' dropped: \(reason)", at: path())
        continue
      }
      guard fit(&buttons[index], sharing: tapAction, at: path) else { continue }
      if keptCount != index { buttons.swapAt(keptCount, index) }
      keptCount += 1
    }
    // Nothing removed, nothing written: removing an empty range still makes the array
    // unique.
    if keptCount < buttons.count { buttons.removeSubrange(keptCount...) }
    notification.buttons = buttons
  }

  /// Fits one button (at `path`) to the target; `false` when it is dropped, before
  /// anything in it changed.
  private mutating func fit(
    _ button: inout ActionButton, sharing tapAction: NotificationAction?,
    at path: () -> JSONPointer
  ) -> Bool {
    // A copy the lazily built messages can read while `self` is being changed.
    let targetID = self.targetID
    var nowOpensApp = false
    switch fitAction(button.action, sharing: tapAction) {
    case .kept: break
    case .changed(let new, let why):
      nowOpensApp = new.opensApp
      button.action = new
      report(
        .changedAction, "button '\(button.label)' \(why.text(targetID: targetID))",
        at: path().appending("action"))
    case .dropped:
      report(
        .droppedButton,
        "button '\(button.label)' dropped: \(targetID) has no way to \(button.action.phrase)",
        at: path())
      return false
    }
    fitOptions(&button, at: path, alreadyReportedOpeningApp: nowOpensApp)
    fitIcon(&button, at: path)
    if button.textInput != nil && !target.textInput {
      button.textInput = nil
      report(
        .droppedTextInput, "button '\(button.label)' loses its reply field: \(targetID) has none",
        at: path().appending("textInput"))
    }
    // A label has no more characters than bytes: most are measured without counting.
    if let limit = target.maxLabelLength, limit > 1, button.label.utf8.count > limit,
      button.label.count > limit
    {
      let cut = String(button.label.prefix(limit - 1)) + "…"
      report(
        .longLabel,
        "button label '\(button.label)' is longer than \(limit) characters; cut to '\(cut)'",
        at: path().appending("label"))
      button.label = cut
    }
    return true
  }

  /// A button's action lowered to the target's; where buttons have none of their own,
  /// the tap action (already fitted), whatever the button did.
  /// Given the button's action alone: the button, being fitted in place, would be copied.
  private func fitAction(_ action: NotificationAction, sharing tapAction: NotificationAction?)
    -> Lowered
  {
    guard target.buttonsTakeDefaultAction else {
      return lower(action, allowed: target.buttonActionMask)
    }
    let shared = tapAction ?? .openApp
    return action == shared
      ? .kept
      : .changed(shared, .takesTapAction(shared, insteadOf: action))
  }

  private mutating func fitOptions(
    _ button: inout ActionButton, at path: () -> JSONPointer, alreadyReportedOpeningApp: Bool
  ) {
    // A copy the lazily built messages can read while `self` is being changed.
    let targetID = self.targetID
    let allowed = target.buttonOptions.union(target.forcedButtonOptions)
    let unsupported = button.options.subtracting(allowed)
    if !unsupported.isEmpty {
      for (name, option) in ButtonOptions.named where unsupported.contains(option) {
        report(
          .droppedOption,
          "button '\(button.label)' loses its \(name) option: \(targetID) does not support it",
          at: path().appending("options"))
      }
    }
    let added = target.forcedButtonOptions.subtracting(button.options)
    if added.contains(.foreground) && !alreadyReportedOpeningApp {
      report(
        .changedAction, "button '\(button.label)' now opens the app: every \(targetID) button does",
        at: path().appending("options"),
        notes: ["it ran in the background without opening the app"])
    }
    // Written only when it changes: most buttons keep their options.
    let fitted = button.options.intersection(allowed).union(target.forcedButtonOptions)
    if fitted != button.options { button.options = fitted }
  }

  private mutating func fitIcon(_ button: inout ActionButton, at path: () -> JSONPointer) {
    // A copy the lazily built messages can read while `self` is being changed.
    let targetID = self.targetID
    switch button.icon {
    case .systemImage(let name)? where !target.systemImageIcons:
      report(
        .droppedIcon,
        "button '\(button.label)' loses its SF Symbol icon '\(name)': \(targetID) cannot show it",
        at: path().appending("icon"))
      button.icon = nil
    case .templateImage(let name)? where !target.templateImageIcons:
      report(
        .droppedIcon,
        "button '\(button.label)' loses its image icon '\(name)': \(targetID) cannot show it",
        at: path().appending("icon"))
      button.icon = nil
    default: break
    }
  }

  private mutating func fitMedia(_ notification: inout PushNotification) {
    // Copies the lazily built messages can read while `self` is being changed.
    let targetID = self.targetID, maxMedia = target.maxMedia
    guard !notification.media.isEmpty else { return }
    var kept: [MediaItem] = []
    kept.reserveCapacity(max(0, min(notification.media.count, target.maxMedia)))
    for (index, original) in notification.media.enumerated() {
      // Worked out only for a message that is kept.
      func path() -> JSONPointer { JSONPointer("/media").appending(index) }
      var item = original
      guard target.maxMedia > 0 else {
        report(
          .droppedMedia,
          "\(item.kind.rawValue) '\(item.url)' dropped: \(targetID) carries no media", at: path())
        continue
      }
      guard target.mediaKindMask.contains(item.kind) else {
        report(
          .droppedMedia,
          "\(item.kind.rawValue) '\(item.url)' dropped: \(targetID) cannot show \(item.kind.rawValue) media",
          at: path())
        continue
      }
      guard kept.count < target.maxMedia else {
        let carousel =
          notification.mediaPresentation != nil ? "the carousel keeps its first item; " : ""
        report(
          .droppedMedia,
          "\(carousel)'\(item.url)' dropped: \(targetID) shows at most \(maxMedia) media item(s)",
          at: path())
        continue
      }
      if let text = item.altText, !target.mediaAltText {
        report(
          .droppedMedia,
          "the alt text '\(text)' of media item \(index) dropped: \(targetID) has no place for it",
          at: path().appending("altText"))
        item.altText = nil
      }
      if !target.mediaCaptions {
        for (name, value) in [("caption", item.caption), ("subcaption", item.subcaption)]
        where value != nil {
          report(
            .droppedMedia,
            "the \(name) '\(value!)' of media item \(index) dropped: \(targetID) has no captions",
            at: path().appending(name))
        }
        if let action = item.action {
          report(
            .droppedAction, "media item \(index) loses its own tap action (\(action.phrase))",
            at: path().appending("action"))
        }
        item.caption = nil
        item.subcaption = nil
        item.action = nil
      }
      item.action = item.action.map {
        fitLink($0, of: "media item \(index)", at: path().appending("action"))
      }
      kept.append(item)
    }
    notification.media = kept
    if kept.count <= 1 || target.maxMedia <= 1 { notification.mediaPresentation = nil }
  }

  /// What a link may become where only links are asked about.
  private static let linksOnly = KindMask<Capabilities.ActionKind>([.openURL])

  private enum Lowered {
    case kept
    case changed(NotificationAction, Change)
    case dropped
  }

  /// Why an action changed, as what its message is written from: the message is written
  /// only for diagnostics that are kept, and most changes of a batch are never read.
  /// The reasons holding more than a string are boxed, so that the result of lowering an
  /// action, asked of every action of every record, stays as small as the text was.
  private enum Change {
    /// A fixed reason.
    case text(String)
    /// A link now opens where its scheme says (`implied`), not `was`.
    indirect case openedByScheme(url: String, implied: URLDestination, was: URLDestination)
    /// A link now opens at `opens`, not `was`; `outside` is where it would have opened
    /// had the target opened links of its scheme outside the app (`browserSchemes`).
    indirect case opensElsewhere(
      url: String, opens: URLDestination, was: URLDestination, outside: URLDestination?,
      browserSchemes: Set<String>?)
    /// A number is dialled through `link`.
    case dialsThrough(link: String)
    /// The app opens without the link `url`.
    case opensAppWithoutLink(String)
    /// The app opens instead of doing `action`.
    indirect case opensAppInsteadOf(NotificationAction)
    /// A button takes the tap action `shared` instead of its own `action`.
    indirect case takesTapAction(NotificationAction, insteadOf: NotificationAction)

    /// The reason as the end of a message about the target `targetID`.
    func text(targetID: String) -> String {
      switch self {
      case .text(let text): text
      case .openedByScheme(let url, let implied, let was):
        "opens '\(url)' \(implied.phrase) instead of \(was.phrase): \(targetID) opens a link by its scheme"
      case .opensElsewhere(let url, let opens, let was, let outside, let browserSchemes):
        "opens '\(url)' \(opens.phrase) instead of \(was.phrase)"
          + (outside.map {
            ": \(targetID) opens only \((browserSchemes ?? []).sorted().joined(separator: ", ")) links \($0.phrase)"
          } ?? "")
      case .dialsThrough(let link): "dials through the link '\(link)'"
      case .opensAppWithoutLink(let url): "opens the app without the link '\(url)'"
      case .opensAppInsteadOf(let action): "opens the app instead of: \(action.phrase)"
      case .takesTapAction(let shared, let action):
        "now does what a tap on the notification does (\(shared.phrase)) instead of: \(action.phrase); \(targetID) buttons have no action of their own"
      }
    }
  }

  /// The nearest action in `allowed`.
  private func lower(_ action: NotificationAction, allowed: KindMask<Capabilities.ActionKind>)
    -> Lowered
  {
    guard let kind = Capabilities.ActionKind(action) else { return .kept }
    if allowed.contains(kind) {
      guard case .openURL(let url, let destination) = action else { return .kept }
      return lower(link: url, opening: destination)
    }
    // By kind, before the switch: held in the reason, the action would be copied for
    // every action the switch reads.
    if kind == .botFlow || kind == .inboxMessage || kind == .custom {
      return allowed.contains(.openApp) ? .changed(.openApp, .opensAppInsteadOf(action)) : .dropped
    }
    switch action {
    case .dial(let number) where allowed.contains(.openURL):
      let link = NotificationAction.dialLink(number)
      let destination: URLDestination =
        target.linkDestinationFromScheme
        ? .impliedByScheme(of: link)
        : target.urlDestinationMask.contains(.browser) && target.opensOutsideTheApp(link)
          ? .browser : .app
      return .changed(.openURL(link, destination), .dialsThrough(link: link))
    case .openURL(let url, _) where allowed.contains(.openApp):
      return .changed(.openApp, .opensAppWithoutLink(url))
    case .dismiss where allowed.contains(.openApp):
      return .changed(.openApp, .text("now opens the app: it dismissed the notification"))
    default:
      return .dropped
    }
  }

  /// A link to `url` opening at `destination`, where the target allows links: opening
  /// where the target sends it. Given the link's parts alone: reading them out of the
  /// action where they are kept for the reason copied the whole action.
  private func lower(link url: String, opening destination: URLDestination) -> Lowered {
    if target.linkDestinationFromScheme {
      let implied = URLDestination.impliedByScheme(of: url)
      return implied == destination
        ? .kept
        : .changed(
          .openURL(url, implied), .openedByScheme(url: url, implied: implied, was: destination))
    }
    var opens = destination
    if !target.urlDestinationMask.contains(destination),
      let nearest = [URLDestination.app, .browser, .webView].first(
        where: target.urlDestinationMask.contains)
    {
      opens = nearest
    }
    var outside: URLDestination?
    if opens != .app, !target.opensOutsideTheApp(url), target.urlDestinationMask.contains(.app) {
      outside = opens
      opens = .app
    }
    return opens == destination
      ? .kept
      : .changed(
        .openURL(url, opens),
        .opensElsewhere(
          url: url, opens: opens, was: destination, outside: outside,
          browserSchemes: outside == nil ? nil : target.browserSchemes))
  }

  /// Reports `code` at an IR path; message, location and notes are worked out only when
  /// the diagnostics are kept.
  private mutating func report(
    _ code: DiagnosticCode, _ message: @autoclosure () -> String,
    at path: @autoclosure () -> JSONPointer, notes: @autoclosure () -> [String] = []
  ) {
    diagnostics.report(code, message(), at: .ir(path()), notes: notes())
  }
}

extension NotificationAction {
  /// What the action does, as a verb phrase for messages ("open 'shop://sale'").
  var phrase: String {
    switch self {
    case .openApp: "open the app"
    case .openURL(let url, _): "open '\(url)'"
    case .dismiss: "dismiss"
    case .dial(let number): "dial '\(number)'"
    case .sameAsDefault: "take the default action"
    case .botFlow(let bot, let journey):
      "start bot '\(bot)'" + (journey.map { " journey '\($0)'" } ?? "")
    case .inboxMessage(let id): "open inbox message '\(id)'"
    case .custom(let name, _): "run custom action '\(name)'"
    }
  }
}

extension NotificationAction {
  /// The `tel:` link that dials `number`, without its spaces: a URL cannot hold them
  /// (`URL(string:)` refuses it), and in a phone number they only group digits.
  static func dialLink(_ number: String) -> String {
    "tel:" + number.filter { !$0.isWhitespace }
  }
}

extension URLDestination {
  /// Where a link opens, for messages ("in the browser").
  var phrase: String {
    switch self {
    case .app: "in the app"
    case .browser: "in the browser"
    case .webView: "in an in-app web view"
    }
  }
}
