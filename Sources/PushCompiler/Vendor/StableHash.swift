import PushIR

/// FNV-1a, 64 bits: a hash that is the same on every run and machine, for derived ids.
enum StableHash {
  /// The id derived from the whole of `notification` (`pushc-` and 16 hex digits), for
  /// opaque ids a target requires and nothing supplied: the hash of the notification's
  /// IR form as `--to ir --compact` writes it (``IREncoder``, ``JSONWriter``), whose
  /// bytes are written straight from the fields, without building the document.
  static func derivedID(of notification: PushNotification) -> String {
    var writer = CompactIRWriter()
    writer.write(notification)
    let hash = fnv1a(writer.bytes)
    let prefix: StaticString = "pushc-"
    // The prefix and the 16 digits written into one string, without joining strings.
    return String(unsafeUninitializedCapacity: prefix.utf8CodeUnitCount + 16) { text in
      var count = 0
      prefix.withUTF8Buffer { for byte in $0 { text[count] = byte; count += 1 } }
      count = writeHex(hash, into: text, at: count)
      return count
    }
  }

  /// FNV-1a over `bytes`.
  private static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  /// Writes `hash` as 16 lower-case hex digits (leading zeros kept) into `text` from
  /// `start` (subscripts check the bounds), and returns the count written up to then.
  private static func writeHex(
    _ hash: UInt64, into text: UnsafeMutableBufferPointer<UInt8>, at start: Int
  )
    -> Int
  {
    let digits: StaticString = "0123456789abcdef"
    return digits.withUTF8Buffer { digits in
      for place in 0..<16 {
        text[start + place] = digits[Int(truncatingIfNeeded: hash >> (60 - 4 * place)) & 0xF]
      }
      return start + 16
    }
  }
}

/// Writes a notification's IR form in ``JSONWriter``'s compact style, byte for byte what
/// `JSONWriter(style: .compact).bytes(IREncoder.encode(notification))` gives (members in
/// ``IREncoder``'s order; absent, empty and false fields left out), without the tree.
/// Tests hold the two to the same bytes on every golden and on generated notifications.
struct CompactIRWriter {
  /// The text written so far.
  private(set) var bytes: [UInt8] = []
  /// Whether the next member or element is the first of its container (no comma).
  private var atFirst = true

  init() { bytes.reserveCapacity(2048) }

  /// Writes the whole notification.
  mutating func write(_ notification: PushNotification) {
    object {
      $0.member("irVersion") { $0.raw(String(PushNotification.irVersion)) }
      $0.objectMember("content") { $0.write(notification.content) }
      if !notification.media.isEmpty {
        $0.member("media") { $0.array(notification.media) { $0.write($1) } }
      }
      if let presentation = notification.mediaPresentation {
        $0.member("mediaPresentation") { $0.string(presentation.rawValue) }
      }
      if let action = notification.defaultAction {
        $0.member("defaultAction") { $0.write(action) }
      }
      if !notification.buttons.isEmpty {
        $0.member("buttons") { $0.array(notification.buttons) { $0.write($1) } }
      }
      if let category = notification.category {
        $0.member("category") { $0.write(category) }
      }
      $0.objectMember("delivery") {
        if notification.delivery.contentAvailable {
          $0.member("contentAvailable") { $0.raw("true") }
        }
        if notification.delivery.mutableContent { $0.member("mutableContent") { $0.raw("true") } }
      }
      $0.objectMember("tracking") {
        $0.stringMember("notificationID", notification.tracking.notificationID)
        $0.stringMember("campaignID", notification.tracking.campaignID)
        if let isTest = notification.tracking.isTest {
          $0.member("isTest") { $0.raw(isTest ? "true" : "false") }
        }
      }
      if !notification.customData.isEmpty {
        $0.member("customData") { $0.value(.object(notification.customData)) }
      }
      if !notification.extras.isEmpty {
        $0.member("extras") {
          $0.object {
            for (vendor, members) in notification.extras.sorted(by: { $0.key < $1.key }) {
              $0.member(named: vendor) { $0.value(.object(members)) }
            }
          }
        }
      }
    }
  }

  private mutating func write(_ content: NotificationContent) {
    stringMember("title", content.title)
    stringMember("subtitle", content.subtitle)
    stringMember("body", content.body)
    localizationMember("titleLocalization", content.titleLocalization)
    localizationMember("subtitleLocalization", content.subtitleLocalization)
    localizationMember("bodyLocalization", content.bodyLocalization)
    if let sound = content.sound {
      member("sound") {
        $0.object {
          $0.stringMember("name", sound.name)
          if sound.isCritical { $0.member("critical") { $0.raw("true") } }
          if let volume = sound.volume { $0.member("volume") { $0.raw(volume.lexeme) } }
        }
      }
    }
    if let badge = content.badge { member("badge") { $0.raw(badge.lexeme) } }
    stringMember("threadID", content.threadID)
    stringMember("interruptionLevel", content.interruptionLevel)
    if let score = content.relevanceScore { member("relevanceScore") { $0.raw(score.lexeme) } }
    stringMember("launchImage", content.launchImage)
    stringMember("targetContentID", content.targetContentID)
    stringMember("filterCriteria", content.filterCriteria)
  }

