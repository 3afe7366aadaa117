import PushIR

/// What CTNotificationContent's Swift model of `ct_ContentSlider`
/// (`ContentSliderProperties`, `Templates/ContentSlider/Model/ContentSliderProperties.swift`)
/// needs to decode the string: every setting and every slide text present, of its type.
/// When decoding fails, `CTContentSliderController.createView()` shows only the alert's
/// title and body, with no slide (`Specs/vendors/clevertap.md`).
enum ContentSliderModel {
  /// The settings decoded as strings.
  static let textSettings = ["orientation", "type"]
  /// The settings decoded as `Int`: a JSON number with a whole value, never a boolean.
  static let flagSettings = ["showsPaging", "autoPlay", "autoDismiss"]
  /// The members each slide needs, all strings (the alt text is optional).
  static let slideTexts = ["caption", "subcaption", "imageUrl", "actionUrl"]

  /// Why the model cannot decode `slider`, one phrase per problem, the
  /// settings' first, then the slides'; empty when it decodes.
  static func problems(in slider: JSONObject) -> [String] {
    var problems: [String] = []
    for key in textSettings + flagSettings {
      switch slider[key] {
      case nil: problems.append("no '\(key)'")
      case let value?:
        if !decodes(value, asSetting: key) {
          problems.append("'\(key)' is not \(expectedShape(ofSetting: key))")
        }
      }
    }
    guard let items = slider["items"] else { return problems + ["no 'items'"] }
    guard let slides = items.arrayValue else { return problems + ["'items' is not an array"] }
    for (index, slide) in slides.enumerated() {
      guard let object = slide.objectValue else {
        problems.append("'items/\(index)' is not an object")
        continue
      }
      for key in slideTexts {
        switch object[key] {
        case nil: problems.append("no 'items/\(index)/\(key)'")
        case let value? where value.textValue == nil:
          problems.append("'items/\(index)/\(key)' is not a string")
        default: break
        }
      }
    }
    return problems
  }

  /// Whether the model decodes `value` as its setting `key` (any value of a key that is
  /// not one of its settings).
  static func decodes(_ value: JSONValue, asSetting key: String) -> Bool {
    if textSettings.contains(key) { return value.textValue != nil }
    return !flagSettings.contains(key) || isFlag(value)
  }

  /// What the model decodes the setting `key` as, for a message.
  static func expectedShape(ofSetting key: String) -> String {
    textSettings.contains(key) ? "a string" : "a whole number"
  }

  /// Whether the model decodes `value` as one of its `Int` flags.
  static func isFlag(_ value: JSONValue) -> Bool { value.numberValue?.wholeValue != nil }

  /// `value` as the model decodes the flag setting `key`: the README's `true` and `false`
  /// as 1 and 0, any other value as it is.
  static func readmeFlagAsNumber(_ value: JSONValue, setting key: String) -> JSONValue {
    guard flagSettings.contains(key), case .bool(let flag) = value else { return value }
    return flag ? 1 : 0
  }
}
