import PushIR

/// The send options of Braze's REST request that APNs takes as request headers
/// (`apple_push`'s `expiry`, `collapse_id`, `apns_priority`), read from what other
/// formats kept of those headers: Expo's `expiration`, `ttl`, `priority` and
/// `collapseId`, FCM's `apns.headers`. A value is carried only where it means the same
/// at Braze; one that cannot be (a time to live counted from sending, an expiration of
/// 0, which APNs takes as "do not store") is reported dropped, with why.
struct BrazeSendOptions {
  /// The options read, in the order Braze documents them.
  private(set) var members = JSONObject()
  /// The notification without the fields read or reported here, for the report of the
  /// other formats' extras; `nil` when nothing was read.
  private(set) var unread: PushNotification?

  /// `apple_push` keys kept from a Braze source, which win over what is read here.
  private let kept: Set<String>

  /// Reads `notification`'s Expo and FCM extras; `kept` names the `apple_push` keys the
  /// request already has from a Braze source.
  init(reading notification: PushNotification, kept: Set<String>, context: inout EmitContext) {
    self.kept = kept
    var extras = notification.extras
    var found: [(key: String, value: JSONValue)] = []
    if var expo = extras["expo"] {
      readExpo(&expo, into: &found, context: &context)
      extras["expo"] = expo
    }
    if var fcm = extras["fcm"], var apns = fcm["apns"]?.objectValue,
      let headers = apns["headers"]?.objectValue
    {
      readHeaders(headers, into: &found, context: &context)
      apns["headers"] = nil
      fcm["apns"] = apns.isEmpty ? nil : .object(apns)
      extras["fcm"] = fcm
    }
    guard extras != notification.extras else { return }
    var rest = notification
    rest.extras = extras
    unread = rest
    for key in [Braze.Key.expiry, Braze.Key.collapseID, Braze.Key.apnsPriority] {
      if let value = found.first(where: { $0.key == key })?.value { members.append(key, value) }
    }
  }

  // MARK: Expo

  /// Expo's message keys for APNs: `collapseId`, `priority` (`normal` is APNs's 5,
  /// `high` and `default` its 10), `expiration` (seconds since 1970) unless `ttl` (seconds
  /// from sending, which takes precedence) is given.
  private func readExpo(
    _ expo: inout JSONObject, into found: inout [(key: String, value: JSONValue)],
    context: inout EmitContext
  ) {
    func path(_ key: String) -> JSONPointer { JSONPointer(extra: key, of: "expo") }
    if case .string(let id)? = expo["collapseId"] {
      offer(
        Braze.Key.collapseID, .string(id), from: "expo's 'collapseId'", at: path("collapseId"),
        into: &found, context: &context)
      expo["collapseId"] = nil
    }
    if case .string(let priority)? = expo["priority"],
      let level = ["high": 10, "default": 10, "normal": 5][priority]
    {
      offer(
        Braze.Key.apnsPriority, .number(JSONNumber(level)), from: "expo's 'priority'",
        at: path("priority"), into: &found, context: &context)
      expo["priority"] = nil
    }
    if case .number(let ttl)? = expo["ttl"] {
      context.report(
        .droppedExtra,
        "braze's 'expiry' takes a date and time, not expo's 'ttl' of \(ttl) seconds from sending; dropped",
        at: path("ttl"))
      expo["ttl"] = nil
      if expo["expiration"] != nil {
        context.report(
          .droppedExtra,
          "expo's 'expiration' has no effect beside its 'ttl', which takes precedence; dropped",
          at: path("expiration"))
        expo["expiration"] = nil
      }
    } else if case .number(let seconds)? = expo["expiration"] {
      if let date = seconds.wholeValue.flatMap(Self.date(secondsSince1970:)) {
        offer(
          Braze.Key.expiry, .string(date), from: "expo's 'expiration'",
          at: path("expiration"), into: &found, context: &context)
      } else {
        context.report(
          .droppedExtra,
          "expo's 'expiration' \(seconds) is no date braze's 'expiry' can say; dropped",
          at: path("expiration"))
      }
      expo["expiration"] = nil
    }
  }

