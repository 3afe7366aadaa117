import PushIR

/// Lowers the IR to what the target can express (its ``Capabilities``).
///
/// Changes: an action the target lacks becomes the nearest one it has (a dial becomes a
/// `tel:` link, a dismiss or custom action opens the app, and so does a custom action
/// named like an action type the target's SDK runs itself) or is dropped, and so is a tap
/// link the target's SDK cannot parse (the tap then opens the app); a number is dialled
/// without its spaces and invisible format characters where the target's SDK dials
/// through a `tel:` link of it, and dropped when that leaves no link; a
/// button repeating the id of one earlier in the payload gets one of its own where the
/// target tells taps apart by id (``Capabilities/buttonIDsIdentifyTaps``); a link opens
/// where the target sends it (by its scheme, for some); buttons of a target whose
/// buttons have no action of their own take the tap action; buttons beyond
/// the target's count, or whose action cannot be expressed, or whose link the target's
/// SDK cannot parse (``Capabilities/linksMustParse``), are dropped; options,
/// icons and text fields the target cannot show are dropped, options it always applies
/// are added, and so is the foreground option a link button needs where the target's SDK
/// opens links only from the foreground; labels are cut to the target's length; media
/// of kinds or file types it cannot show or beyond its count are dropped (a carousel
/// keeps its first item); captions and per-item actions and alt texts go where the target has none; a
/// registered category goes where the target cannot name one, and what its actions do
/// where the target cannot say, and what it says twice for one action after the first
/// time; the links its actions and media items open go where the target sends links. A media item iOS
/// would not attach is dropped where the target's service extension names its file after
/// the URL (``Capabilities/mediaFileNamedAfterURL``) or after the media type the payload
/// gives (``Capabilities/mediaFileNamedAfterType``).
/// Reports: one `fit.*` warning per change, at the IR path of what changed, and
/// `fit.blank-label` for a kept button whose label is empty or white space (iOS shows it
/// blank), which it writes as it is.
/// Idempotent: its output fits, so a second run changes nothing and reports only the
/// blank labels again. Emitters
/// run it again on what they receive, so nothing is dropped silently even when this
/// pass was left out with `--passes`.
public struct FitTarget: NotificationPass {
  public init() {}
  public var name: String { "fit-target" }
  public var summary: String {
    "lower buttons, actions, options, icons and media to what the target can express"
  }

  public func run(on notification: inout PushNotification, context: inout PassContext) {
    // The context's target, its id and its diagnostics lent to the fitter and taken back,
    // moved rather than copied (each copy counts references) and, for the diagnostics,
    // not merged from a collector of its own: every record comes here.
    guard let target = context.target.take() else { return }
    var fitter = Fitter(
      target: target, targetID: "",
      diagnostics: Diagnostics(recording: context.diagnostics.recording),
      buttonsShownInReverse: context.buttonsShownInReverse)
    swap(&fitter.targetID, &context.targetID)
    swap(&fitter.diagnostics, &context.diagnostics)
    fitter.fit(&notification)
    swap(&fitter.diagnostics, &context.diagnostics)
    swap(&fitter.targetID, &context.targetID)
    context.target = fitter.target
  }
}

