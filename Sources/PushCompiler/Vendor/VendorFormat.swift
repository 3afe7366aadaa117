import PushIR

/// One vendor's wire format: a front end into the IR and a back end out of it.
///
/// Conformers are stateless values; everything a call needs arrives as arguments, and
/// everything it finds goes to the context's diagnostics.
public protocol VendorFormat: Sendable {
  /// The stable name used on the command line, as the `Golden/` folder and as the
  /// `Specs/vendors/` page name.
  var id: String { get }
  /// One line for `pushc formats`.
  var summary: String { get }
  /// What the format can express; the fit-target pass lowers the IR to it.
  var capabilities: Capabilities { get }
  /// The `--option` names this format's emitter understands, with what each does.
  var emitOptions: [(name: String, summary: String)] { get }

  /// What the format can express when it writes `notification` with the emitter options
  /// `options`: ``capabilities``, unless what it writes depends on them (fcm writes
  /// another format's payload inside its envelope, chosen by an option or the source).
  func capabilities(writing notification: PushNotification, options: Set<String>)
    -> Capabilities

  /// Whether ``capabilities(writing:options:)`` may differ from ``capabilities`` for some
  /// notification or options; when not, a translation asks for the capabilities once
  /// instead of for every record.
  var capabilitiesDependOnNotification: Bool { get }

  /// Whether `option`, as given to `--option`, is one this format's emitter understands.
  func acceptsOption(_ option: String) -> Bool

  /// Why `option`, which ``acceptsOption(_:)`` refuses, is refused, when "FORMAT has no
  /// option" would mislead: a value the option cannot take (`inner=nope`). `nil` for the
  /// plain wording.
  func refusal(ofOption option: String) -> String?

  /// Whether `option`, as given to `--option`, tells this format's front end how to read
  /// a payload (fcm's `inner=FORMAT`, the format of a payload inside it detection cannot
  /// settle); such an option is taken whatever the target, and reaches the front end
  /// as ``ParseContext/options``.
  func readsOption(_ option: String) -> Bool

  /// Why `option`, which ``readsOption(_:)`` refuses, is refused as the option this
  /// format's front end reads with given a value it cannot take (fcm's `inner=ir`, an
  /// `inner` without a format); `nil` for any other option. Said whatever the target.
  func refusal(ofReadingOption option: String) -> String?

  /// Groups of ``emitOptions`` of which one at most may be given, because they choose
  /// between the same things (a vendor's two payload forms); two of a group are a usage
  /// error naming both.
  var exclusiveOptions: [[String]] { get }

  /// Lowers a payload into the IR. Oddities go to `context.diagnostics`; only a
  /// payload that cannot be read at all throws.
  func parse(_ payload: JSONValue, context: inout ParseContext) throws(TranslationError)
    -> PushNotification

  /// Emits this format's payload. Anything it cannot express is reported, never dropped
  /// silently; a required field that nothing supplies throws. The notification is handed
  /// over (`consuming`), so that the emitter keeps it without copying every field.
  func emit(_ notification: consuming PushNotification, context: inout EmitContext)
    throws(TranslationError)
    -> JSONValue

  /// Emits this format's payload as compact JSON text appended to `text`: the bytes
  /// `JSONWriter(style: .compact)` writes for what ``emit(_:context:)`` returns, with the
  /// same diagnostics, written without building the value where the emitter can. When
  /// it throws, `text` is left as it was.
  func emitText(
    _ notification: consuming PushNotification, context: inout EmitContext,
    appendingTo text: inout [UInt8]
  ) throws(TranslationError)

  /// Checks a payload against the vendor's own specification (`pushc validate`).
  func validate(_ payload: JSONValue, diagnostics: inout Diagnostics)

  /// ``validate(_:diagnostics:)`` of a payload read with the `--option`s `options` (those
  /// ``readsOption(_:)`` takes: fcm's `inner=FORMAT`); by default, the options change
  /// nothing.
  func validate(_ payload: JSONValue, options: Set<String>, diagnostics: inout Diagnostics)

