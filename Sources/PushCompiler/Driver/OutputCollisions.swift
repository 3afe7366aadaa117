#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The outputs of a `convert` or `batch` run checked against its inputs and against each
/// other, before anything is read or written: an output that would replace an input (or the
/// `--defaults` file), standard output redirected to an input while something is written
/// there, standard error redirected to an input or an output (refused without a word, which
/// would land there: ``standardErrorIsRunFile(_:standardInput:standardError:)``), an output
/// folder that is, holds or lies inside the input folder, a `.json` report inside the input
/// or output folder, `-o` and `--report` naming one file (one character device,
/// `/dev/null`, may take both), the report and the records both on standard output (however
/// it is named: `-`, `/dev/stdout`, the file it is redirected to), and two inputs naming
/// one pipe or device (`/dev/stdin` beside `-`) are each a usage error.
///
/// Paths that exist are compared by device and inode, so that `a`, `./a` and a symbolic
/// link to `a` are one file; a path that names nothing yet, by its absolute spelling from
/// the real path of its deepest folder that exists (so a linked folder on the way counts
/// where it leads).
enum OutputCollisions {
  /// What a path names.
  enum Place: Equatable {
    /// An existing file or folder.
    case node(FileIO.FileIdentity)
    /// Nothing yet: the normalised absolute path where a file would be.
    case absent(String)

    init(_ info: stat) { self = .node(FileIO.FileIdentity(info)) }

    /// What `path` names, or would name once written (through a symbolic link, the file
    /// it leads to).
    init(_ path: String) {
      let target = (try? FileIO.replacedFile(path)) ?? path
      var info = stat()
      self = stat(target, &info) == 0 ? Place(info) : .absent(OutputCollisions.absolute(target))
    }

    /// The regular file open as `descriptor`, if it is one.
    init?(descriptor: Int32) {
      var info = stat()
      guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
      self.init(info)
    }
  }

  /// The folder among the inputs of a `batch` run, if any: the first input naming one.
  static func inputFolder(of options: CommandLineOptions) -> String? {
    options.command == .batch ? inputFolder(among: options.inputs) : nil
  }

  /// The first of a `batch` run's `inputs` naming a folder, if any.
  static func inputFolder(among inputs: [String]) -> String? {
    inputs.first { $0 != "-" && FileIO.isDirectory($0) }
  }

  /// What is wrong with a folder input of `options`, as a usage message, or nil: it
  /// must be the only input, and its outputs need a folder (`-o FOLDER`, not standard
  /// output however it is named). Checked before the other paths, which it decides
  /// how to compare.
  static func folderInputProblem(in options: CommandLineOptions) -> String? {
    guard let folder = inputFolder(of: options) else { return nil }
    guard options.inputs.count == 1 else {
      return "'\(folder)' is a folder: a folder input must be the only input"
    }
    guard let output = options.output, !FileIO.isStandardOutput(output) else {
      return "a folder input needs -o FOLDER for its outputs"
    }
    return nil
  }

  /// What is wrong when one stream would be read twice, as a usage message, or nil:
  /// whichever read comes first takes everything. Two `batch` inputs naming one pipe or
  /// device (`/dev/stdin` beside `-`, a named pipe twice), and a `--defaults` file that
  /// is an input (standard input's pipe, device or file included), for `convert` and
  /// `batch` alike (``defaultsReadAsInput(in:standardInput:)``). (Two inputs naming one
  /// regular file, standard input redirected from one included, are each read from its
  /// start.)
  static func streamNamedTwice(in options: CommandLineOptions, standardInput: Int32?)
    -> String?
  {
    if let problem = defaultsReadAsInput(in: options, standardInput: standardInput) {
      return problem
    }
    guard options.command == .batch else { return nil }
    var seen: [(input: String, identity: FileIO.FileIdentity)] = []
    for input in options.inputs {
      guard let identity = streamIdentity(of: input, standardInput: standardInput) else {
        continue
      }
      if let first = seen.first(where: { $0.identity == identity }) {
        let (named, dash) = first.input == "-" ? (input, true) : (first.input, input == "-")
        return dash
          ? "'\(named)' is standard input, given as '-' too: it can be read only once"
          : "'\(named)' and '\(input)' are one pipe or device: it can be read only once"
      }
      seen.append((input, identity))
    }
    return nil
  }

