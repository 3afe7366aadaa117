import PushIR

/// The parsed command line. Parsing is table-driven: ``OptionSpec/all`` is the one list
/// of options, and the usage text is generated from it.
public struct CommandLineOptions: Sendable, Equatable {
  /// What `pushc` is asked to do.
  public enum Command: String, Sendable, CaseIterable {
    case convert, validate, detect, batch, formats, passes, help, version
  }

  /// How diagnostics are written to standard error.
  public enum DiagnosticsFormat: String, Sendable, CaseIterable { case text, json }

  /// Which diagnostics make the run fail (exit 1, nothing written).
  public enum FailOn: String, Sendable, CaseIterable {
    /// Only errors (always).
    case error
    /// Any warning.
    case warning
    /// Any diagnostic that reports lost information.
    case lossy

    /// Whether `found` makes the run (or a batch record) fail at this level.
    public func isTripped(by found: Diagnostics) -> Bool {
      switch self {
      case .error: found.hasErrors
      case .warning: (found.worstSeverity ?? .note) >= .warning
      case .lossy: found.hasErrors || found.hasLoss
      }
    }

    /// Whether `diagnostic` alone makes the run fail at this level.
    public func isTripped(by diagnostic: Diagnostic) -> Bool {
      switch self {
      case .error: diagnostic.severity == .error
      case .warning: diagnostic.severity >= .warning
      case .lossy: diagnostic.severity == .error || diagnostic.code.isLossy
      }
    }

    /// The diagnostic that names why a record of `found` failed: its first error, or else
    /// the most serious of those that trip this level (the first of equals), so that a
    /// record failed by `lossy` is named by a loss, not by a more serious warning that
    /// lost nothing; the most serious of all when none trips it.
    public func reason(in found: Diagnostics) -> Diagnostic? {
      if let error = found.all.first(where: { $0.severity == .error }) { return error }
      let tripping = found.all.filter(isTripped(by:))
      return (tripping.isEmpty ? found.all : tripping).max { $0.severity < $1.severity }
    }
  }

  /// The command the line asks for: its command word, or `help` or `version` when
  /// `--help` or `--version` is given.
  public var command: Command = .help
  /// The command `--help` was given after (`pushc batch --help`): the help describes it
  /// alone; `nil` for the help of every command.
  public var helpTopic: Command?
  /// `--from`: the id of the input's format, or `auto` to detect it.
  public var from: String?
  /// `--to`: the id of the format to write.
  public var to: String?
  /// The one input of `convert`, `validate` and `detect`: a path, or `-` or `nil` for
  /// standard input.
  public var input: String?
  /// Every positional input (`batch` takes several).
  public var inputs: [String] = []
  /// `--report FILE` (`batch`).
  public var reportFile: String?
  /// `-o`/`--output`: where `convert` or `batch` writes (a file, or for a folder input
  /// a folder); `-` or `nil` for standard output.
  public var output: String?
  /// `--diagnostics`: how diagnostics are written to standard error.
  public var diagnosticsFormat: DiagnosticsFormat = .text
  /// `--fail-on`: which diagnostics make the run, or a batch record, fail.
  public var failOn: FailOn = .error
  /// `--set NAME=VALUE`: values for fields of the target's output, by name.
  public var settings: [String: String] = [:]
  /// `--option NAME[=VALUE]`: options of the target's emitter, or of the source's reader
  /// (fcm's `inner=`), as given.
  public var options: Set<String> = []
  /// `--passes`: the names of the passes to run (empty for `none`); `nil` for every
  /// standard pass.
  public var passes: Set<String>?
  /// `--dump-after`: the pass, or `parse`, after which `convert` writes the document to
  /// standard error.
  public var dumpAfter: String?
  /// `--compact`: the output is written on one line.
  public var compact = false
  /// `--fit`: the body text is shortened when the payload would exceed the target's
  /// size.
  public var fit = false
  /// `--defaults FILE`: the path of a JSON object of values for required fields.
  public var defaultsFile: String?