  /// What in `root` marks it as this format's, for `pushc detect` and `--from auto`.
  func evidence(in root: RootIndex) -> Evidence?

  /// The objects in this format's extras that hold several fields read from the input,
  /// by their path inside the extras (Braze keeps a request's own root members in
  /// `/request`, and the alert's kept members in `/apple_push/alert`; Klaviyo the members
  /// of `body` it does not read in `/body`): a target that drops them reports each field
  /// inside, where it was read, rather than the group. A group may lie inside another;
  /// a last token `*` makes every object member of the group before it a group (Airship's
  /// per-button actions, `/buttonActions/*`).
  var keptGroups: Set<JSONPointer> { get }

  /// What the field `key` of this format's extras (inside the group at `group`, `.root`
  /// for a member of the extras themselves) is, for a target that drops it, when
  /// "VENDOR-only field 'KEY'" would mislead: Airship keeps the alert's own `title` beside
  /// the attachment's, which every target writes. `nil` for the plain wording.
  func droppedFieldPhrase(_ key: String, in group: JSONPointer) -> String?

  /// The fields of this format's output that `--set NAME=VALUE` (or a `--defaults` file)
  /// gives: each field's names, the one to use first, and what it is.
  var settableFields: [(names: [String], meaning: String)] { get }

  /// Whether `--set NAME=VALUE` names a field of this format's output written with
  /// `options`; FCM's also takes those of the format inside.
  func takesSetting(_ name: String, options: Set<String>) -> Bool

  /// Why `--set NAME=…`, which ``takesSetting(_:options:)`` refuses, is refused, when the
  /// plain wording (the fields ``settableFields`` lists) would mislead: FCM's fields
  /// depend on the format `--option inner=` names. `nil` for the plain wording.
  func refusal(ofSetting name: String, options: Set<String>) -> String?

  /// Why `text`, given by `source` (`--set`, the defaults file) as the value of the field
  /// named `name` (one ``takesSetting(_:options:)`` takes with `options`), is not of
  /// that field's type (an integer, true or false); `nil` when it is. Whether a value
  /// fits depends on the field alone, never on a record, so it is asked once, before any
  /// record is read. `nil` by default: every field of the format takes text.
  func invalidSetting(_ name: String, _ text: String, from source: String, options: Set<String>)
    -> String?

  /// Groups of `--set` names of the output written with `options` of which one at most
  /// may be given, with what they give: the names of one field (CleverTap's `W$id` and
  /// `wzrk_id`), or fields of which the output holds one (FCM's `token`, `topic`,
  /// `condition`). Two of a group are a usage error naming both, never one taken
  /// silently. By default, each field of ``settableFields`` with several names.
  func settingGroups(options: Set<String>) -> [(names: [String], meaning: String)]

  /// The format whose service issued the notification and campaign ids of a
  /// notification this format read, with `extras` (FCM: the format of its inner
  /// payload); `nil` when they are taken as given, as an IR document's are.
  func issuerOfTrackingIDs(readWith extras: VendorExtras) -> String?

  /// The format whose service the notification and campaign ids this format writes for
  /// a notification with `extras` must have been issued by (FCM: the inner payload's);
  /// `nil` when any are written, as the IR writes them. Asked with the extras alone:
  /// every record asks, and handing over a whole notification would copy it.
  func issuerOfTrackingIDs(writingWith extras: VendorExtras, options: Set<String>) -> String?

  /// Whether the two issuers above depend on the extras and options (FCM's, on its
  /// inner format); otherwise a translation asks once.
  var trackingIssuerDependsOnExtras: Bool { get }
}

extension VendorFormat {
  public var keptGroups: Set<JSONPointer> { [] }
  public func droppedFieldPhrase(_ key: String, in group: JSONPointer) -> String? { nil }

