#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import PushIR

/// `pushc batch`: every record of every input converted, in order. NDJSON and JSON-array
/// inputs give one output line per record (`null` for a record that failed); a folder
/// gives a folder of outputs with the same relative names. Failures are reported with
/// their file and line, the counts reconcile, and outputs appear only when complete.
struct BatchRun {
  /// Records read, queued and written together; with the number of blocks queued, and
  /// the bytes a block may hold, bounds the memory in use. Small, so that a record's
  /// bytes are still in the cache when a worker reads them and when this thread writes
  /// its line: blocks of 2,048 records, six thousand in flight, took 7-10 % more time.
  static let blockSize = 256
  /// Files read, converted and written together from a folder.
  static let filesPerBlock = 256
  /// Bytes of records after which a block ends even when it holds fewer records.
  static let blockBytes = 4 << 20
  /// Blocks queued for conversion at once. While this thread writes a finished block
  /// (a direct write waits for the disk, about as long as the workers take over two
  /// blocks) and reads the next, the workers still have three to convert.
  static let blocksQueued = 4
  /// Blocks a reader's caller still holds when it reads the next: the oldest queued one
  /// has been written, the others are still being converted.
  static let blocksHeld = blocksQueued - 1
  /// The most bytes one record may have: a line, an array element, a folder's file.
  static let recordLimit = JSONReader.Limits.standard.maxBytes

  let converter: RecordConverter
  let options: CommandLineOptions

  private(set) var read = 0
  private(set) var converted = 0
  /// Of the records converted, those that lost information (a lossy warning).
  private(set) var convertedWithLoss = 0
  private(set) var failed = 0
  private var report: StreamingOutput?
  /// The folders this run made, outermost first: those still empty are removed when the
  /// run fails or a signal stops it, so that neither leaves anything it made behind.
  private var madeFolders: [String] = []
  /// The number of the first record of the NDJSON input being read (0 when none is),
  /// and whether it failed as a line opening a JSON value that it does not close, as the
  /// first line of a document printed over several lines does.
  private var firstRecordOfLines = 0
  private var firstLineLeftOpen = false
  /// Of the records of that input, those that are not JSON (not those that are JSON and
  /// failed to convert).
  private var linesNotJSON = 0
  /// Of those, the ones holding a JSON value with more after it on the line, as the
  /// lines of a pretty-printed array's elements do (`{…},`).
  private var linesWithTrailingContent = 0
  /// The folders made below the output folder for the outputs of a folder input, before
  /// any was converted: those that no output went into are removed when the run ends.
  private var foldersForOutputs: [String] = []
  /// Whether the records go to standard output.
  private var recordsToStandardOutput = true
  private var started = FileIO.monotonicSeconds()
  private var lastProgress = 0.0

  init(converter: RecordConverter, options: CommandLineOptions) {
    self.converter = converter
    self.options = options
  }

