import PushIR

/// Lowers a Klaviyo payload of any of its three shapes into the IR.
struct KlaviyoParser: PayloadParser {
  typealias Key = Klaviyo.Key

  let root: JSONObject
  /// Where the root's reserved members are, found in one pass.
  private let reserved: ReservedMembers
  /// The `body.actions` ids whose link a draft button took, having none of its own.
  private var actionIDsLinkedByButtons: Set<String> = []
  /// Whether `body._k` is there and not `null`, which the SDK needs to do anything.
  private var hasNotificationID = false
  /// Whether `body.action_buttons` holds buttons without `action` (the draft's shape).
  private var hasDraftButtons = false
  /// Whether `body.action_buttons` holds an element that is not an object, for which
  /// both SDKs read none of the array (`as? [[String: Any]]` fails for all of it).
  private var hasNonObjectButton = false

  init(root: JSONObject) {
    self.root = root
    reserved = ReservedMembers(root)
  }

  /// The positions in the root of the members Klaviyo reserves (of the last one of each
  /// name, as ``JSONObject/subscript(_:)`` finds it): found by one pass over the names
  /// instead of a search of the whole root for each of them, for every record.
  private struct ReservedMembers {
    var aps: Int?
    var body: Int?
    var url: Int?
    var webURL: Int?
    var media: Int?
    var mediaType: Int?
    var keyValuePairs: Int?
    /// Of the first 64 members, those that are the app's data (bit `1 << index`).
    var custom: UInt64 = 0
    /// Of the first 64 members, Klaviyo's badge keys, kept as extras.
    var badges: UInt64 = 0

    init(_ root: JSONObject) {
      let members = root.members
      for index in members.indices {
        switch Key.rootKey(members[index].key) {
        case .aps: aps = index
        case .body: body = index
        case .url: url = index
        case .webURL: webURL = index
        case .media: media = index
        case .mediaType: mediaType = index
        case .keyValuePairs: keyValuePairs = index
        case .badgeConfig, .badgeValue: if index < 64 { badges |= 1 << index }
        case nil: if index < 64 { custom |= 1 << index }
        }
      }
    }

    /// What the member at `index` of `members` is to ``readCustomData(context:)``: told by
    /// the masks for the first 64, by its name after them.
    // Inlined: its match by name, for members after the 64th, makes it too large for the
    // compiler to inline it on its own, and it is called for every root member.
    @inline(__always)
    func kind(at index: Int, of members: [JSONObject.Member]) -> (isCustom: Bool, isBadge: Bool) {
      guard index >= 64 else {
        return (custom & 1 << index != 0, badges & 1 << index != 0)
      }
      switch Key.rootKey(members[index].key) {
      case nil: return (true, false)
      case .badgeConfig?, .badgeValue?: return (false, true)
      default: return (false, false)
      }
    }
  }

  /// The value of the root member at `index`, if there is one.
  private func rootValue(at index: Int?) -> JSONValue? {
    index.map { root.members[$0].value }
  }

  mutating func parse(context: inout ParseContext) -> PushNotification {
    // Built here and handed back whole: held by the parser, the notification (and what
    // it keeps) would leave an empty one behind, destroyed field by field every record.
    var notification = PushNotification()
    var kept = JSONObject()
    var keptBody = JSONObject()
    APSCodec.read(rootValue(at: reserved.aps), into: &notification, context: &context)
    let body = readBody(into: &notification, keeping: &keptBody, context: &context)
    readDefaultAction(draftURL: body.value(at: body.url), into: &notification, context: &context)
    readMedia(into: &notification, context: &context)
    readCustomData(into: &notification, keeping: &kept, context: &context)
    let categoryActions = body.value(at: body.categoryActions)
    if let buttons = body.value(at: body.buttons) {
      readButtons(
        buttons, categoryActions: categoryActions?.objectValue, into: &notification,
        context: &context)
    }
    readCategoryActions(categoryActions, into: &notification, context: &context)
    if !notification.buttons.isEmpty,
      let reason = whyShippedSDKSkipsButtons(hasCategory: notification.category != nil)
    {
      kept.append(Key.shippedSDKSkipsButtons, .string(reason))
    }
    if !keptBody.isEmpty { kept.append(Key.body, .object(keptBody)) }
    if !kept.isEmpty { notification.extras["klaviyo"] = kept }
    // Moved out: returned plainly, having been passed `inout`, it is copied and destroyed.
    return consume notification
  }