  /// The ``droppedFieldPhrase(_:in:)`` of a field `key` that names `whom` the message
  /// goes to: no data of the source's own, but none the phone receives either.
  static func recipientFieldPhrase(_ key: String, naming whom: String) -> String {
    "'\(key)' names \(whom) and is not part of what the phone receives"
  }
  public var settableFields: [(names: [String], meaning: String)] { [] }
  public func takesSetting(_ name: String, options: Set<String>) -> Bool { listsSetting(name) }
  public func settingGroups(options: Set<String>) -> [(names: [String], meaning: String)] {
    settableFields.filter { $0.names.count > 1 }
  }
  public var exclusiveOptions: [[String]] { [] }
  public func refusal(ofOption option: String) -> String? { nil }
  public func readsOption(_ option: String) -> Bool { false }
  public func refusal(ofReadingOption option: String) -> String? { nil }
  public func refusal(ofSetting name: String, options: Set<String>) -> String? { nil }
  /// Checked by the field's own type (``TargetField/mismatch(_:from:)``), for every format
  /// that declares its fields (``DeclaresTargetFields``).
  public func invalidSetting(
    _ name: String, _ text: String, from source: String, options: Set<String>
  ) -> String? {
    (self as? any DeclaresTargetFields)?.targetFields.mismatch(named: name, text, from: source)
  }

  /// Whether ``settableFields`` names `name`.
  public func listsSetting(_ name: String) -> Bool {
    settableFields.contains { $0.names.contains(name) }
  }
  public func issuerOfTrackingIDs(readWith extras: VendorExtras) -> String? { id }
  public func issuerOfTrackingIDs(writingWith extras: VendorExtras, options: Set<String>)
    -> String?
  { id }
  public var trackingIssuerDependsOnExtras: Bool { false }
  public var emitOptions: [(name: String, summary: String)] { [] }
  public func capabilities(writing notification: PushNotification, options: Set<String>)
    -> Capabilities
  { capabilities }
  public var capabilitiesDependOnNotification: Bool { false }
  public func acceptsOption(_ option: String) -> Bool {
    emitOptions.contains { $0.name == option }
  }
  public func validate(_ payload: JSONValue, diagnostics: inout Diagnostics) {}
  public func validate(
    _ payload: JSONValue, options: Set<String>, diagnostics: inout Diagnostics
  ) {
    validate(payload, diagnostics: &diagnostics)
  }
  public func emitText(
    _ notification: consuming PushNotification, context: inout EmitContext,
    appendingTo text: inout [UInt8]
  ) throws(TranslationError) {
    JSONWriter(style: .compact).write(try emit(notification, context: &context), into: &text)
  }

  /// What in `root` marks it as this format's, its names indexed for this one question.
  public func evidence(in root: JSONObject) -> Evidence? { evidence(in: RootIndex(root)) }
}

/// What a parser works with: where to report, and where to note which input value each
/// IR field came from.
public struct ParseContext: Sendable {
  /// What the parse found.
  public var diagnostics: Diagnostics
  /// IR field → input location, for diagnostics raised after parsing.
  public var sourceMap: SourceMap
  /// The `--option`s given, for a front end one of them tells how to read
  /// (``VendorFormat/readsOption(_:)``).
  public var options: Set<String> = []
  /// Where the parse found the payload lacking the marker the vendor's SDK looks for
  /// (``reportMissingMarker(_:at:)``): the objects that lack it.
  public var missingMarkers: [JSONPointer] = []
  /// Whether the parse put the buttons in the reverse of their order in the payload, as
  /// the vendor's SDK shows them (`parse.reordered-buttons`). Which of two buttons repeats
  /// the other's id is judged in payload order (``reportRepeatedButtonIDs(in:format:)``,
  /// fit-target's renaming): Klaviyo's draft SDK looks a tapped id up in that order, and
  /// for OneSignal, whose SDK hands the id to the app, it keeps the payload's first id
  /// where an output renames one.
  public var buttonsShownInReverse = false

