import PushIR

/// Random notifications that are valid IR documents (`Specs/ir.md`): every content
/// field, media items of every kind with captions, alt texts and tap actions, carousels,
/// tap actions and buttons with every action kind, icons, options and reply fields,
/// registered and predefined categories with action targets, delivery flags, tracking
/// ids, the app's custom data and vendors' extras.
///
/// What the generator knows of vendors (predefined categories, realistic extras, keys
/// vendors reserve at the payload's root) is given to it, so that it knows no vendor.
public struct IRGenerator: Sendable {
  /// A category a vendor predefines: its identifier and its buttons' action ids.
  public struct Category: Sendable {
    /// The category identifier.
    public var identifier: String
    /// The action ids of its buttons.
    public var actionIDs: [String]

    /// A predefined category.
    public init(identifier: String, actionIDs: [String]) {
      self.identifier = identifier
      self.actionIDs = actionIDs
    }
  }

  /// Predefined categories a document may name.
  public var categories: [Category] = []
  /// Extras as front ends produce them, by vendor id: documents take some of these.
  public var extras: [(vendor: String, members: JSONObject)] = []
  /// Member names vendors give a meaning at the payload's root, which custom data may
  /// use now and then.
  public var reservedKeys: [String] = []

  /// A generator that knows `categories`, `extras` and `reservedKeys`.
  public init(
    categories: [Category] = [], extras: [(vendor: String, members: JSONObject)] = [],
    reservedKeys: [String] = []
  ) {
    self.categories = categories
    self.extras = extras
    self.reservedKeys = reservedKeys
  }

  /// A random notification.
  public func notification(_ random: inout SeededRandom) -> PushNotification {
    var notification = PushNotification()
    notification.content = content(&random)
    if random.chance(45) {
      notification.media = (0..<random.int(in: 1...4)).map { _ in mediaItem(&random) }
      if notification.media.count > 1, random.chance(60) {
        notification.mediaPresentation = random.pick(MediaPresentation.allCases)
      }
    }
    if random.chance(65) { notification.defaultAction = action(&random) }
    if random.chance(55) {
      let count = random.chance(10) ? random.int(in: 5...12) : random.int(in: 1...4)
      notification.buttons = (0..<count).map { _ in button(&random) }
    }
    if random.chance(30) { notification.category = category(&random) }
    notification.delivery.contentAvailable = random.chance(20)
    notification.delivery.mutableContent = random.chance(30)
    if random.chance(40) { notification.tracking.notificationID = IRText(token(&random)) }
    if random.chance(30) { notification.tracking.campaignID = IRText(token(&random)) }
    if random.chance(25) { notification.tracking.isTest = random.chance(50) }
    if random.chance(40) { notification.customData = customData(&random) }
    addExtras(to: &notification, &random)
    return notification
  }

  // MARK: content

  func content(_ random: inout SeededRandom) -> NotificationContent {
    var content = NotificationContent()
    if random.chance(70) { content.title = IRText(text(&random)) }
    if random.chance(30) { content.subtitle = IRText(text(&random)) }
    if random.chance(80) { content.body = IRText(text(&random)) }
    if random.chance(15) { content.titleLocalization = localized(&random) }
    if random.chance(10) { content.subtitleLocalization = localized(&random) }
    if random.chance(15) { content.bodyLocalization = localized(&random) }
    if random.chance(40) {
      content.sound = NotificationSound(
        name: IRText(random.chance(50) ? "default" : token(&random) + ".caf"),
        isCritical: random.chance(20),
        volume: random.chance(20) ? number(&random, unit: true) : nil)
    }
    if random.chance(30) { content.badge = number(&random, unit: false) }
    if random.chance(20) { content.threadID = IRText(token(&random)) }
    if random.chance(20) {
      content.interruptionLevel = IRText(
        random.chance(90)
          ? random.pick(["passive", "active", "time-sensitive", "critical"]) : token(&random))
    }
    if random.chance(15) { content.relevanceScore = number(&random, unit: true) }
    if random.chance(10) { content.launchImage = IRText(token(&random) + ".png") }
    if random.chance(10) { content.targetContentID = IRText(token(&random)) }
    if random.chance(10) { content.filterCriteria = IRText(token(&random)) }
    return content
  }