  /// Why the shipped SDK shows none of the dynamic buttons the IR holds (asked only when
  /// it holds some; `hasCategory`: whether it has a category), when it shows none: a
  /// non-empty `aps.category` stops its extension from building them, without
  /// `_k` it ignores the push, and it skips every button without `action`. A predefined
  /// category's buttons need no hint: the emitter knows them as the category
  /// expand-categories expanded (``EmitContext/expandedCategory``), and no record of an
  /// upgrade pays for one.
  private func whyShippedSDKSkipsButtons(hasCategory: Bool) -> String? {
    if hasCategory { return "category" }
    if !hasNotificationID { return "no-notification-id" }
    if hasNonObjectButton { return "non-object-button" }
    return hasDraftButtons ? "draft-buttons" : nil
  }

  /// Where in `body` the members an IR field holds are, each the last of its name (as
  /// ``JSONObject/subscript(_:)`` finds it): found in one pass over `body`'s names,
  /// instead of a search of `body` for each of them.
  private struct BodyMembers {
    /// `body`, when it is an object.
    var object = JSONObject()
    var notificationID: Int?
    var url: Int?
    var buttons: Int?
    var categoryActions: Int?

    /// The value of the member of `body` at `index`, if there is one.
    func value(at index: Int?) -> JSONValue? {
      index.map { object.members[$0].value }
    }

    /// Notes that `member` is at `index` of `body`: a later one of its name replaces it.
    mutating func note(_ member: BodyMember, at index: Int) {
      switch member {
      case .notificationID: notificationID = index
      case .url: url = index
      case .buttons: buttons = index
      case .categoryActions: categoryActions = index
      }
    }
  }

  /// A member of `body` an IR field holds; every other member is kept as it came.
  private enum BodyMember {
    case notificationID, url, buttons, categoryActions

    /// The member `key` names, if it is one of them.
    init?(named key: String) {
      switch key {
      case MemberName(Key.notificationID): self = .notificationID
      case MemberName(Key.url): self = .url
      case MemberName(Key.buttons): self = .buttons
      case MemberName(Key.categoryActions): self = .categoryActions
      default: return nil
      }
    }
  }

  /// Reads `body`: `_k`, and keeps in `keptBody` members no IR field holds; returns where
  /// the members read later are (none without an object `body`).
  private mutating func readBody(
    into notification: inout PushNotification, keeping keptBody: inout JSONObject,
    context: inout ParseContext
  ) -> BodyMembers {
    var read = BodyMembers()
    guard let value = rootValue(at: reserved.body) else {
      context.reportMissingMarker(
        "no 'body._k': the Klaviyo SDK ignores this push (no events, no buttons)", at: .root)
      return read
    }
    guard case .object(let body) = value else {
      context.reportWrongType(value, expected: "an object", at: "/body")
      return read
    }
    let members = body.members
    for index in members.indices {
      if let member = BodyMember(named: members[index].key) { read.note(member, at: index) }
    }
    read.object = body
    switch read.value(at: read.notificationID) {
    case nil, .null?:
      context.reportMissingMarker(
        "no 'body._k': the Klaviyo SDK ignores this push (no events, no buttons)", at: "/body")
    case .string(let id)?:
      hasNotificationID = true
      notification.tracking.notificationID = id
      context.sourceMap.record("/tracking/notificationID", from: "/body/_k")
    case let other?:
      hasNotificationID = true
      context.keep(
        Key.notificationID, other, in: &keptBody, extraOf: "klaviyo", group: Key.body,
        from: "/body/_k")
    }
    for index in members.indices where BodyMember(named: members[index].key) == nil {
      context.keep(
        members[index].key, members[index].value, in: &keptBody, extraOf: "klaviyo",
        group: Key.body, from: JSONPointer("/body").appending(members[index].key))
    }
    return read
  }

