import Foundation
import PushCompiler
import Testing

/// `pushc COMMAND --help` describes that command: its usage and the options it accepts,
/// the ones the command line accepts for it, and no other.
@Suite struct CommandHelpTests {
  /// The long names of the options a help text lists.
  static func listedOptions(_ help: String) -> Set<String> {
    var names: Set<String> = []
    for line in help.split(separator: "\n")
    where line.hasPrefix("  ") && line.drop { $0 == " " }.hasPrefix("-") {
      for word in line.split(separator: " ") where word.hasPrefix("--") {
        names.insert(String(word.trimmingCharacters(in: [","])))
        break
      }
    }
    return names
  }

  /// Every long option, for probing which ones a command accepts.
  static let everyOption = listedOptions(runPushc(["--help"]).1.outputText)

  @Test(arguments: ["convert", "validate", "detect", "batch", "formats", "passes"])
  func helpOfACommandListsWhatItAccepts(_ command: String) throws {
    let (code, streams) = runPushc([command, "--help"])
    #expect(code == .success)
    #expect(streams.error.isEmpty)
    let help = streams.outputText
    #expect(help.hasPrefix("usage: pushc \(command)"), "\(help)")
    #expect(!help.contains("usage: pushc convert") || command == "convert")
    #expect(Self.everyOption.count > 10)
    // An option is listed exactly when the command does not refuse it as not applying.
    for option in Self.everyOption {
      let value = ["--diagnostics": "json", "--fail-on": "error", "--set": "a=b"][option] ?? "x"
      let (_, probe) = runPushc([command, option, value])
      let refused = probe.error.contains("'\(option)' does not apply to '\(command)'")
      #expect(
        Self.listedOptions(help).contains(option) == !refused,
        "\(command) \(option): listed \(Self.listedOptions(help).contains(option)), refused \(refused)"
      )
    }
  }

  /// Standard input is read when no input is given, so the usage says the inputs are
  /// optional.
  @Test func batchInputsAreOptional() {
    let global = runPushc(["--help"]).1.outputText
    #expect(global.contains("pushc batch --from FORMAT|auto --to FORMAT [INPUT...]"))
    #expect(!global.contains(" INPUT... "))
    let batch = runPushc(["batch", "--help"]).1.outputText
    #expect(batch.hasPrefix("usage: pushc batch --from FORMAT|auto --to FORMAT [INPUT...]"))
    #expect(batch.contains("standard input"))
  }
}

extension CommandHelpTests {
  /// `pushc` alone is a usage mistake like any other: the usage on standard error, exit
  /// 64, nothing on standard output; `pushc --help` still answers on standard output.
  @Test func noArgumentsIsAUsageError() {
    let (code, streams) = runPushc([])
    #expect(code == .usage)
    #expect(streams.output.isEmpty)
    #expect(streams.error.hasPrefix("pushc: no command given\nusage: pushc convert "))
    #expect(streams.error.contains("\n       pushc batch "))
    #expect(streams.error.hasSuffix("run 'pushc --help' for usage\n"))
    let (helpCode, help) = runPushc(["--help"])
    #expect(helpCode == .success)
    #expect(help.error.isEmpty)
    #expect(help.outputText.hasPrefix("usage: pushc convert "))
  }
}

extension CommandHelpTests {
  /// The exit codes a help lists, in order: the numbers of its `exit codes:` paragraph.
  static func listedExitCodes(_ help: String) -> [Int32] {
    guard let start = help.range(of: "exit codes: ") else { return [] }
    return help[start.upperBound...].split(separator: ";").compactMap {
      Int32($0.drop { $0 == " " || $0 == "\n" }.prefix { $0.isNumber })
    }
  }

  /// Each command's help lists the exit codes that command can return, and no other:
  /// `detect` has neither a validation nor `--fail-on` (no 1), `validate` writes nothing
  /// to standard output (no 73), `formats` and `passes` read nothing (no 65, 66).
  @Test(arguments: [
    ("convert", [0, 1, 64, 65, 66, 73] as [Int32]),
    ("validate", [0, 1, 64, 65, 66]),
    ("detect", [0, 64, 65, 66, 73]),
    ("batch", [0, 1, 64, 65, 66, 73]),
    ("formats", [0, 64, 73]),
    ("passes", [0, 64, 73]),
  ])
  func helpOfACommandListsItsExitCodes(_ command: String, _ codes: [Int32]) {
    let help = runPushc([command, "--help"]).1.outputText
    #expect(Self.listedExitCodes(help) == codes, "\(help)")
    if command == "detect" {
      #expect(!help.contains("--fail-on") && !help.contains("validation"), "\(help)")
    }
  }

  /// The help of every command lists every exit code, each once.
  @Test func helpListsEveryExitCode() {
    let help = runPushc(["--help"]).1.outputText
    #expect(Self.listedExitCodes(help) == ExitCode.allCases.map(\.rawValue), "\(help)")
    #expect(help.contains("1 validation failed or --fail-on tripped"), "\(help)")
  }