  /// Parses `arguments` (without the program name).
  public static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
    var parsed = CommandLineOptions()
    var words = CommandLineWords(arguments)
    var positional: [String] = []
    /// The command word given, if any.
    var named: Command?
    /// `--help` or `--version` was given: it answers whatever else the line holds.
    var helpAsked = false
    /// The options given, each with the name it was written by (`-o` or `--output`).
    var optionsGiven: [(spec: OptionSpec, name: String)] = []
    var repeats = RepeatedOptions()
    /// The first mistake in an option, raised once the whole line is read: a `--help` or
    /// `--version` anywhere answers instead.
    var mistake: UsageError?
    while let word = words.next() {
      let spec: OptionSpec
      let value: String?
      let writtenAs: String
      switch word {
      case .operands(let operands):
        positional.append(contentsOf: operands)
        continue
      case .operand(let argument):
        if named == nil, !helpAsked, let command = Command(rawValue: argument) {
          parsed.command = command
          named = command
        } else {
          positional.append(argument)
        }
        continue
      case .option(let name, nil, _):
        mistake = mistake ?? UsageError("unknown option '\(name)'")
        continue
      case .option(let name, let known?, let optionValue):
        if known.valueName != nil, optionValue == nil {
          mistake = mistake ?? UsageError("'\(name)' needs a value")
          continue
        } else if known.valueName == nil, optionValue != nil {
          mistake = mistake ?? UsageError("'\(name)' takes no value")
          continue
        }
        (spec, value, writtenAs) = (known, optionValue, name)
      }
      do {
        try spec.apply(value ?? "", &parsed)
      } catch {
        mistake = mistake ?? error
        continue
      }
      optionsGiven.append((spec, writtenAs))
      repeats.record(spec, value ?? "", writtenAs: writtenAs)
      if spec.long == "--help" || spec.long == "--version" { helpAsked = true }
    }
    if helpAsked {
      // After a command, `--help` describes it (`pushc help --help`, help itself; `pushc
      // help batch --help`, batch).
      if parsed.command == .help, let named {
        parsed.helpTopic =
          named == .help ? positional.first.flatMap(Command.init(rawValue:)) ?? .help : named
      }
      return parsed
    }
    if let mistake { throw mistake }
    // `pushc help batch` is `pushc batch --help`.
    if named == .help, let first = positional.first {
      guard let topic = Command(rawValue: first) else {
        throw Self.notACommand(first, "the word after 'help' is one of")
      }
      guard positional.count == 1 else {
        throw UsageError("unexpected argument '\(positional[1])'")
      }
      parsed.helpTopic = topic
      return parsed
    }
    if let repeated = repeats.first { throw repeated }
    if named == nil, let first = positional.first {
      throw Self.notACommand(first, "the first word is one of")
    }
    if let stray = optionsGiven.first(where: { !$0.spec.commands.contains(parsed.command) }) {
      throw UsageError(
        named != nil
          ? "'\(stray.name)' does not apply to '\(parsed.command.rawValue)'"
          : "'\(stray.name)' needs a command: convert, validate, detect or batch")
    }
    if positional.contains("") { throw UsageError("an empty argument names no input") }
    for (option, path) in [
      ("-o", parsed.output), ("--report", parsed.reportFile), ("--defaults", parsed.defaultsFile),
    ] where path == "" {
      throw UsageError("\(option) needs a path; an empty one names no file")
    }
    try parsed.takeInputs(positional)
    try parsed.checkFormatsGiven()
    return parsed
  }

  /// The mistake of giving `word` where a command is expected: the commands are listed
  /// after `lead` ("the first word is one of").
  private static func notACommand(_ word: String, _ lead: String) -> UsageError {
    let commands = Command.allCases.map(\.rawValue).joined(separator: ", ")
    return UsageError("'\(word)' is not a command; \(lead) \(commands)")
  }

  /// Takes the positional arguments as the command's inputs: any number for `batch`
  /// (standard input once at most), one at most for `convert`, `validate` and `detect`,
  /// none for the others.
  private mutating func takeInputs(_ positional: [String]) throws(UsageError) {
    switch command {
    case .batch:
      guard positional.filter({ $0 == "-" }).count <= 1 else {
        throw UsageError("standard input ('-') can be read only once")
      }
      inputs = positional
    case .convert, .validate, .detect:
      guard positional.count <= 1 else {
        throw UsageError("one input at most; found \(positional.joined(separator: ", "))")
      }
      input = positional.first
    default:
      guard positional.isEmpty else { throw UsageError("unexpected argument '\(positional[0])'") }
    }
  }

  /// Refuses a command without the formats it needs: `--from` for `convert`, `validate`
  /// and `batch`, `--to` for `convert` and `batch`.
  private func checkFormatsGiven() throws(UsageError) {
    switch command {
    case .batch:
      guard from != nil, to != nil else {
        throw UsageError("'batch' needs --from FORMAT|auto and --to FORMAT")
      }
    case .convert, .validate:
      guard from != nil else { throw UsageError("'\(command.rawValue)' needs --from FORMAT") }
      if command == .convert, to == nil { throw UsageError("'convert' needs --to FORMAT") }
    default: break
    }
  }
}

