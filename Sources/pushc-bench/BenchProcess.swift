#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of another program: how long it took, its peak memory and its exit status.
struct BenchProcess {
  var seconds: Double
  /// Peak resident set size, in bytes.
  var peakBytes: Int
  var status: Int32

  /// Runs `arguments` (the first found on `PATH` unless it holds a `/`), with standard
  /// output and error written to the named files, and waits for it.
  static func run(_ arguments: [String], output: String, errors: String = "/dev/null")
    -> BenchProcess?
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let started = BenchClock.now()
    var pid: pid_t = 0
    guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return nil }
    // The peak is sampled from /proc while the program runs: the kernel's own figure
    // (ru_maxrss) would include this process's memory, which the child shares until exec.
    var status: Int32 = 0
    var usage = rusage()
    var peakKilobytes = 0
    while true {
      let waited = wait4(pid, &status, WNOHANG, &usage)
      if waited == pid { break }
      guard waited == 0 else { return nil }
      peakKilobytes = max(peakKilobytes, highWaterMark(of: pid) ?? 0)
      usleep(2000)
    }
    let seconds = BenchClock.now() - started
    let exited = status & 0x7F == 0
    if peakKilobytes == 0 { peakKilobytes = Int(usage.ru_maxrss) }
    return BenchProcess(
      seconds: seconds, peakBytes: peakKilobytes * 1024,
      status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
  }

  /// The process's peak resident memory so far (`VmHWM`), in kilobytes, where /proc has it.
  private static func highWaterMark(of pid: pid_t) -> Int? {
    guard let bytes = BenchFiles.read("/proc/\(pid)/status") else { return nil }
    for line in bytes.split(separator: UInt8(ascii: "\n")) where line.starts(with: "VmHWM:".utf8) {
      return Int(String(decoding: line.filter { (0x30...0x39).contains($0) }, as: UTF8.self))
    }
    return nil
  }
}

/// Monotonic time in seconds.
enum BenchClock {
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

/// The few file operations the benchmark needs.
enum BenchFiles {
  static func read(_ path: String) -> [UInt8]? {
    var bytes: [UInt8] = []
    guard forEachChunk(of: path, { bytes.append(contentsOf: $0) }) else { return nil }
    return bytes
  }

  /// Reads the file at `path` through once, keeping nothing, so that its pages are in
  /// the page cache when a timed run reads it.
  static func warm(_ path: String) {
    _ = forEachChunk(of: path) { _ in }
  }

  /// Hands each piece of the file at `path` to `body`, in order; false when it cannot
  /// be opened.
  private static func forEachChunk(of path: String, _ body: (ArraySlice<UInt8>) -> Void) -> Bool {
    guard let file = fopen(path, "rb") else { return false }
    defer { fclose(file) }
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      if count == 0 { return true }
      body(chunk[0..<count])
    }
  }

  static func write(_ bytes: [UInt8], to path: String) -> Bool {
    guard let file = fopen(path, "wb") else { return false }
    defer { fclose(file) }
    return bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) } == bytes.count
  }

  /// `<folder>/*/input.json`, sorted.
  static func inputs(under folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard !name.hasPrefix(".") else { continue }
      names.append(folder + "/" + name + "/input.json")
    }
    return names.sorted().filter { access($0, R_OK) == 0 }
  }

  /// A new folder under the system's temporary folder.
  static func temporaryFolder() -> String? {
    var template = Array("/tmp/pushc-bench-XXXXXX".utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
      return nil
    }
    return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The folder holding the running executable.
  static func executableFolder() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let path =
      count > 0
      ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      : CommandLine.arguments[0]
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return String(path[..<slash])
  }
}
