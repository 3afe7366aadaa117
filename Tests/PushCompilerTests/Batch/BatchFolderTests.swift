import Foundation
import PushCompiler
import PushIR
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder input whose parts cannot all be read: a folder in it that cannot be listed,
/// a `.json` name that is no regular file, and a folder with nothing in it.
extension BatchTests {
  /// Makes folders inside each other under `base` until the innermost one's path is
  /// longer than any path the system takes (`PATH_MAX`), so that it cannot be listed even
  /// by root; returns that path.
  func foldersTooDeepToList(under base: String) throws -> String {
    let name = String(repeating: "d", count: 200)
    var path = base
    var descriptor = open(base, O_RDONLY | O_DIRECTORY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    while path.utf8.count < Int(PATH_MAX) {
      try #require(mkdirat(descriptor, name, 0o755) == 0)
      let inner = openat(descriptor, name, O_RDONLY | O_DIRECTORY)
      try #require(inner >= 0)
      close(descriptor)
      descriptor = inner
      path += "/" + name
    }
    return path
  }

  /// Removes `path` and everything in it, however deep (`rm` walks it by descriptors).
  func removeTree(_ path: String) throws {
    let remover = Process()
    remover.executableURL = URL(fileURLWithPath: "/bin/rm")
    remover.arguments = ["-rf", path]
    try remover.run()
    remover.waitUntilExit()
  }

  /// A folder that cannot be listed is one record that fails, at the folder's path; the
  /// other files are converted and the counts reconcile.
  @Test func aFolderThatCannotBeListedIsAFailedRecord() throws {
    let input = folder.appendingPathComponent("in").path
    _ = try file("in/a.json", Self.payload)
    _ = try file("in/z.json", Self.payload)
    try FileManager.default.createDirectory(
      atPath: input + "/deep", withIntermediateDirectories: false)
    defer { try? removeTree(input + "/deep") }
    let unlisted = try foldersTooDeepToList(under: input + "/deep")
    let listing = try FileIO.jsonFiles(under: input)
    let relative = String(unlisted.dropFirst(input.count + 1))
    #expect(listing.files == ["a.json", relative, "z.json"])
    #expect(listing.unlisted[relative]?.reason == "file name too long")
    let (code, streams, output, report) = convertToKlaviyo(input)
    #expect(code == .failed)
    #expect(
      streams.error.hasPrefix(
        "\(unlisted): error: cannot read '\(unlisted)': file name too long [input.unreadable]\n"))
    #expect(streams.error.hasSuffix("pushc: 3 records read: 2 converted, 1 failed\n"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: output).sorted() == ["a.json", "z.json"])
    let sources = try reported("source", in: report)
    #expect(sources == [.string(input + "/a.json"), .string(unlisted), .string(input + "/z.json")])
  }