  /// An empty context whose diagnostics and source map keep what `recording` says.
  public init(recording: Diagnostics.Recording = .full) {
    diagnostics = Diagnostics(recording: recording)
    sourceMap = SourceMap(recording: recording)
  }

  /// Reports `code` at an input location; message, location and notes are worked out
  /// only when the diagnostics are kept.
  public mutating func report(
    _ code: DiagnosticCode, _ message: @autoclosure () -> String,
    at pointer: @autoclosure () -> JSONPointer, notes: @autoclosure () -> [String] = []
  ) {
    diagnostics.report(code, message(), at: .input(pointer()), notes: notes())
  }

  /// Reports `parse.not-vendor-payload` for a payload that lacks the marker the vendor's
  /// SDK looks for, at `pointer`, the object that lacks it, and keeps the place in
  /// ``missingMarkers``: `validate` refuses such a payload, while a push the SDK consumes
  /// instead of showing (a preview, a silent sync), reported with the same code, is valid.
  public mutating func reportMissingMarker(
    _ message: @autoclosure () -> String, at pointer: JSONPointer
  ) {
    report(.notVendorPayload, message(), at: pointer)
    missingMarkers.append(pointer)
  }

  /// Records that the member `key` of `vendor`'s extras (inside its member `group`, for
  /// a vendor that keeps members of one input object together, ``VendorFormat/keptGroups``)
  /// came from `input`, so that a target that drops it reports it there.
  @inline(__always)
  public mutating func recordExtra(
    _ key: String, of vendor: String, in group: String? = nil,
    from input: @autoclosure () -> JSONPointer
  ) {
    sourceMap.record(JSONPointer(extra: key, of: vendor, in: group), from: input())
  }

  /// Records that each member of `members`, kept in `vendor`'s extras as the group at
  /// `group` (``VendorFormat/keptGroups``), came from the member of the same name of the
  /// input object at `input`, so that a target that drops them reports each where it was
  /// read.
  public mutating func recordExtras(
    _ members: JSONObject, of vendor: String, inGroupAt group: JSONPointer,
    from input: JSONPointer
  ) {
    for member in members {
      sourceMap.record(
        JSONPointer(extra: member.key, of: vendor, inGroupAt: group),
        from: input.appending(member.key))
    }
  }

  /// Keeps `value` as the member `key` of `kept`, which becomes `vendor`'s extras (or
  /// their member `group`), recording that it came from `input` (``recordExtra(_:of:in:from:)``).
  /// Returns whether it was kept: a name ``mayKeep(_:from:)`` refuses is reported
  /// dropped, and a caller says nothing more of it.
  @inline(__always) @discardableResult
  public mutating func keep(
    _ key: String, _ value: JSONValue, in kept: inout JSONObject, extraOf vendor: String,
    group: String? = nil, from input: @autoclosure () -> JSONPointer
  ) -> Bool {
    guard mayKeep(key, from: input()) else { return false }
    kept.append(key, value)
    recordExtra(key, of: vendor, in: group, from: input())
    return true
  }

  /// Keeps `value` as ``keep(_:_:in:extraOf:group:from:)`` does and, when it was kept
  /// and is not a key the format `knows`, notes that the vendor's SDK does not read it
  /// (`parse.unknown-key`; `note` says so, "…; kept verbatim").
  @inline(__always)
  public mutating func keep(
    _ key: String, _ value: JSONValue, in kept: inout JSONObject, extraOf vendor: String,
    group: String? = nil, from input: @autoclosure () -> JSONPointer,
    noting note: @autoclosure () -> String, unless knows: Bool = false
  ) {
    if keep(key, value, in: &kept, extraOf: vendor, group: group, from: input()), !knows {
      report(.unknownKey, note(), at: input())
    }
  }