  private mutating func localizationMember(_ name: StaticString, _ text: LocalizedText?) {
    guard let text else { return }
    member(name) {
      $0.object {
        $0.stringMember("key", text.key)
        $0.member("arguments") { $0.array(text.arguments) { $0.string($1) } }
      }
    }
  }

  private mutating func write(_ item: MediaItem) {
    object {
      $0.stringMember("url", item.url)
      $0.stringMember("kind", item.kind.rawValue)
      $0.stringMember("typeHint", item.typeHint)
      $0.stringMember("caption", item.caption)
      $0.stringMember("subcaption", item.subcaption)
      $0.stringMember("altText", item.altText)
      if let action = item.action { $0.member("action") { $0.write(action) } }
    }
  }

  private mutating func write(_ action: NotificationAction) {
    object {
      $0.stringMember("type", action.kindName)
      switch action {
      case .openApp, .dismiss, .sameAsDefault: break
      case .openURL(let url, let destination):
        $0.stringMember("url", url)
        $0.stringMember("destination", destination.rawValue)
      case .dial(let number): $0.stringMember("number", number)
      case .botFlow(let botID, let journey):
        $0.stringMember("botID", botID)
        $0.stringMember("journey", journey)
      case .inboxMessage(let id): $0.stringMember("messageID", id)
      case .custom(let name, let data):
        $0.stringMember("name", name)
        if let data { $0.member("data") { $0.value(data) } }
      }
    }
  }

  private mutating func write(_ button: ActionButton) {
    object {
      $0.stringMember("id", button.id)
      $0.stringMember("label", button.label)
      $0.member("action") { $0.write(button.action) }
      switch button.icon {
      case .systemImage(let name):
        $0.member("icon") { $0.object { $0.stringMember("systemImage", name) } }
      case .templateImage(let name):
        $0.member("icon") { $0.object { $0.stringMember("templateImage", name) } }
      case nil: break
      }
      $0.member("options") {
        $0.array(ButtonOptions.named.lazy.filter { button.options.contains($0.option) }) {
          $0.string($1.name)
        }
      }
      if let input = button.textInput {
        $0.member("textInput") {
          $0.object {
            $0.stringMember("buttonTitle", input.buttonTitle)
            $0.stringMember("placeholder", input.placeholder)
          }
        }
      }
    }
  }

  private mutating func write(_ category: NotificationCategory) {
    object {
      $0.stringMember("identifier", category.identifier)
      if !category.actionTargets.isEmpty {
        $0.member("actionTargets") {
          $0.array(category.actionTargets) { writer, target in
            writer.object {
              $0.stringMember("actionID", target.actionID)
              $0.member("action") { $0.write(target.action) }
            }
          }
        }
      }
    }
  }

  // MARK: JSON structure

  /// A comma unless this is the first member or element of its container.
  private mutating func separate() {
    if !atFirst { bytes.append(UInt8(ascii: ",")) }
    atFirst = false
  }

  /// Bytes written as they are (a number's lexeme, `true`).
  private mutating func raw(_ text: String) {
    separate()
    bytes.append(contentsOf: text.utf8)
  }

  /// A quoted, escaped string.
  private mutating func string(_ text: String) {
    separate()
    JSONWriter.writeString(text, into: &bytes)
  }

  /// Any JSON value, as ``JSONWriter`` writes it.
  private mutating func value(_ value: JSONValue) {
    separate()
    JSONWriter(style: .compact).write(value, into: &bytes)
  }

  /// An object whose members `body` writes.
  private mutating func object(_ body: (inout Self) -> Void) {
    separate()
    bytes.append(UInt8(ascii: "{"))
    atFirst = true
    body(&self)
    bytes.append(UInt8(ascii: "}"))
    atFirst = false
  }

  /// An array of `elements`, each written by `element`.
  private mutating func array<Elements: Sequence>(
    _ elements: Elements, _ element: (inout Self, Elements.Element) -> Void
  ) {
    separate()
    bytes.append(UInt8(ascii: "["))
    atFirst = true
    for item in elements { element(&self, item) }
    bytes.append(UInt8(ascii: "]"))
    atFirst = false
  }

  /// A member named `name` (data: quoted and escaped) whose value `value` writes.
  private mutating func member(named name: String, _ value: (inout Self) -> Void) {
    separate()
    JSONWriter.writeString(name, into: &bytes)
    bytes.append(UInt8(ascii: ":"))
    atFirst = true
    value(&self)
  }

  /// A member named `name`, one of the IR's own member names (ASCII letters, which JSON
  /// never escapes, so its bytes are copied between quotes), whose value `value` writes.
  private mutating func member(_ name: StaticString, _ value: (inout Self) -> Void) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    atFirst = true
    value(&self)
  }

  /// A member holding a string, when there is one.
  private mutating func stringMember(_ name: StaticString, _ text: String?) {
    if let text { member(name) { $0.string(text) } }
  }

  /// A member holding an object whose members `body` writes, left out when `body`
  /// writes none.
  private mutating func objectMember(_ name: StaticString, _ body: (inout Self) -> Void) {
    let start = bytes.count
    let wasFirst = atFirst
    var isEmpty = false
    member(name) { writer in
      writer.object { inner in
        let opened = inner.bytes.count
        body(&inner)
        isEmpty = inner.bytes.count == opened
      }
    }
    if isEmpty {
      bytes.removeSubrange(start...)
      atFirst = wasFirst
    }
  }
}
