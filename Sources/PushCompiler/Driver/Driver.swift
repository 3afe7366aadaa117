import PushIR

/// All of `pushc`'s command-line behaviour as one testable function: arguments and
/// streams in, exit code out.
public enum Driver {
  /// The version `--version` prints.
  public static let version = "0.1.0"

  /// Runs the command line the process was given: `argv` holds `count` arguments, the
  /// program's name first. An argument that is not UTF-8 is a usage error: as a
  /// `String` its other bytes would become replacement characters, and a file name so
  /// spelled names another file, or none.
  public static func run(
    argv: UnsafePointer<UnsafeMutablePointer<CChar>?>, count: Int32,
    streams: inout some DriverStreams
  ) -> ExitCode {
    var arguments: [String] = []
    /// The first argument that is not UTF-8: its position, and its bytes as shown.
    var invalid: (index: Int, shown: String)?
    for index in 1..<max(Int(count), 1) {
      guard let pointer = argv[index] else { break }
      guard let argument = String(validatingCString: pointer) else {
        var length = 0
        while pointer[length] != 0 { length += 1 }
        let bytes = UnsafeBufferPointer(
          start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length)
        // Shown with `\xHH`, it names no file, and holds its place among the others.
        let shown = FileIO.shown(bytes)
        invalid = invalid ?? (index, shown)
        arguments.append(shown)
        continue
      }
      arguments.append(argument)
    }
    guard let invalid else { return run(arguments, streams: &streams) }
    return refuse(
      "argument \(invalid.index), '\(invalid.shown)', is not valid UTF-8; pushc takes file names and values in UTF-8 only",
      arguments: arguments, streams: &streams)
  }

  /// Runs `pushc` with `arguments` (without the program name).
  public static func run(_ arguments: [String], streams: inout some DriverStreams) -> ExitCode {
    // Nothing asked is a usage mistake, not a request for help: the usage goes to
    // standard error, as with any other mistake.
    guard !arguments.isEmpty else {
      streams.writeError(usageErrorText("no command given", followedBy: OptionSpec.synopsis))
      return .usage
    }
    let options: CommandLineOptions
    do {
      options = try CommandLineOptions.parse(arguments)
    } catch {
      return refuse(error.message, arguments: arguments, streams: &streams)
    }
    let code = runCommand(options, streams: &streams)
    guard let failure = streams.outputFailure else { return code }
    report(failure, as: options.diagnosticsFormat, streams: &streams)
    return .cannotCreateOutput
  }

  /// Refuses a command line that cannot be parsed: `message`, with the hint to run
  /// `pushc --help`, unless standard error is a file that `arguments` name to read or
  /// write (or standard input's, when it would be read), where the message would land:
  /// then nothing at all is written (``OutputCollisions/standardErrorIsRunFile``).
  private static func refuse(
    _ message: String, arguments: [String], streams: inout some DriverStreams
  ) -> ExitCode {
    if !OutputCollisions.standardErrorIsRunFile(
      OutputCollisions.NamedFiles(scanning: arguments),
      standardInput: streams.standardInputDescriptor,
      standardError: streams.standardErrorDescriptor)
    {
      streams.writeError(usageErrorText(message))
    }
    return .usage
  }

  /// How a usage error is written to standard error: `pushc: MESSAGE`, then `details`
  /// when given (lines ending in a newline, such as the synopsis), then the hint to run
  /// `pushc --help`.
  static func usageErrorText(_ message: String, followedBy details: String = "") -> String {
    "pushc: \(message)\n" + details + "run 'pushc --help' for usage\n"
  }

  /// The terminal control that returns to the start of the line and clears it, so that
  /// what is written next replaces a progress line.
  static let clearLine = "\r\u{1B}[K"

  /// Writes a failure that stops the run to standard error: `pushc: cannot write …` as
  /// text (after clearing a progress line on a terminal), or its diagnostic's JSON line
  /// (`input.unreadable`, `output.unwritable`), so that a JSON standard error holds
  /// nothing else.
  static func report(
    _ failure: FileIO.Failure, as format: CommandLineOptions.DiagnosticsFormat,
    streams: inout some DriverStreams
  ) {
    show(
      failure.diagnostic, in: DiagnosedDocument(file: failure.path),
      text: "pushc: \(DiagnosticRenderer.oneLine(failure.message))\n", as: format,
      streams: &streams)
  }