  /// Whether a member named `key`, read at `input`, may be kept in a vendor's extras: not
  /// when its name begins with `@`, which names the IR's layout hints there (ir.md): kept,
  /// it would be taken for one and written nowhere. That is reported as a loss.
  public mutating func mayKeep(_ key: String, from input: @autoclosure () -> JSONPointer) -> Bool {
    guard key.utf8.first == UInt8(ascii: "@") else { return true }
    report(
      .invalidValue,
      "'\(key)' begins with '@', which names pushc's own layout hints among the fields it keeps; dropped",
      at: input())
    return false
  }

  /// Takes over what reading a payload embedded in the input found (fcm's `apns.payload`,
  /// read as a document of its own): its diagnostics and the origins it recorded, with
  /// each input location moved by `relocate` from the embedded document into the input.
  public mutating func absorb(
    _ found: Diagnostics, origins: SourceMap = SourceMap(),
    relocating relocate: (JSONPointer) -> JSONPointer
  ) {
    var found = found
    found.relocate { location in
      guard case .input(let pointer) = location else { return location }
      return .input(relocate(pointer))
    }
    diagnostics.report(contentsOf: found)
    sourceMap.record(contentsOf: origins, relocating: relocate)
  }
}

/// What an emitter works with: the user's settings and options, and where to report.
public struct EmitContext: Sendable {
  /// What the emit found.
  public var diagnostics: Diagnostics
  /// Values for target fields given with `--set NAME=VALUE` (or a defaults file).
  public var settings: [String: String]
  /// Values for target fields the payload lacks (`--defaults FILE`); the payload's own
  /// values win over them, `settings` win over both.
  public var defaults: [String: String] = [:]
  /// Emitter options given with `--option NAME` (or `--option NAME=VALUE`, as given).
  public var options: Set<String>
  /// The target's id, for messages.
  public var targetID: String
  /// Whether the notification handed to the emitter already went through the passes
  /// every emitter relies on, for this target (the translator's standard pipeline), so
  /// ``prepared(_:for:)`` has nothing left to do.
  public var passesRan = false
  /// The IR passes the translator ran before the emitter, by name, when they were not
  /// every pass (``passesRan`` false); ``prepared(_:for:)`` skips those of its passes
  /// that lead the list and ran.
  public var ranPasses: Set<String> = []
  /// The predefined category expand-categories turned into the notification's buttons,
  /// if it did (``PassContext/expandedCategory``): the source named it.
  public var expandedCategory: IRText?
  /// Whether the parse reversed the buttons (``PassContext/buttonsShownInReverse``), for
  /// the passes ``prepared(_:for:)`` runs where `--passes` left them out.
  public var buttonsShownInReverse = false
  /// The text `--fit` cut the body given with `--set` or in the defaults file to
  /// (``givenBody``): written in its place.
  var fittedBody: String?
  /// The alert text the emitter took from `--set` or the defaults file for a field that
  /// stands for the notification's body (Braze's `body`), as given; `nil` when the body
  /// written is the notification's own.
  var givenBody: GivenBody?

  /// A context for emitting `targetID` with the user's settings and options, whose
  /// diagnostics keep what `recording` says.
  public init(
    targetID: String, settings: [String: String] = [:], options: Set<String> = [],
    recording: Diagnostics.Recording = .full
  ) {
    self.targetID = targetID
    self.settings = settings
    self.options = options
    diagnostics = Diagnostics(recording: recording)
  }

  /// Reports `code` at an IR location; message, location and notes are worked out only
  /// when the diagnostics are kept.
  public mutating func report(
    _ code: DiagnosticCode, _ message: @autoclosure () -> String,
    at irPath: @autoclosure () -> JSONPointer, notes: @autoclosure () -> [String] = []
  ) {
    diagnostics.report(code, message(), at: .ir(irPath()), notes: notes())
  }

  /// Reports `code` at a location in the output; message, location and notes are worked
  /// out only when the diagnostics are kept.
  public mutating func report(
    _ code: DiagnosticCode, _ message: @autoclosure () -> String,
    atOutput pointer: @autoclosure () -> JSONPointer, notes: @autoclosure () -> [String] = []
  ) {
    diagnostics.report(code, message(), at: .output(pointer()), notes: notes())
  }

