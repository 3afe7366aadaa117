/// The exit codes of `pushc`, after BSD `sysexits.h`. Documented in README.md.
public enum ExitCode: Int32, Sendable, CaseIterable {
  /// Success.
  case success = 0
  /// `validate` found problems, or `--fail-on` was tripped; nothing was written.
  case failed = 1
  /// The command line is wrong.
  case usage = 64
  /// The input is not JSON, not a payload of the source format, or cannot be translated.
  case dataError = 65
  /// An input file cannot be opened or read.
  case noInput = 66
  /// The output file cannot be written.
  case cannotCreateOutput = 73
}