  /// Writes `diagnostic`, about `document`, to standard error in `format` (see
  /// `DiagnosticsFormat.render`); as text on a terminal, after clearing a progress line.
  static func show(
    _ diagnostic: Diagnostic, in document: DiagnosedDocument, record: Int? = nil,
    text: String? = nil, as format: CommandLineOptions.DiagnosticsFormat,
    streams: inout some DriverStreams
  ) {
    let line = format.render(diagnostic, in: document, record: record, text: text)
    let clears = format == .text && streams.errorIsTerminal
    streams.writeError(clears ? clearLine + line : line)
  }

  /// Runs the command `options` names: the help, the version and the listings here, the
  /// others in a ``Session``.
  private static func runCommand(_ options: CommandLineOptions, streams: inout some DriverStreams)
    -> ExitCode
  {
    switch options.command {
    case .help:
      let help = options.helpTopic.map(OptionSpec.usage(of:)) ?? OptionSpec.usage
      streams.writeOutput(Array(help.utf8))
      return .success
    case .version:
      streams.writeOutput(
        Array("pushc \(version) (IR version \(PushNotification.irVersion))\n".utf8))
      return .success
    case .formats:
      streams.writeOutput(Array(formatsListing().utf8))
      return .success
    case .passes:
      streams.writeOutput(Array(passesListing().utf8))
      return .success
    case .convert, .validate, .detect, .batch:
      var session = Session(options: options)
      return session.run(streams: &streams)
    }
  }

  /// What `pushc formats` writes: each format's id and summary, what it can express,
  /// its `--option`s and the fields `--set` takes.
  static func formatsListing() -> String {
    var text = ""
    for format in Vendors.all {
      text += "\(format.id)\n  \(format.summary)\n"
      if format.id != IRFormat().id {
        for line in format.capabilities.summaryLines { text += "  - \(line)\n" }
      }
      for option in format.emitOptions { text += "  --option \(option.name): \(option.summary)\n" }
      for field in format.settableFields {
        let aliases = field.names.dropFirst().map { " (or \($0))" }.joined()
        text += "  --set \(field.names[0])=VALUE\(aliases): \(field.meaning)\n"
      }
    }
    return text
  }

  /// The width of `pushc passes`' column of pass names, before what each works on.
  private static let passNameColumnWidth = 22

  /// What `pushc passes` writes: each pass in the order it runs, what it works on (the
  /// payload, the IR or the output) and what it does.
  static func passesListing() -> String {
    let pipeline = Pipeline.standard
    let width = passNameColumnWidth
    var lines = pipeline.payloadPasses.map {
      "\($0.name.paddedColumn(width: width))(payload) \($0.summary)"
    }
    lines += pipeline.notificationPasses.map {
      "\($0.name.paddedColumn(width: width))(IR)      \($0.summary)"
    }
    let budget = FitSizeBudget()
    lines.append("\(budget.name.paddedColumn(width: width))(output)  \(budget.summary)")
    return lines.joined(separator: "\n") + "\n"
  }
}

/// One run of `convert`, `validate`, `detect` or `batch`: the command line checked
/// against the formats and passes, then either one payload read, and detected, validated
/// or translated and written, or every record of a batch handed to ``BatchRun``.
struct Session {
  /// The `--from` value that asks for detection.
  static let auto = "auto"

  /// The parsed command line.
  let options: CommandLineOptions
  /// What was found and is not yet written (``flush(_:)``).
  private var diagnostics = Diagnostics()

  /// A run of the command `options` names.
  init(options: CommandLineOptions) { self.options = options }

  /// The input as diagnostics name it: its path, or `<stdin>`.
  private var inputName: String {
    guard let input = options.input, input != "-" else { return "<stdin>" }
    return input
  }

  /// Whether the input's format is detected rather than named: `--from auto`, or `detect`.
  private var detectsFormat: Bool { options.from == Self.auto || options.command == .detect }

