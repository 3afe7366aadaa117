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
      /// The option's value, once the option is known to take one.
      func value() throws(Mistake) -> String {
        guard let value = inlineValue ?? rest.popFirst() else {
          throw Mistake(message: "'\(flag)' needs a value")
        }
        return value
      }
      /// The value as a whole number of at least `least`.
      func number(atLeast least: Int = 0) throws(Mistake) -> Int {
        let text = try value()
        guard let number = Int(text), number >= least else {
          let what = least == 0 ? "a whole number" : "a whole number of at least \(least)"
          throw Mistake(message: "'\(flag)' needs \(what), not '\(text)'")
        }
        return number
      }
      switch flag {
      case "--records": records = try number(atLeast: 1)
      case "--bad-every": badEvery = try number()
      case "--seed": seed = UInt64(try number())
      case "--cold-runs": coldRuns = try number(atLeast: 1)
      case "--runs": runs = try number(atLeast: 1)
      case "--golden": golden = try value()
      case "--keep": keep = try value()
      default: throw Mistake(message: "unknown option '\(flag)'")
      }
    }
  }
}