extension EmitContext {
  /// `notification` after the passes every emitter relies on (check-urls,
  /// resolve-fallbacks, fit-target, set-mutable-content) for `format`, reporting
  /// whatever they change. The passes are idempotent, so after the standard pipeline
  /// (``passesRan``) they are not run again; when `--passes` left them out, nothing
  /// unsafe is written and nothing is dropped or changed silently all the same. Those
  /// that lead the list and ran already (``ranPasses``) are skipped, so check-urls
  /// never reports a kept URL twice. The notification is handed over and back.
  public mutating func prepared(
    _ notification: consuming PushNotification, for format: any VendorFormat
  ) -> PushNotification {
    guard !passesRan else { return notification }
    var context = PassContext(target: format, recording: diagnostics.recording)
    context.buttonsShownInReverse = buttonsShownInReverse
    context.prepare(for: format, writing: notification, options: options)
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
  /// Read only; a `var` to be handed back to the context it was lent from.
  var target: Capabilities
  /// Read only; a `var` to be handed back to the context it was lent from.
  var targetID: String
  var diagnostics: Diagnostics
  /// Whether the buttons are in the reverse of their payload order
  /// (``PassContext/buttonsShownInReverse``).
  let buttonsShownInReverse: Bool

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
      reportDroppedActionTargets(of: category) { $0.droppedWithItsCategory }
    }
    if let category = notification.category, !category.actionTargets.isEmpty,
      !target.categoryActionTargets
    {
      notification.category?.actionTargets = []
      // Where every tap does what a tap on the notification does, the SDK never looking
      // at the action's identifier, a category action does that too, not what the app's
      // handler would decide; one doing it already loses nothing.
      let shared = target.buttonsTakeDefaultAction ? notification.defaultAction ?? .openApp : nil
      reportDroppedActionTargets(of: category) { entry in
        guard let shared else {
          return
            "\(targetID) cannot say what category action '\(entry.actionID)' does (\(entry.action.phrase)); the app's own handler decides"
        }
        guard entry.action != shared else { return nil }
        return
          "category action '\(entry.actionID)' \(Change.takesTapAction(shared, insteadOf: entry.action).text(targetID: targetID))"
      }
    }
    fitCategoryActions(&notification)
  }

  /// Reports each action target of `category` as dropped, at its own place (each came
  /// from its own member of the input), with the message `why` makes for it; one `why`
  /// has no message for loses nothing, and is not reported.
  private mutating func reportDroppedActionTargets(
    of category: NotificationCategory,
    _ why: (NotificationCategory.ActionTarget) -> String?
  ) {
    for (index, entry) in category.actionTargets.enumerated() {
      guard let message = why(entry) else { continue }
      report(
        .droppedAction, message, at: JSONPointer("/category/actionTargets").appending(index))
    }
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
    guard case .openURL = action else { return action }
    let lowering = lowering(action, allowed: Self.linksOnly)
    guard lowering != .keep else { return action }
    // A copy the lazily built messages can read while `self` is being changed.
    let targetID = self.targetID
    let (new, why) = change(action, by: lowering)
    report(.changedAction, "\(subject()) \(why.text(targetID: targetID))", at: path())
    return new
  }

  private mutating func fitDefaultAction(_ notification: inout PushNotification) {
    // A copy the lazily built messages can read while `self` is being changed.
    let targetID = self.targetID
    let path: JSONPointer = "/defaultAction"
    // A link the target's SDK cannot parse opens nothing: the tap then opens the app.
    func dropsUnfollowedLink(_ url: IRText?) -> Bool {
      guard let url, !target.follows(url) else { return false }
      notification.defaultAction = nil
      report(
        .droppedAction,
        "the tap link '\(url)' is empty or holds a space or control character, which \(targetID)'s SDK cannot open; the tap opens the app",
        at: path)
      return true
    }
    // Decided from the action read in place; it is copied only when it changes.
    let lowering: Lowering
    switch notification.defaultAction {
    case nil, .sameAsDefault?: return
    // Tapping a notification opens the app unless told otherwise, so `openApp` needs no key.
    case .openApp? where !target.defaultActionMask.contains(.openApp):
      notification.defaultAction = nil
      return
    case let action?:
      if dropsUnfollowedLink(action.url) { return }
      lowering = self.lowering(action, allowed: target.defaultActionMask)
    }
    guard lowering != .keep, let action = notification.defaultAction else { return }
    if lowering == .undiallable {
      notification.defaultAction = nil
      report(
        .droppedAction,
        "the tap action cannot \(action.phrase): \(targetID) dials through a 'tel:' link of the number, and none can be made of it; the tap opens the app",
        at: path)
      return
    }
    if lowering == .drop {
      notification.defaultAction = nil
      let ownType = target.ownActionType(of: action)
      report(
        .droppedAction,
        "\(targetID) has no way to \(action.phrase) on tap"
          + (ownType.map {
            ": '\($0)' names an action \(targetID)'s SDK runs itself, not the app's handler"
          } ?? "")
          + "; the tap opens the app", at: path)
      return
    }
    let (new, why) = change(action, by: lowering)
    // A link made by the change (a dial's `tel:` link) is checked as a given one is.
    if dropsUnfollowedLink(new.url) { return }
    notification.defaultAction = new
    report(.changedAction, "the tap action \(why.text(targetID: targetID))", at: path)
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
    // The index each kept button was read at, made only once a button before it was
    // dropped (until then, its index now): a renamed one is reported where it was read.
    var readAt: [Int]? = nil
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
      if keptCount != index {
        buttons.swapAt(keptCount, index)
        if readAt == nil { readAt = Array(0..<keptCount) }
      }
      readAt?.append(index)
      keptCount += 1
    }
    // Nothing removed, nothing written: removing an empty range still makes the array
    // unique.
    if keptCount < buttons.count { buttons.removeSubrange(keptCount...) }
    notification.buttons = buttons
    if target.buttonIDsIdentifyTaps { makeButtonIDsUnique(&notification, readAt: readAt) }
  }

  /// Gives each button whose id one earlier in the payload has an id of its own, the
  /// first free of `ID-2`, `ID-3`, …: iOS tells the app of a tap by the id alone, so the
  /// SDK would take a tap on it for one on the earlier button. Payload order decides
  /// (``PassContext/buttonsShownInReverse``), as it does for the source's SDK. `readAt`
  /// gives the index each button was read at, where it differs from its index now (an
  /// earlier button was dropped).
  private mutating func makeButtonIDsUnique(
    _ notification: inout PushNotification, readAt: [Int]?
  ) {
    let reversed = buttonsShownInReverse
    // Most notifications have no repeated id: nothing is allocated for them.
    guard notification.buttons.repeatsAnID else { return }
    var taken = Set(notification.buttons.map(\.id))
    for position in notification.buttons.indices {
      let index = notification.buttons.shownIndex(
        ofPayloadPosition: position, shownInReverse: reversed)
      let button = notification.buttons[index]
      // Searched among the ids as renamed so far: the first of each id keeps it.
      guard
        let first = notification.buttons.labelOfEarlierButton(
          sharingIDWith: position, shownInReverse: reversed)
      else { continue }
      var suffix = 2
      while taken.contains("\(button.id)-\(suffix)") { suffix += 1 }
      let unique: IRText = "\(button.id)-\(suffix)"
      taken.insert(unique)
      notification.buttons[index].id = unique
      report(
        .renamedButton,
        "button '\(button.label)' repeats the id '\(button.id)' of button '\(first)'; written as '\(unique)', since a tap reaches the app as its id alone",
        at: JSONPointer("/buttons").appending(readAt?[index] ?? index))
    }
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
    // Decided from the action read in place; it is copied only when it changes.
    let lowering = buttonLowering(button.action, sharing: tapAction)
    if lowering == .drop {
      report(
        .droppedButton,
        "button '\(button.label)' dropped: \(targetID) has no way to \(button.action.phrase)",
        at: path())
      return false
    }
    if lowering == .undiallable {
      report(
        .droppedButton,
        "button '\(button.label)' dropped: it cannot \(button.action.phrase), as \(targetID) dials through a 'tel:' link of the number, and none can be made of it",
        at: path())
      return false
    }
    // A link the target's SDK cannot parse hides the button: dropped, and said so, rather
    // than written never to be shown.
    func skipsLink(_ url: IRText?) -> Bool {
      guard let url, !target.follows(url) else {
        return false
      }
      report(
        .droppedButton,
        "button '\(button.label)' dropped: its link '\(url)' is empty or holds a space or control character, and \(targetID)'s SDK skips such a button",
        at: path())
      return true
    }
    if lowering == .keep {
      if skipsLink(button.action.url) { return false }
    } else {
      let (new, why) =
        lowering == .takeTapAction
        ? takingTapAction(tapAction, insteadOf: button.action) : change(button.action, by: lowering)
      if skipsLink(new.url) { return false }
      nowOpensApp = new.opensApp
      // A button opens the app only with the foreground option: a dismiss lowered to
      // opening the app gets it where the target writes it (acoustic), as reported.
      if case .dismiss = button.action, nowOpensApp { bringForward(&button) }
      button.action = new
      report(
        .changedAction, "button '\(button.label)' \(why.text(targetID: targetID))",
        at: path().appending("action"))
    }
    // So does a link button where the target's SDK opens the link from the app
    // (``Capabilities/linkButtonsNeedForeground``): in the background it opens nothing.
    if target.linkButtonsNeedForeground, case .openURL(let url, _) = button.action,
      bringForward(&button)
    {
      nowOpensApp = true
      report(
        .changedAction,
        "button '\(button.label)' now brings the app forward to open '\(url)': \(targetID)'s SDK opens a button's link from the app, which opens nothing in the background",
        at: path().appending("options"),
        notes: ["it had no foreground option, so iOS would have run its tap in the background"])
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
    if let limit = target.maxLabelLength, limit > 1, button.label.utf8Count > limit,
      case let label = button.label.string, label.count > limit
    {
      let cut = IRText(label.prefix(limit - 1) + "…")
      report(
        .longLabel,
        "button label '\(button.label)' is longer than \(limit) characters; cut to '\(cut)'",
        at: path().appending("label"))
      button.label = cut
    }
    // Every SDK that writes buttons hands the label to iOS as it is.
    if Self.isBlank(button.label) {
      report(
        .blankLabel, "button '\(button.id)' has a blank label: iOS shows it as an empty button",
        at: path().appending("label"))
    }
    return true
  }

  /// Whether `label` shows nothing: empty, or white space alone. Asked of every button,
  /// so a label starting with a printable ASCII character, as nearly every one does, is
  /// settled without looking up any character's Unicode properties.
  private static func isBlank(_ label: IRText) -> Bool {
    if let first = label.firstByte, first > 0x20 && first < 0x7F { return false }
    return label.string.allSatisfy(\.isWhitespace)
  }

  /// Gives `button` the foreground option, without which iOS runs a tap on it in the
  /// background, where the target writes that option; whether it was added.
  @discardableResult
  private func bringForward(_ button: inout ActionButton) -> Bool {
    guard target.buttonOptions.contains(.foreground), !button.options.contains(.foreground)
    else { return false }
    button.options.insert(.foreground)
    return true
  }

  /// What becomes of a button's action: lowered to the target's; where buttons have none
  /// of their own, the tap action (already fitted), whatever the button did.
  /// Given the button's action alone: the button, being fitted in place, would be copied.
  private func buttonLowering(
    _ action: NotificationAction, sharing tapAction: NotificationAction?
  ) -> Lowering {
    guard target.buttonsTakeDefaultAction else {
      return lowering(action, allowed: target.buttonActionMask)
    }
    // Compared in place, without making `.openApp` of a missing tap action.
    if let tapAction { return action == tapAction ? .keep : .takeTapAction }
    if case .openApp = action { return .keep }
    return .takeTapAction
  }

  /// The tap action `tapAction` (opening the app when there is none) a button takes
  /// instead of its own `action`, and why.
  private func takingTapAction(
    _ tapAction: NotificationAction?, insteadOf action: NotificationAction
  ) -> (NotificationAction, Change) {
    let shared = tapAction ?? .openApp
    return (shared, .takesTapAction(shared, insteadOf: action))
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
      if let reason = target.whyNotAttached(item) {
        report(
          .droppedMedia,
          "\(item.kind.rawValue) '\(item.url)' dropped: \(targetID)'s service extension \(reason)",
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

  /// What lowering an action does to it, decided from the action read in place: a
  /// plain value, so that the common answer, keeping it, copies and builds nothing.
  /// ``change(_:by:)`` makes the new action of the other answers, and says why.
  private enum Lowering: Equatable {
    /// The action stays as it is.
    case keep
    /// The target cannot express the action, nor anything near it.
    case drop
    /// The action becomes the nearest the target has: a number dialled its `tel:` link,
    /// any other action opening the app (``change(_:by:)`` tells which from the action).
    case lower
    /// A link opens at `opens`; `outside` is where it would have opened had the target
    /// opened links of its scheme outside the app.
    case reopen(opens: URLDestination, outside: URLDestination?)
    /// A button takes the tap action (where buttons have no action of their own).
    case takeTapAction
    /// A number is dialled without its spaces (and invisible format characters), the
    /// target's SDK dialling through the `tel:` link it makes of it
    /// (``Capabilities/dialsThroughTelLink``).
    case dialWithoutSpaces
    /// A number dialled through a `tel:` link of it, which the target's SDK makes or the
    /// lowering of a dial does, leaves no link to dial (nothing but spaces, or a control
    /// character): the action is dropped.
    case undiallable
  }

  /// Why an action changed, as what its message is written from: the message is written
  /// only for diagnostics that are kept, and most changes of a batch are never read.
  /// Made only for an action that changes (``Lowering`` decides); the reasons holding more
  /// than a string are boxed, so that a change stays as small as its text was.
  private enum Change {
    /// A fixed reason.
    case text(String)
    /// A link now opens where its scheme says (`implied`), not `was`.
    indirect case openedByScheme(url: IRText, implied: URLDestination, was: URLDestination)
    /// A link now opens at `opens`, not `was`; `outside` is where it would have opened
    /// had the target opened links of its scheme outside the app (`browserSchemes`).
    indirect case opensElsewhere(
      url: IRText, opens: URLDestination, was: URLDestination, outside: URLDestination?,
      browserSchemes: Set<String>?)
    /// A number is dialled through `link`.
    case dialsThrough(link: IRText)
    /// `number`, without its spaces (and its invisible format characters, when it held
    /// any), is dialled through the `tel:` link the target's SDK makes of it.
    case dialsWithoutSpaces(number: IRText, invisibles: Bool)
    /// The app opens without the link `url`.
    case opensAppWithoutLink(IRText)
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
      case .dialsWithoutSpaces(let number, let invisibles):
        "dials '\(number)', without spaces\(invisibles ? " or invisible format characters" : ""): \(targetID)'s SDK dials through the link 'tel:\(number)', which cannot hold them"
      case .opensAppWithoutLink(let url): "opens the app without the link '\(url)'"
      case .opensAppInsteadOf(let action): "opens the app instead of: \(action.phrase)"
      case .takesTapAction(let shared, let action):
        "now does what a tap on the notification does (\(shared.phrase)) instead of: \(action.phrase); \(targetID) buttons have no action of their own"
      }
    }
  }

  /// What becomes of `action` lowered to the nearest action in `allowed`.
  private func lowering(_ action: NotificationAction, allowed: KindMask<Capabilities.ActionKind>)
    -> Lowering
  {
    guard let kind = Capabilities.ActionKind(action) else { return .keep }
    if allowed.contains(kind), target.ownActionType(of: action) == nil {
      switch action {
      case .openURL(let url, let destination):
        let link = linkLowering(url, opening: destination)
        return link.opens == destination
          ? .keep : .reopen(opens: link.opens, outside: link.outside)
      case .dial(let number) where target.dialsThroughTelLink:
        // Checked in place; the number without what it cannot hold is made only when
        // there is something to leave out.
        guard number.string.unicodeScalars.contains(where: NotificationAction.isLeftOutOfNumbers)
        else { return NotificationAction.isDiallable(number) ? .keep : .undiallable }
        return NotificationAction.isDiallable(NotificationAction.dialNumber(number))
          ? .dialWithoutSpaces : .undiallable
      default:
        return .keep
      }
    }
    switch kind {
    case .dial:
      guard allowed.contains(.openURL) else { return .drop }
      // Lowered to the `tel:` link of the number, which must make one.
      guard case .dial(let number) = action,
        NotificationAction.isDiallable(NotificationAction.dialNumber(number))
      else { return .undiallable }
      return .lower
    case .openApp: return .drop
    case .openURL, .dismiss, .botFlow, .inboxMessage, .custom:
      return allowed.contains(.openApp) ? .lower : .drop
    }
  }

  /// Where a link to `url` opening at `destination` opens on the target (`opens`), and
  /// where it would have opened had the target opened links of its scheme outside the
  /// app (`outside`, when that is why it opens in the app). Given the link's parts
  /// alone: read out of the action, they would be copied.
  private func linkLowering(_ url: IRText, opening destination: URLDestination)
    -> (opens: URLDestination, outside: URLDestination?)
  {
    if target.linkDestinationFromScheme,
      destination != .webView || !target.urlDestinationMask.contains(.webView)
    {
      return (.impliedByScheme(of: url), nil)
    }
    var opens = destination
    if !target.urlDestinationMask.contains(destination),
      let nearest = [URLDestination.app, .browser, .webView].first(
        where: target.urlDestinationMask.contains)
    {
      opens = nearest
    }
    if opens != .app, !target.opensOutsideTheApp(url), target.urlDestinationMask.contains(.app) {
      return (.app, opens)
    }
    return (opens, nil)
  }

  /// The action `action` becomes by `lowering` (neither ``Lowering/keep`` nor
  /// ``Lowering/drop``), and why; made only for an action that changes.
  private func change(_ action: NotificationAction, by lowering: Lowering)
    -> (NotificationAction, Change)
  {
    switch action {
    case .dial(let number) where lowering == .dialWithoutSpaces:
      let dialled = NotificationAction.dialNumber(number)
      let invisibles = number.string.unicodeScalars.contains {
        $0.properties.generalCategory == .format
      }
      return (.dial(dialled), .dialsWithoutSpaces(number: dialled, invisibles: invisibles))
    case .dial(let number):
      let link = NotificationAction.dialLink(number)
      let destination: URLDestination =
        target.linkDestinationFromScheme
        ? .impliedByScheme(of: link)
        : target.urlDestinationMask.contains(.browser) && target.opensOutsideTheApp(link)
          ? .browser : .app
      return (.openURL(link, destination), .dialsThrough(link: link))
    case .openURL(let url, let was):
      guard case .reopen(let opens, let outside) = lowering else {
        return (.openApp, .opensAppWithoutLink(url))
      }
      if target.linkDestinationFromScheme {
        return (.openURL(url, opens), .openedByScheme(url: url, implied: opens, was: was))
      }
      return (
        .openURL(url, opens),
        .opensElsewhere(
          url: url, opens: opens, was: was, outside: outside,
          browserSchemes: outside == nil ? nil : target.browserSchemes)
      )
    case .dismiss:
      return (.openApp, .text("now opens the app: it dismissed the notification"))
    case .custom(let name, _) where target.ownActionType(of: action) != nil:
      return (
        .openApp,
        .text(
          "opens the app instead of: \(action.phrase); \(targetID)'s SDK runs '\(name)' as its own action, not the app's handler"
        )
      )
    default:
      return (.openApp, .opensAppInsteadOf(action))
    }
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

extension NotificationCategory.ActionTarget {
  /// Why the target is lost when its category is: the message of its `fit.dropped-action`.
  var droppedWithItsCategory: String {
    "category action '\(actionID)' (\(action.phrase)) is dropped with its category"
  }
}

extension NotificationAction {
  /// The `tel:` link that dials `number`, without its spaces: a URL cannot hold them
  /// (`URL(string:)` refuses it), and in a phone number they only group digits.
  static func dialLink(_ number: IRText) -> IRText {
    IRText("tel:" + dialNumber(number).string)
  }

  /// `number` without its spaces and invisible format characters (a left-to-right mark,
  /// a zero-width space, a word joiner, a byte order mark, pasted in with the number),
  /// as a `tel:` link holds it.
  static func dialNumber(_ number: IRText) -> IRText {
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: number.string.unicodeScalars.lazy.filter { !isLeftOutOfNumbers($0) })
    return IRText(String(kept))
  }

  /// Whether `scalar` is left out of a number dialled through a `tel:` link: white space,
  /// or an invisible format character (general category Cf).
  static func isLeftOutOfNumbers(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || scalar.properties.generalCategory == .format
  }

  /// Whether `dialled`, a number as ``dialNumber(_:)`` leaves it, makes a `tel:` link a
  /// URL parser takes (``URLPolicy/isParseable(_:)``): it is not empty and holds no
  /// control character. `tel:` itself passes, so the number is checked without it,
  /// rather than a link made for every dial of every record.
  static func isDiallable(_ dialled: IRText) -> Bool {
    !dialled.isEmpty && URLPolicy.isParseable(dialled)
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