  /// A step that ended the run, having written why: the exit code to return.
  private struct EarlyExit: Error {
    var code: ExitCode
  }

  /// Where `convert` writes its payload.
  private enum ConvertOutput {
    /// Standard output (`-`, or no `-o`).
    case standardOutput
    /// A file, opened before the input is read.
    case opened(StreamingOutput)
    /// A pipe or a device, opened once the output is ready.
    case openedWhenReady(path: String)
  }

  /// Runs the command and answers its exit code: checks the command line against the
  /// formats and passes, then converts a batch, or reads one payload and detects its
  /// format, validates it or converts it.
  mutating func run(streams: inout some DriverStreams) -> ExitCode {
    // Standard error appended to what the run reads or writes: any message, the usage
    // error that refuses the run included, would land there. Refused without a word.
    if OutputCollisions.standardErrorIsRunFile(
      OutputCollisions.NamedFiles(options), standardInput: streams.standardInputDescriptor,
      standardError: streams.standardErrorDescriptor)
    {
      return .usage
    }
    let target: (any VendorFormat)?
    let pipeline: Pipeline
    do throws(UsageError) {
      try checkSourceFormat()
      try checkReadingOptions()
      target = try resolveTarget()
      pipeline = try selectPipeline(writing: target)
      if target != nil {
        try checkOutputs(
          standardInput: streams.standardInputDescriptor,
          standardOutput: streams.standardOutputDescriptor)
      }
    } catch {
      return usage(error.message, &streams)
    }
    if target != nil {
      // Before any thread starts: reads the umask, and installs the handlers that remove
      // temporary files when a signal stops the run.
      TemporaryFiles.prepare()
    }
    // The `--defaults` file is read, and refused when it cannot be used, before the
    // input: a payload or records on standard input would otherwise be waited for first.
    var defaults: [String: String] = [:]
    if let target {
      switch loadDefaults(for: target, &streams) {
      case .success(let loaded): defaults = loaded
      case .failure(let failure): return failure.code
      }
    }
    if options.command == .batch, let target {
      return runBatch(to: target, pipeline: pipeline, defaults: defaults, &streams)
    }
    do throws(EarlyExit) {
      let output = try target == nil ? .standardOutput : openConvertOutput(&streams)
      let payload = try readPayload(&streams)
      if options.command == .detect { return try writeDetectedFormat(of: payload, &streams) }
      let source = try sourceFormat(of: payload, &streams)
      guard let target else { return validate(payload, source: source, streams: &streams) }
      let translator = makeTranslator(
        from: source, to: target, pipeline: pipeline, defaults: defaults)
      return convert(payload, with: translator, output: output, &streams)
    } catch {
      return error.code
    }
  }

  /// Refuses a `--from` that names no format (detection aside).
  private func checkSourceFormat() throws(UsageError) {
    guard detectsFormat || Vendors.named(options.from ?? "") != nil else {
      throw Self.unknownFormat(options.from ?? "", orAuto: true)
    }
  }

  /// Refuses, for `validate`, which writes no payload, an `--option` the source does not
  /// read with (any format's, with `--from auto`): fcm's `inner=FORMAT` alone. A value
  /// the source's reading option cannot take is refused for that (`inner=ir`).
  private func checkReadingOptions() throws(UsageError) {
    guard options.command == .validate else { return }
    for option in options.options.sorted()
    where !possibleSources.contains(where: { $0.readsOption(option) }) {
      throw UsageError(
        readingRefusal(ofOption: option)
          ?? "--option \(option): validate writes no payload, and takes only an option the source format reads with (fcm's \(FCM.innerOption)=FORMAT, FORMAT an inner format 'pushc formats' lists)"
      )
    }
  }

  /// The formats the input may be read as: the one `--from` names, or every one.
  private var possibleSources: [any VendorFormat] {
    Vendors.named(options.from ?? "").map { [$0] } ?? Vendors.all
  }

  /// Why a source format refuses `option` as a value of the option it reads with
  /// (``VendorFormat/refusal(ofReadingOption:)``), when one does.
  private func readingRefusal(ofOption option: String) -> String? {
    possibleSources.lazy.compactMap { $0.refusal(ofReadingOption: option) }.first
  }

