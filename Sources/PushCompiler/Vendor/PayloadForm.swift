import PushIR

/// The two forms of a vendor whose send request differs from what the phone receives
/// (Yellow.ai, Expo, Braze): the `--option` names that choose between them, the choice,
/// and the losses of the request form, which has no `aps` dictionary of its own.
enum PayloadForm {
  /// Writes what the phone receives instead of the request.
  static let deviceFormOption = "device-form"
  /// Writes the request even when the source was the device form.
  static let apiRequestOption = "api-request"
  /// In a vendor's extras: the source was the device form.
  static let deviceFormHint = "@deviceForm"
  /// The note on every loss of the request form.
  static let deviceFormNote = "--option \(deviceFormOption) writes the whole 'aps' dictionary"

  /// The two forms' options exclude each other.
  static let exclusiveOptions = [[deviceFormOption, apiRequestOption]]

  /// The `--option` entries for a vendor whose device form is `device` and whose
  /// request is `request` (both described for `pushc formats`).
  static func emitOptions(device: String, request: String = "the API request")
    -> [(name: String, summary: String)]
  {
    [
      (deviceFormOption, "write what the phone receives (\(device)) instead of \(request)"),
      (
        apiRequestOption,
        "write \(request) even when the source was the device form (the default otherwise)"
      ),
    ]
  }
}

/// A format with a request and a device form whose `--set` field is the request's
/// (Braze's `body`, Expo's `to`, Yellow.ai's `topic`): the device form, which writes no
/// request, takes none, and refuses one given.
public protocol RequestFieldFormat: VendorFormat {
  /// What the request's field gives, for the messages that refuse it ("braze's REST
  /// request its alert text").
  var requestFieldPurpose: String { get }
  /// What the format calls its request, for those messages ("push message").
  var requestName: String { get }
}

extension RequestFieldFormat {
  public var requestName: String { "request" }

  /// A field the format lists, unless `--option device-form` writes no request.
  public func takesSetting(_ name: String, options: Set<String>) -> Bool {
    listsSetting(name) && !options.contains(PayloadForm.deviceFormOption)
  }

  /// Why `--option device-form` refuses `--set name`; `nil` when it does not.
  public func refusal(ofSetting name: String, options: Set<String>) -> String? {
    guard listsSetting(name), options.contains(PayloadForm.deviceFormOption) else { return nil }
    return
      "--set '\(name)' gives \(requestFieldPurpose); --option device-form writes no \(requestName) and takes no field"
  }
}

extension EmitContext {
  /// Whether to write the device form: asked for, or the source's form and the request
  /// not asked for.
  func writesDeviceForm(sourceWasDeviceForm: Bool) -> Bool {
    options.contains(PayloadForm.deviceFormOption)
      || (sourceWasDeviceForm && !options.contains(PayloadForm.apiRequestOption))
  }

  /// Refuses a `--set` value of `field`, which only the request has (`purpose` says what
  /// it gives; `request` is what the format calls it), when the device form is written:
  /// an `emit.refused-setting` error, so nothing is written, as `--option device-form`
  /// with it is refused before anything is read. Where the device form was asked for,
  /// that check refused it already. Located at the IR's field, else where the request
  /// would have held it.
  mutating func refuseRequestSetting(
    _ field: TargetField, giving purpose: String, request: String = "request"
  ) {
    guard let name = field.names.first(where: { settings[$0] != nil }) else { return }
    diagnostics.report(
      .refusedSetting,
      "--set '\(name)' gives \(purpose); the device form, written because the source is one, writes no \(request) and takes no field; nothing written",
      at: field.irPath.map { .ir($0) } ?? .output(field.output),
      notes: ["--option \(PayloadForm.apiRequestOption) writes the \(request), which takes it"])
  }

  /// Reports each content field of `notification` the request has no place for (all but
  /// `carried`, named as in the IR's JSON form), and its kept `aps` keys; `request` names
  /// the request in messages.
  mutating func reportContentOutsideRequest(
    _ notification: PushNotification, carried: Set<String>, request: String? = nil
  ) {
    let request = request ?? "\(targetID)'s API request"
    for name in IREncoder.encode(notification.content).keys where !carried.contains(name) {
      report(
        .droppedField, "\(request) has no place for '\(name)'; dropped",
        at: JSONPointer("/content").appending(name), notes: [PayloadForm.deviceFormNote])
    }
    // Each kept `aps` key where it was read, the alert's own keys one by one.
    notification.extras[APSCodec.extrasKey]?.forEachKeptField(groups: ["/alert"], hints: false) {
      key, group in
      report(
        .droppedExtra,
        "\(request) has no place for 'aps.\(group.tokens.map { $0 + "." }.joined())\(key)'; dropped",
        at: JSONPointer(extra: key, of: APSCodec.extrasKey, inGroupAt: group),
        notes: [PayloadForm.deviceFormNote])
    }
  }
}