  func localized(_ random: inout SeededRandom) -> LocalizedText {
    LocalizedText(
      key: IRText(token(&random).uppercased()),
      arguments: (0..<random.count(upTo: 3)).map { _ in IRText(text(&random)) })
  }

  /// A number: mostly what the field holds (a small count, or a fraction from 0 to 1),
  /// sometimes any lexeme JSON allows.
  /// A number in the range the IR allows (Specs/ir.md): from 0 to 1 when `unit`, else
  /// a whole number from 0; now and then an unusual spelling of one.
  func number(_ random: inout SeededRandom, unit: Bool) -> JSONNumber {
    if unit {
      return JSONNumber(
        lexeme: random.pick(["0", "1", "0.5", "0.95", "1.0", "0.25", "0.1", "1e-3", "5E-1", "0.0"]))
    }
    if random.chance(10) { return JSONNumber(lexeme: random.pick(["0", "9223372036854775807"])) }
    return JSONNumber(random.int(in: 0...120))
  }

  // MARK: media

  func mediaItem(_ random: inout SeededRandom) -> MediaItem {
    let kind = random.pick(MediaKind.allCases)
    let extensions: [MediaKind: [String]] = [
      .image: ["jpg", "png", "jpeg", "webp", "heic"], .gif: ["gif"], .video: ["mp4", "mov", "m4v"],
      .audio: ["mp3", "m4a", "wav"],
    ]
    let ext = random.pick(extensions[kind]!)
    let mime: [MediaKind: String] = [
      .image: "image/jpeg", .gif: "image/gif", .video: "video/mp4", .audio: "audio/mpeg",
    ]
    var item = MediaItem(
      url: IRText(
        random.chance(80)
          ? "https://cdn.example.com/\(urlSegment(&random)).\(ext)" : url(&random)),
      kind: kind,
      typeHint: random.chance(50) ? IRText(random.pick([ext, mime[kind]!, token(&random)])) : nil)
    if random.chance(20) { item.caption = IRText(text(&random)) }
    if random.chance(10) { item.subcaption = IRText(text(&random)) }
    if random.chance(10) { item.altText = IRText(text(&random)) }
    if random.chance(15) { item.action = action(&random) }
    return item
  }

  // MARK: actions, buttons, category

  func action(_ random: inout SeededRandom) -> NotificationAction {
    switch random.below(10) {
    case 0: .openApp
    case 1, 2, 3: .openURL(IRText(url(&random)), random.pick(URLDestination.allCases))
    case 4: .dismiss
    case 5:
      .dial(IRText(random.pick(["+15550199", "+44 20 7946 0958", "555-0100", "(555) 010-0199"])))
    case 6: .sameAsDefault
    case 7:
      .botFlow(
        botID: IRText(token(&random)), journey: random.chance(50) ? IRText(token(&random)) : nil)
    case 8: .inboxMessage(IRText(token(&random)))
    default:
      .custom(
        name: IRText(token(&random)),
        data: random.chance(30) ? nil : JSONGenerator.value(&random, depth: 2, duplicates: false))
    }
  }

  func button(_ random: inout SeededRandom) -> ActionButton {
    var options = ButtonOptions()
    for (_, option) in ButtonOptions.named where random.chance(35) { options.insert(option) }
    var button = ActionButton(
      id: IRText(
        random.chance(10) ? random.pick(["accept", "decline", "yes", "no"]) : token(&random)),
      label: IRText(label(&random)), action: action(&random), options: options)
    if random.chance(30) {
      button.icon =
        random.chance(60)
        ? .systemImage(IRText(random.pick(["cart.fill", "star", "heart.fill", "xmark"])))
        : .templateImage(IRText(token(&random)))
    }
    if random.chance(15) {
      button.textInput = TextInput(
        buttonTitle: IRText(label(&random)),
        placeholder: random.chance(50) ? IRText(text(&random)) : nil)
    }
    return button
  }