  /// The mistake of naming `name` as a format: the known formats listed, and `auto` with
  /// them when detection may be asked for instead.
  private static func unknownFormat(_ name: String, orAuto: Bool) -> UsageError {
    let known = Vendors.ids.joined(separator: ", ") + (orAuto ? ", or auto" : "")
    return UsageError("unknown format '\(name)'; known: \(known)")
  }

  /// The format `convert` and `batch` write, with the `--option`s and `--set` fields
  /// checked against it; `nil` for `validate` and `detect`, which write none.
  private func resolveTarget() throws(UsageError) -> (any VendorFormat)? {
    guard options.command == .convert || options.command == .batch else { return nil }
    guard let target = Vendors.named(options.to ?? "") else {
      throw Self.unknownFormat(options.to ?? "", orAuto: false)
    }
    try checkNamesKnown(to: target)
    try checkOneOfEachGroup(of: target)
    try checkSettingValues(for: target)
    return target
  }

  /// Refuses a `--set` value that is not of its field's type (`--set templateId=08`
  /// for Iterable's integer): `--set` wins over every record's own value, so the
  /// value would fail every record alike; it is refused once, before any is read.
  private func checkSettingValues(for target: any VendorFormat) throws(UsageError) {
    for (name, text) in options.settings.sorted(by: { $0.key < $1.key }) {
      if let mismatch = target.invalidSetting(name, text, from: "--set", options: options.options) {
        throw UsageError("\(mismatch); nothing is converted")
      }
    }
  }

  /// Refuses an `--option` or a `--set` field that `target` does not have; an option
  /// the source reads with (any format's, with `--from auto`) is taken.
  private func checkNamesKnown(to target: any VendorFormat) throws(UsageError) {
    for option in options.options.sorted()
    where !target.acceptsOption(option)
      && !possibleSources.contains(where: { $0.readsOption(option) })
    {
      let known = target.emitOptions.map { "'\($0.name)'" }.joined(separator: ", ")
      throw UsageError(
        target.refusal(ofOption: option) ?? readingRefusal(ofOption: option)
          ?? Self.valueGivenToFlag(option, of: target)
          ?? "\(target.id) has no option '\(option)'" + (known.isEmpty ? "" : "; it has \(known)"))
    }
    for name in options.settings.keys.sorted()
    where !target.takesSetting(name, options: options.options) {
      if let refusal = target.refusal(ofSetting: name, options: options.options) {
        throw UsageError(refusal)
      }
      let known = target.settableFields.map { "'\($0.names[0])'" }.joined(separator: ", ")
      throw UsageError(
        "--set '\(name)' names no field of \(target.id)'s output; "
          + (known.isEmpty
            ? "\(target.id) takes none" : "it takes \(known) (see 'pushc formats')"))
    }
  }

  /// The refusal of `NAME=VALUE` when `NAME` is an option of `target` that takes no
  /// value (`os-data-format=yes`), saying so instead of that the option is unknown; `nil`
  /// for any other option.
  private static func valueGivenToFlag(_ option: String, of target: any VendorFormat) -> String? {
    guard let equals = option.firstIndex(of: "=") else { return nil }
    let name = String(option[..<equals])
    guard target.acceptsOption(name) else { return nil }
    return
      "--option \(option): \(target.id)'s option '\(name)' takes no value; give --option \(name)"
  }

  /// Refuses two options of one of `target`'s exclusive groups, or two `--set` values
  /// for one field of its output.
  private func checkOneOfEachGroup(of target: any VendorFormat) throws(UsageError) {
    // One of each: two options that choose between the same things, or two values for
    // one field, would leave one of them unused without a word.
    for group in target.exclusiveOptions {
      let given = group.filter(options.options.contains)
      if given.count > 1 {
        throw UsageError(
          "--option '\(given[0])' and --option '\(given[1])' exclude each other; give one")
      }
    }
    for group in target.settingGroups(options: options.options) {
      let given = group.names.compactMap { name in options.settings[name].map { "\(name)=\($0)" } }
      if given.count > 1 {
        throw UsageError(
          "--set '\(given[0])' and --set '\(given[1])' give one field of \(target.id)'s output (\(group.meaning)); give one"
        )
      }
    }
  }

