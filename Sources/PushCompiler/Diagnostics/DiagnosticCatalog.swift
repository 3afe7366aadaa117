import PushIR

/// The catalogue of diagnostic codes: one `static let` per code, grouped by phase and
/// sorted by name within a phase. A code's name and severity never change once
/// released; `Specs/diagnostics.md` documents each one (a test checks that it does).
extension DiagnosticCode {
  // MARK: input — reading the document

  /// The root of the payload is not a JSON object.
  public static let notAnObject = DiagnosticCode(
    "input.not-an-object", .error, "the document's root is not a JSON object")
  /// A member name occurs twice in one object; the last occurrence wins.
  public static let duplicateKey = DiagnosticCode(
    "input.duplicate-key", .warning, lossy: true,
    "an object repeats a member name; the earlier value is dropped, as Apple's decoder does")
  /// The document is not a valid IR document.
  public static let invalidIR = DiagnosticCode(
    "input.invalid-ir", .error, "a `--from ir` document does not follow the IR's JSON form")
  /// A `--from ir` document's vendor extras hold a member that an older layout of them
  /// used for something else; it is read as the current layout says.
  public static let olderExtras = DiagnosticCode(
    "input.older-extras", .warning,
    "a `--from ir` document's vendor extras hold a member an older layout used for something else; read as the current layout says"
  )
  /// `--from auto` found several formats equally likely.
  public static let ambiguousFormat = DiagnosticCode(
    "input.ambiguous-format", .error,
    "the payload matches several formats equally; nothing is guessed")
  /// `--from auto` found a format.
  public static let detectedFormat = DiagnosticCode(
    "input.detected-format", .note, "--from auto read the payload as this format")
  /// `--from auto` recognised no format.
  public static let unknownFormat = DiagnosticCode(
    "input.unknown-format", .error, "no format recognises the payload")
  /// An `--option` a format reads with was not used to read this payload: the format
  /// read does not read with it, or reads with it only where detection cannot settle.
  public static let unusedOption = DiagnosticCode(
    "input.unused-option", .note,
    "an --option a format reads with was not used to read this payload")
  /// The input could not be read.
  public static let unreadable = DiagnosticCode(
    "input.unreadable", .error, "the input file or stream could not be read")
  /// A folder input holds a link back to a folder it is in, which is not entered again.
  public static let folderLoop = DiagnosticCode(
    "input.folder-loop", .warning,
    "a linked folder in a folder input leads back into a folder it is in; not listed again")
  /// A folder input holds files not named `.json`, which are not inputs.
  public static let skippedFiles = DiagnosticCode(
    "input.skipped-files", .note, "files in a folder input not named '.json' were not read")
  /// An NDJSON input of a batch looks like one JSON document printed over several lines.
  public static let multiLineDocument = DiagnosticCode(
    "input.multi-line-document", .note,
    "an NDJSON input looks like one JSON document over several lines, which batch reads line by line"
  )

  /// The code of a JSON syntax error of the given kind (`json.<kind>`).
  public static func json(_ kind: JSONSyntaxError.Kind) -> DiagnosticCode {
    DiagnosticCode("json." + kind.rawValue, .error, "the input is not valid JSON: \(kind.rawValue)")
  }

  /// Whether this is the code of a JSON syntax error (``json(_:)``).
  public var isJSONSyntax: Bool { name.hasPrefix("json.") }

  // MARK: normalize — the normalize-shapes pass

  /// A flag was spelled `true`, `"1"` or similar and is now the number `1` (or removed
  /// when it meant off).
  public static let normalizedFlag = DiagnosticCode(
    "normalize.flag-value", .note, "an `aps` flag spelled other than `1` was normalized")
  /// A number was given as a string and is now a number.
  public static let normalizedNumber = DiagnosticCode(
    "normalize.numeric-string", .note, "a number given as a string was normalized to a number")

  // MARK: parse — vendor front ends