  // MARK: FCM

  /// FCM's `apns.headers`: `apns-collapse-id`, `apns-priority` (a whole number from 1 to
  /// 10, as Braze takes it), `apns-expiration` (seconds since 1970; 0 has no date); the
  /// other headers (`apns-push-type`, `apns-topic`, …) Braze sets itself.
  private func readHeaders(
    _ headers: JSONObject, into found: inout [(key: String, value: JSONValue)],
    context: inout EmitContext
  ) {
    let path = JSONPointer(extra: "headers", of: "fcm", in: "apns")
    for header in headers {
      let at = path.appending(header.key)
      let value = header.value.stringValue ?? ""
      let whole = value.utf8.allSatisfy { (0x30...0x39).contains($0) } ? Int(value) : nil
      switch header.key.lowercased() {
      case "apns-collapse-id":
        offer(
          Braze.Key.collapseID, .string(value), from: "fcm's 'apns-collapse-id'", at: at,
          into: &found, context: &context)
      case "apns-priority":
        if let level = whole, (1...10).contains(level) {
          offer(
            Braze.Key.apnsPriority, .number(JSONNumber(level)), from: "fcm's 'apns-priority'",
            at: at, into: &found, context: &context)
        } else {
          context.report(
            .droppedExtra,
            "fcm's 'apns-priority' '\(value)' is not a priority braze takes (a whole number from 1 to 10); dropped",
            at: at)
        }
      case "apns-expiration":
        if whole == 0 {
          context.report(
            .droppedExtra,
            "fcm's 'apns-expiration' 0 (deliver once, never stored) is no date braze's 'expiry' can say; dropped",
            at: at)
        } else if let date = whole.flatMap(Self.date(secondsSince1970:)) {
          offer(
            Braze.Key.expiry, .string(date), from: "fcm's 'apns-expiration'", at: at,
            into: &found, context: &context)
        } else {
          context.report(
            .droppedExtra,
            "fcm's 'apns-expiration' '\(value)' is no date braze's 'expiry' can say; dropped",
            at: at)
        }
      default:
        context.report(
          .droppedExtra,
          "fcm's APNs header '\(header.key)' has no place in braze's REST request; dropped", at: at)
      }
    }
  }

  // MARK: Shared

  /// Takes `value` as the option `key`, unless the request keeps its own.
  private func offer(
    _ key: String, _ value: JSONValue, from what: String, at path: JSONPointer,
    into found: inout [(key: String, value: JSONValue)], context: inout EmitContext
  ) {
    guard !kept.contains(key), !found.contains(where: { $0.key == key }) else {
      return context.report(
        .droppedExtra, "\(what) gives way to the request's own '\(key)'; dropped", at: path)
    }
    found.append((key, value))
    context.report(
      .carriedField, "written as braze's '\(key)' from \(what)",
      atOutput: JSONPointer.root.appending(Braze.Key.messages).appending(Braze.Key.applePush)
        .appending(key))
  }

  /// The ISO 8601 date and time (UTC) `seconds` after 1970-01-01T00:00:00Z, for a time
  /// from 1970 to the year 9999; `nil` outside.
  static func date(secondsSince1970 seconds: Int) -> String? {
    guard (1...253_402_300_799).contains(seconds) else { return nil }
    let days = seconds / 86_400
    let time = seconds % 86_400
    // The proleptic Gregorian calendar, counted in eras of 400 years from 0000-03-01.
    let shifted = days + 719_468
    let era = shifted / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func padded(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T"
      + "\(padded(time / 3600, 2)):\(padded(time / 60 % 60, 2)):\(padded(time % 60, 2))Z"
  }
}