  /// Without the permission to list a folder (which root always has), it fails the same way.
  @Test(.enabled(if: geteuid() != 0, "root lists any folder"))
  func aFolderWithoutPermissionIsAFailedRecord() throws {
    let input = folder.appendingPathComponent("in").path
    _ = try file("in/a.json", Self.payload)
    _ = try file("in/locked/b.json", Self.payload)
    try #require(chmod(input + "/locked", 0) == 0)
    defer { chmod(input + "/locked", 0o755) }
    let output = folder.appendingPathComponent("out").path
    let (code, streams) = run(["batch", "-f", "auto", "-t", "klaviyo", input, "-o", output])
    #expect(code == .failed)
    #expect(
      streams.error.hasPrefix(
        "\(input)/locked: error: cannot read '\(input)/locked': permission denied [input.unreadable]\n"
      ))
    #expect(streams.error.hasSuffix("pushc: 2 records read: 1 converted, 1 failed\n"))
  }

  /// A `.json` name that is a pipe is a record that fails without being opened for a
  /// read that would wait for a writer for ever; a device fails alike, and a link to a
  /// regular file is read as the file.
  @Test func aFolderEntryThatIsNoRegularFileIsAFailedRecord() throws {
    let pushc = try #require(BuiltPushc.path, "build pushc first (swift build)")
    let input = folder.appendingPathComponent("in").path
    _ = try file("in/a.json", Self.payload)
    try #require(mkfifo(input + "/p.json", 0o644) == 0)
    let manager = FileManager.default
    try manager.createSymbolicLink(atPath: input + "/device.json", withDestinationPath: "/dev/null")
    try manager.createSymbolicLink(atPath: input + "/link.json", withDestinationPath: "a.json")
    let socket = try boundSocket(at: input + "/s.json")
    defer { close(socket) }
    let output = folder.appendingPathComponent("out").path
    let errors = folder.appendingPathComponent("errors.txt").path
    let child = try #require(
      BuiltPushc.spawn(
        [pushc, "batch", "-f", "auto", "-t", "klaviyo", input, "-o", output], errors: errors))
    let status = try #require(BuiltPushc.wait(for: child, within: 30), "the run did not end")
    #expect((status >> 8) & 0xFF == ExitCode.failed.rawValue)
    let text = try String(contentsOfFile: errors, encoding: .utf8)
    #expect(
      text == """
        \(input)/device.json: error: cannot read '\(input)/device.json': not a regular file [input.unreadable]
        \(input)/p.json: error: cannot read '\(input)/p.json': not a regular file [input.unreadable]
        \(input)/s.json: error: cannot read '\(input)/s.json': not a regular file [input.unreadable]
        pushc: 5 records read: 2 converted, 3 failed

        """)
    #expect(try manager.contentsOfDirectory(atPath: output).sorted() == ["a.json", "link.json"])
    #expect(
      manager.contents(atPath: output + "/link.json")
        == manager.contents(atPath: output + "/a.json"))
  }

  /// A Unix socket bound at `path` (which cannot be opened as a file); its descriptor.
  func boundSocket(at path: String) throws -> Int32 {
    #if canImport(Glibc)
      let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    try #require(descriptor >= 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0)
    return descriptor
  }

  /// An empty folder gives an empty output folder: the run read no record and succeeded.
  @Test func anEmptyFolderGivesAnEmptyOutputFolder() throws {
    let input = folder.appendingPathComponent("empty").path
    try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: false)
    let output = folder.appendingPathComponent("made/out").path
    let (code, streams) = run(["batch", "-f", "apns", "-t", "klaviyo", input, "-o", output])
    #expect(code == .success)
    #expect(streams.error == "pushc: 0 records read: 0 converted, 0 failed\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: output).isEmpty)
  }

  /// A run that fails leaves behind no folder it made: not the output folder's missing
  /// parents, not a report's folder; a folder that was there stays.
  @Test func aFailedRunLeavesNoFolderItMade() throws {
    let input = folder.appendingPathComponent("in").path
    _ = try file("in/a.json", Self.payload)
    let tooLong = String(repeating: "d", count: 256)
    let kept = folder.appendingPathComponent("kept").path
    try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: false)
    let attempts = [
      ["-o", kept + "/n1/n2/" + tooLong],
      ["-o", kept + "/out", "--report", kept + "/out/logs/" + tooLong],
    ]
    for attempt in attempts {
      let (code, _) = run(["batch", "-f", "klaviyo", "-t", "klaviyo", input] + attempt)
      #expect(code == .cannotCreateOutput)
      #expect(try FileManager.default.contentsOfDirectory(atPath: kept) == [], "\(attempt)")
    }
  }

  /// A report inside the output folder the run makes is written there, in a folder of
  /// its own there too, when the folder does not exist yet as when it does.
  @Test func aReportInsideAnOutputFolderNotMadeYetIsWritten() throws {
    let input = folder.appendingPathComponent("in").path
    _ = try file("in/a.json", Self.payload)
    let output = folder.appendingPathComponent("made/out").path
    let report = output + "/logs/report.jsonl"
    let arguments = [
      "batch", "-f", "klaviyo", "-t", "klaviyo", input, "-o", output, "--report", report,
    ]
    for _ in 0..<2 {
      let (code, streams) = run(arguments)
      #expect(code == .success, "\(streams.error)")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: output).sorted() == ["a.json", "logs"])
      #expect(FileManager.default.fileExists(atPath: report))
    }
  }
}
