import Foundation
import PushCompiler
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Links in and above an output folder: a file of the folder replaces a link at its
/// own path instead of writing through it, and a path under a linked folder that does
/// not exist yet is compared where the link leads.
extension OutputSafetyTests {
  /// A link left in the output folder, even one leading to an input, is replaced by the
  /// converted file; what it led to is untouched.
  @Test func aLinkInAnOutputFolderIsReplacedNotFollowed() throws {
    try file("in2/a.json", Self.record)
    let other = #"{"aps": {"alert": "two"}, "body": {"_k": "k2"}}"#
    try file("in2/b.json", other)
    try file("elsewhere.json", "old")
    try makeFolder("out2")
    try link("out2/a.json", to: "../in2/b.json")
    try link("out2/b.json", to: "../elsewhere.json")
    let (code, streams) = run(Self.batch + [folder + "/in2", "-o", folder + "/out2"])
    #expect(code == .success, "\(streams.error)")
    #expect(contents("in2/b.json") == other)
    #expect(contents("elsewhere.json") == "old")
    for name in ["a.json", "b.json"] {
      let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/out2/" + name)
      #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    }
    #expect(contents("out2/a.json")?.contains("one") == true)
    #expect(contents("out2/b.json")?.contains("two") == true)
  }

  /// A linked folder left in the output folder that leads back into the input stops the
  /// run before anything is written through it: the input it leads to is untouched.
  @Test func aLinkedFolderInTheOutputFolderLeadingIntoTheInputStopsTheRun() throws {
    try file("in3/nested/b.json", Self.record)
    try makeFolder("out3")
    try link("out3/nested", to: "../in3/nested")
    let (code, streams) = run(Self.batch + [folder + "/in3", "-o", folder + "/out3"])
    #expect(code == .cannotCreateOutput)
    #expect(
      streams.error.contains(
        "cannot write '\(folder)/out3/nested/b.json': a linked folder on its way leads into the input folder"
      ))
    #expect(contents("in3/nested/b.json") == Self.record)
  }
}

extension OutputSafetyTests {
  /// Paths under a folder that does not exist yet, below a linked folder, are compared
  /// where the link leads, however each is spelled: the clash is refused before anything
  /// is written.
  @Test(arguments: [
    (["DIR/payloads", "-o", "DIR/link/out", "--report", "DIR/link/out/r.json"], "output folder"),
    (["DIR/payloads", "-o", "DIR/real/out", "--report", "DIR/link/out/r.json"], "output folder"),
    (["DIR/payloads", "-o", "DIR/link/out", "--report", "DIR/real/out/./r.json"], "output folder"),
    (
      ["DIR/in.ndjson", "-o", "DIR/link/new/x", "--report", "DIR/real/new/x"],
      "-o 'DIR/link/new/x' and --report 'DIR/real/new/x' name the same file"
    ),
    (
      ["DIR/in.ndjson", "-o", "DIR/link/new/a/../x", "--report", "DIR/real/new/x"],
      "name the same file"
    ),
  ])
  func pathsBelowALinkedFolderThatDoNotExistYetCollide(_ arguments: [String], _ message: String)
    throws
  {
    try file("in.ndjson")
    try file("payloads/a.json", Self.record)
    try makeFolder("real")
    try link("link", to: "real")
    let before = entries()
    let (code, streams) = run(
      Self.batch + arguments.map { $0.replacingOccurrences(of: "DIR", with: folder) })
    #expect(code == .usage)
    #expect(
      streams.error.contains(message.replacingOccurrences(of: "DIR", with: folder)),
      "\(streams.error)")
    #expect(entries() == before)
  }
}

extension OutputSafetyTests {
  /// A folder input with other inputs, or without an output folder, is a usage error
  /// like any other (with the hint), found before the outputs are compared and before
  /// the `--defaults` file is read.
  @Test(arguments: [
    (
      ["DIR/payloads", "DIR/in.ndjson", "-o", "DIR/payloads"],
      "a folder input must be the only input"
    ),
    (["DIR/in.ndjson", "DIR/payloads", "-o", "DIR/out"], "a folder input must be the only input"),
    (["DIR/payloads", "--defaults", "DIR/absent.json"], "a folder input needs -o FOLDER"),
    (["DIR/payloads", "-o", "-", "--report", "-"], "a folder input needs -o FOLDER"),
    (
      ["DIR/payloads", "DIR/payloads", "-o", "DIR/out", "--defaults", "DIR/absent.json"],
      "a folder input must be the only input"
    ),
  ])
  func folderInputMistakesAreUsageErrorsFoundFirst(_ arguments: [String], _ message: String)
    throws
  {
    try file("in.ndjson")
    try file("payloads/a.json", Self.record)
    let before = entries()
    let (code, streams) = run(
      Self.batch + arguments.map { $0.replacingOccurrences(of: "DIR", with: folder) })
    #expect(code == .usage)
    #expect(
      streams.error.hasPrefix("pushc: ") && streams.error.contains(message), "\(streams.error)")
    #expect(streams.error.hasSuffix("\nrun 'pushc --help' for usage\n"))
    #expect(streams.output.isEmpty)
    #expect(entries() == before)
  }
}