  /// Converts every record of every input (standard input when none is named), writes
  /// the outputs and the report, then, as text, the closing summary. Answers the exit
  /// code: 1 when a record failed, 66 when an input cannot be read, 73 when an output
  /// cannot be written.
  mutating func run(streams: inout some DriverStreams) -> ExitCode {
    let inputs = options.inputs.isEmpty ? ["-"] : options.inputs
    // Records for standard output, however it is named, are written there as for `-`.
    let output = options.output.map { FileIO.isStandardOutput($0) ? "-" : $0 } ?? "-"
    recordsToStandardOutput = output == "-"
    // The driver has refused a folder input with other inputs or without an output folder.
    let folder = OutputCollisions.inputFolder(of: options)
    var sink: StreamingOutput?
    do throws(FileIO.Failure) {
      // Every input is looked for before any is read: one found missing after the others
      // had been converted would throw that work away. (Looked for, not opened: opening a
      // named pipe only to close it again would cut off the writer waiting at it.)
      for input in inputs where input != "-" && access(input, R_OK) != 0 {
        throw FileIO.Failure(input, errno: errno)
      }
      if let path = options.reportFile {
        // A report inside the output folder needs the folders the run would make anyway.
        if folder != nil, OutputCollisions.lies(path, inside: OutputCollisions.Place(output)) {
          noteMade(try FileIO.makeDirectories(OutputCollisions.parent(of: path)))
        }
        report = try StreamingOutput(path: path)
      }
      if let folder {
        try convertFolder(folder, into: output, streams: &streams)
      } else {
        sink = output == "-" ? nil : try StreamingOutput(path: output)
        for input in inputs {
          try convertStream(input, into: sink, streams: &streams)
        }
      }
      // Every output is written whole before any is moved into place: when one cannot
      // be, none is. The report is renamed after the records, so that it never stands
      // without them (when its rename fails, the records are already in place).
      try StreamingOutput.commit([sink, report].compactMap { $0 })
      TemporaryFiles.forgetMadeFolders()
      // Made for files that all failed, they would stand for outputs there are not.
      for made in foldersForOutputs.reversed() { rmdir(made) }
    } catch {
      sink?.abandon()
      report?.abandon()
      // Only an empty folder is removed: one holding finished outputs keeps them.
      for made in madeFolders.reversed() { rmdir(made) }
      TemporaryFiles.forgetMadeFolders()
      // A failure of standard output is the driver's to report, as for every command.
      if error != streams.outputFailure {
        Driver.report(error, as: options.diagnosticsFormat, streams: &streams)
      }
      return error.side == .output ? .cannotCreateOutput : .noInput
    }
    // Machine-readable standard error holds diagnostics only, so the summary is text's.
    if options.diagnosticsFormat == .text {
      if streams.errorIsTerminal { streams.writeError(Driver.clearLine) }
      streams.writeError(summary)
    }
    return failed > 0 ? .failed : .success
  }

  /// Keeps `folders`, just made, outermost first, among those removed when still empty
  /// as the run fails or a signal stops it.
  private mutating func noteMade(_ folders: [String]) {
    madeFolders += folders
    TemporaryFiles.noteMadeFolders(folders)
  }

  /// The closing line: the records read, converted and failed, and of those converted
  /// the ones that lost information, so that a run without a report does not pass over
  /// them without a word.
  private var summary: String {
    var losses = ""
    if convertedWithLoss > 0 {
      losses =
        " (\(convertedWithLoss) with lossy warnings"
        + (options.reportFile == nil ? "; --report FILE lists them)" : ")")
    }
    return
      "pushc: \(read) record\(read == 1 ? "" : "s") read: \(converted) converted\(losses), \(failed) failed\n"
  }

