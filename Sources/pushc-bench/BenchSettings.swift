/// The benchmark's command line.
struct BenchSettings {
  var records = 100_000
  var badEvery = 1000
  var seed: UInt64 = 1
  var coldRuns = 30
  /// How many times each batch command is timed.
  var runs = 3
  var golden = "Golden"
  /// Where to keep the corpus and outputs (made, with its parents, when missing); a
  /// temporary folder, removed after, when `nil`.
  var keep: String?
  /// Whether `--help` (or `-h`) asked for the usage instead of a run.
  var wantsHelp = false

  /// A usage mistake, with what to say about it.
  struct Mistake: Error {
    var message: String
  }

  init() {}

  /// The options that take a value.
  static let options: Set<String> = [
    "--records", "--bad-every", "--seed", "--cold-runs", "--runs", "--golden", "--keep",
  ]

  init(arguments: [String]) throws(Mistake) {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      // `--name=value` is `--name value`.
      var flag = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        flag = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      if flag == "--help" || flag == "-h" {
        guard inlineValue == nil else { throw Mistake(message: "'\(flag)' takes no value") }
        wantsHelp = true
        continue
      }
      guard Self.options.contains(flag) else { throw Mistake(message: "unknown option '\(flag)'") }
      guard let value = inlineValue ?? rest.popFirst() else {
        throw Mistake(message: "'\(flag)' needs a value")
      }
      /// The value as a whole number of at least `least`.
      func number(atLeast least: Int = 0) throws(Mistake) -> Int {
        guard let number = Int(value), number >= least else {
          let what = least == 0 ? "a whole number" : "a whole number of at least \(least)"
          throw Mistake(message: "'\(flag)' needs \(what), not '\(value)'")
        }
        return number
      }
      switch flag {
      case "--records": records = try number(atLeast: 1)
      case "--bad-every": badEvery = try number()
      case "--seed": seed = UInt64(try number())
      case "--cold-runs": coldRuns = try number(atLeast: 1)
      case "--runs": runs = try number(atLeast: 1)
      case "--golden": golden = value
      case "--keep": keep = value
      default: preconditionFailure("\(flag) is in `options` but not handled")
      }
    }
  }
}
