/// One action button, as the user sees it.
public struct ActionButton: Hashable, Sendable {
  /// The action identifier reported to analytics when the button is tapped.
  public var id: IRText
  /// The button's text.
  public var label: IRText
  /// What tapping it does.
  public var action: NotificationAction
  /// The icon shown beside the label (iOS 15+).
  public var icon: ButtonIcon?
  /// How the system presents and runs the action.
  public var options: ButtonOptions
  /// A text field the button opens, for replies.
  public var textInput: TextInput?

  /// A button.
  public init(
    id: IRText, label: IRText, action: NotificationAction, icon: ButtonIcon? = nil,
    options: ButtonOptions = [.foreground], textInput: TextInput? = nil
  ) {
    self.id = id
    self.label = label
    self.action = action
    self.icon = icon
    self.options = options
    self.textInput = textInput
  }
}

/// The icon of a button.
public enum ButtonIcon: Hashable, Sendable {
  /// An SF Symbol, by name (`cart.fill`).
  case systemImage(IRText)
  /// An image from the app's asset catalog or bundle, by name.
  case templateImage(IRText)

  /// The symbol or image name.
  public var name: IRText {
    switch self {
    case .systemImage(let name), .templateImage(let name): name
    }
  }
}

/// `UNNotificationActionOptions`: how iOS runs a button's action.
public struct ButtonOptions: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Needs an unlocked device.
  public static let authenticationRequired = ButtonOptions(rawValue: 1)
  /// Shown in red as destructive.
  public static let destructive = ButtonOptions(rawValue: 2)
  /// Launches the app into the foreground.
  public static let foreground = ButtonOptions(rawValue: 4)

  /// Every option with its IR name, in a fixed order.
  public static let named: [(name: String, option: ButtonOptions)] = [
    ("foreground", .foreground), ("destructive", .destructive),
    ("authenticationRequired", .authenticationRequired),
  ]
}

/// The text field of a reply button.
public struct TextInput: Hashable, Sendable {
  /// The title of the send button.
  public var buttonTitle: IRText
  /// The placeholder shown in the empty field.
  public var placeholder: IRText?

  /// A text field.
  public init(buttonTitle: IRText, placeholder: IRText? = nil) {
    self.buttonTitle = buttonTitle
    self.placeholder = placeholder
  }
}