  /// Reports the registered category `category` dropped, at `/category`, and with it
  /// each of its action targets (what its actions do, such as Klaviyo's
  /// `body.actions`), each at its own path: every target came from its own member of
  /// the input, which the source map names. Every emitter that leaves a category out
  /// reports it here, so no target is lost unreported.
  public mutating func reportDroppedCategory(
    _ category: NotificationCategory, _ message: @autoclosure () -> String,
    notes: @autoclosure () -> [String] = []
  ) {
    report(.droppedCategory, message(), at: "/category", notes: notes())
    for (index, target) in category.actionTargets.enumerated() {
      report(
        .droppedAction, target.droppedWithItsCategory,
        at: JSONPointer("/category/actionTargets").appending(index))
    }
  }

  /// Reports every vendor's extras except `keep`'s as dropped (they mean nothing to the
  /// target): one diagnostic per field, at its IR path, which the source map turns into
  /// the place it was read from; a group's fields (``VendorFormat/keptGroups``), at any
  /// depth, each on their own. Members whose names start with `@` are layout hints (where
  /// a value stood), not data, and are not reported.
  public mutating func reportForeignExtras(
    _ notification: PushNotification, keeping keep: [String]
  ) {
    // Every record of a batch asks; nearly all keep everything they have.
    guard notification.extras.keys.contains(where: { !keep.contains($0) }) else { return }
    for vendor in notification.extras.keys.sorted() where !keep.contains(vendor) {
      notification.extras[vendor]!.forEachKeptField(groups: Vendors.keptGroups[vendor] ?? []) {
        reportDroppedExtra($0, of: vendor, in: $1)
      }
    }
  }

  /// Reports the extra `key` of `vendor` (inside its group at `group`) dropped, at its IR
  /// path; the path and message are made only when the diagnostics are kept.
  private mutating func reportDroppedExtra(
    _ key: String, of vendor: String, in group: JSONPointer
  ) {
    let targetID = targetID  // the message is built while reporting, which holds `self`
    report(
      .droppedExtra,
      Vendors.named(vendor)?.droppedFieldPhrase(key, in: group).map { "\($0); dropped" }
        ?? (group == .root ? Vendors.untranslatedEquivalents[vendor]?[key]?[targetID] : nil).map {
          "\(vendor) field '\(key)' has an equivalent here that pushc does not translate (\($0)); dropped"
        } ?? "\(vendor)-only field '\(key)' has no equivalent here; dropped",
      at: JSONPointer(extra: key, of: vendor, inGroupAt: group))
  }
}

extension JSONObject {
  /// Calls `body` with each field of a format's kept extras: a member's key with the path
  /// of the object holding it (`.root` for the extras themselves), or, for a non-empty
  /// object at a path `groups` names (``Set/holdsGroup(at:)``), each of its fields in
  /// turn, at any depth. With `hints`, members of the extras themselves whose names start
  /// with `@` are layout hints, not data, and are left out (a vendor's extras; `aps` has
  /// none); inside a group such a name is the vendor's own key, and is reported.
  func forEachKeptField(
    groups: Set<JSONPointer>, hints: Bool = true,
    _ body: (_ key: String, _ group: JSONPointer) -> Void
  ) {
    forEachKeptField(in: .root, groups: groups, hints: hints, body)
  }

  /// ``forEachKeptField(groups:hints:_:)`` of this object, the group at `path`.
  private func forEachKeptField(
    in path: JSONPointer, groups: Set<JSONPointer>, hints: Bool,
    _ body: (_ key: String, _ group: JSONPointer) -> Void
  ) {
    // By index: each member read in place, not copied out.
    for index in indices {
      let key = members[index].key
      if hints && key.utf8.first == UInt8(ascii: "@") && path == .root { continue }
      // The path of a member is built only for an object a group may name.
      if !groups.isEmpty, case .object(let inner) = members[index].value, !inner.isEmpty {
        let inside = path.appending(key)
        if groups.holdsGroup(at: inside) {
          inner.forEachKeptField(in: inside, groups: groups, hints: hints, body)
          continue
        }
      }
      body(key, path)
    }
  }
}