  /// Two places give different values for one thing; the one the vendor's SDK reads wins.
  public static let conflictingValues = DiagnosticCode(
    "parse.conflicting-values", .warning, lossy: true,
    "two keys give different values for the same thing; the one the SDK reads wins")
  /// A button the vendor's SDK would not show; it is dropped.
  public static let invalidButton = DiagnosticCode(
    "parse.invalid-button", .warning, lossy: true, "a button the vendor's SDK would skip; dropped")
  /// A value has a form the vendor does not accept; it is ignored.
  public static let invalidValue = DiagnosticCode(
    "parse.invalid-value", .warning, lossy: true,
    "a value the vendor's SDK does not accept; ignored")
  /// The payload lacks what makes it this vendor's push.
  public static let notVendorPayload = DiagnosticCode(
    "parse.not-vendor-payload", .warning,
    "the payload lacks the marker the vendor's SDK looks for, so the SDK ignores it")
  /// A shape from a draft or older SDK that the shipped SDK does not read.
  public static let obsoleteShape = DiagnosticCode(
    "parse.obsolete-shape", .warning,
    "a draft or obsolete shape the shipped SDK does not read; read as its author meant it")
  /// Buttons were put into display order (the vendor's SDK reorders them).
  public static let reorderedButtons = DiagnosticCode(
    "parse.reordered-buttons", .note,
    "the vendor's SDK displays these buttons in another order; the IR keeps display order")
  /// A category in the vendor's own namespace that is none of its predefined ones; read
  /// as the app's own.
  public static let unknownCategory = DiagnosticCode(
    "parse.unknown-category", .warning,
    "a category in the vendor's namespace that the vendor does not define; read as the app's own"
  )
  /// A key the vendor does not define; kept verbatim.
  public static let unknownKey = DiagnosticCode(
    "parse.unknown-key", .note, "a key no vendor SDK reads; kept verbatim")
  /// A key the vendor's SDK uses only together with another one, which is missing.
  public static let incomplete = DiagnosticCode(
    "parse.incomplete", .warning,
    "a key the SDK uses only together with another one, which is missing; read as its author meant it"
  )
  /// A value of the wrong JSON type; ignored.
  public static let wrongType = DiagnosticCode(
    "parse.wrong-type", .warning, lossy: true,
    "a value of the wrong JSON type; ignored, unless the message says how it was read")

  // MARK: pass — the IR passes

  /// Buttons (or another vendor's predefined category) became the target's own
  /// predefined category, which shows buttons only where the app registered it.
  public static let contractedCategory = DiagnosticCode(
    "pass.contracted-category", .warning, lossy: true,
    "buttons became the target's predefined category; they show only where the app registered it"
  )

  /// A predefined category was expanded into explicit buttons.
  public static let expandedCategory = DiagnosticCode(
    "pass.expanded-category", .note, "a predefined category was expanded into explicit buttons")
  /// A URL that RFC 3986 does not allow; it is kept.
  public static let invalidURL = DiagnosticCode(
    "pass.invalid-url", .warning,
    "a URL is not valid by RFC 3986; it is kept, but the phone may not open or download it")
  /// A media URL that is not `https`; it is kept.
  public static let nonHTTPSMedia = DiagnosticCode(
    "pass.non-https-media", .warning,
    "a media URL is not https; the service extension may not download it")
  /// A URL whose scheme must not reach a phone was removed with what held it.
  public static let unsafeURLScheme = DiagnosticCode(
    "pass.unsafe-url-scheme", .warning, lossy: true,
    "a URL of a scheme that must not reach a phone (javascript:, data:, file:, …) was removed")
  /// A button that fell back to the default action now names it explicitly.
  public static let resolvedFallback = DiagnosticCode(
    "pass.resolved-fallback", .note, "an action that falls back to the default action now names it")
  /// `mutable-content` was turned on because media or buttons need the service extension.
  public static let setMutableContent = DiagnosticCode(
    "pass.set-mutable-content", .note,
    "`mutable-content` was set because media or dynamic buttons need the service extension")

  // MARK: fit — lowering to the target's capabilities