  /// An NDJSON stream or a file holding a JSON array.
  private mutating func convertStream(
    _ input: String, into sink: StreamingOutput?, streams: inout some DriverStreams
  ) throws(FileIO.Failure) {
    let limit = Self.recordLimit
    let blocksHeld = Self.blocksHeld
    var reader: LineReader
    if input == "-" {
      if let descriptor = streams.standardInputDescriptor {
        reader = LineReader(
          descriptor: descriptor, owning: false, path: "<stdin>", maxLineBytes: limit,
          blocksHeld: blocksHeld)
      } else {
        reader = LineReader(
          bytes: try streams.readStandardInput(atMost: .max), path: "<stdin>",
          maxLineBytes: limit)
      }
    } else {
      let descriptor = open(input, O_RDONLY)
      guard descriptor >= 0 else { throw FileIO.Failure(input, errno: errno) }
      reader = LineReader(
        descriptor: descriptor, owning: true, path: input, maxLineBytes: limit,
        blocksHeld: blocksHeld)
    }
    defer { reader.close() }
    // Only a regular file named as an input is read as an array when it holds one: what
    // is not (standard input, a named pipe) cannot be read twice, and is NDJSON.
    let readsArrays = input != "-" && FileIO.isRegularFile(reader.descriptor)
    if readsArrays,
      try InputKind.of(reader.descriptor, path: input, maxLineBytes: limit) == .array,
      try convertArray(input, into: sink, streams: &streams)
    {
      return
    }
    let name = input == "-" ? "<stdin>" : input
    firstRecordOfLines = read + 1
    firstLineLeftOpen = false
    linesNotJSON = 0
    linesWithTrailingContent = 0
    defer { firstRecordOfLines = 0 }
    try convertBlocks(
      into: sink, streams: &streams,
      next: { () throws(FileIO.Failure) in
        try reader.nextLines(atMost: Self.blockSize, bytes: Self.blockBytes)
      },
      wouldWait: { reader.wouldWait },
      place: { DiagnosedDocument(file: name, part: .line($0.number)) })
    // Said once, after the lines' own errors, each of which alone does not say why: when
    // the first line left a value open and no line was JSON, as the lines of one document
    // are not, or some line was a value with more after it, as an array's elements are
    // with their commas, the last of them then JSON (a record cut short among good ones
    // is no such file, nor are lines that are JSON but fail to convert).
    if firstLineLeftOpen && linesNotJSON > 1
      && (linesNotJSON == read - firstRecordOfLines + 1 || linesWithTrailingContent > 0)
    {
      // An array is read as one from a regular file, not from standard input or a pipe.
      let several =
        readsArrays
        ? "for several give a folder of '.json' files or a JSON array"
        : "for several give a folder of '.json' files, or a JSON array in a file"
      let diagnostic = Diagnostic(
        .multiLineDocument,
        "batch reads one JSON document per line, and line 1 opens a value it does not close: "
          + "this looks like one document printed over several lines; for one payload use "
          + "'pushc convert', \(several)",
        at: .input(.root))
      Driver.show(
        diagnostic, in: DiagnosedDocument(file: name), as: options.diagnosticsFormat,
        streams: &streams)
    }
  }

  /// Converts the records of the blocks `next` reads until it gives an empty one, and
  /// writes their lines in order; `place` names a record for messages. The blocks being
  /// converted and the ones after are queued on the workers while this thread writes
  /// the one before and reads the next, so that the workers never wait for reading,
  /// writing, or each other at the end of a block; a block is not waited for when
  /// `wouldWait` says its records have not arrived yet, and those queued are answered
  /// first.
  private mutating func convertBlocks<Record>(
    into sink: StreamingOutput?, streams: inout some DriverStreams,
    next: () throws(FileIO.Failure) -> RecordBlock<Record>, wouldWait: () -> Bool,
    place: (Record) -> DiagnosedDocument
  ) throws(FileIO.Failure) {
    var queued: [(records: [Record], pending: RecordConverter.PendingOutcomes)] = []
    var atEnd = false
    while true {
      while !atEnd, queued.count < Self.blocksQueued {
        if !queued.isEmpty && wouldWait() { break }
        let block = try next()
        atEnd = block.records.isEmpty
        if !atEnd {
          queued.append(
            (
              block.records,
              converter.startConverting(block.records, joiningLines: true) {
                converter, record, text in
                block.withBytes(of: record) { converter.convert($0, appendingLineTo: &text) }
              }
            ))
        }
      }
      guard !queued.isEmpty else { return }
      let (records, pending) = queued.removeFirst()
      try write(pending.wait(), into: sink, streams: &streams) { place(records[$0]) }
    }
  }