  /// The shipped SDK opens the root `url` (5.4 also `web_url`); the draft spec said
  /// `body.url`. Where they disagree, the shipped SDK's choice wins.
  private func readDefaultAction(
    draftURL: JSONValue?, into notification: inout PushNotification, context: inout ParseContext
  ) {
    let rootURL = context.text(rootValue(at: reserved.url), at: "/url")
    let webURL = context.text(rootValue(at: reserved.webURL), at: "/web_url")
    let bodyURL = context.text(draftURL, at: "/body/url")
    if let rootURL {
      notification.defaultAction = .openURL(rootURL, .app)
      context.sourceMap.record("/defaultAction", from: "/url")
      if let webURL, webURL != rootURL {
        context.report(
          .conflictingValues,
          "'web_url' is ignored because 'url' is present; the SDK opens '\(rootURL)'",
          at: "/web_url")
      }
    } else if let webURL {
      if Klaviyo().capabilities.opensOutsideTheApp(webURL) {
        notification.defaultAction = .openURL(webURL, .browser)
        context.sourceMap.record("/defaultAction", from: "/web_url")
      } else {
        context.report(
          .invalidValue,
          "'web_url' '\(webURL)' is not a link of a scheme the SDK opens (\(Klaviyo.openURLSchemeList)); ignored, as the SDK ignores it",
          at: "/web_url")
      }
    }
    guard let bodyURL else { return }
    switch notification.defaultAction {
    case nil:
      notification.defaultAction = .openURL(bodyURL, .app)
      context.sourceMap.record("/defaultAction", from: "/body/url")
      context.report(
        .obsoleteShape,
        "'body.url' is the draft spec's default link; the shipped SDK reads the root 'url'",
        at: "/body/url",
        notes: ["read as the default link; a klaviyo output writes it where both read it"])
    case .openURL(let url, _)? where url == bodyURL:
      break
    default:
      context.report(
        .conflictingValues,
        "'body.url' differs from the root link the shipped SDK opens; the root link wins",
        at: "/body/url")
    }
  }

  private func readMedia(into notification: inout PushNotification, context: inout ParseContext) {
    let typeHint = rootValue(at: reserved.mediaType).flatMap { value -> String? in
      if value.textValue == nil {
        context.reportWrongType(value, expected: "a string", at: "/rich-media-type")
      }
      return value.stringValue
    }
    guard let value = rootValue(at: reserved.media) else {
      if typeHint != nil {
        context.report(
          .invalidValue, "'rich-media-type' without 'rich-media' names no media; ignored",
          at: "/rich-media-type")
      }
      return
    }
    guard let url = value.textValue else {
      return context.reportWrongType(value, expected: "a string", at: "/rich-media")
    }
    // The service extension saves the file under its path + "." + the type: iOS types it
    // by the extension that name ends with (`x..png` is a PNG file).
    let fileType = typeHint.map(Self.fileExtension(namedBy:))
    if let typeHint, let fileType, !Self.isMediaFileType(fileType) {
      let file = fileType.isEmpty ? "a file without an extension" : "a '.\(fileType)' file"
      return context.report(
        .invalidValue,
        "'rich-media-type' \(JSONWriter(style: .compact).string(.string(typeHint))) makes the SDK save the media as \(file), which iOS does not attach: the push shows no media; 'rich-media' ignored",
        at: "/rich-media-type")
    }
    // Without a type the service extension saves the file as `.jpg`, whatever the URL says.
    let kind = fileType.flatMap { MediaKind(typeHint: IRText($0)) } ?? .image
    if let typeHint, typeHint.contains("/") {
      reportMIMEType(typeHint, readAs: kind, context: &context)
    }
    notification.media = [MediaItem(url: url, kind: kind, typeHint: fileType.map { IRText($0) })]
    context.sourceMap.record("/media/0", from: "/rich-media")
  }

  /// Says that `rich-media-type` `typeHint` is a MIME type, read as the payload meant
  /// it: as the file type its subtype names (`png`), else as `kind`. The shipped
  /// extension moves the download to its path + `.` + the type, into a folder (`….image`)
  /// that does not exist, so the push shows no media.
  private func reportMIMEType(
    _ typeHint: String, readAs kind: MediaKind, context: inout ParseContext
  ) {
    let subtype = MediaKind.extensionPart(ofTypeHint: IRText(typeHint))
    let readAs =
      MediaKind(fileExtension: subtype) == kind ? "'\(subtype)'" : "\(kind.rawValue) media"
    context.report(
      .invalidValue,
      "'rich-media-type' \(JSONWriter(style: .compact).string(.string(typeHint))) is a MIME type: the shipped SDK saves the media under its path + '.\(typeHint)', in a folder that does not exist, and shows no media; read as \(readAs)",
      at: "/rich-media-type")
  }