  /// An action the target cannot express was replaced by the closest one it can.
  public static let changedAction = DiagnosticCode(
    "fit.changed-action", .warning, lossy: true,
    "an action the target cannot express was replaced by the nearest one it can")
  /// An action the target cannot express at all was dropped.
  public static let droppedAction = DiagnosticCode(
    "fit.dropped-action", .warning, lossy: true, "an action the target cannot express was dropped")
  /// A button beyond the target's limit, or of a kind it cannot show, was dropped.
  public static let droppedButton = DiagnosticCode(
    "fit.dropped-button", .warning, lossy: true, "a button the target cannot show was dropped")
  /// An icon the target cannot show was dropped.
  public static let droppedIcon = DiagnosticCode(
    "fit.dropped-icon", .warning, lossy: true, "a button icon the target cannot show was dropped")
  /// A media item the target cannot show was dropped.
  public static let droppedMedia = DiagnosticCode(
    "fit.dropped-media", .warning, lossy: true, "a media item the target cannot show was dropped")
  /// A button option (destructive, authentication, foreground) the target cannot honour.
  public static let droppedOption = DiagnosticCode(
    "fit.dropped-option", .warning, lossy: true,
    "a button option the target cannot honour was dropped or forced")
  /// A reply text field the target cannot show was dropped.
  public static let droppedTextInput = DiagnosticCode(
    "fit.dropped-text-input", .warning, lossy: true,
    "a reply text field the target cannot show was dropped")
  /// The body text was shortened so the payload fits the size limit (`--fit`).
  public static let shortenedBody = DiagnosticCode(
    "fit.shortened-body", .warning, lossy: true,
    "the body text was shortened so the payload fits (--fit)")
  /// A button whose id an earlier button has was given an id of its own.
  public static let renamedButton = DiagnosticCode(
    "fit.renamed-button", .warning, lossy: true,
    "a button id an earlier button has was given a suffix, so that a tap on each is told apart")
  /// A button label longer than the target shows in full.
  public static let longLabel = DiagnosticCode(
    "fit.long-label", .warning, lossy: true,
    "a button label is longer than the target shows in full; it is cut")

  /// A button whose label is empty or only white space, written as it is.
  public static let blankLabel = DiagnosticCode(
    "fit.blank-label", .warning,
    "a button label is empty or only white space; iOS shows the button blank")

  // MARK: emit — vendor back ends

