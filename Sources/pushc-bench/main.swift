import PushIR

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `pushc-bench`: measures `pushc batch` against jq on a generated corpus, checks that a
/// mixed archive with bad lines reconciles, and times a cold-start `convert`.
/// Prints figures; asserts nothing about speed.
let usage = """
  usage: pushc-bench [--records N] [--bad-every K] [--seed S] [--runs T]
                     [--cold-runs R] [--golden DIR] [--keep DIR] [--help]
    --records N     records in each generated archive (default 100000)
    --bad-every K   every Kth line of the mixed archive is broken (default 1000; 0: none)
    --seed S        corpus seed (default 1)
    --runs T        times each batch command (and jq) is timed; the median is
                    reported, and the fastest beside it (default 3)
    --cold-runs R   single-payload conversions timed from a cold start (default 30)
    --golden DIR    where the realistic payloads are (default Golden)
    --keep DIR      write the corpus and outputs into DIR (made, with its parents,
                    when missing) and keep them (outputs of an earlier run there are
                    removed before each timed run)
    --help          print this and exit
  A value follows its option after a space or '=' (--records=10).

  """

var settings = BenchSettings()
do {
  settings = try BenchSettings(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  print("pushc-bench: \(error.message)\n\(usage)", terminator: "")
  exit(64)
}
if settings.wantsHelp {
  print(usage, terminator: "")
  exit(0)
}
exit(Bench(settings: settings).run())