extension Set where Element == JSONPointer {
  /// Whether these kept groups (``VendorFormat/keptGroups``) name the object at `path`:
  /// as it is, or by a last token `*` standing for every member of its parent.
  func holdsGroup(at path: JSONPointer) -> Bool {
    guard !isEmpty else { return false }
    if contains(path) { return true }
    guard let parent = path.parent else { return false }
    return contains(parent.appending(JSONPointer.everyMember))
  }
}

extension JSONPointer {
  /// The IR path of the member `key` of `vendor`'s extras, inside its member `group`
  /// when it is kept in one: `/extras/VENDOR[/GROUP]/KEY`.
  init(extra key: String, of vendor: String, in group: String? = nil) {
    self.init(extra: key, of: vendor, inGroupAt: group.map { .group($0) } ?? .root)
  }

  /// The path of a kept group inside a format's extras (``VendorFormat/keptGroups``),
  /// from its tokens: `.group("apple_push", "alert")`.
  static func group(_ tokens: String...) -> JSONPointer { JSONPointer(tokens: tokens) }

  /// The last token of a kept group's path that stands for every member of the group
  /// before it (``VendorFormat/keptGroups``).
  static let everyMember = "*"

  /// The IR path of the member `key` of `vendor`'s extras inside the group at `group`
  /// (``VendorFormat/keptGroups``; `.root` for a member of the extras themselves):
  /// `/extras/VENDOR/GROUP…/KEY`.
  init(extra key: String, of vendor: String, inGroupAt group: JSONPointer) {
    self = (JSONPointer("/extras").appending(vendor) + group).appending(key)
  }
}

extension ParseContext {
  /// Warns at each of `buttons` whose id a button earlier in the payload has: iOS tells
  /// the app of a tap by the id alone, so the SDK of `format` takes a tap on it for one on
  /// the earlier button (Klaviyo's matches the first button with that id). Payload order
  /// decides, not the order shown (``buttonsShownInReverse``). Looked for pair by pair:
  /// there are few buttons, and nothing is allocated when no id repeats.
  mutating func reportRepeatedButtonIDs(in buttons: [ActionButton], format: String) {
    let reversed = buttonsShownInReverse
    for position in buttons.indices {
      guard
        let first = buttons.labelOfEarlierButton(sharingIDWith: position, shownInReverse: reversed)
      else { continue }
      let index = buttons.shownIndex(ofPayloadPosition: position, shownInReverse: reversed)
      let button = buttons[index]
      let place = sourceMap.inputLocation(of: JSONPointer("/buttons").appending(index)) ?? .root
      report(
        .conflictingValues,
        "button '\(button.label)' repeats the id '\(button.id)' of button '\(first)': the \(format) SDK takes a tap on it for a tap on '\(first)'",
        at: place,
        notes: ["the IR keeps both; an output that writes button ids gives this one its own"])
    }
  }
}

/// Where each IR field came from in the input, so that diagnostics raised on the IR
/// (by passes and emitters) can point into the document the user wrote.
///
/// It serves only to locate diagnostics, so a map made for diagnostics that are not kept
/// (`Diagnostics.Recording.summary`) records nothing and knows no location.
public struct SourceMap: Sendable {
  // A list rather than a dictionary: a payload maps a few dozen fields, every one is
  // recorded but only the few a diagnostic names are ever looked up, so appending
  // without hashing is the cheaper half to make fast. Later records win.
  private var entries: [(irPath: JSONPointer, input: JSONPointer)] = []
  /// Whether anything is recorded; the pointers are not even built when not.
  private let records: Bool

  /// An empty map, recording when the diagnostics it locates are kept (`recording`).
  public init(recording: Diagnostics.Recording = .full) {
    records = recording == .full
  }

