import PushCompiler
import PushIR

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The timed runs of one command: their times, the highest peak memory among them, and
/// their exit statuses.
struct BenchRuns {
  let times: [Double]
  let peakBytes: Int
  let statuses: [Int32]

  init(_ runs: [BenchProcess]) {
    times = runs.map(\.seconds).sorted()
    peakBytes = runs.map(\.peakBytes).max() ?? 0
    statuses = runs.map(\.status)
  }

  /// The exit status every run gave, or `nil` when they differ.
  var status: Int32? { Set(statuses).count == 1 ? statuses[0] : nil }

  var count: Int { times.count }
  var median: Double {
    times.count % 2 == 1
      ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
  }
  var fastest: Double { times[0] }
}

/// A command the benchmark times: what it reads, writes, and prints where.
struct TimedCommand {
  let arguments: [String]
  /// The file it reads, read through before each timed run.
  let input: String
  /// Files it writes, removed before each run.
  let writing: [String]
  /// Where its standard output and standard error go.
  let output: String
  let errors: String

  init(
    _ arguments: [String], input: String, writing: [String] = [], output: String = "/dev/null",
    errors: String = "/dev/null"
  ) {
    self.arguments = arguments
    self.input = input
    self.writing = writing
    self.output = output
    self.errors = errors
  }
}

/// One benchmark run: generate, measure, check, print.
struct Bench {
  let settings: BenchSettings
  let pushc = BenchFiles.executableFolder() + "/pushc"