  /// The passes `--passes` selects (every standard one without it), once `--dump-after`
  /// is checked to name `parse` or one of them that runs when writing `target`, and
  /// `--fit` to be given only when fit-size-budget runs.
  private func selectPipeline(writing target: (any VendorFormat)?) throws(UsageError)
    -> Pipeline
  {
    var pipeline = Pipeline.standard
    if let names = options.passes {
      switch pipeline.selecting(names) {
      case .success(let selected): pipeline = selected
      case .failure(let unknown):
        throw UsageError(
          "unknown pass '\(unknown.name)'; passes: \(Pipeline.standard.names.joined(separator: ", "))"
        )
      }
    }
    // Writing the IR, nothing has a size to check: fit-size-budget does not run.
    let runningNames = pipeline.names.filter {
      $0 != FitSizeBudget().name || target?.capabilities.payloadLimit != nil
    }
    if let dump = options.dumpAfter, dump != "parse", !runningNames.contains(dump) {
      throw UsageError("--dump-after names '\(dump)', which is not among the passes that run")
    }
    // As --dump-after: an option whose pass does not run would do nothing, silently.
    if options.fit, target != nil, !runningNames.contains(FitSizeBudget().name) {
      throw UsageError(
        "--fit shortens the body in '\(FitSizeBudget().name)', which is not among the passes that run"
      )
    }
    return pipeline
  }

  /// Refuses outputs (of `convert` and `batch`) that would overwrite an input, or each
  /// other, before anything is read or written: a folder input first, since the other
  /// checks compare paths as its outputs need.
  private func checkOutputs(standardInput: Int32?, standardOutput: Int32?) throws(UsageError) {
    if let problem = OutputCollisions.folderInputProblem(in: options)
      ?? OutputCollisions.streamNamedTwice(in: options, standardInput: standardInput)
      ?? OutputCollisions.problem(
        in: options, standardInput: standardInput, standardOutput: standardOutput)
    {
      throw UsageError(problem)
    }
  }

  /// Converts every record of the batch's inputs to `target`, with the `--defaults`
  /// file's `defaults`.
  private mutating func runBatch(
    to target: any VendorFormat, pipeline: Pipeline, defaults: [String: String],
    _ streams: inout some DriverStreams
  ) -> ExitCode {
    let source = detectsFormat ? Self.standInSource : Vendors.named(options.from!)!
    var translator = makeTranslator(
      from: source, to: target, pipeline: pipeline, defaults: defaults)
    // Only a report reads the diagnostics of a record that converts.
    translator.recording = options.reportFile == nil ? .summary : .full
    // A batch writes only text: emitters that can write it straight away do.
    translator.buildsOutputValue = false
    var batch = BatchRun(
      converter: RecordConverter(
        translator: translator, detects: detectsFormat, failOn: options.failOn),
      options: options)
    return batch.run(streams: &streams)
  }

  /// The source a batch's translator is made with under `--from auto`, where no format
  /// is named: a stand-in that no record is read as, since each is translated from the
  /// format detected for it (``RecordConverter/detects``).
  private static let standInSource: any VendorFormat = APNs()

  /// A translator from `source` to `target` set up as the command line asks: the
  /// `pipeline` selected, the `--set` values, the `--defaults` file's `defaults`, the
  /// `--option`s, `--dump-after` and `--fit`.
  private func makeTranslator(
    from source: any VendorFormat, to target: any VendorFormat, pipeline: Pipeline,
    defaults: [String: String]
  ) -> Translator {
    var translator = Translator(from: source, to: target)
    translator.pipeline = pipeline
    translator.settings = options.settings
    translator.defaults = defaults
    translator.options = options.options
    translator.dumpAfter = options.dumpAfter
    translator.fitToBudget = options.fit
    return translator
  }