  /// A file holding a JSON array (see ``InputKind``): its elements are the records, read
  /// a block at a time (``ArrayElementReader``). Where the text stops being an array,
  /// the rest of the file is one more record, which fails there. When it stops within
  /// the first block read, before any element is converted, the file may be NDJSON after
  /// all (``InputKind/isLines(afterUnparsedArray:)``, on its first bytes): then nothing
  /// is converted and the answer is false.
  private mutating func convertArray(
    _ input: String, into sink: StreamingOutput?, streams: inout some DriverStreams
  ) throws(FileIO.Failure) -> Bool {
    let limit = Self.recordLimit
    // Read by a descriptor of its own: the stream's stays at the start, for the lines
    // the file may turn out to hold.
    let descriptor = open(input, O_RDONLY)
    guard descriptor >= 0 else { throw FileIO.Failure(input, errno: errno) }
    defer { systemClose(descriptor) }
    var reader = ArrayElementReader(
      descriptor: descriptor, path: input, maxElementBytes: limit, blocksHeld: Self.blocksHeld)
    var first: ArrayElementReader.Block? = try reader.nextElements(
      atMost: Self.blockSize, bytes: Self.blockBytes)
    if reader.breakage != nil {
      // One byte beyond what is looked at tells whether those bytes end the file.
      var start = try FileIO.read(input, atMost: 4 * limit + 1)
      let endsFile = start.count <= 4 * limit
      if !endsFile { start.removeLast() }
      if InputKind.isLines(afterUnparsedArray: start, endsFile: endsFile) { return false }
    }
    try convertBlocks(
      into: sink, streams: &streams,
      next: { () throws(FileIO.Failure) in
        if let block = first.take() { return block }
        return try reader.nextElements(atMost: Self.blockSize, bytes: Self.blockBytes)
      },
      wouldWait: { false },
      place: {
        DiagnosedDocument(file: input, part: .element($0.index, line: $0.line, column: $0.column))
      }
    )
    guard let breakage = reader.breakage else { return true }
    let failure = RecordConverter.Outcome.failed(
      TranslationError.invalidJSON(breakage.error, text: reader.textStart))
    let block = RecordConverter.ConvertedBlock(
      outcomes: [failure], texts: [RecordConverter.placeholder])
    // The error is placed in the file already: the element's start is the file's.
    try write(block, into: sink, streams: &streams) { _ in
      DiagnosedDocument(file: input, part: .element(breakage.index))
    }
    return true
  }

  /// A folder of `.json` files: each is one record, written under `output` with the
  /// same relative name. A file that cannot be read, is not a regular file, or a folder
  /// in it that cannot be listed, is a record that fails; a record that fails leaves no
  /// file under its name. `output` is made even when there is nothing to write into it.
  private mutating func convertFolder(
    _ input: String, into output: String, streams: inout some DriverStreams
  ) throws(FileIO.Failure) {
    var listing = try FileIO.jsonFiles(under: input)
    // The report, written inside the input folder under a name other than `.json`, and
    // its temporary file are the run's own: not inputs, nor files passed over.
    if let reportFile = options.reportFile, OutputCollisions.lies(reportFile, inside: .init(input)),
      let own = report?.files
    {
      listing.skipped.removeAll {
        FileIO.FileIdentity(FileIO.joined(input, $0)).map(own.contains) == true
      }
    }
    noteMade(try FileIO.makeDirectories(output))
    for loop in listing.loops {
      let diagnostic = Diagnostic(
        .folderLoop, "this linked folder leads back into a folder it is in; not listed again",
        at: .input(.root))
      Driver.show(
        diagnostic, in: DiagnosedDocument(file: FileIO.joined(input, loop)),
        as: options.diagnosticsFormat, streams: &streams)
    }
    if !listing.skipped.isEmpty {
      // Said once, so that `A.JSON` or `a.json.txt` is not passed over without a word.
      let shown = listing.skipped.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
      let more = listing.skipped.count > 5 ? ", and \(listing.skipped.count - 5) more" : ""
      let diagnostic = Diagnostic(
        .skippedFiles,
        "\(listing.skipped.count) file\(listing.skipped.count == 1 ? "" : "s") not named '.json' "
          + "not read: \(shown)\(more)",
        at: .input(.root))
      Driver.show(
        diagnostic, in: DiagnosedDocument(file: input), as: options.diagnosticsFormat,
        streams: &streams)
    }
    let files = listing.files
    try prepareFolders(for: listing, of: input, in: output)
    // A file over the size limit is read no further than one byte beyond it, which is
    // enough for the reader to refuse it.
    let limit = Self.recordLimit
    var start = 0
    while start < files.count {
      let names = Array(files[start..<min(start + Self.filesPerBlock, files.count)])
      let contents = names.map { name in
        Result { () throws(FileIO.Failure) in
          if let failure = listing.unlisted[name] { throw failure }
          return try FileIO.read(FileIO.joined(input, name), atMost: limit + 1, regularOnly: true)
        }
      }
      let outcomes = converter.convert(contents) { converter, content, line in
        switch content {
        case .success(let bytes):
          bytes.withUnsafeBufferPointer { converter.convert($0, appendingLineTo: &line) }
        case .failure(let failure): .failed(failure.unreadableInput)
        }
      }
      for (name, outcome) in zip(names, outcomes) {
        try account(
          outcome, place: { DiagnosedDocument(file: FileIO.joined(input, name)) },
          streams: &streams)
        let target = FileIO.joined(output, name)
        guard let line = outcome.line else {
          // An output an earlier run left under this name would pass for this record's;
          // a name that is not UTF-8 is spelled otherwise here, naming no such output.
          if !listing.notUTF8.contains(name) { try FileIO.removeRegularFile(target) }
          continue
        }
        // A link left in the output folder is replaced, not written through: it could
        // lead anywhere, to an input among others.
        try FileIO.writeAtomically(line, to: target, followingLinks: false)
      }
      start += names.count
    }
  }

