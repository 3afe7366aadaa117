import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `pushc-bench`'s command line: values after `=`, and a `--keep` folder that is made
/// when missing or named when it cannot be.
@Suite struct BenchCommandLineTests {
  let folder: String

  init() throws {
    folder = try TemporaryFolder.make("bench").path
  }

  /// Runs the `pushc-bench` built beside `pushc`: its exit status and standard output.
  func bench(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let pushc = try #require(BuiltPushc.path, "build pushc first (swift build)")
    let bench = (pushc as NSString).deletingLastPathComponent + "/pushc-bench"
    let output = folder + "/bench.txt"
    let status = try #require(
      BuiltPushc.run([bench] + arguments, output: output), "pushc-bench did not end")
    return (status, try String(contentsOfFile: output, encoding: .utf8))
  }

  static let quick = [
    "--records", "10", "--runs", "1", "--cold-runs", "1", "--golden", GoldenFiles.root.path,
  ]

  @Test func aMissingKeepFolderIsMadeWithItsParents() throws {
    let kept = folder + "/new/kept"
    let (status, output) = try bench(Self.quick + ["--keep", kept])
    #expect(status == 0, "\(output)")
    #expect(output.contains("10 records per archive"))
    #expect(FileManager.default.fileExists(atPath: kept + "/mixed.ndjson"))
  }

  @Test func aKeepFolderThatCannotBeMadeIsNamed() throws {
    let blocker = folder + "/file"
    try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
    let (status, output) = try bench(Self.quick + ["--keep", "\(blocker)/kept"])
    #expect(status == 73)
    #expect(
      output
        == "pushc-bench: cannot make the --keep folder '\(blocker)/kept': '\(blocker)': not a directory\n"
    )
  }

  /// (arguments, exit status, what standard output starts with)
  @Test(arguments: [
    (["--records=0"], 64, "pushc-bench: '--records' needs a whole number of at least 1, not '0'"),
    (["--seed="], 64, "pushc-bench: '--seed' needs a whole number, not ''"),
    (["--help=yes"], 64, "pushc-bench: '--help' takes no value"),
    (["--frobnicate=1"], 64, "pushc-bench: unknown option '--frobnicate'"),
    (
      ["--keep=/dev/null/kept"], 73,
      "pushc-bench: cannot make the --keep folder '/dev/null/kept': '/dev/null': not a directory"
    ),
  ])
  func valuesAfterAnEqualsSignAreRead(_ arguments: [String], _ expected: Int32, _ message: String)
    throws
  {
    let (status, output) = try bench(arguments)
    #expect(status == expected)
    #expect(output.hasPrefix(message + "\n"))
  }
}
