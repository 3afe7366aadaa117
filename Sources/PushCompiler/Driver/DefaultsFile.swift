import PushIR

/// The `--defaults` file: a JSON object whose members are strings, values for the
/// target's fields that a payload lacks.
struct DefaultsFile {
  /// Why the `--defaults` file cannot be used: the diagnostic, placed in that file (none
  /// when its warnings, already written, trip `--fail-on`), and the exit code.
  struct Failure: Error {
    /// Why, placed in the file; `nil` when the warnings already written say it.
    var diagnostic: Diagnostic?
    /// The exit code of the run.
    var code: ExitCode
  }

  /// The values, by field name.
  var values: [String: String] = [:]
  /// What was found about the file: a name given twice in it (`input.duplicate-key`, the
  /// last value kept, as in a payload), or two names of one field (`input.duplicate-key`
  /// too, the first name the format lists kept).
  var warnings = Diagnostics()

  /// Reads the file at `path` for `target`, written with emitter `options`. A name given
  /// twice is reported when `target` takes it; one it has no field of is left unused,
  /// its repeats with it. Two names of one of the target's setting groups are reported
  /// at the one dropped.
  static func read(_ path: String, for target: any VendorFormat, options: Set<String>)
    -> Result<DefaultsFile, Failure>
  {
    let bytes: [UInt8]
    do {
      bytes = try FileIO.read(path, atMost: JSONReader.Limits.standard.maxBytes + 1)
    } catch {
      return .failure(Failure(diagnostic: error.unreadableInput, code: .noInput))
    }
    var value: JSONValue
    do {
      value = try JSONReader.parse(bytes)
    } catch {
      return .failure(
        Failure(
          diagnostic: TranslationError.invalidJSON(
            error, text: bytes),
          code: .dataError))
    }
    var defaults = DefaultsFile()
    for pointer in value.removeDuplicateKeys() {
      if let name = pointer.lastToken, pointer == JSONPointer.root.appending(name),
        !target.takesSetting(name, options: options)
      {
        continue
      }
      defaults.warnings.report(
        .duplicateKey, Translator.duplicateKeyMessage(at: pointer), at: .input(pointer))
    }
    guard let object = value.objectValue else {
      return .failure(
        Failure(
          diagnostic: Diagnostic(
            .notAnObject, "a defaults file holds an object of strings, found \(value.kindName)",
            at: .input(.root)),
          code: .dataError))
    }
    for member in object {
      guard let text = member.value.stringValue else {
        return .failure(
          Failure(
            diagnostic: Diagnostic(
              .invalidFieldValue,
              "'\(member.key)' must be a string, found \(member.value.kindName); nothing is converted",
              at: .input(JSONPointer.root.appending(member.key))),
            code: .dataError))
      }
      // A value of the wrong type for a field the target has is as wrong as one that is
      // no string: it is refused before any record, not in every record lacking the field.
      if target.takesSetting(member.key, options: options),
        let mismatch = target.invalidSetting(
          member.key, text, from: "the defaults file", options: options)
      {
        return .failure(
          Failure(
            diagnostic: Diagnostic(
              .invalidFieldValue, "\(mismatch); nothing is converted",
              at: .input(JSONPointer.root.appending(member.key))),
            code: .dataError))
      }
      defaults.values[member.key] = text
    }
    // Two names of one field (`W$id` and `wzrk_id`), or two fields of which the output
    // holds one (FCM's `token` and `topic`), which `--set` refuses: the output takes the
    // first the format lists, and each other is dropped as a name given twice is.
    for group in target.settingGroups(options: options) {
      let given = group.names.filter { defaults.values[$0] != nil }
      guard let kept = given.first, given.count > 1 else { continue }
      for name in given.dropFirst() {
        defaults.warnings.report(
          .duplicateKey,
          "'\(kept)' ('\(defaults.values[kept]!)') and '\(name)' ('\(defaults.values[name]!)') give one field of \(target.id)'s output (\(group.meaning)); '\(name)' is dropped",
          at: .input(JSONPointer.root.appending(name)))
      }
    }
    return .success(defaults)
  }
}

extension Session {
  /// The `--defaults` values (none without the option). The file's warnings, placed in
  /// it, are written to standard error after what was found so far; when they trip
  /// `--fail-on`, or the file cannot be used (the reason, placed in it, written too),
  /// the answer is the exit code and nothing is converted.
  mutating func loadDefaults(
    for target: any VendorFormat, _ streams: inout some DriverStreams
  ) -> Result<[String: String], DefaultsFile.Failure> {
    guard let path = options.defaultsFile else { return .success([:]) }
    switch DefaultsFile.read(path, for: target, options: options.options) {
    case .success(let defaults):
      guard defaults.warnings.count > 0 else { return .success(defaults.values) }
      flush(&streams)
      for warning in defaults.warnings {
        streams.writeError(rendered(warning, file: path))
      }
      if options.failOn.isTripped(by: defaults.warnings) {
        return .failure(DefaultsFile.Failure(diagnostic: nil, code: .failed))
      }
      return .success(defaults.values)
    case .failure(let failure):
      flush(&streams)
      if let diagnostic = failure.diagnostic {
        streams.writeError(rendered(diagnostic, file: path))
      }
      return .failure(failure)
    }
  }
}