  func run() -> Int32 {
    guard access(pushc, X_OK) == 0 else {
      print("pushc-bench: no pushc beside this executable (\(pushc)); build the package first")
      return 69
    }
    guard let folder = settings.keep ?? BenchFiles.temporaryFolder() else {
      print("pushc-bench: cannot make a temporary folder")
      return 73
    }
    if settings.keep != nil {
      do {
        try FileIO.makeDirectories(folder)
      } catch {
        let part = error.path == folder ? "" : "'\(error.path)': "
        print("pushc-bench: cannot make the --keep folder '\(folder)': \(part)\(error.reason)")
        return 73
      }
    }
    defer { if settings.keep == nil { removeFolder(folder) } }
    let corpus = BenchCorpus(
      records: settings.records, badEvery: settings.badEvery, seed: settings.seed)
    let templates = BenchCorpus.templates(goldenFolder: settings.golden)
    guard !templates.payloads.isEmpty else {
      print(
        "pushc-bench: no realistic payloads under '\(settings.golden)'; run from the package root")
      return 66
    }

    print(
      "pushc-bench: \(settings.records) records per archive, seed \(settings.seed), in \(folder)")
    let klaviyoInput = folder + "/klaviyo.ndjson"
    let klaviyoBytes = corpus.klaviyoArchive()
    let mixed = corpus.mixedArchive(templates: templates.payloads)
    let mixedInput = folder + "/mixed.ndjson"
    for (bytes, path) in [(klaviyoBytes, klaviyoInput), (mixed.bytes, mixedInput)] {
      guard BenchFiles.write(bytes, to: path) else {
        print("pushc-bench: cannot write '\(path)'")
        return 73
      }
    }
    var healthy = true

    // 1. The Klaviyo upgrade, pushc against jq on the same file, their runs alternated
    // so that a slow minute of the machine falls on both.
    print("\nKlaviyo predefined category -> dynamic buttons (\(megabytes(klaviyoBytes.count)))")
    let pushcOutput = folder + "/klaviyo.pushc.ndjson"
    var commands = [
      TimedCommand(
        [pushc, "batch", "--from", "klaviyo", "--to", "klaviyo", klaviyoInput, "-o", pushcOutput],
        input: klaviyoInput, writing: [pushcOutput], errors: folder + "/klaviyo.pushc.stderr")
    ]
    let jq = jqVersion()
    let program = folder + "/upgrade.jq"
    let jqOutput = folder + "/klaviyo.jq.ndjson"
    if jq != nil {
      _ = BenchFiles.write(Array(JQProgram.text.utf8), to: program)
      commands.append(
        TimedCommand(
          ["jq", "-c", "-f", program, klaviyoInput], input: klaviyoInput, output: jqOutput))
    }
    guard let upgrade = timed(commands) else { return fail("could not run \(pushc) or jq") }
    let ours = upgrade[0]
    printRow("pushc batch", ours, bytes: klaviyoBytes.count)
    healthy = healthy && ours.status == 0
    if let jq {
      let theirs = upgrade[1]
      printRow(jq, theirs, bytes: klaviyoBytes.count)
      print(
        "  ratio         pushc is \(fixed(theirs.median / ours.median, 1))x jq's speed (medians; "
          + "\(fixed(theirs.fastest / ours.fastest, 1))x fastest to fastest)")
      let agreement = BenchCheck.agreement(pushcOutput, jqOutput)
      print(
        "  agreement     \(agreement.same) of \(agreement.compared) sampled records identical (keys sorted)"
      )
      healthy = healthy && agreement.same == agreement.compared
    } else {
      print("  jq            not installed; no ratio")
    }

    // 2. The mixed archive with bad lines: every record answered, every failure located.
    let formats = templates.formats.sorted().joined(separator: ", ")
    print(
      "\nMixed archive, --from auto -> klaviyo (\(megabytes(mixed.bytes.count)); \(formats); \(mixed.badLines.count) bad lines)"
    )
    let mixedOutput = folder + "/mixed.pushc.ndjson"
    let report = folder + "/mixed.report.jsonl"
    guard
      let run = timed(
        TimedCommand(
          [
            pushc, "batch", "--from", "auto", "--to", "klaviyo", mixedInput, "-o", mixedOutput,
            "--report", report,
          ],
          input: mixedInput, writing: [mixedOutput, report], errors: folder + "/mixed.pushc.stderr"
        ))
    else { return fail("could not run \(pushc)") }
    printRow("pushc batch", run, bytes: mixed.bytes.count)
    let reconciled = BenchCheck.reconcile(
      output: mixedOutput, report: report, records: settings.records, badLines: mixed.badLines)
    print("  reconciled    \(reconciled.summary)")
    healthy = healthy && reconciled.holds && run.status == (mixed.badLines.isEmpty ? 0 : 1)
    // Without a report, converted records keep only a summary of their diagnostics: the
    // run users make for speed. Its output must be the same, byte for byte.
    let plainOutput = folder + "/mixed.plain.ndjson"
    guard
      let plain = timed(
        TimedCommand(
          [pushc, "batch", "--from", "auto", "--to", "klaviyo", mixedInput, "-o", plainOutput],
          input: mixedInput, writing: [plainOutput]))
    else { return fail("could not run \(pushc)") }
    printRow("no --report", plain, bytes: mixed.bytes.count)
    let same = BenchCheck.identical(plainOutput, mixedOutput)
    print("  same output   \(same ? "yes, byte for byte" : "NO: the outputs differ")")
    healthy = healthy && same && plain.status != nil && plain.status == run.status

    // 3. One payload from a cold start.
    let single = folder + "/one.json"
    _ = BenchFiles.write(Array(klaviyoBytes.prefix { $0 != UInt8(ascii: "\n") }), to: single)
    print("\nOne payload from a cold start (\(settings.coldRuns) runs)")
    let coldPushc = coldStart([pushc, "convert", "--from", "klaviyo", "--to", "klaviyo", single])
    print(
      "  pushc convert median \(milliseconds(coldPushc.median)), fastest \(milliseconds(coldPushc.fastest))"
    )
    if jqVersion() != nil {
      let coldJQ = coldStart(["jq", "-c", "-f", folder + "/upgrade.jq", single])
      print(
        "  jq            median \(milliseconds(coldJQ.median)), fastest \(milliseconds(coldJQ.fastest))"
      )
    }
    print(healthy ? "\nall checks held" : "\nA CHECK FAILED: see above")
    return healthy ? 0 : 1
  }

  /// Runs and times `command` ``BenchSettings/runs`` times, as the overload for several
  /// commands does.
  private func timed(_ command: TimedCommand) -> BenchRuns? {
    timed([command])?.first
  }