  /// Makes the folders under `output` that the outputs of the files `listing` found in
  /// `input` go in, and checks every output's place, before any record is converted: an
  /// output whose folder cannot be made or written (a file in the way of it, a folder
  /// without write permission, a linked folder leading into the input) stops the run
  /// before any file is replaced. Folders made
  /// for files that all fail are removed again at the end (``foldersForOutputs``).
  private mutating func prepareFolders(
    for listing: FileIO.FolderListing, of input: String, in output: String
  ) throws(FileIO.Failure) {
    let inputFolder = OutputCollisions.Place(input)
    // The folders made and checked so far: most hold many files, not always one after
    // another (`a/b.json`, `a/c/d.json`, `a/e.json` come in that order).
    var checked: Set<String> = []
    for name in listing.files
    where listing.unlisted[name] == nil && !listing.notUTF8.contains(name) {
      let target = FileIO.joined(output, name)
      func failure(_ reason: String) -> FileIO.Failure {
        FileIO.Failure(
          target, reason: "\(reason) (the output of '\(FileIO.joined(input, name))')",
          side: .output)
      }
      let folder = OutputCollisions.parent(of: target)
      if checked.insert(folder).inserted {
        do {
          let made = try FileIO.makeDirectories(folder)
          noteMade(made)
          foldersForOutputs += made
        } catch {
          throw failure(
            FileIO.exists(error.path)
              ? "the file '\(error.path)' is in the way of the folder it goes in"
              : "the folder '\(error.path)' it goes in cannot be made: \(error.reason)")
        }
        // A linked folder left in the output folder could lead back into the input.
        if OutputCollisions.Place(folder) == inputFolder
          || OutputCollisions.lies(folder, inside: inputFolder)
        {
          throw failure("a linked folder on its way leads into the input folder")
        }
        if access(folder, W_OK | X_OK) != 0 {
          throw failure(
            "its folder '\(folder)' cannot be written: \(String(cString: strerror(errno)).lowercased())"
          )
        }
      }
    }
  }