/// The options of a command line as they are given, to find the first repeat that
/// changes something: an option that takes one value given again with another, or a
/// `--set` field or `--option` name given again with another value; refused unless
/// `--help` answers. The same option with the same value again (a wrapper script adding
/// its defaults to the user's) loses nothing, and is taken once.
private struct RepeatedOptions {
  /// What each option was given as, and the name it was written by, by its long name
  /// (and for `--set` and `--option`, the name before `=`).
  private var seen: [String: (value: String, writtenAs: String)] = [:]
  /// The mistake of the first repeat that changes something, if any.
  private(set) var first: UsageError?

  /// Notes `spec` given with `value` (empty for an option that takes none), written as
  /// `writtenAs`. A repeat is named as it was written both times (`-o`), or by its long
  /// name when the two differ.
  mutating func record(_ spec: OptionSpec, _ value: String, writtenAs: String) {
    guard first == nil else { return }
    let key = spec.repeatable ? spec.long + " " + value.prefix { $0 != "=" } : spec.long
    if let earlier = seen[key] {
      guard earlier.value != value else { return }
      let name = earlier.writtenAs == writtenAs ? writtenAs : spec.long
      first = spec.repeatedError(earlier.value, value, writtenAs: name)
    } else {
      seen[key] = (value, writtenAs)
    }
  }
}

/// A command-line mistake; `pushc` prints it with the usage hint and exits 64.
public struct UsageError: Error, Sendable, Equatable {
  /// Lower case, no final period.
  public var message: String
  init(_ message: String) { self.message = message }
}

/// One command-line option: its spellings, its help line, and what it sets.
struct OptionSpec: Sendable {
  /// The long spelling (`--output`), by which messages name the option.
  let long: String
  /// The short spelling (`-o`), if any.
  let short: String?
  /// What its value is called in the help (`FILE`); `nil` for an option that takes no
  /// value.
  let valueName: String?
  /// Its line in the help, after its spellings.
  let help: String
  /// Its line in the help of one command, where that command uses it otherwise than
  /// `help` says for all of them together (`--fail-on` in `batch` fails a record).
  let commandHelp: [CommandLineOptions.Command: String]
  /// The commands it applies to; given to another command (`formats` and `passes` take
  /// none but `--help` and `--version`), it is a usage error rather than ignored.
  let commands: Set<CommandLineOptions.Command>
  /// Whether it may be given more than once with different values (`--set`, `--option`:
  /// once for each name before `=`; `--help`, `--version`). Any other given twice with
  /// two values is a usage error naming both, never the last one taken silently; given
  /// again with the same value, it is taken once.
  let repeatable: Bool
  /// Sets its value (empty for an option that takes none) in the options being parsed;
  /// throws when the value is malformed.
  let apply: @Sendable (String, inout CommandLineOptions) throws(UsageError) -> Void

  init(
    long: String, short: String?, valueName: String?,
    commands: Set<CommandLineOptions.Command> = [.convert, .batch], repeatable: Bool = false,
    help: String, commandHelp: [CommandLineOptions.Command: String] = [:],
    apply: @escaping @Sendable (String, inout CommandLineOptions) throws(UsageError) -> Void
  ) {
    self.long = long
    self.short = short
    self.valueName = valueName
    self.help = help
    self.commandHelp = commandHelp
    self.commands = commands
    self.repeatable = repeatable
    self.apply = apply
  }

  /// The mistake of giving this option again as `second`, after `first`, another value
  /// (for `--set` and `--option`, of the same name): both are named, in the order given,
  /// and the option as `writtenAs`.
  func repeatedError(_ first: String, _ second: String, writtenAs: String) -> UsageError {
    let values = "('\(first)', '\(second)')"
    guard repeatable else {
      return UsageError("'\(writtenAs)' is given twice \(values); give it once")
    }
    let name = first.prefix { $0 != "=" }
    return UsageError("\(writtenAs) '\(name)' is given twice \(values); give it once")
  }

