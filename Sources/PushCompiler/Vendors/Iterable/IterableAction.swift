import PushIR

/// Iterable's action object, shared by `defaultAction` and each button's `action`: a
/// `type` (`openUrl`, or any other name for the app's custom action handler) and an
/// optional string `data`.
enum IterableAction {
  /// The `type` that opens `data` as a link (after the app's URL delegate declines it).
  static let openURL = "openUrl"

  /// The action `value` describes, or `nil` (reported) when the SDK would do nothing.
  static func read(_ value: JSONValue, at pointer: JSONPointer, context: inout ParseContext)
    -> NotificationAction?
  {
    guard let object = context.object(value, at: pointer) else { return nil }
    guard let type = object["type"]?.textValue, !type.isEmpty else {
      context.report(
        .invalidValue, "an action without a non-empty 'type' string does nothing; ignored",
        at: pointer)
      return nil
    }
    var data: IRText?
    if let value = object["data"] {
      data = value.textValue
      if data == nil {
        context.report(
          .invalidValue,
          "the SDK reads an action's 'data' only as a string; \(JSONWriter(style: .compact).string(value)) ignored",
          at: pointer.appending("data"))
      }
    }
    for member in object where member.key != "type" && member.key != "data" {
      context.report(
        .invalidValue, "'\(member.key)' is not a field of an action; ignored",
        at: pointer.appending(member.key))
    }
    guard type == openURL else { return .custom(name: type, data: data.map { .string($0) }) }
    guard let url = data, !url.isEmpty else {
      context.report(
        .invalidValue, "an 'openUrl' action without a 'data' link does nothing; ignored",
        at: pointer)
      return nil
    }
    return .openURL(url, .app)
  }

  /// The action object for a link or a custom action (`nil` for any other action, which
  /// has none), to be written at `output`. Custom data other than a string is written as
  /// its compact JSON text, reported at `irPath` as the action of `owner`; a link of
  /// another scheme than `https` is noted at its `data`
  /// (``noteUnallowedScheme(of:of:at:context:)``).
  static func object(
    for action: NotificationAction, of owner: String, at irPath: JSONPointer,
    output: JSONPointer, context: inout EmitContext
  ) -> JSONObject? {
    var object = JSONObject()
    switch action {
    case .openURL(let url, _):
      object.append("type", .string(openURL))
      object.append("data", .string(url))
      noteUnallowedScheme(of: url, of: owner, at: output.appending("data"), context: &context)
    case .custom(let name, let data):
      object.append("type", .string(name))
      switch data {
      case .string(let text)?:
        object.append("data", .string(text))
      case let value?:
        let text = JSONWriter(style: .compact).string(value)
        object.append("data", .string(text))
        context.report(
          .changedAction,
          "\(owner) passes its data to custom action '\(name)' as the JSON text '\(text)': iterable's action data is a string",
          at: irPath)
      case nil:
        break
      }
    default:
      return nil
    }
    return object
  }

  /// Notes, at `output`, a link `owner` opens whose scheme is not `https`: the SDK opens
  /// such a link only when the app lists its scheme in `IterableConfig.allowedProtocols`
  /// (empty by default) or its URL delegate handles the link (`ActionRunner`).
  private static func noteUnallowedScheme(
    of url: IRText, of owner: String, at output: JSONPointer, context: inout EmitContext
  ) {
    let scheme = URLPolicy.scheme(of: url)
    guard scheme != "https" else { return }
    let allowing = scheme.map { "lists '\($0)' in iterable's allowedProtocols or " } ?? ""
    context.report(
      .needsAppSetting,
      "\(owner) opens '\(url)', which iterable's SDK opens by itself only for https: unless the app \(allowing)handles it in its URL delegate, the link opens nothing",
      atOutput: output)
  }
}