  /// Records that the IR field at `irPath` came from `input`.
  public mutating func record(
    _ irPath: @autoclosure () -> JSONPointer, from input: @autoclosure () -> JSONPointer
  ) {
    if records { entries.append((irPath(), input())) }
  }

  /// Records every entry of `other`, its input location moved by `relocate`.
  public mutating func record(
    contentsOf other: SourceMap, relocating relocate: (JSONPointer) -> JSONPointer
  ) {
    guard records else { return }
    for entry in other.entries { entries.append((entry.irPath, relocate(entry.input))) }
  }

  /// Forgets the array element at `irPath` (`/media/1`) as its array loses it: the
  /// entries inside it go, and those of the elements after it move down by one.
  public mutating func removeElement(at irPath: JSONPointer) {
    guard !entries.isEmpty, let array = irPath.parent,
      let removed = irPath.lastToken.flatMap({ Int($0) })
    else {
      return
    }
    let depth = array.tokens.count
    entries = entries.compactMap { entry in
      var tokens = entry.irPath.tokens
      guard tokens.count > depth, entry.irPath.hasPrefix(array), let index = Int(tokens[depth])
      else { return entry }
      if index == removed { return nil }
      if index > removed { tokens[depth] = String(index - 1) }
      return (JSONPointer(tokens: tokens), entry.input)
    }
  }

  /// The input location of `irPath` or of the nearest enclosing field that has one.
  public func inputLocation(of irPath: JSONPointer) -> JSONPointer? {
    // Nothing recorded (a summary translation's map): no parent paths to work out.
    guard !entries.isEmpty else { return nil }
    var path: JSONPointer? = irPath
    while let current = path {
      if let found = entries.last(where: { $0.irPath == current }) { return found.input }
      path = current.parent
    }
    return nil
  }
}

extension Array where Element == ActionButton {
  /// The label of the first button before the one at `index` with its id, if any: iOS
  /// tells the app of a tap by the id alone, so an SDK that finds buttons by id takes a
  /// tap on the one at `index` for one on that button. Looked for pair by pair, in place:
  /// there are few buttons, and no button is copied.
  func labelOfEarlierButton(sharingIDWith index: Int) -> IRText? {
    indexOfEarlierButton(sharingIDWith: index).map { self[$0].label }
  }

  /// The index of the first button before the one at `index` with its id, if any; the
  /// ids compared in place.
  func indexOfEarlierButton(sharingIDWith index: Int) -> Int? {
    for earlier in 0..<index where self[earlier].id == self[index].id { return earlier }
    return nil
  }

  /// Whether two of the buttons share an id. The same pairs share one in whichever order
  /// the buttons are shown, so the order does not matter.
  var repeatsAnID: Bool {
    indices.contains { indexOfEarlierButton(sharingIDWith: $0) != nil }
  }

  /// The index, in the order shown, of the button at `position` in the payload's order:
  /// counted from the end when the parse reversed them (`shownInReverse`,
  /// ``ParseContext/buttonsShownInReverse``).
  func shownIndex(ofPayloadPosition position: Int, shownInReverse: Bool) -> Int {
    shownInReverse ? count - 1 - position : position
  }

  /// ``labelOfEarlierButton(sharingIDWith:)`` in the payload's order: of the button at
  /// `position` there, and those before it, read in place
  /// (``shownIndex(ofPayloadPosition:shownInReverse:)``).
  func labelOfEarlierButton(sharingIDWith position: Int, shownInReverse: Bool) -> IRText? {
    guard shownInReverse else { return labelOfEarlierButton(sharingIDWith: position) }
    let id = self[shownIndex(ofPayloadPosition: position, shownInReverse: true)].id
    for earlier in 0..<position {
      let index = shownIndex(ofPayloadPosition: earlier, shownInReverse: true)
      if self[index].id == id { return self[index].label }
    }
    return nil
  }
}