  /// A value the emitter derived because the target requires it and nothing gave it.
  public static let derivedValue = DiagnosticCode(
    "emit.derived-value", .note,
    "a required target field was derived deterministically from the payload")
  /// A target field was filled from the `--defaults` file.
  public static let defaultValue = DiagnosticCode(
    "emit.default-value", .note, "a target field the source lacks was taken from --defaults")
  /// A target field given with `--set` replaces the value the source gave it.
  public static let replacedValue = DiagnosticCode(
    "emit.replaced-value", .note, "a target field given with --set replaces the source's value")
  /// The output holds a button icon only the vendor's draft SDK builds show; the shipped
  /// SDK does not show it. Not lossy: the output keeps the icon, and a payload of the
  /// vendor's own carries it to its shipped SDK no better.
  public static let draftOnlyIcon = DiagnosticCode(
    "emit.draft-only-icon", .warning,
    "the output holds a button icon only the vendor's draft SDK builds show; the shipped SDK does not show it"
  )
  /// The output holds a button that opens the app, beside a link the vendor's draft SDK
  /// builds send a button without a link of its own to (Klaviyo: `body.url`); there it
  /// opens that link. Not lossy: no payload of the vendor's makes such a build open only
  /// the app while the draft's default link is given.
  public static let draftFallbackLink = DiagnosticCode(
    "emit.draft-fallback-link", .warning,
    "the output holds a button that opens the app, which the vendor's draft SDK builds send to a link instead"
  )
  /// The output holds a category action's link only the vendor's draft SDK builds open;
  /// with the shipped SDK the app's own handler decides what the action does. Not lossy:
  /// the output keeps the link, and the shipped SDK reads no payload's better.
  public static let draftOnlyLink = DiagnosticCode(
    "emit.draft-only-link", .warning,
    "the output holds a category action's link only the vendor's draft SDK builds open; with the shipped SDK the app decides"
  )
  /// A registered category dropped because the target cannot carry it.
  public static let droppedCategory = DiagnosticCode(
    "emit.dropped-category", .warning, lossy: true,
    "a registered category the target cannot carry was dropped")
  /// Fields that belong to another vendor and have no equivalent in the target.
  public static let droppedExtra = DiagnosticCode(
    "emit.dropped-extra", .warning, lossy: true,
    "another vendor's own field has no equivalent in the target; dropped")
  /// An IR field the target has no place for.
  public static let droppedField = DiagnosticCode(
    "emit.dropped-field", .warning, lossy: true,
    "an IR field the target has no place for was dropped")
  /// The output carries a fallback category beside dynamic buttons.
  public static let fallbackCategory = DiagnosticCode(
    "emit.fallback-category", .warning,
    "the output carries a fallback category beside dynamic buttons; the shipped SDK then ignores the buttons"
  )
  /// The output carries a fallback category beside dynamic buttons that showed without
  /// one; the shipped SDK now skips them.
  public static let fallbackHidesButtons = DiagnosticCode(
    "emit.fallback-hides-buttons", .warning, lossy: true,
    "the output carries a fallback category beside dynamic buttons the source showed; the shipped SDK now skips them"
  )
  /// The output names a registered category beside dynamic buttons, and the vendor's
  /// extension names the notification's category after the buttons instead, so the
  /// registered one shows only where the extension does not run.
  public static let replacedCategory = DiagnosticCode(
    "emit.replaced-category", .warning, lossy: true,
    "the vendor's extension replaces the registered category with the one its dynamic buttons make"
  )
  /// The output names a category that only the app can register.
  public static let registeredCategory = DiagnosticCode(
    "emit.registered-category", .note,
    "the output names a category whose buttons show only if the app registered it")
  /// The output holds an action that only an optional plugin of the vendor's SDK runs,
  /// which the app must register.
  public static let needsPlugin = DiagnosticCode(
    "emit.needs-plugin", .note,
    "the output holds an action only an optional SDK plugin runs; the app must register it")
  /// The output holds a link the vendor's SDK opens only where the app allows its scheme
  /// or handles the link itself (Iterable: any scheme but `https`).
  public static let needsAppSetting = DiagnosticCode(
    "emit.needs-app-setting", .note,
    "the output holds a link the vendor's SDK opens only if the app allows its scheme or handles it"
  )
  /// Another format's field, which the IR keeps as that format's extra, was written as
  /// the target's own field of the same meaning.
  public static let carriedField = DiagnosticCode(
    "emit.carried-field", .note,
    "another format's field was written as the target's field of the same meaning")
  /// A field the target requires has no value, and none may be derived.
  public static let missingField = DiagnosticCode(
    "emit.missing-field", .error,
    "a field the target requires has no value; give it with --set or --defaults")
  /// The output lacks the marker the vendor's SDK looks for, and only the vendor's
  /// service can add it when it sends (Customer.io's delivery keys).
  public static let missingMarker = DiagnosticCode(
    "emit.missing-marker", .warning,
    "the output lacks the marker the vendor's SDK looks for, which only the vendor's service adds")
  /// A field is written as the vendor's SDK and iOS take it, not as the vendor's
  /// specification requires (Dfinery: an alert without a title, a critical sound's
  /// dictionary; Klaviyo: a `body._k` that is not a string beside buttons), so
  /// `validate --from` that format refuses the output, unless it accepts the shipped SDK's
  /// own form (Klaviyo's dictionary `_k`). Not lossy: the output says what the source said.
  public static let offSpecField = DiagnosticCode(
    "emit.off-spec-field", .warning,
    "a field is written as the vendor's SDK takes it, not as its specification requires; validate refuses the output"
  )
  /// (FCM) The APNs payload written as one format carries evidence of another as strong
  /// (the app's key `W$source`, CleverTap's marker, beside Klaviyo's `body._k`), or only
  /// another's, so reading the message back detects another format or none: it reads as
  /// written only with `--option inner=FORMAT`. Not lossy: the output holds what was meant.
  public static let unsettledInnerFormat = DiagnosticCode(
    "emit.unsettled-inner-format", .warning,
    "the APNs payload of an fcm message also looks like another format's; reading it back needs --option inner=FORMAT"
  )
  /// A value given with --set or --defaults that the target field's type cannot hold.
  public static let invalidFieldValue = DiagnosticCode(
    "emit.invalid-field-value", .error,
    "a --set or --defaults value does not fit the target field's type (a number, a boolean)")
  /// A field given with `--set` that the form written takes none of: a device form,
  /// written because the source is one, and a field of the request (Braze's `body`,
  /// Expo's `to`, Yellow.ai's `topic`).
  public static let refusedSetting = DiagnosticCode(
    "emit.refused-setting", .error,
    "a --set field the form written has no place for; nothing is written")
  /// A value written somewhere else than the source had it, where the app must look for it.
  public static let movedField = DiagnosticCode(
    "emit.moved-field", .warning, lossy: true,
    "a value is written at another place, where the app must look for it")
  /// Buttons were written in another order than the IR's, because the vendor's SDK
  /// reorders them (OneSignal reverses two), so they display in the IR's order.
  public static let reorderedButtonsOnEmit = DiagnosticCode(
    "emit.reordered-buttons", .note,
    "buttons are written in another order because the vendor's SDK reorders them; they display in the IR's order"
  )
  /// The output lacks what the vendor's SDK needs to track an open of the push, which it
  /// still shows and handles (Iterable: `itbl.templateId`). Not lossy: nothing the source
  /// said is lost.
  public static let untrackedOpens = DiagnosticCode(
    "emit.untracked-opens", .warning,
    "the output lacks what the vendor's SDK needs to track an open; the push is shown and handled, but no open is tracked"
  )
  /// The payload is larger than the target's delivery accepts.
  public static let overBudget = DiagnosticCode(
    "emit.over-budget", .error,
    "the payload is larger than APNs accepts (4096 bytes); nothing is written")
  /// The fallback-category option was given but no category fits the buttons.
  public static let noFallbackCategory = DiagnosticCode(
    "emit.no-fallback-category", .warning,
    "a fallback category was asked for, but none fits the buttons")