  /// `--option`'s line in the help of the commands that write a target format.
  private static let emitterOptionHelp =
    "an emitter option of the target format (see 'pushc formats'), or fcm's inner=FORMAT when reading fcm; one value per name"

  /// Every option `pushc` takes, in the order the help lists them.
  static let all: [OptionSpec] = [
    OptionSpec(
      long: "--from", short: "-f", valueName: "FORMAT",
      commands: [.convert, .validate, .batch], help: "format of the input (see 'pushc formats')"
    ) {
      $1.from = $0
    },
    OptionSpec(long: "--to", short: "-t", valueName: "FORMAT", help: "format to write") {
      $1.to = $0
    },
    OptionSpec(
      long: "--output", short: "-o", valueName: "FILE",
      help: "write here (atomically) instead of standard output"
    ) {
      $1.output = $0
    },
    OptionSpec(
      long: "--report", short: nil, valueName: "FILE",
      commands: [.batch], help: "batch: write one JSON line per record (status, diagnostics) here"
    ) {
      $1.reportFile = $0
    },
    OptionSpec(
      long: "--set", short: nil, valueName: "NAME=VALUE", repeatable: true,
      help:
        "value for a field of the target (e.g. _k=abc; see 'pushc formats'); one value per field"
    ) {
      (value, options) throws(UsageError) in
      guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
        throw UsageError("--set takes NAME=VALUE, found '\(value)'")
      }
      options.settings[String(value[..<equals])] = String(value[value.index(after: equals)...])
    },
    OptionSpec(
      long: "--defaults", short: nil, valueName: "FILE",
      help: "a JSON object of NAME: \"VALUE\" for required fields; --set wins"
    ) { $1.defaultsFile = $0 },
    OptionSpec(
      long: "--option", short: nil, valueName: "NAME[=VALUE]",
      commands: [.convert, .validate, .batch], repeatable: true,
      help:
        "an emitter option of the target format (see 'pushc formats'), or fcm's inner=FORMAT when reading fcm (validate takes that alone); one value per name",
      commandHelp: [
        .convert: emitterOptionHelp,
        .validate:
          "fcm's inner=FORMAT when reading fcm, the format of its apns.payload; the only option taken here",
        .batch: emitterOptionHelp,
      ]
    ) {
      $1.options.insert($0)
    },
    OptionSpec(
      long: "--diagnostics", short: nil, valueName: "text|json",
      commands: [.convert, .validate, .detect, .batch],
      help: "how diagnostics are written to standard error (default text)"
    ) {
      (value, options) throws(UsageError) in
      guard let format = CommandLineOptions.DiagnosticsFormat(rawValue: value) else {
        throw UsageError("--diagnostics takes 'text' or 'json', found '\(value)'")
      }
      options.diagnosticsFormat = format
    },
    OptionSpec(
      long: "--fail-on", short: nil, valueName: "error|warning|lossy",
      commands: [.convert, .validate, .batch],
      help:
        "on such a diagnostic exit 1, writing nothing (convert's errors: 65); batch: that record fails; default error",
      commandHelp: [
        .convert:
          "on such a diagnostic exit 1, writing nothing (an error diagnostic: 65); default error",
        .validate: "on such a diagnostic exit 1; default error",
        .batch:
          "on such a diagnostic the record fails (exit 1), the others are written; default error",
      ]
    ) {
      (value, options) throws(UsageError) in
      guard let level = CommandLineOptions.FailOn(rawValue: value) else {
        throw UsageError("--fail-on takes 'error', 'warning' or 'lossy', found '\(value)'")
      }
      options.failOn = level
    },
    OptionSpec(
      long: "--passes", short: nil, valueName: "NAME,…|none",
      help: "run only these passes, in the standard order (see 'pushc passes')"
    ) {
      (value, options) throws(UsageError) in
      let names = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      // An empty name is a slip (`a,,b`, `""`), not a request for fewer passes.
      guard !names.contains("") else {
        throw UsageError(
          "--passes '\(value)' names an empty pass; give names separated by single commas, or 'none'"
        )
      }
      options.passes = value == "none" ? [] : Set(names)
    },
    OptionSpec(
      long: "--dump-after", short: nil, valueName: "PASS|parse",
      commands: [.convert], help: "print the document after that pass to standard error"
    ) {
      $1.dumpAfter = $0
    },
    OptionSpec(
      long: "--fit", short: nil, valueName: nil,
      help: "shorten the body text when the payload would exceed 4096 bytes"
    ) { _, options in options.fit = true },
    OptionSpec(long: "--compact", short: nil, valueName: nil, help: "write the output on one line")
    { $1.compact = true },
    OptionSpec(
      long: "--help", short: "-h", valueName: nil,
      commands: Set(CommandLineOptions.Command.allCases), repeatable: true,
      help: "show this help"
    ) { _, options in
      options.command = .help
    },
    OptionSpec(
      long: "--version", short: nil, valueName: nil,
      commands: Set(CommandLineOptions.Command.allCases), repeatable: true,
      help: "show the version"
    ) {
      _, options in options.command = .version
    },
  ]

  /// Each command's usage line.
  static func usageLine(of command: CommandLineOptions.Command) -> String {
    switch command {
    case .convert: "pushc convert --from FORMAT|auto --to FORMAT [FILE|-] [-o FILE] [options]"
    case .validate: "pushc validate --from FORMAT|auto [FILE|-] [options]"
    case .detect: "pushc detect [FILE|-] [options]"
    case .batch:
      "pushc batch --from FORMAT|auto --to FORMAT [INPUT...] [-o OUTPUT] [--report FILE] [options]"
    case .formats: "pushc formats"
    case .passes: "pushc passes"
    case .help: "pushc help [COMMAND]"
    case .version: "pushc --version"
    }
  }

  /// What each command does, one line.
  static func summary(of command: CommandLineOptions.Command) -> String {
    switch command {
    case .convert: "translate one payload"
    case .validate: "check one payload against its vendor's specification"
    case .detect: "name the format of one payload, with the keys that decided"
    case .batch: "convert NDJSON, JSON arrays or folders of .json, record by record"
    case .formats: "list the formats and what each can express"
    case .passes: "list the passes in the order they run"
    case .help: "show the usage of every command, or of COMMAND alone"
    case .version: "show the version"
    }
  }

  /// The commands the help describes, in order.
  static let describedCommands: [CommandLineOptions.Command] = [
    .convert, .validate, .detect, .batch, .formats, .passes,
  ]

  /// The width of the help's column of options (`-o, --output FILE`), before their help.
  private static let optionColumnWidth = 34

  /// The width of the help's column of command names, before what each does.
  private static let commandColumnWidth = 9

  /// One line per option of `options`, each as `command` uses it when one is named.
  private static func optionLines(
    _ options: [OptionSpec], for command: CommandLineOptions.Command? = nil
  ) -> [String] {
    options.map { spec in
      var flag = spec.short.map { "\($0), " } ?? "    "
      flag += spec.long + (spec.valueName.map { " \($0)" } ?? "")
      let help = command.flatMap { spec.commandHelp[$0] } ?? spec.help
      return "  " + flag.paddedColumn(width: optionColumnWidth) + help
    }
  }

  /// What each exit code means, and the commands that can return it for that reason:
  /// the one table every help's exit codes are drawn from.
  private static let exitCodes:
    [(code: ExitCode, meaning: String, commands: Set<CommandLineOptions.Command>)] = [
      (.success, "ok", Set(CommandLineOptions.Command.allCases)),
      (.failed, "validation failed", [.validate]),
      (.failed, "--fail-on tripped", [.convert, .validate, .batch]),
      (.failed, "a record failed", [.batch]),
      (.usage, "usage", Set(CommandLineOptions.Command.allCases)),
      (.dataError, "bad or untranslatable input", [.convert, .validate, .detect]),
      (.dataError, "bad --defaults file", [.convert, .batch]),
      (.noInput, "input unreadable", [.convert, .validate, .detect, .batch]),
      // Standard output, where `formats`, `passes` and `detect` write too.
      (
        .cannotCreateOutput, "output not writable",
        [.convert, .detect, .batch, .formats, .passes, .help, .version]
      ),
    ]

  /// The exit codes `commands` can return, for the help: each code once, in order, with
  /// its meanings for them.
  private static func exitCodeLines(of commands: Set<CommandLineOptions.Command>) -> [String] {
    var entries: [(code: ExitCode, meanings: [String])] = []
    for entry in exitCodes where !entry.commands.isDisjoint(with: commands) {
      if entries.last?.code == entry.code {
        entries[entries.count - 1].meanings.append(entry.meaning)
      } else {
        entries.append((entry.code, [entry.meaning]))
      }
    }
    let text =
      "exit codes: "
      + entries.map { "\($0.code.rawValue) \($0.meanings.joined(separator: " or "))" }
      .joined(separator: "; ") + "."
    // Wrapped at the width of the help's other prose.
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > 86 {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return lines + [line]
  }

  /// The usage lines of every command, as the help begins.
  static var synopsis: String {
    let lines =
      ["usage: " + usageLine(of: .convert)]
      + describedCommands.dropFirst().map { "       " + usageLine(of: $0) }
      + ["       pushc COMMAND --help | pushc help [COMMAND] | pushc --help | pushc --version"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The help text: commands, then one line per option.
  static var usage: String {
    var lines = [String(synopsis.dropLast())]
    lines += [
      "",
      "Translates iOS push-notification payloads between vendors through one canonical IR,",
      "reporting everything that could not be carried over. Input defaults to standard",
      "input, output to standard output.",
      "",
      "commands:",
    ]
    lines += describedCommands.map {
      "  " + $0.rawValue.paddedColumn(width: commandColumnWidth) + summary(of: $0)
    }
    lines += ["", "options:"] + optionLines(all) + [""]
    lines += exitCodeLines(of: Set(describedCommands))
    return lines.joined(separator: "\n") + "\n"
  }

  /// The help of `command` alone: its usage, what it does, and the options it accepts
  /// (the same table that refuses the others).
  static func usage(of command: CommandLineOptions.Command) -> String {
    var lines = ["usage: " + usageLine(of: command)]
    lines += [
      "", summary(of: command).prefix(1).uppercased() + summary(of: command).dropFirst() + ".",
    ]
    switch command {
    case .convert:
      lines.append("The input defaults to standard input ('-'), the output to standard output.")
    case .validate:
      lines.append("The input defaults to standard input ('-'); findings go to standard error.")
    case .detect:
      lines.append(
        "The input defaults to standard input ('-'); the format and its evidence go to standard output."
      )
    case .batch:
      lines.append(
        "INPUT: NDJSON or JSON-array files, or one folder of .json files; none, or '-', is "
          + "standard input.")
    case .help:
      lines += [
        "COMMAND: one of \(CommandLineOptions.Command.allCases.map(\.rawValue).joined(separator: ", "));",
        "'pushc help COMMAND' is 'pushc COMMAND --help'.",
      ]
    default: break
    }
    lines +=
      ["", "options:"]
      + optionLines(all.filter { $0.commands.contains(command) }, for: command)
    lines += [""] + exitCodeLines(of: [command])
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  /// This text as a column `width` characters wide, padded with spaces, for the next
  /// column to begin at the same place on every line; a text as wide or wider gets one
  /// space, so that the columns stay apart.
  func paddedColumn(width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}

/// A command line read word by word, as the parser and the check of standard error
/// (``OutputCollisions/NamedFiles/init(scanning:)``) both take it.
struct CommandLineWords {
  /// One word, or the words an option takes with it.
  enum Word {
    /// A word that is no option: the command's name or an operand (`-` included).
    case operand(String)
    /// Every word after `--`, each an operand.
    case operands([String])
    /// The option written `name`, `spec` when pushc has one of that name. `value` is
    /// what follows its `=`, or, for an option that takes a value, the next word; `nil`
    /// when there is none.
    case option(name: String, spec: OptionSpec?, value: String?)
  }

  private var rest: ArraySlice<String>

  init(_ arguments: [String]) { rest = arguments[...] }

  /// The next word, `nil` after the last.
  mutating func next() -> Word? {
    guard let argument = rest.popFirst() else { return nil }
    if argument == "--" {
      defer { rest = [] }
      return .operands(Array(rest))
    }
    if argument == "-" || !argument.hasPrefix("-") { return .operand(argument) }
    var name = argument
    var value: String?
    if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
      name = String(argument[..<equals])
      value = String(argument[argument.index(after: equals)...])
    }
    let spec = OptionSpec.all.first { $0.long == name || $0.short == name }
    if value == nil, spec?.valueName != nil, let next = rest.first,
      !Self.answersWherever.contains(next)
    {
      value = rest.popFirst()
    }
    return .option(name: name, spec: spec, value: value)
  }

  /// The words that ask for the help or the version wherever they stand, even where an
  /// option's value is expected (`-o --help`): they are never taken as its value, which
  /// is then missing. A file so named is given as `./--help`, or as `--output=--help`.
  static let answersWherever: Set<String> = ["--help", "-h", "--version"]
}