  /// The extension of the file the service extension saves the media under, given
  /// `rich-media-type`: what follows its last dot (`png` for `.png`), or all of it. A
  /// MIME type is kept whole, to be read as the extension its subtype names.
  static func fileExtension(namedBy type: String) -> String {
    guard !type.contains("/"), let dot = type.lastIndex(of: ".") else { return type }
    return String(type[type.index(after: dot)...])
  }

  /// Whether `type` (a file extension, or a MIME type) names a media file type: one iOS
  /// attaches, or one pushc knows the kind of (`webp`, which writing then drops).
  static func isMediaFileType(_ type: String) -> Bool {
    type.contains("/") || MediaKind(fileExtension: type) != nil
      || MediaKind.attachableFileExtensions.contains(type.lowercased())
  }

  /// `key_value_pairs` and unknown root keys are the app's data (which keys came from
  /// `key_value_pairs` is kept, so they go back there); badge keys are Klaviyo's own and
  /// kept as extras, in `kept`.
  private func readCustomData(
    into notification: inout PushNotification, keeping kept: inout JSONObject,
    context: inout ParseContext
  ) {
    // By index: a member is copied only when it is kept, its name read in place.
    // Each member's kind as the one pass over the names found it, not matched again.
    let members = root.members
    for index in members.indices {
      let kind = reserved.kind(at: index, of: members)
      if kind.isCustom {
        if notification.customData.isEmpty {
          notification.customData = JSONObject(capacity: members.count - index)
        }
        context.keepAsCustomData(
          members[index], from: JSONPointer.root.appending(members[index].key),
          into: &notification)
      } else if kind.isBadge {
        // The other reserved keys are read into IR fields.
        context.keep(
          members[index].key, members[index].value, in: &kept, extraOf: "klaviyo",
          from: .root.appending(members[index].key))
      }
    }
    guard let pairs = rootValue(at: reserved.keyValuePairs) else { return }
    guard let object = pairs.objectValue else {
      return context.reportWrongType(pairs, expected: "an object", at: "/key_value_pairs")
    }
    var inPairs: [JSONValue] = []
    for member in object {
      lazy var pointer = JSONPointer("/key_value_pairs").appending(member.key)
      guard notification.customData[member.key] == nil else {
        context.report(
          .conflictingValues,
          "'\(member.key)' is both a root key and a key-value pair; the IR keeps the root one",
          at: pointer)
        continue
      }
      inPairs.append(.string(member.key))
      context.keepAsCustomData(member, from: pointer, into: &notification)
    }
    if !inPairs.isEmpty { kept.append(Key.customDataInPairs, .array(inPairs)) }
  }

  /// Reads `body.action_buttons`; a draft button without a link of its own takes the
  /// one `categoryActions` (`body.actions`) gives for its id, as the draft SDK did.
  private mutating func readButtons(
    _ value: JSONValue, categoryActions: JSONObject?, into notification: inout PushNotification,
    context: inout ParseContext
  ) {
    guard let elements = value.arrayValue else {
      return context.reportWrongType(value, expected: "an array", at: "/body/action_buttons")
    }
    let isDraft = !elements.contains { $0["action"] != nil }
    hasDraftButtons = isDraft && !elements.isEmpty
    hasNonObjectButton = elements.contains { $0.objectValue == nil }
    if isDraft && !elements.isEmpty {
      context.report(
        .obsoleteShape,
        "buttons without 'action' follow the draft spec; the shipped SDK skips every one of them",
        at: "/body/action_buttons",
        notes: ["read as the draft meant them; a klaviyo output gives each button an 'action'"])
    }
    var buttons: [(button: ActionButton, index: Int, linkInCategoryActions: Bool)] = []
    for (index, element) in elements.enumerated() {
      if let (button, linkInCategoryActions) = readButton(
        element, at: JSONPointer("/body/action_buttons").appending(index), isDraft: isDraft,
        categoryActions: categoryActions, context: &context)
      {
        buttons.append((button, index, linkInCategoryActions))
        if linkInCategoryActions { actionIDsLinkedByButtons.insert(button.id.string) }
      }
    }
    if isDraft && buttons.count == 2 {
      buttons.reverse()
      context.buttonsShownInReverse = true
      context.report(
        .reorderedButtons,
        "the draft SDK shows two buttons in reverse order; the IR keeps the order shown",
        at: "/body/action_buttons")
    }
    notification.buttons = buttons.map(\.button)
    for (position, entry) in buttons.enumerated() {
      lazy var path = JSONPointer("/buttons").appending(position)
      lazy var pointer = JSONPointer("/body/action_buttons").appending(entry.index)
      context.sourceMap.record(path, from: pointer)
      if entry.button.icon != nil {
        context.sourceMap.record(path.appending("icon"), from: pointer.appending("icon"))
      }
      if entry.button.action.url != nil {
        context.sourceMap.record(
          path.appending("action").appending("url"),
          from: entry.linkInCategoryActions
            ? JSONPointer("/body/actions").appending(entry.button.id.string).appending("url")
            : pointer.appending("url"))
      }
    }
  }