  // MARK: output — writing the result

  /// An output file, the report or standard output could not be written.
  public static let unwritable = DiagnosticCode(
    "output.unwritable", .error,
    "an output file, the report or standard output could not be written")

  // MARK: validate — `pushc validate`

  /// A required field is missing.
  public static let validationMissingField = DiagnosticCode(
    "validate.missing-field", .error, "a field the vendor's specification requires is missing")
  /// Buttons are present but `mutable-content` is not 1.
  public static let validationMutableContent = DiagnosticCode(
    "validate.mutable-content", .error, "buttons or media need `aps.mutable-content: 1`")
  /// A link the specification names is not a valid URL, or has an unsafe scheme.
  public static let validationInvalidURL = DiagnosticCode(
    "validate.invalid-url", .error,
    "a link is not a valid URL (a universal link or custom scheme), or has an unsafe scheme")
  /// A field the specification types holds a value of another type.
  public static let validationWrongType = DiagnosticCode(
    "validate.wrong-type", .error,
    "a field holds another type of value than the specification gives it")
  /// More or fewer buttons than the specification allows.
  public static let validationButtonCount = DiagnosticCode(
    "validate.button-count", .error, "more or fewer buttons than the specification allows")
  /// A button beyond the count the vendor's SDK documents, which convert drops.
  public static let validationButtonBeyondLimit = DiagnosticCode(
    "validate.button-beyond-limit", .warning,
    "a button beyond the count the SDK's documentation gives, which convert drops")
  /// Dynamic buttons the SDK skips because `aps.category` stands beside them.
  public static let validationHiddenButtons = DiagnosticCode(
    "validate.hidden-buttons", .warning,
    "dynamic buttons stand beside a category, which makes the SDK skip them")
  /// A button label longer than the specification's length, which iOS truncates.
  public static let validationLongLabel = DiagnosticCode(
    "validate.long-label", .warning,
    "a button label is longer than the specification's length; iOS truncates it")
  /// `aps.category` names a category the vendor does not register.
  public static let validationUnknownCategory = DiagnosticCode(
    "validate.unknown-category", .error,
    "`aps.category` names a category the vendor does not register")
  /// The payload lacks what the vendor's SDK needs to track an open of it, which it still
  /// shows and handles.
  public static let validationUntrackedOpens = DiagnosticCode(
    "validate.untracked-opens", .warning,
    "the payload lacks what the vendor's SDK needs to track an open; it is shown and handled, but no open is tracked"
  )
  /// The payload is larger than its format's delivery accepts.
  public static let validationOverBudget = DiagnosticCode(
    "validate.over-budget", .error,
    "the payload is larger than its format's delivery accepts (APNs: 4096 bytes)")

