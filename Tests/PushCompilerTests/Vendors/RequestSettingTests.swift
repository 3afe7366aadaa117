import PushCompiler
import PushIR
import Testing

/// The `--set` field of a format with a request and a device form (Braze's `body`,
/// Expo's `to`, Yellow.ai's `topic`) belongs to the request: the device form, which
/// writes none, refuses it instead of writing the payload without it.
@Suite struct RequestSettingTests {
  /// A format, its request's field with a value for it, what the field gives and what the
  /// format calls its request (as messages say them), a source in the device form, and a
  /// text of the request as `--set` writes it.
  struct Case: CustomTestStringConvertible, Sendable {
    var format: String
    var setting: String
    var purpose: String
    var request: String
    var deviceFormSource: String
    var written: String
    var testDescription: String { format }
    /// The field's name.
    var name: Substring { setting.prefix { $0 != "=" } }
  }

  static let cases = [
    Case(
      format: "braze", setting: "body=X", purpose: "braze's REST request its alert text",
      request: "request",
      deviceFormSource: #"{"aps": {"alert": "B"}, "ab": {"c": "camp"}}"#,
      written: #""alert": "X""#),
    Case(
      format: "expo", setting: "to=ExponentPushToken[x]",
      purpose: "expo's push message its recipients", request: "push message",
      deviceFormSource: #"{"aps": {"alert": "B"}, "experienceId": "@a/b", "body": {}}"#,
      written: #""to": "ExponentPushToken[x]""#),
    Case(
      format: "yellowai", setting: "topic=com.example.app",
      purpose: "yellowai's API request the app's bundle id", request: "request",
      deviceFormSource: #"{"aps": {"alert": "B"}, "title": "T", "payload": {}}"#,
      written: #""topic": "com.example.app""#),
  ]

  /// Asked for with `--option device-form`, the refusal is a usage error before anything
  /// is read; without the option, the request takes the field.
  @Test(arguments: cases) func theDeviceFormAskedForRefusesTheField(_ test: Case) {
    let arguments = ["convert", "-f", "apns", "-t", test.format, "--set", test.setting, "-"]
    let input = #"{"aps": {"alert": "B"}}"#
    let (refused, streams) = runPushc(arguments + ["--option", "device-form"], input: input)
    #expect(refused == .usage)
    #expect(streams.output.isEmpty)
    #expect(
      streams.error.contains(
        "pushc: --set '\(test.name)' gives \(test.purpose); --option device-form writes no \(test.request) and takes no field"
      ), "\(streams.error)")
    let (written, request) = runPushc(arguments, input: input)
    #expect(written == .success)
    #expect(String(decoding: request.output, as: UTF8.self).contains(test.written))
  }

  /// A device-form source is written in its form unless `--option api-request` says
  /// otherwise; that form refuses the field as an error of the record, nothing written,
  /// rather than writing the payload without it.
  @Test(arguments: cases) func theDeviceFormOfTheSourceRefusesTheField(_ test: Case) {
    let arguments = ["convert", "-f", test.format, "-t", test.format, "--set", test.setting, "-"]
    let (refused, streams) = runPushc(arguments, input: test.deviceFormSource)
    #expect(refused == .dataError)
    #expect(streams.output.isEmpty)
    #expect(
      streams.error.contains(
        "error: --set '\(test.name)' gives \(test.purpose); the device form, written because the source is one, writes no \(test.request) and takes no field; nothing written [emit.refused-setting]"
      ), "\(streams.error)")
    #expect(
      streams.error.contains("--option api-request writes the \(test.request), which takes it"))
    let (written, request) = runPushc(
      arguments + ["--option", "api-request"], input: test.deviceFormSource)
    #expect(written == .success, "\(streams.error)")
    #expect(String(decoding: request.output, as: UTF8.self).contains(test.written))
  }
}