  /// The link `body.actions` gives the action `id`, where the draft SDK looked for a
  /// button's link after the button's own (`actionButtonURL`): an entry's `url` that
  /// `URL(string:)` parses.
  private static func categoryActionLink(for id: IRText, in categoryActions: JSONObject?)
    -> IRText?
  {
    guard let url = categoryActions?[id.string]?["url"]?.textValue,
      Klaviyo().capabilities.follows(url)
    else { return nil }
    return url
  }

  /// Reports a link of the draft era (a draft button's `url`, a `body.actions` entry's)
  /// that the draft SDK, which read links with `URL(string:)`, took for no link: one
  /// holding a space or control character; an empty one is no link without a word.
  /// `consequence` says what `subject` does without it.
  private static func reportUnparseableDraftLink(
    _ link: IRText, of subject: String, readAs consequence: @autoclosure () -> String,
    at pointer: @autoclosure () -> JSONPointer, context: inout ParseContext
  ) {
    guard !link.isEmpty else { return }
    context.report(
      .invalidValue,
      "\(subject) links to '\(link)', which the SDK cannot parse (a space or control character); read as no link: \(consequence())",
      at: pointer())
  }

  /// One element of `body.action_buttons` as the SDK reads it, and whether its link is
  /// the one `body.actions` gives its id; `nil` (reported) when the SDK skips it.
  private func readButton(
    _ value: JSONValue, at pointer: JSONPointer, isDraft: Bool, categoryActions: JSONObject?,
    context: inout ParseContext
  )
    -> (button: ActionButton, linkInCategoryActions: Bool)?
  {
    // Both SDKs read the array as `[[String: Any]]`, a cast that fails for the whole
    // array: the IR keeps the other buttons, as the payload meant them.
    guard let object = value.objectValue else {
      context.report(
        .invalidButton,
        "a button must be an object, found \(value.kindName); dropped, and with it in the array the SDK shows none of this payload's buttons (the output keeps the others)",
        at: pointer)
      return nil
    }
    guard let id = object["id"]?.textValue else {
      context.report(
        .invalidButton, "button without an 'id' string; dropped, as the SDK skips it", at: pointer)
      return nil
    }
    guard let label = object["label"]?.textValue else {
      context.report(
        .invalidButton, "button '\(id)' has no 'label' string; dropped, as the SDK skips it",
        at: pointer)
      return nil
    }
    var url = object["url"].flatMap { $0.textValue }
    if let value = object["url"], url == nil {
      context.reportWrongType(value, expected: "a string", at: pointer.appending("url"))
    }
    var linkInCategoryActions = false
    // A draft button's link the SDK cannot parse is none of its own (the draft read links
    // with `URL(string:)`): it falls back, as one without a 'url' does, to the link
    // `body.actions` gives its id, else to the default link; one that is not empty says so.
    if isDraft, url.map({ Klaviyo().capabilities.follows($0) }) != true {
      let fallback = Self.categoryActionLink(for: id, in: categoryActions)
      if let own = url {
        Self.reportUnparseableDraftLink(
          own, of: "button '\(id)'",
          readAs: "the button falls back to "
            + (fallback == nil ? "the default link" : "its link in 'body.actions'"),
          at: pointer.appending("url"), context: &context)
      }
      (url, linkInCategoryActions) = (fallback, fallback != nil)
    }
    let action: NotificationAction
    switch object["action"] {
    case nil where !isDraft:
      context.report(
        .invalidButton,
        "button '\(id)' has no 'action' while the others have one; dropped, as the SDK skips it",
        at: pointer)
      return nil
    case nil:
      action = url.map { .openURL($0, .app) } ?? .sameAsDefault
    case .string("open_app")?:
      guard url == nil else {
        context.report(
          .invalidButton, "'open_app' button '\(id)' has a 'url'; dropped, as the SDK skips it",
          at: pointer)
        return nil
      }
      action = .openApp
    case .string(let kind)? where kind == "deep_link" || kind == "open_url":
      guard let url, Klaviyo().capabilities.follows(url) else {
        context.report(
          .invalidButton,
          "'\(kind)' button '\(id)' has no usable 'url'; dropped, as the SDK skips it", at: pointer)
        return nil
      }
      guard kind == "deep_link" || Klaviyo().capabilities.opensOutsideTheApp(url) else {
        context.report(
          .invalidButton,
          "'open_url' button '\(id)' links to '\(url)', whose scheme the SDK does not open (\(Klaviyo.openURLSchemeList)); dropped, as the SDK skips it",
          at: pointer.appending("url"))
        return nil
      }
      action = .openURL(url, kind == "deep_link" ? .app : .browser)
    case let other?:
      context.report(
        .invalidButton,
        "button '\(id)' has unknown action \(JSONWriter(style: .compact).string(other)); dropped",
        at: pointer.appending("action"))
      return nil
    }
    var icon: ButtonIcon?
    if let value = object["icon"] {
      if let name = value.textValue {
        icon = .systemImage(name)
      } else {
        context.reportWrongType(value, expected: "a string", at: pointer.appending("icon"))
      }
    }
    for index in object.indices where !Self.isButtonKey(object.members[index].key) {
      context.report(
        .invalidValue, "'\(object.members[index].key)' is not a button key; ignored",
        at: pointer.appending(object.members[index].key))
    }
    return (
      ActionButton(id: id, label: label, action: action, icon: icon, options: [.foreground]),
      linkInCategoryActions
    )
  }