  /// For each validation rule's code, the codes reading reports (the front end, the
  /// passes) that say the same thing when they stand at the same place: a value the rule
  /// rejects, or the absence it reports. `pushc validate` then gives the rule's finding
  /// alone. What reading says there that means something else (a draft spec's shape, two
  /// keys that disagree) stays. Every `validate.*` code is listed (a test checks), so
  /// that a new rule says what it stands for.
  public static let replacedByRule: [DiagnosticCode: [DiagnosticCode]] = [
    // A value of another type, which a front end may also read as a value or a button it
    // cannot use.
    validationWrongType: [wrongType, invalidValue, invalidButton],
    // A required field missing: a button without its id or label, an object without the
    // member that makes it do anything, a payload without the vendor's marker.
    validationMissingField: [invalidButton, invalidValue, notVendorPayload],
    // A link that is not valid or not safe: what check-urls says of it, and a link the
    // front end reads as none, or whose button the SDK would skip.
    validationInvalidURL: [invalidURL, unsafeURLScheme, invalidValue, invalidButton],
    // A flag other than 1 where the extension needs 1: the front end read it as off.
    validationMutableContent: [invalidValue],
    // A category the vendor does not register, a value of another type included.
    validationUnknownCategory: [wrongType, invalidValue, unknownCategory],
    validationButtonCount: [],
    validationButtonBeyondLimit: [],
    validationHiddenButtons: [],
    validationLongLabel: [],
    validationOverBudget: [],
    validationUntrackedOpens: [],
  ]

  /// Every catalogued code, sorted by name.
  public static let catalogue: [DiagnosticCode] =
    ([
      notAnObject, duplicateKey, invalidIR, olderExtras, unreadable, folderLoop, skippedFiles,
      multiLineDocument,
      ambiguousFormat,
      detectedFormat, unknownFormat, unusedOption,
      normalizedFlag, normalizedNumber,
      conflictingValues, incomplete, invalidButton, invalidValue, notVendorPayload, obsoleteShape,
      reorderedButtons, unknownCategory, unknownKey, wrongType,
      contractedCategory, expandedCategory, invalidURL, nonHTTPSMedia, resolvedFallback,
      setMutableContent, unsafeURLScheme,
      blankLabel, changedAction, droppedAction, droppedButton, droppedIcon, droppedMedia,
      droppedOption,
      droppedTextInput, longLabel, renamedButton, shortenedBody,
      carriedField, defaultValue, derivedValue, draftFallbackLink, draftOnlyIcon, draftOnlyLink,
      droppedCategory, droppedExtra,
      droppedField,
      fallbackCategory, fallbackHidesButtons,
      invalidFieldValue, missingField, missingMarker, movedField, needsAppSetting, needsPlugin,
      noFallbackCategory, offSpecField, overBudget,
      refusedSetting, registeredCategory, reorderedButtonsOnEmit, replacedCategory, replacedValue,
      unsettledInnerFormat, untrackedOpens,
      unwritable,
      validationButtonBeyondLimit, validationButtonCount, validationHiddenButtons,
      validationInvalidURL, validationLongLabel, validationMissingField,
      validationMutableContent, validationOverBudget, validationUnknownCategory,
      validationUntrackedOpens, validationWrongType,
    ] + JSONSyntaxError.Kind.allCases.map(json)).sorted { $0.name < $1.name }
}