  /// Where `convert` writes, an output file opened at once.
  ///
  /// An output file is opened before the input is read, as batch opens its outputs: a
  /// path that cannot be written fails at once, not once the input has come. Dropped
  /// without `commit`, it leaves nothing behind (`StreamingOutput.abandon`). A pipe or a
  /// device is opened only once the output is ready: opening a pipe waits for its
  /// reader, who may be waiting for this run to read its input first.
  private func openConvertOutput(_ streams: inout some DriverStreams) throws(EarlyExit)
    -> ConvertOutput
  {
    guard let path = options.output, path != "-" else { return .standardOutput }
    guard !FileIO.isStream(path) else { return .openedWhenReady(path: path) }
    do {
      return .opened(try Self.openOutput(path))
    } catch {
      Driver.report(error, as: options.diagnosticsFormat, streams: &streams)
      throw EarlyExit(code: .cannotCreateOutput)
    }
  }

  /// The input's bytes, then its JSON: an input that cannot be read (66) or is not JSON
  /// (65) is reported and ends the run.
  private mutating func readPayload(_ streams: inout some DriverStreams) throws(EarlyExit)
    -> JSONValue
  {
    let bytes: [UInt8]
    do {
      // One byte beyond the size limit is enough for the reader to refuse the input;
      // nothing further is read.
      let limit = JSONReader.Limits.standard.maxBytes + 1
      bytes =
        try options.input == nil || options.input == "-"
        ? streams.readStandardInput(atMost: limit) : FileIO.read(options.input!, atMost: limit)
    } catch {
      diagnostics.report(error.unreadableInput)
      flush(&streams)
      throw EarlyExit(code: .noInput)
    }
    do {
      return try JSONReader.parse(bytes)
    } catch {
      diagnostics.report(
        TranslationError.invalidJSON(error, text: bytes))
      flush(&streams)
      throw EarlyExit(code: .dataError)
    }
  }

  /// The format `payload` is detected to be in, with the evidence that decided; when no
  /// format is found, the reason is reported and the run ends (65).
  private mutating func detectFormat(
    of payload: JSONValue, _ streams: inout some DriverStreams
  ) throws(EarlyExit) -> (format: any VendorFormat, evidence: Evidence, note: Diagnostic) {
    let outcome = Detector.detect(payload)
    guard case .detected(let format, let evidence) = outcome else {
      // No translation reads the payload, which would report its duplicate keys.
      diagnostics.report(contentsOf: Translator.duplicateKeyFindings(in: payload))
      diagnostics.report(
        outcome.failure
          ?? Diagnostic(.notAnObject, "a push payload is an object", at: .input(.root)))
      flush(&streams)
      throw EarlyExit(code: .dataError)
    }
    return (format, evidence, outcome.note!)
  }

  /// `detect`: writes the format of `payload` and the evidence that decided.
  private mutating func writeDetectedFormat(
    of payload: JSONValue, _ streams: inout some DriverStreams
  ) throws(EarlyExit) -> ExitCode {
    let detected = try detectFormat(of: payload, &streams)
    // Detection reads the payload as a translation would: the last of a name given
    // twice; what that drops is said, as `convert` says it.
    diagnostics.report(contentsOf: Translator.duplicateKeyFindings(in: payload))
    flush(&streams)
    let lines = [
      detected.format.id, "evidence: \(detected.evidence.keyList) (\(detected.evidence.reason))",
      "confidence: \(detected.evidence.strength)",
    ]
    streams.writeOutput(Array((lines.joined(separator: "\n") + "\n").utf8))
    return .success
  }

  /// The format `payload` is read as: the one `--from` names, or the one detected, which
  /// a note names, with a note for each `--option` it was taken for that the format
  /// detected does not read with (``Detector/unusedOptionNotes(_:readAs:)``).
  private mutating func sourceFormat(
    of payload: JSONValue, _ streams: inout some DriverStreams
  ) throws(EarlyExit) -> any VendorFormat {
    guard detectsFormat else { return Vendors.named(options.from!)! }
    let detected = try detectFormat(of: payload, &streams)
    diagnostics.report(detected.note)
    diagnostics.report(
      contentsOf: Detector.unusedOptionNotes(options.options, readAs: detected.format))
    return detected.format
  }