  /// Writes a block's lines in order; `place(i)` names the `i`th record for messages.
  private mutating func write(
    _ block: RecordConverter.ConvertedBlock, into sink: StreamingOutput?,
    streams: inout some DriverStreams, place: (Int) -> DiagnosedDocument
  ) throws(FileIO.Failure) {
    for index in block.outcomes.indices {
      try account(block.outcomes[index], place: { place(index) }, streams: &streams)
    }
    // A file takes each text as it comes; standard output takes the block as one text.
    if let sink {
      for text in block.texts { try sink.write(text) }
    } else {
      var text: [UInt8] = []
      text.reserveCapacity(block.texts.reduce(0) { $0 + $1.count })
      for chunk in block.texts { text.append(contentsOf: chunk) }
      streams.writeOutput(text)
      // A run whose records cannot be written stops now, rather than reading on to the
      // end of its input.
      if let failure = streams.outputFailure { throw failure }
    }
    showProgress(&streams)
  }

  /// Counts a record, reports a failure on standard error, and writes its report line.
  /// `place` says where the record lies; it is only worked out when a message or report
  /// needs it.
  private mutating func account(
    _ outcome: RecordConverter.Outcome, place: () -> DiagnosedDocument,
    streams: inout some DriverStreams
  ) throws(FileIO.Failure) {
    read += 1
    // The summary of a converted record's diagnostics is kept even without a report.
    if !outcome.failed && outcome.diagnostics.hasLoss { convertedWithLoss += 1 }
    guard outcome.failed || report != nil else {
      converted += 1
      return
    }
    let place = place()
    if outcome.failed {
      failed += 1
      if firstRecordOfLines > 0, let code = outcome.diagnostics.all.first?.code,
        code.isJSONSyntax
      {
        linesNotJSON += 1
        if code == .json(.trailingContent) { linesWithTrailingContent += 1 }
        if read == firstRecordOfLines && code == .json(.unexpectedEnd) { firstLineLeftOpen = true }
      }
      if let shown = options.failOn.reason(in: outcome.diagnostics) {
        Driver.show(
          shown, in: place, record: read, as: options.diagnosticsFormat, streams: &streams)
      }
    } else {
      converted += 1
    }
    try writeReport(place: place, record: read, outcome: outcome)
  }

  /// Writes the record's report line: the object `{"record", "source", "status",
  /// "diagnostics"}` as the compact writer writes it, made directly from its parts.
  private func writeReport(
    place: DiagnosedDocument, record: Int, outcome: RecordConverter.Outcome
  ) throws(FileIO.Failure) {
    guard let report else { return }
    var line = JSONWriter.compactText { builder in
      builder.beginObject()
      builder.member(ReportName.record, number: JSONNumber(record))
      builder.member(ReportName.source, string: place.source)
      builder.member(
        ReportName.status, string: outcome.failed ? ReportName.failed : ReportName.converted)
      builder.name(ReportName.diagnostics)
      builder.beginArray()
      for diagnostic in outcome.diagnostics {
        DiagnosticRenderer.write(diagnostic, in: place, record: record, into: &builder)
      }
      builder.endArray()
      builder.endObject()
    }
    line.append(UInt8(ascii: "\n"))
    try report.write(line)
  }

  /// The names and fixed values of a report line, prepared once.
  private enum ReportName {
    static let record = PreparedString("record")
    static let source = PreparedString("source")
    static let status = PreparedString("status")
    static let diagnostics = PreparedString("diagnostics")
    static let failed = PreparedString("failed")
    static let converted = PreparedString("converted")
  }

  private mutating func showProgress(_ streams: inout some DriverStreams) {
    guard streams.errorIsTerminal, options.diagnosticsFormat == .text else { return }
    // Records written to the terminal show the progress themselves.
    if recordsToStandardOutput && streams.outputIsTerminal { return }
    let now = FileIO.monotonicSeconds()
    guard now - lastProgress >= 0.5 else { return }
    lastProgress = now
    let rate = Int(Double(read) / max(now - started, 0.001))
    streams.writeError(Driver.clearLine + "pushc: \(read) records, \(rate)/s, \(failed) failed")
  }
}