  /// What is wrong when the `--defaults` file of a `convert` or `batch` run is what the
  /// payload or the records are read from, as a usage message, or nil. Compared by device
  /// and inode (`/dev/stdin` is the file or stream standard input is open on; `-` is a
  /// file there): a pipe or device, standard input's or one named as an input, would be
  /// taken whole by whichever read comes first; a regular file (standard input
  /// redirected from it, `--defaults /dev/stdin < records.ndjson`, or named as an input)
  /// would have to hold both the defaults and the records; so would a `.json` file of a
  /// folder input, each of which is a record. A defaults file that is standard input by
  /// name is refused beside records read from it when standard input has no descriptor
  /// to compare.
  private static func defaultsReadAsInput(
    in options: CommandLineOptions, standardInput: Int32?
  ) -> String? {
    // `--defaults -` names a file called `-`, which the defaults file is opened as.
    guard let defaults = options.defaultsFile, defaults != "-" else { return nil }
    let files = NamedFiles(options)
    let inputs = files.inputs
    if let folder = files.folder, let place = readPlaces(of: files, standardInput: nil).first,
      inputFolderFile(Place(defaults), of: files, inputs: [place]) != nil
    {
      return
        "--defaults '\(defaults)' is a .json file of the input folder '\(folder)', each of which is read as a record: one file cannot hold both the defaults and a record"
    }
    let records = options.command == .batch ? "the records" : "the payload"
    let read = options.command == .batch ? "the records are" : "the payload is"
    var info = stat()
    let defaultsIdentity =
      stat(defaults, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR
      ? FileIO.FileIdentity(info) : nil
    for input in inputs.isEmpty ? ["-"] : inputs {
      // How the message names the input: standard input by the name it was given as.
      let named = input == "-" && inputs.isEmpty ? "" : " (as '\(input)')"
      let fromStandardInput = FileIO.isStandardInput(input)
      // Standard input with no descriptor to look at: known by the name alone.
      if fromStandardInput, standardInput == nil, FileIO.isStandardInput(defaults) {
        return
          "--defaults '\(defaults)' is standard input, which \(read) read from too\(named): it can be read only once"
      }
      guard let found = identity(of: input, standardInput: standardInput) else { continue }
      guard found.identity == defaultsIdentity else { continue }
      switch (found.isRegularFile, fromStandardInput) {
      case (false, true):
        return
          "--defaults '\(defaults)' is standard input, \(found.kind), which \(read) read from too\(named): it can be read only once"
      case (false, false):
        return
          "--defaults '\(defaults)' and the input '\(input)' are one pipe or device: it can be read only once"
      case (true, true):
        return
          "--defaults '\(defaults)' is the file standard input reads, which \(read) read from too\(named): one file cannot hold both the defaults and \(records)"
      case (true, false):
        return
          "--defaults '\(defaults)' is the input '\(input)' too: one file cannot hold both the defaults and \(records)"
      }
    }
    return nil
  }

  /// The identity of what `input` names (`-`: what standard input is open on, through
  /// its descriptor when it is a real one), whether it is a regular file, and what kind
  /// of stream it is otherwise (`a pipe`), for messages; nil for a folder or what cannot be found.
  private static func identity(of input: String, standardInput: Int32?)
    -> (identity: FileIO.FileIdentity, isRegularFile: Bool, kind: String)?
  {
    var info = stat()
    let found =
      input == "-"
      ? standardInput.map { fstat($0, &info) == 0 } ?? false : stat(input, &info) == 0
    let type = info.st_mode & S_IFMT
    guard found, type != S_IFDIR else { return nil }
    let kind =
      switch type {
      case S_IFCHR, S_IFBLK: "a terminal or device"
      case S_IFSOCK: "a socket"
      default: "a pipe"
      }
    return (FileIO.FileIdentity(info), type == S_IFREG, kind)
  }

  /// The identity of the pipe or device `input` names (`-`: the one standard input is,
  /// through its descriptor when it is a real one); nil for a regular file or a folder,
  /// which can be read more than once, or for what cannot be found.
  private static func streamIdentity(of input: String, standardInput: Int32?)
    -> FileIO.FileIdentity?
  {
    guard let found = identity(of: input, standardInput: standardInput), !found.isRegularFile
    else { return nil }
    return found.identity
  }

  /// What is wrong with the paths of `options`, as a usage message, or nil; a folder
  /// input is taken to be as ``folderInputProblem(in:)`` requires.
  /// `standardInput` and `standardOutput` are the descriptors of those streams, when they
  /// are real ones; standard error is checked before
  /// (``standardErrorIsRunFile(_:standardInput:standardError:)``).
  static func problem(
    in options: CommandLineOptions, standardInput: Int32?, standardOutput: Int32?
  ) -> String? {
    let batch = options.command == .batch
    // What the command line names, each input looked at once.
    let files = NamedFiles(options)
    let folder = files.folder
    let records = options.output ?? "-"
    let recordsToStandardOutput = folder == nil && FileIO.isStandardOutput(records)
    let report = batch ? options.reportFile : nil
    let reportToStandardOutput = report.map(FileIO.isStandardOutput) ?? false
    // Standard output a device named by its path (`--report /dev/null` with `>/dev/null`)
    // may take both: as for `-o` and `--report` naming one device, nothing is replaced.
    let namedDevice = [records, report ?? "-"].contains {
      $0 != "-" && FileIO.isCharacterDevice($0)
    }
    if recordsToStandardOutput, reportToStandardOutput, !namedDevice, let report {
      return "--report \(report == "-" ? "-" : "'\(report)'") and the records"
        + (records == "-" ? "" : " (-o '\(records)')") + " would both go to standard output; "
        + "give one of them a file (-o FILE or --report FILE)"
    }
    var outputs: [(option: String, path: String)] = []
    if records != "-" { outputs.append(("-o", records)) }
    if let report, report != "-" { outputs.append(("--report", report)) }
    // Standard output redirected to a file (`>> FILE`), which must not be one the run reads.
    let standardOutputFile =
      recordsToStandardOutput || reportToStandardOutput
      ? standardOutput.flatMap { Place(descriptor: $0) } : nil
    guard !outputs.isEmpty || standardOutputFile != nil else { return nil }

    let inputs = readPlaces(of: files, standardInput: standardInput)
    if let file = standardOutputFile {
      if let input = inputs.first(where: { $0.place == file }) {
        return "standard output is \(input.name): the run would write into what it reads; "
          + "redirect it elsewhere"
      }
      if let name = inputFolderFile(file, of: files, inputs: inputs) {
        return "standard output is '\(name)' of the input folder: "
          + "the run would write into what it reads; redirect it elsewhere"
      }
    }
    for output in outputs {
      let named = "\(output.option) '\(output.path)'"
      let place = Place(output.path)
      if let input = inputs.first(where: { $0.place == place }) {
        return "\(named) is \(input.name): writing there would replace it"
      }
      guard let folder, let folderPlace = inputs.first?.place else { continue }
      // The output folder's files are `.json` files, and so may be a report: inside the
      // input folder, a later run would read them as inputs.
      let isFolderOutput = output.option == "-o"
      guard isFolderOutput || output.path.hasSuffix(".json") else { continue }
      if lies(output.path, inside: folderPlace) {
        return "\(named) lies inside the input folder '\(folder)': write it elsewhere"
      }
      if isFolderOutput, lies(folder, inside: place) {
        return "\(named) holds the input folder '\(folder)': write it elsewhere"
      }
    }
    if outputs.count == 2 {
      let (output, report) = (outputs[0].path, outputs[1].path)
      // Two outputs to one device (`/dev/null`) replace nothing.
      if Place(output) == Place(report), !FileIO.isCharacterDevice(output) {
        return
          "-o '\(output)' and --report '\(report)' name the same file: one would replace the other"
      }
      if folder != nil, report.hasSuffix(".json"), lies(report, inside: Place(output)) {
        return "--report '\(report)' lies inside the output folder '\(output)', "
          + "where a converted file may take its name"
      }
    }
    return nil
  }

  /// The files a command line names, as standard error is compared with them: what the
  /// run reads (its operands, standard input when it is read, the `--defaults` file) and
  /// what it writes (`-o`, `--report`). Built from the parsed options, or, for a command
  /// line that is refused, by ``init(scanning:)``, so that the refusal is not written
  /// into one of them either.
  struct NamedFiles: Equatable {
    /// The operands, `-` (standard input) included.
    var inputs: [String] = []
    /// The `-o` and `--report` paths.
    var outputs: [String] = []
    /// The `--defaults` paths.
    var defaults: [String] = []
    /// The folder among the inputs of a `batch` run, if any.
    var folder: String?
    /// Whether the run reads standard input: no input is named, or `-` is.
    var readsStandardInput = true

    init(inputs: [String] = [], outputs: [String] = [], defaults: [String] = []) {
      self.inputs = inputs
      self.outputs = outputs
      self.defaults = defaults
      readsStandardInput = inputs.isEmpty || inputs.contains("-")
    }

    /// The files of a command line `parse` accepted.
    init(_ options: CommandLineOptions) {
      self.init(
        inputs: options.command == .batch ? options.inputs : options.input.map { [$0] } ?? [],
        outputs: [options.output, options.command == .batch ? options.reportFile : nil]
          .compactMap { $0 },
        defaults: options.defaultsFile.map { [$0] } ?? [])
      folder = OutputCollisions.inputFolder(of: options)
    }

    /// The files `arguments` name, read without refusing anything: the operands, and the
    /// value of each `-o`, `--report` and `--defaults`, every one when an option is
    /// repeated. An unknown option is taken to have no value, so the word after it
    /// counts as an operand; a command that reads no payload (`formats`, `passes`)
    /// reads no standard input.
    init(scanning arguments: [String]) {
      var words = CommandLineWords(arguments)
      var command: CommandLineOptions.Command?
      var inputs: [String] = []
      var outputs: [String] = []
      var defaults: [String] = []
      while let word = words.next() {
        switch word {
        case .operands(let operands): inputs += operands
        case .operand(let argument):
          if command == nil, let named = CommandLineOptions.Command(rawValue: argument) {
            command = named
          } else {
            inputs.append(argument)
          }
        case .option(_, let spec?, let value?) where spec.valueName != nil:
          switch spec.long {
          case "--output", "--report": outputs.append(value)
          case "--defaults": defaults.append(value)
          default: break
          }
        case .option: break
        }
      }
      self.init(inputs: inputs, outputs: outputs, defaults: defaults)
      if command == .batch {
        folder = OutputCollisions.inputFolder(among: inputs)
      }
      if let command, [.formats, .passes, .help, .version].contains(command) {
        readsStandardInput = false
      }
    }
  }

  /// What the run of `options` reads, named for messages: its inputs (a folder input
  /// first), the file standard input reads when it is read, and the `--defaults` file.
  private static func readPlaces(of files: NamedFiles, standardInput: Int32?)
    -> [(name: String, place: Place)]
  {
    var inputs: [(name: String, place: Place)] = files.inputs.filter { $0 != "-" }.map {
      ("the input\($0 == files.folder ? " folder" : "") '\($0)'", Place($0))
    }
    if files.readsStandardInput, let descriptor = standardInput,
      let place = Place(descriptor: descriptor)
    {
      inputs.append(("the file standard input reads", place))
    }
    for path in files.defaults {
      inputs.append(("the --defaults file '\(path)'", Place(path)))
    }
    return inputs
  }

  /// The path of the `.json` file of the input folder of `files` that `file` is, if it
  /// is one: looked for only when `file` is on the folder's device.
  private static func inputFolderFile(
    _ file: Place, of files: NamedFiles, inputs: [(name: String, place: Place)]
  ) -> String? {
    guard let folder = files.folder, case .node(let written) = file,
      case .node(let held)? = inputs.first?.place, written.device == held.device,
      let name = (try? FileIO.jsonFiles(under: folder))?.files.first(where: {
        Place(FileIO.joined(folder, $0)) == file
      })
    else { return nil }
    return FileIO.joined(folder, name)
  }

  /// Whether standard error (`standardError`, when it is a real descriptor) is a file
  /// the run of a command line naming `files` reads (an input, a `.json` file of the
  /// input folder, the file standard input reads, the `--defaults` file) or writes (`-o`,
  /// `--report`). Read back, each message would be a record that fails, whose message is
  /// read back in turn; written into an output or an input, it corrupts it. Such a run is
  /// a usage error that writes nothing at all, its own message included, which would
  /// land there; a command line refused for another reason is checked too, with what it
  /// names (``NamedFiles/init(scanning:)``), before its refusal is written.
  static func standardErrorIsRunFile(
    _ files: NamedFiles, standardInput: Int32?, standardError: Int32?
  ) -> Bool {
    guard let file = standardError.flatMap({ Place(descriptor: $0) }) else { return false }
    let inputs = readPlaces(of: files, standardInput: standardInput)
    if inputs.contains(where: { $0.place == file }) { return true }
    // An output naming standard output or error is written there, where it stands.
    if files.outputs.contains(where: {
      !FileIO.isStandardOutput($0) && !FileIO.isStandardError($0) && Place($0) == file
    }) {
      return true
    }
    return inputFolderFile(file, of: files, inputs: inputs) != nil
  }

  /// Whether what `path` names (or would name) lies inside `folder`, at any depth. A
  /// folder that does not exist yet holds the paths its absolute path begins.
  static func lies(_ path: String, inside folder: Place) -> Bool {
    guard case .absent(let folderPath) = folder else {
      return folders(holding: path).contains(folder)
    }
    guard case .absent(let absolutePath) = Place(path) else { return false }
    return absolutePath.hasPrefix(folderPath + "/")
  }

  /// The folders that hold what `path` names (or would name), from the nearest up to
  /// the root, followed through the file system itself (`..`), so that symbolic links
  /// on the way count as they lead.
  static func folders(holding path: String) -> [Place] {
    let target = (try? FileIO.replacedFile(path)) ?? path
    var info = stat()
    var current: String
    if stat(target, &info) == 0 {
      current = info.st_mode & S_IFMT == S_IFDIR ? target + "/.." : parent(of: target)
    } else {
      current = parent(of: target)
      while stat(current, &info) != 0, current != ".", current != "/" {
        current = parent(of: current)
      }
    }
    var found: [Place] = []
    // Deeper than any real tree; the root is its own parent, where the walk stops.
    for _ in 0..<1024 {
      guard stat(current, &info) == 0 else { break }
      let place = Place(info)
      guard place != found.last else { break }
      found.append(place)
      current += "/.."
    }
    return found
  }

  /// The folder part of `path`, without resolving anything: `.` for a bare name.
  static func parent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
  }