  private func readCategoryActions(
    _ value: JSONValue?, into notification: inout PushNotification, context: inout ParseContext
  ) {
    // Klaviyo's categories lead ``PredefinedCategory/all``, so this is the vendor of the
    // first category of that name.
    if let identifier = notification.category?.identifier,
      let position = PredefinedCategory.position(named: identifier),
      PredefinedCategory.all[position].vendor == "klaviyo"
    {
      context.report(
        .obsoleteShape,
        "predefined category '\(identifier)' was never released; the shipped SDK shows no buttons for it",
        at: "/aps/category")
    } else if let identifier = notification.category?.identifier,
      identifier.hasPrefix(KlaviyoCategories.prefix)
    {
      context.report(
        .unknownCategory, Self.unknownCategoryMessage(identifier), at: "/aps/category")
    }
    guard let value else { return }
    guard let actions = value.objectValue else {
      return context.reportWrongType(value, expected: "an object", at: "/body/actions")
    }
    guard notification.category != nil else {
      // Only a draft button without a link of its own reads it then (above).
      guard !actionIDsLinkedByButtons.isEmpty else {
        return context.report(
          .invalidValue, "'body.actions' without 'aps.category' applies to no button; ignored",
          at: "/body/actions")
      }
      for member in actions {
        let pointer = JSONPointer("/body/actions").appending(member.key)
        if actionIDsLinkedByButtons.contains(member.key) {
          Self.reportUnreadKeys(of: member.value.objectValue, at: pointer, context: &context)
        } else {
          context.report(
            .invalidValue,
            "'body.actions' without 'aps.category' gives '\(member.key)' a link no button takes; ignored",
            at: pointer)
        }
      }
      return
    }
    // A predefined category's buttons are known: an entry naming none of them (nor a
    // draft button that took its link) is read by no tap.
    let predefined = notification.category.flatMap { category in
      PredefinedCategory.named(category.identifier).flatMap { $0.vendor == "klaviyo" ? $0 : nil }
    }
    for member in actions {
      lazy var pointer = JSONPointer("/body/actions").appending(member.key)
      guard let target = member.value.objectValue else {
        context.reportWrongType(member.value, expected: "an object", at: pointer)
        continue
      }
      if let predefined, !predefined.buttons.contains(where: { $0.id == member.key }) {
        if actionIDsLinkedByButtons.contains(member.key) {
          // A draft button took its link: it is that button's, not the category's.
          Self.reportUnreadKeys(of: target, at: pointer, context: &context)
        } else {
          context.report(
            .invalidValue,
            "'\(member.key)' is not an action of '\(predefined.identifier)', so no tap reads its entry; ignored",
            at: pointer)
        }
        continue
      }
      Self.reportUnreadKeys(of: target, at: pointer, context: &context)
      guard let url = target["url"] else { continue }
      guard let text = url.textValue else {
        context.reportWrongType(url, expected: "a string", at: pointer.appending("url"))
        continue
      }
      // The category's buttons show whatever the link; one the draft SDK cannot parse
      // is none, as for a draft button's own.
      guard Klaviyo().capabilities.follows(text) else {
        Self.reportUnparseableDraftLink(
          text, of: "action '\(member.key)'",
          readAs: Self.withoutLink(member.key, of: notification.category?.identifier),
          at: pointer.appending("url"), context: &context)
        continue
      }
      notification.category?.actionTargets.append(
        .init(actionID: IRText(member.key), action: .openURL(text, .app)))
      let index = (notification.category?.actionTargets.count ?? 1) - 1
      context.sourceMap.record(
        JSONPointer("/category/actionTargets").appending(index), from: pointer)
      context.sourceMap.record(
        JSONPointer("/category/actionTargets").appending(index).appending("action")
          .appending("url"),
        from: pointer.appending("url"))
    }
  }