  /// `convert`: translates `payload` with `translator`, reports what was found (and the
  /// `--dump-after` document), and writes the output unless it failed.
  private mutating func convert(
    _ payload: JSONValue, with translator: Translator, output: ConvertOutput,
    _ streams: inout some DriverStreams
  ) -> ExitCode {
    let result = translator.translate(payload)
    diagnostics.report(contentsOf: result.diagnostics)
    if let dump = result.dump { writeDump(dump, &streams) }
    flush(&streams)
    guard let value = result.output else { return .dataError }
    if options.failOn.isTripped(by: result.diagnostics) { return .failed }
    var bytes =
      options.compact
      ? result.compactOutput ?? JSONWriter(style: .compact).bytes(value)
      : JSONWriter(style: .pretty).bytes(value)
    bytes.append(UInt8(ascii: "\n"))
    return write(bytes, to: output, &streams)
  }

  /// Writes the `--dump-after` document to standard error: under a heading as text, or
  /// as a JSON line of its own.
  private func writeDump(_ dump: JSONValue, _ streams: inout some DriverStreams) {
    switch options.diagnosticsFormat {
    case .text:
      streams.writeError(
        "--- after \(options.dumpAfter!) ---\n" + JSONWriter().string(dump) + "\n")
    case .json:
      // A line of its own, so that standard error stays one JSON object per line.
      let line = JSONObject([
        .init(key: "dump", value: .string(options.dumpAfter!)), .init(key: "value", value: dump),
      ])
      streams.writeError(JSONWriter(style: .compact).string(.object(line)) + "\n")
    }
  }

  /// Writes `convert`'s `bytes` to `output`; a file is committed (renamed into place).
  private func write(
    _ bytes: [UInt8], to output: ConvertOutput, _ streams: inout some DriverStreams
  ) -> ExitCode {
    do throws(FileIO.Failure) {
      let file: StreamingOutput
      switch output {
      case .standardOutput:
        streams.writeOutput(bytes)
        return .success
      case .opened(let opened): file = opened
      case .openedWhenReady(let path): file = try Self.openOutput(path)
      }
      try file.write(bytes)
      try file.commit()
      return .success
    } catch {
      Driver.report(error, as: options.diagnosticsFormat, streams: &streams)
      return .cannotCreateOutput
    }
  }

  /// A finding of reading that a rule's finding replaces: its code and place.
  private struct RuledFinding: Hashable {
    var code: DiagnosticCode
    var location: DiagnosticLocation
  }

  /// Opens `convert`'s output at `path`, with a buffer of 64 KiB: a payload is a few
  /// kilobytes, an IR dump rarely more, and a larger one is written through it.
  private static func openOutput(_ path: String) throws(FileIO.Failure) -> StreamingOutput {
    try StreamingOutput(path: path, size: 64 << 10)
  }