  /// A command's help describes its options as that command uses them: no option line
  /// speaks of another command (`batch --help` does not say that `--fail-on` writes
  /// nothing and exits 65 as `convert` does, nor `validate --help` how `batch` fails a
  /// record).
  @Test(arguments: ["convert", "validate", "detect", "batch"])
  func helpOfACommandDescribesItsOptionsForIt(_ command: String) {
    let help = runPushc([command, "--help"]).1.outputText
    let optionLines = help.split(separator: "\n").filter {
      $0.hasPrefix("  ") && $0.drop { $0 == " " }.hasPrefix("-")
    }
    for other in ["convert", "validate", "detect", "batch"] where other != command {
      for line in optionLines {
        #expect(!line.contains(other), "\(command) --help: \(line)")
      }
    }
  }
}

extension CommandHelpTests {
  /// `--help` answers wherever it stands, even beside a mistake in another option, which
  /// is reported only when no help is asked for.
  @Test(arguments: [
    ["convert", "--bogus", "--help"], ["convert", "--help", "--bogus"],
    ["convert", "--help", "-o"], ["convert", "--fail-on", "never", "--help"],
  ])
  func helpAnswersBesideAMistake(_ arguments: [String]) {
    let (code, streams) = runPushc(arguments)
    #expect(code == .success)
    #expect(streams.outputText == runPushc(["convert", "--help"]).1.outputText)
    #expect(streams.error.isEmpty)
    let (mistake, _) = runPushc(arguments.filter { $0 != "--help" })
    #expect(mistake == .usage)
  }

  /// `--help`, `-h` and `--version` where an option's value is expected are the request,
  /// not the value: no file named `--help` is written, no format named `--version` looked
  /// for. A file so named is given as `./--help`.
  @Test(arguments: ["--help", "-h", "--version"])
  func helpAndVersionAreNoOptionValue(_ request: String) throws {
    let folder = try TemporaryFolder.make("help-value")
    let input = try TemporaryFolder.write(
      Array(#"{"aps": {"alert": "hi"}}"#.utf8), to: "s.json", in: folder)
    let expected = runPushc(request == "--version" ? ["--version"] : ["convert", "--help"])
    for arguments in [
      ["convert", "-f", "apns", "-t", "apns", input, "-o", request],
      ["convert", "--from", request], ["convert", "--set", request],
    ] {
      let (code, streams) = runPushc(arguments)
      #expect(code == .success, "\(arguments) \(streams.error)")
      #expect(streams.outputText == expected.1.outputText, "\(arguments)")
      #expect(streams.error.isEmpty, "\(arguments) \(streams.error)")
    }
    #expect(!FileManager.default.fileExists(atPath: request))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["s.json"])
    let named = folder.appendingPathComponent(request).path
    let (code, _) = runPushc(["convert", "-f", "apns", "-t", "apns", input, "-o", named])
    #expect(code == .success)
    #expect(FileManager.default.fileExists(atPath: named))
  }

  /// `pushc help COMMAND` is `pushc COMMAND --help`; the usage names both.
  @Test func helpAsACommandTakesTheCommandItDescribes() {
    let (code, streams) = runPushc(["help", "batch"])
    #expect(code == .success)
    #expect(streams.outputText == runPushc(["batch", "--help"]).1.outputText)
    #expect(runPushc(["help"]).1.outputText == runPushc(["--help"]).1.outputText)
    #expect(runPushc(["--help"]).1.outputText.contains("pushc help [COMMAND]"))
    #expect(runPushc(["help", "nonsense"]).0 == .usage)
  }

  /// A mistake after `pushc help` names the word at fault, as after `pushc` itself.
  @Test(arguments: [
    (["help", "convert", "extra"], "unexpected argument 'extra'"),
    (
      ["help", "foo"],
      "'foo' is not a command; the word after 'help' is one of convert, validate, detect, batch, formats, passes, help, version"
    ),
    (
      ["foo"],
      "'foo' is not a command; the first word is one of convert, validate, detect, batch, formats, passes, help, version"
    ),
  ])
  func helpNamesTheWordAtFault(_ arguments: [String], _ message: String) {
    let (code, streams) = runPushc(arguments)
    #expect(code == .usage)
    #expect(streams.output.isEmpty)
    #expect(streams.error == "pushc: \(message)\nrun 'pushc --help' for usage\n")
  }

  /// `pushc help help`, like `pushc help --help`, shows help's own usage.
  @Test func helpOfHelpIsItsUsage() {
    let (code, streams) = runPushc(["help", "help"])
    #expect(code == .success)
    let help = streams.outputText
    #expect(help.hasPrefix("usage: pushc help [COMMAND]\n"), "\(help)")
    #expect(help.contains("'pushc help COMMAND' is 'pushc COMMAND --help'"), "\(help)")
    #expect(Self.listedOptions(help) == ["--help", "--version"], "\(help)")
    #expect(Self.listedExitCodes(help) == [0, 64, 73], "\(help)")
    #expect(runPushc(["help", "--help"]).1.outputText == help)
  }
}
