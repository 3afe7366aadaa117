import Foundation
import PushCompiler
import Testing

/// A value given for a field of the target that is not of the field's type (an
/// integer, true or false) is known bad before any record is read: `--set` wins over
/// every record's own value, and a defaults file's value is the same for every record.
/// It is refused once, before the input is read, never record by record.
@Suite struct SettingValueTests {
  static let payload = #"{"aps": {"alert": "hi"}}"#
  /// Two records, then a line that is not JSON: read, it would fail on its own.
  static let records = payload + "\n" + payload + "\nnot json\n"

  /// (target, the `--set` value, an option, the message after `pushc: `)
  @Test(arguments: [
    (
      "iterable", "templateId=08", "",
      "'itbl.templateId' takes an integer, but --set gives '08', which JSON does not write with a leading zero; nothing is converted"
    ),
    (
      "iterable", "isGhostPush=x", "",
      "'itbl.isGhostPush' takes true or false, but --set gives 'x'; nothing is converted"
    ),
    (
      "iterable", "campaignId=abc", "",
      "'itbl.campaignId' takes an integer, but --set gives 'abc', which is not a number as JSON writes it; nothing is converted"
    ),
    (
      "dfinery", "is_test=maybe", "",
      "'dfn.is_test' takes an integer, but --set gives 'maybe', which is not a number as JSON writes it; nothing is converted"
    ),
    (
      "fcm", "token=", "",
      "'message.token' takes text, but --set gives '', which is empty and names nothing; nothing is converted"
    ),
    (
      "dfinery", "c_id=", "",
      "'dfn.c_id' takes text, but --set gives '', which is empty and names nothing; nothing is converted"
    ),
    (
      "klaviyo", "_k=", "",
      "'body._k' takes text, but --set gives '', which is empty and names nothing; nothing is converted"
    ),
    (
      "onesignal", "i=", "",
      "'custom.i' takes text, but --set gives '', which is empty and names nothing; nothing is converted"
    ),
    (
      "yellowai", "topic=", "",
      "'topic' takes text, but --set gives '', which is empty and names nothing; nothing is converted"
    ),
    (
      "expo", "to=", "",
      "'to' takes text, but --set gives '', which is empty and names nothing; nothing is converted"
    ),
    (
      "fcm", "templateId=08", "inner=iterable",
      "'itbl.templateId' takes an integer, but --set gives '08', which JSON does not write with a leading zero; nothing is converted"
    ),
  ])
  func aSetValueOfTheWrongTypeIsAUsageErrorBeforeAnyRecord(
    _ target: String, _ setting: String, _ option: String, _ message: String
  ) {
    let extra = ["--set", setting] + (option.isEmpty ? [] : ["--option", option])
    for (arguments, input) in [
      (["batch", "-f", "apns", "-t", target, "-"], Self.records),
      (["convert", "-f", "apns", "-t", target], "not json"),
    ] {
      let (code, streams) = runPushc(arguments + extra, input: input)
      #expect(code == .usage, "\(arguments) \(streams.error)")
      #expect(streams.output.isEmpty)
      #expect(streams.error == "pushc: \(message)\nrun 'pushc --help' for usage\n")
    }
  }

  /// A value of the field's type is taken as before.
  @Test func aSetValueOfTheFieldsTypeConverts() {
    let (code, streams) = runPushc(
      ["batch", "-f", "apns", "-t", "iterable", "--set", "templateId=8", "--set", "isGhostPush=0"],
      input: Self.payload + "\n")
    #expect(code == .success, "\(streams.error)")
    #expect(streams.outputText.contains(#""templateId":8"#), "\(streams.outputText)")
  }

  /// A defaults file's value of the wrong type for a field of the target stops the run
  /// before any record (65), placed in the file, as a value that is no string does, even
  /// when some records carry their own; a target with no such field leaves it unused.
  @Test func aDefaultsValueOfTheWrongTypeStopsTheRunInTheFile() throws {
    let folder = try TemporaryFolder.make("setting-value")
    let defaults = try TemporaryFolder.write(
      Array(#"{"templateId": "08"}"#.utf8), to: "defaults.json", in: folder)
    let own = #"{"aps": {"alert": "b"}, "itbl": {"templateId": 5}}"#
    let expected =
      "\(defaults):/templateId: error: 'itbl.templateId' takes an integer, but the defaults file gives '08', which JSON does not write with a leading zero; nothing is converted [emit.invalid-field-value]\n"
    for (arguments, input) in [
      (["batch", "-f", "iterable", "-t", "iterable", "-"], Self.payload + "\n" + own + "\n"),
      (["convert", "-f", "iterable", "-t", "iterable"], own),
    ] {
      let (code, streams) = runPushc(arguments + ["--defaults", defaults], input: input)
      #expect(code == .dataError, "\(arguments) \(streams.error)")
      #expect(streams.output.isEmpty)
      #expect(streams.error == expected)
    }
    let (code, streams) = runPushc(
      ["batch", "-f", "apns", "-t", "klaviyo", "-", "--defaults", defaults],
      input: Self.payload + "\n")
    #expect(code == .success, "\(streams.error)")
  }

  /// An empty defaults value for a field that names something (a token, an id) stops
  /// the run as a value of the wrong type does: it names nothing.
  @Test func anEmptyDefaultsValueForAnIdStopsTheRunInTheFile() throws {
    let folder = try TemporaryFolder.make("setting-value-empty")
    let defaults = try TemporaryFolder.write(
      Array(#"{"token": ""}"#.utf8), to: "defaults.json", in: folder)
    let (code, streams) = runPushc(
      ["convert", "-f", "apns", "-t", "fcm", "--defaults", defaults], input: Self.payload)
    #expect(code == .dataError, "\(streams.error)")
    #expect(streams.output.isEmpty)
    #expect(
      streams.error
        == "\(defaults):/token: error: 'message.token' takes text, but the defaults file gives '', which is empty and names nothing; nothing is converted [emit.invalid-field-value]\n"
    )
  }

  /// Braze's alert body is text to read, not a name: an empty one is taken.
  /// A long value is quoted by its first 80 characters and its length: one diagnostic
  /// stays one readable line.
  @Test func aLongValueIsQuotedInPart() {
    let long = String(repeating: "é", count: 300)
    let (code, streams) = runPushc(
      ["convert", "-f", "apns", "-t", "braze", "--set", "body=\(long)", "--compact"],
      input: Self.payload)
    #expect(code == .success, "\(streams.error)")
    #expect(
      streams.error.contains(
        "set to '\(String(repeating: "é", count: 80))… (300 characters)' by --set, replacing the source's 'hi' [emit.replaced-value]"
      ), "\(streams.error)")
    #expect(streams.outputText.contains(long))
  }

  @Test func anEmptyAlertBodyIsTaken() {
    let (code, streams) = runPushc(
      ["convert", "-f", "apns", "-t", "braze", "--set", "body=", "--compact"],
      input: Self.payload)
    #expect(code == .success, "\(streams.error)")
    #expect(streams.outputText.contains(#""alert":"""#), "\(streams.outputText)")
  }
}
