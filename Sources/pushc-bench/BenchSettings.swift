/// The benchmark's command line.
struct BenchSettings {
  var records = 100_000
  var badEvery = 1000
  var seed: UInt64 = 1
  var coldRuns = 30
  /// How many times each batch command is timed.
  var runs = 3
  var golden = "Golden"
  /// Where to keep the corpus and outputs; a temporary folder, removed after, when `nil`.
  var keep: String?
  /// Whether `--help` (or `-h`) asked for the usage instead of a run.
  var wantsHelp = false

  /// A usage mistake, with what to say about it.
  struct Mistake: Error {
    var message: String
  }

  init() {}

  init(arguments: [String]) throws(Mistake) {
    var rest = arguments[...]
    while let flag = rest.popFirst() {
      if flag == "--help" || flag == "-h" {
        wantsHelp = true
        continue
      }
      guard let value = rest.popFirst() else { throw Mistake(message: "'\(flag)' needs a value") }
      func number() throws(Mistake) -> Int {
        guard let number = Int(value), number >= 0 else {
          throw Mistake(message: "'\(flag)' needs a whole number, not '\(value)'")
        }
        return number
      }
      switch flag {
      case "--records": records = max(1, try number())
      case "--bad-every": badEvery = try number()
      case "--seed": seed = UInt64(try number())
      case "--cold-runs": coldRuns = max(1, try number())
      case "--runs": runs = max(1, try number())
      case "--golden": golden = value
      case "--keep": keep = value
      default: throw Mistake(message: "unknown option '\(flag)'")
      }
    }
  }
}
