import PushIR

/// The two forms of a push service that takes an API request and delivers another shape
/// to the phone (Yellow.ai, Expo): the `--option` names that choose between them, and
/// the losses of the request form, which has no `aps` of its own.
enum RequestForm {
  /// Writes what the phone receives instead of the API request.
  static let deviceFormOption = "device-form"
  /// Writes the API request even when the source was the device form.
  static let apiRequestOption = "api-request"

  /// The two options, described for `pushc formats`; `deviceForm` says what the phone
  /// receives.
  static func emitOptions(deviceForm: String) -> [(name: String, summary: String)] {
    [
      (
        deviceFormOption, "write what the phone receives (\(deviceForm)) instead of the API request"
      ),
      (
        apiRequestOption,
        "write the API request even when the source was the device form (the default otherwise)"
      ),
    ]
  }

  /// The note on every loss of the request form.
  static let deviceFormNote = "--option \(deviceFormOption) writes the whole 'aps' dictionary"
}

extension EmitContext {
  /// Whether to write the device form: asked for, or the source's form and the API
  /// request not asked for.
  func writesDeviceForm(sourceWasDeviceForm: Bool) -> Bool {
    options.contains(RequestForm.deviceFormOption)
      || (sourceWasDeviceForm && !options.contains(RequestForm.apiRequestOption))
  }

  /// Reports each content field of `notification` the API request has no place for (all
  /// but `carried`, named as in the IR's JSON form), and its kept `aps` keys.
  mutating func reportContentOutsideRequest(
    _ notification: PushNotification, carried: Set<String>
  ) {
    for name in IREncoder.encode(notification.content).keys where !carried.contains(name) {
      report(
        .droppedField, "\(targetID)'s API request has no place for '\(name)'; dropped",
        at: JSONPointer("/content").appending(name), notes: [RequestForm.deviceFormNote])
    }
    if let kept = notification.extras[APSCodec.extrasKey], !kept.isEmpty {
      let keys = kept.keys.map { "'aps.\($0)'" }.joined(separator: ", ")
      report(
        .droppedExtra, "\(targetID)'s API request has no place for \(keys); dropped",
        at: JSONPointer("/extras").appending(APSCodec.extrasKey),
        notes: [RequestForm.deviceFormNote])
    }
  }
}