  /// `validate`: reports what reading `payload` as `source`'s finds and what the
  /// vendor's rules find, each finding once. A root that is no object is 65; an error,
  /// or `--fail-on` tripped, is 1; otherwise, as text, a line says the payload is valid.
  private mutating func validate(
    _ payload: JSONValue, source: any VendorFormat, streams: inout some DriverStreams
  )
    -> ExitCode
  {
    // As for every command, a root other than an object is the one error (65): no rule
    // of a payload's fields has anything to check.
    guard case .object = payload else {
      diagnostics.report(JSONValue.notAnObject(kind: payload.kindName))
      flush(&streams)
      return .dataError
    }
    // What reading finds, as `convert` reads the payload: its duplicate keys, the front
    // end's warnings and errors, and those of the passes every translation runs (a link
    // check-urls rejects, say), located in the input.
    var reader = Translator(from: source, to: IRFormat())
    reader.options = options.options
    reader.dumpAfter = NormalizeShapes().name
    let reading = reader.translate(payload)
    // Its notes are left out, but for an `--option` it went without: the user asked for
    // something that did nothing.
    let read = reading.diagnostics.filter { $0.severity >= .warning || $0.code == .unusedOption }
    // The vendor's own rules, on the payload as its front end reads it: the one the
    // translation held after normalize-shapes. A place the pass made (a string alert's
    // `body`) is reported at the nearest one the input has.
    var ruled = Diagnostics()
    source.validate(reading.dump ?? payload, options: options.options, diagnostics: &ruled)
    // Then the rules of every format: the size of what `convert` writes in the format,
    // the media the front end read (the IR it wrote), which the service extension
    // attaches, and the vendor's marker, without which its SDK ignores the push.
    CommonValidation.checkSize(
      of: payload, as: source, options: options.options, into: &ruled)
    CommonValidation.checkMediaNeedsServiceExtension(
      read: reading.output, payload: reading.dump ?? payload,
      needsServiceExtension: source.capabilities.needsServiceExtension, ruled: ruled,
      into: &ruled)
    CommonValidation.checkMarker(
      missing: reading.missingMarkers, read: read, ruled: ruled, into: &ruled)
    ruled.relocate { location in
      guard case .input(var pointer) = location else { return location }
      while payload.value(at: pointer) == nil, let parent = pointer.parent { pointer = parent }
      return .input(pointer)
    }
    // What reading found, then the rules; a finding is said once: by the rule, when one
    // reports at the same place what it means (`DiagnosticCode.replacedByRule`).
    let replaced = Set(
      ruled.flatMap { rule in
        (DiagnosticCode.replacedByRule[rule.code] ?? []).map {
          RuledFinding(code: $0, location: rule.location)
        }
      })
    var found = Diagnostics()
    found.report(
      contentsOf: read.filter {
        !replaced.contains(RuledFinding(code: $0.code, location: $0.location))
      })
    found.report(contentsOf: ruled)
    diagnostics.report(contentsOf: found)
    flush(&streams)
    if found.hasErrors || options.failOn.isTripped(by: found) { return .failed }
    if options.diagnosticsFormat == .text {
      // Valid, yet not without a word: the warnings above are counted, so the verdict
      // does not read as if they had not been said.
      let warnings = found.filter { $0.severity == .warning }.count
      let counted = warnings == 0 ? "" : ", with \(warnings) warning\(warnings == 1 ? "" : "s")"
      streams.writeError("\(inputName): valid \(source.id) payload\(counted)\n")
    }
    return .success
  }

  /// `diagnostic`, about `file`, in the form `--diagnostics` asks for.
  func rendered(_ diagnostic: Diagnostic, file: String) -> String {
    options.diagnosticsFormat.render(diagnostic, in: DiagnosedDocument(file: file))
  }

  /// Writes the diagnostics found so far to standard error, as about the input, and
  /// forgets them.
  mutating func flush(_ streams: inout some DriverStreams) {
    var text = ""
    for diagnostic in diagnostics { text += rendered(diagnostic, file: inputName) }
    if !text.isEmpty { streams.writeError(text) }
    diagnostics = Diagnostics()
  }

  /// Writes the usage error `message`, with the hint to run `pushc --help`; answers
  /// the exit code of a usage error (64).
  private func usage(_ message: String, _ streams: inout some DriverStreams) -> ExitCode {
    streams.writeError(Driver.usageErrorText(message))
    return .usage
  }
}

extension CommandLineOptions.DiagnosticsFormat {
  /// `diagnostic`, about `document`, in this form: its text form (or `text`, when given:
  /// a failure that stops the run is written `pushc: MESSAGE`), or its JSON line, with
  /// `record` when it belongs to a batch record.
  func render(
    _ diagnostic: Diagnostic, in document: DiagnosedDocument, record: Int? = nil,
    text: String? = nil
  ) -> String {
    switch self {
    case .text: text ?? DiagnosticRenderer.text(diagnostic, in: document)
    case .json: DiagnosticRenderer.jsonLine(diagnostic, in: document, record: record)
    }
  }
}

extension FileIO.Failure {
  /// The diagnostic of an input that cannot be read (`input.unreadable`).
  var unreadableInput: Diagnostic {
    Diagnostic(.unreadable, "cannot read '\(path)': \(reason)", at: .input(.root))
  }

  /// The diagnostic of a failure that stops a run: `input.unreadable` at the input's
  /// root, or `output.unwritable` at the output's.
  var diagnostic: Diagnostic {
    side == .input ? unreadableInput : Diagnostic(.unwritable, message, at: .output(.root))
  }
}