  func category(_ random: inout SeededRandom) -> NotificationCategory {
    let predefined = categories.isEmpty || random.chance(40) ? nil : random.pick(categories)
    var category = NotificationCategory(
      identifier: IRText(predefined?.identifier ?? token(&random)))
    for _ in 0..<random.count(upTo: 3) {
      let id = predefined.map { random.pick($0.actionIDs) } ?? token(&random)
      category.actionTargets.append(.init(actionID: IRText(id), action: action(&random)))
    }
    return category
  }

  // MARK: data

  func customData(_ random: inout SeededRandom) -> JSONObject {
    var data = JSONObject()
    for _ in 0..<random.int(in: 1...4) {
      let key =
        !reservedKeys.isEmpty && random.chance(10) ? random.pick(reservedKeys) : token(&random)
      guard data[key] == nil else { continue }
      data.append(key, JSONGenerator.value(&random, depth: 2, duplicates: false))
    }
    return data
  }

  func addExtras(to notification: inout PushNotification, _ random: inout SeededRandom) {
    if !extras.isEmpty, random.chance(35) {
      for _ in 0..<random.int(in: 1...2) {
        let entry = random.pick(extras)
        notification.extras[entry.vendor] = entry.members
      }
    }
    if random.chance(10) {
      var aps = notification.extras["aps"] ?? JSONObject()
      let key = random.pick(["stale-date", "timestamp", "x-\(token(&random))"])
      if aps[key] == nil { aps.append(key, JSONGenerator.scalar(&random)) }
      notification.extras["aps"] = aps
    }
  }

  // MARK: text

  /// Text a person reads: mostly words, sometimes any string (empty included).
  func text(_ random: inout SeededRandom, short: Bool = false) -> String {
    if random.chance(25) { return JSONGenerator.string(&random, maxFragments: short ? 4 : 10) }
    let words = [
      "Sale", "today", "Your", "order", "shipped", "📦", "Ölmühle", "café", "新品", "¡Hola!",
      "50%", "off", "View", "Accept", "Decline", "\"quoted\"", "a\\b", "line\nbreak",
    ]
    return (0..<random.int(in: 1...(short ? 3 : 8))).map { _ in random.pick(words) }.joined(
      separator: " ")
  }

  /// The label of a button: like ``text(_:short:)``, never empty (`Specs/ir.md`).
  func label(_ random: inout SeededRandom) -> String {
    let label = text(&random, short: true)
    return label.isEmpty ? "OK" : label
  }

  /// An identifier-like string, never empty: letters, digits, `-` and `_`; unless
  /// `plain`, now and then any other string.
  func token(_ random: inout SeededRandom, plain: Bool = false) -> String {
    if !plain, random.chance(10) {
      let text = JSONGenerator.string(&random, maxFragments: 3)
      if !text.isEmpty { return text }
    }
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-_")
    return String((0..<random.int(in: 1...12)).map { _ in random.pick(alphabet) })
  }

  /// A link: web, deep link, phone, mail, or now and then one of a scheme that must
  /// not reach a phone unnoticed. Every link is a valid URL (RFC 3986 characters, other
  /// text percent-encoded); invalid ones are the URL policy's tests' concern.
  func url(_ random: inout SeededRandom) -> String {
    let path = (0..<random.count(upTo: 3)).map { _ in urlSegment(&random) }.joined(separator: "/")
    switch random.below(10) {
    case 0, 1, 2: return "https://example.com/\(path)" + (random.chance(30) ? "?utm=push" : "")
    case 3: return "http://example.org/\(path)"
    case 4, 5, 6: return "\(random.pick(["myapp", "shop", "klaviyo"]))://\(path)"
    case 7: return random.pick(["tel:+15550100", "mailto:a@example.com", "sms:+15550100"])
    case 8: return "https://xn--r8jz45g.jp/\(path)#\(urlSegment(&random))"
    default: return random.pick(["javascript:alert(1)", "data:text/html,hi", "file:///etc/hosts"])
    }
  }

  /// A path segment: letters, digits, `-`, `_`, and any other text percent-encoded.
  func urlSegment(_ random: inout SeededRandom) -> String {
    guard random.chance(20) else { return token(&random, plain: true) }
    var segment = ""
    for byte in JSONGenerator.string(&random, maxFragments: 3).utf8 {
      if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
        || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F
      {
        segment.append(Character(UnicodeScalar(byte)))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        segment += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return segment
  }
}