  /// Runs and times each of `commands` ``BenchSettings/runs`` times, in turn (the first,
  /// the second, …, then the first again), each time after removing the files it will
  /// write, flushing what earlier steps wrote, and reading its input through once.
  /// Otherwise the kernel's own work on those files would land inside the timed run and
  /// measure nothing of the tool: freeing the pages of a kept gigabyte output it
  /// replaces (half a second for pushc's rename, the same for the truncation of jq's
  /// output), writing back the corpus just generated or the previous tool's output (a
  /// second or more at a million records), or reading back from the disk an input the
  /// system evicted from its cache while other runs went on (a machine may page out
  /// memory left idle for seconds). The files of the last runs are kept for the checks.
  private func timed(_ commands: [TimedCommand]) -> [BenchRuns]? {
    var runs = Array(repeating: [BenchProcess](), count: commands.count)
    for _ in 0..<settings.runs {
      for (index, command) in commands.enumerated() {
        for file in command.writing + [command.output] where file != "/dev/null" { unlink(file) }
        sync()
        BenchFiles.warm(command.input)
        guard
          let run = BenchProcess.run(
            command.arguments, output: command.output, errors: command.errors)
        else { return nil }
        runs[index].append(run)
      }
    }
    return runs.map(BenchRuns.init)
  }

  private func printRow(_ name: String, _ runs: BenchRuns, bytes: Int) {
    let padded = name.padding(13)
    let spread =
      runs.count > 1 ? " (median of \(runs.count); fastest \(fixed(runs.fastest, 2)) s)" : ""
    print(
      "  \(padded) \(fixed(runs.median, 2)) s  \(Int(Double(settings.records) / runs.median)) records/s  "
        + "\(fixed(Double(bytes) / runs.median / 1e6, 1)) MB/s  peak \(megabytes(runs.peakBytes))  "
        + "exit \(runs.status.map(String.init) ?? "differs: \(runs.statuses)")\(spread)"
    )
  }

  private func coldStart(_ arguments: [String]) -> (median: Double, fastest: Double) {
    var times: [Double] = []
    for _ in 0..<settings.coldRuns {
      if let run = BenchProcess.run(arguments, output: "/dev/null") { times.append(run.seconds) }
    }
    times.sort()
    return times.isEmpty ? (0, 0) : (times[times.count / 2], times[0])
  }

  private func jqVersion() -> String? {
    let file = "/tmp/pushc-bench-jq-version"
    guard let run = BenchProcess.run(["jq", "--version"], output: file), run.status == 0,
      let bytes = BenchFiles.read(file)
    else { return nil }
    unlink(file)
    return String(decoding: bytes, as: UTF8.self).trimmingNewlines()
  }

  private func fail(_ message: String) -> Int32 {
    print("pushc-bench: \(message)")
    return 70
  }

  private func removeFolder(_ folder: String) {
    for name in [
      "klaviyo.ndjson", "mixed.ndjson", "klaviyo.pushc.ndjson", "klaviyo.pushc.stderr",
      "klaviyo.jq.ndjson", "upgrade.jq", "mixed.pushc.ndjson", "mixed.report.jsonl",
      "mixed.pushc.stderr", "mixed.plain.ndjson", "one.json",
    ] {
      unlink(folder + "/" + name)
    }
    rmdir(folder)
  }
}

private func fixed(_ value: Double, _ digits: Int) -> String {
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  var text = String(rounded)
  if let dot = text.firstIndex(of: ".") {
    let decimals = text.distance(from: dot, to: text.endIndex) - 1
    if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
  }
  return text
}

private func megabytes(_ bytes: Int) -> String { fixed(Double(bytes) / 1e6, 1) + " MB" }

private func milliseconds(_ seconds: Double) -> String { fixed(seconds * 1000, 1) + " ms" }

extension String {
  fileprivate func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  fileprivate func trimmingNewlines() -> String {
    var text = self
    while text.last?.isNewline == true { text.removeLast() }
    return text
  }
}
