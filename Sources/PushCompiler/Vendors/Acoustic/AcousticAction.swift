import PushIR

/// Acoustic's action grammar, shared by `notification-action` and each element of
/// `category-actions`: a `type` and the fields that type takes.
enum AcousticAction {
  /// `type` values with a meaning of their own in the IR.
  enum Kind {
    static let url = "url"
    static let webView = "displayWebView"
    static let dial = "dial"
    static let openApp = "openApp"
    static let inboxMessage = "openInboxMessage"
  }

  /// The action an object describes, or `nil` (reported) when it describes none.
  /// `container` are keys of the object that belong to the button around the action.
  static func read(
    _ object: JSONObject, at pointer: JSONPointer, container: Set<String> = [],
    context: inout ParseContext
  ) -> NotificationAction? {
    guard let type = context.text(object["type"], at: pointer.appending("type")) else {
      context.report(.invalidValue, "an action without a 'type' string does nothing", at: pointer)
      return nil
    }
    let fields = JSONObject(object.filter { $0.key != "type" && !container.contains($0.key) })
    func text(_ key: String) -> IRText? {
      switch fields[key] {
      case .string(let text)? where !text.isEmpty: return text
      case .number(let number)?:
        // The SDK takes a string; a number is read as its digits, and written back as text.
        context.report(
          .wrongType, "expected a string, found number; read as the text '\(number.lexeme)'",
          at: pointer.appending(key))
        return IRText(number.lexeme)
      default: return nil
      }
    }
    let action: NotificationAction?
    let takes: Set<String>
    switch type {
    case Kind.url, Kind.webView:
      action = text("value").map {
        .openURL($0, type == Kind.url ? .impliedByScheme(of: $0) : .webView)
      }
      takes = ["value"]
    case Kind.dial:
      action = text("value").map { .dial($0) }
      takes = ["value"]
    case Kind.openApp:
      action = .openApp
      takes = []
    case Kind.inboxMessage:
      action = text("inboxMessageId").map { .inboxMessage($0) }
      takes = ["inboxMessageId"]
    default:
      // The usual `{type, value}` carries its value as the data; richer actions, the object.
      let data: JSONValue?
      if fields.isEmpty {
        data = nil
      } else if fields.keys == ["value"], let value = fields["value"], value.objectValue == nil {
        data = value
      } else {
        data = .object(fields)
      }
      return .custom(name: type, data: data)
    }
    guard let action else {
      let needed = takes.first ?? "value"
      context.report(
        .invalidValue, "a '\(type)' action needs a non-empty '\(needed)'; it does nothing",
        at: pointer)
      return nil
    }
    for member in fields where !takes.contains(member.key) {
      context.report(
        .invalidValue, "'\(member.key)' is not a field of a '\(type)' action; ignored",
        at: pointer.appending(member.key))
    }
    return action
  }

  /// The members describing `action` (one the fit-target pass left for Acoustic).
  static func members(of action: NotificationAction) -> JSONObject {
    var object = JSONObject()
    switch action {
    case .openURL(let url, let destination):
      object.append("type", .string(destination == .webView ? Kind.webView : Kind.url))
      object.append("value", .string(url))
    case .dial(let number):
      object.append("type", .string(Kind.dial))
      object.append("value", .string(number))
    case .inboxMessage(let id):
      object.append("type", .string(Kind.inboxMessage))
      object.append("inboxMessageId", .string(id))
    case .custom(let name, let data):
      object.append("type", .string(name))
      switch data {
      case .object(let fields)?:
        for member in fields where member.key != "type" { object.append(member.key, member.value) }
      case let value?:
        object.append("value", value)
      case nil:
        break
      }
    default:
      object.append("type", .string(Kind.openApp))
    }
    return object
  }
}
