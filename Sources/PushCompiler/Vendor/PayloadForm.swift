import PushIR

/// The two forms of a vendor whose documented send request differs from what the phone
/// receives (Yellow.ai, Braze): the options that choose between them, and the choice.
enum PayloadForm {
  /// Writes the device form instead of the request.
  static let deviceFormOption = "device-form"
  /// Writes the request even when the source was the device form.
  static let apiRequestOption = "api-request"
  /// In a vendor's extras: the source was the device form.
  static let deviceFormHint = "@deviceForm"

  /// The `--option` entries for a vendor whose device form is `device` and whose
  /// request is `request` (both described for `pushc formats`).
  static func emitOptions(device: String, request: String) -> [(name: String, summary: String)] {
    [
      (deviceFormOption, "write what the phone receives (\(device)) instead of \(request)"),
      (
        apiRequestOption,
        "write \(request) even when the source was the device form (the default otherwise)"
      ),
    ]
  }
}

extension EmitContext {
  /// Whether to write the device form: asked for with `--option device-form`, or the
  /// source was one (the hint in `kept`, which is removed) and `--option api-request`
  /// was not given.
  func writesDeviceForm(kept: inout JSONObject) -> Bool {
    let fromDeviceForm = kept.removeValue(forKey: PayloadForm.deviceFormHint) == true
    return options.contains(PayloadForm.deviceFormOption)
      || (fromDeviceForm && !options.contains(PayloadForm.apiRequestOption))
  }
}