  /// The absolute path of `path`, which names nothing yet: the real path of its deepest
  /// folder that exists (symbolic links on the way resolved), followed by the parts
  /// below it, or, when no folder of it resolves, `.` and `..` worked out from the
  /// working directory.
  static func absolute(_ path: String) -> String {
    var existing = path
    var missing: [Substring] = []
    while true {
      let folder = parent(of: existing)
      if let name = existing.split(separator: "/").last { missing.insert(name, at: 0) }
      if let real = realpath(folder, nil) {
        defer { free(real) }
        return normalized(String(cString: real), missing)
      }
      guard folder != ".", folder != "/" else { break }
      existing = folder
    }
    var start = path
    if !path.hasPrefix("/"), let directory = getcwd(nil, 0) {
      start = String(cString: directory) + "/" + path
      free(directory)
    }
    return normalized("", start.split(separator: "/"))
  }

  /// `base` followed by `parts`, each `.` dropped and each `..` taking away the part
  /// before it.
  private static func normalized(_ base: String, _ parts: [Substring]) -> String {
    var kept: [Substring] = []
    for part in parts where part != "." {
      if part == ".." { _ = kept.popLast() } else { kept.append(part) }
    }
    guard !kept.isEmpty else { return base.isEmpty ? "/" : base }
    return (base == "/" ? "" : base) + "/" + kept.joined(separator: "/")
  }
}