  /// What `parse.unknown-category` says of `identifier`, a category of Klaviyo's namespace
  /// that is none of its four: naming the one it differs from only in case, if any.
  private static func unknownCategoryMessage(_ identifier: IRText) -> String {
    let nearest = KlaviyoCategories.all.first {
      $0.identifier.lowercased() == identifier.lowercased()
    }
    return "'\(identifier)' is not one of Klaviyo's predefined categories"
      + (nearest.map { " ('\($0.identifier)' differs only in case)" } ?? "")
      + "; read as the app's own category, not upgraded: its buttons show only if the app registered it"
  }

  /// Reports each member of a `body.actions` entry other than `url`, which nothing reads.
  private static func reportUnreadKeys(
    of entry: JSONObject?, at pointer: JSONPointer, context: inout ParseContext
  ) {
    guard let entry else { return }
    for index in entry.indices where entry.members[index].key != "url" {
      context.report(
        .invalidValue,
        "'\(entry.members[index].key)' is not a key of a 'body.actions' entry, whose only key is 'url'; ignored",
        at: pointer.appending(entry.members[index].key))
    }
  }

  /// What the action `id` of the category named `identifier` does without a link: a
  /// predefined category's button does what the category defines; an app's own
  /// category's action, tapped, opens the default link in the draft SDK.
  private static func withoutLink(_ id: String, of identifier: IRText?) -> String {
    guard
      let button = identifier.flatMap({ PredefinedCategory.named($0) })?.buttons.first(where: {
        $0.id == id
      })
    else { return "the action falls back to the default link" }
    switch button.action {
    case .sameAsDefault: return "button '\(button.label)' falls back to the default link"
    case .dismiss: return "button '\(button.label)' dismisses the notification"
    case let other: return "button '\(button.label)' does as without one: \(other.phrase)"
    }
  }

  /// Whether `key` is a member of a button that the parser reads: asked of every member
  /// of every button, so matched without building a list of the names each time.
  private static func isButtonKey(_ key: String) -> Bool {
    switch key {
    case MemberName("id"), MemberName("label"), MemberName("action"), MemberName("url"),
      MemberName("icon"):
      true
    default: false
    }
  }

}
