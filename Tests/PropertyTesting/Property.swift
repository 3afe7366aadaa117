import Foundation

/// A property checked on many generated cases, each from its own seed.
///
/// Case `i` of a run with seed `S` is generated from the seed `S + i`, so any failing
/// case is replayed alone with `PUSHC_PROPERTY_SEED=<its seed> PUSHC_PROPERTY_CASES=1`;
/// every failure message says so. The seed is fixed unless the environment gives one,
/// so CI runs the same cases every time; `PUSHC_PROPERTY_CASES` runs more (or fewer).
public struct Property: Sendable {
  /// The environment variable that sets the first case's seed (decimal or `0x` hex).
  public static let seedVariable = "PUSHC_PROPERTY_SEED"
  /// The environment variable that sets how many cases each property checks.
  public static let casesVariable = "PUSHC_PROPERTY_CASES"
  /// The seed used when the environment gives none.
  public static let defaultSeed: UInt64 = 0x5EED_0000_2026

  /// What the property states, for messages.
  public let name: String
  /// The seed of the first case.
  public let seed: UInt64
  /// How many cases are checked.
  public let cases: Int
  /// Failures reported before the run stops looking for more.
  public var maxFailures = 10

  /// A property checked on `defaultCases` cases unless the environment asks otherwise.
  public init(
    _ name: String, defaultCases: Int,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.name = name
    self.seed = environment[Self.seedVariable].flatMap(Self.parseSeed) ?? Self.defaultSeed
    self.cases =
      environment[Self.casesVariable].flatMap { Int($0) }.map { max(0, $0) }
      ?? defaultCases
  }

  /// `text` as a seed: decimal, or hexadecimal after `0x`.
  static func parseSeed(_ text: String) -> UInt64? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "")
    if trimmed.lowercased().hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16) }
    return UInt64(trimmed)
  }

  /// Runs `body` on every case; each problem it reports is passed to `record` with the
  /// case's seed and how to replay it. Returns the number of cases that failed.
  @discardableResult
  public func check(
    record: (String) -> Void, _ body: (inout PropertyCase) throws -> Void
  ) -> Int {
    var failed = 0
    for index in 0..<cases {
      let caseSeed = seed &+ UInt64(index)
      var item = PropertyCase(seed: caseSeed, index: index)
      do {
        try body(&item)
      } catch {
        item.fail("threw \(error)")
      }
      guard !item.problems.isEmpty else { continue }
      failed += 1
      let replay =
        "\(Self.seedVariable)=\(Self.hex(caseSeed)) \(Self.casesVariable)=1"
      for problem in item.problems {
        record("\(name): case \(index), seed \(Self.hex(caseSeed)) (replay: \(replay)): \(problem)")
      }
      if failed >= maxFailures {
        record("\(name): stopped after \(failed) failing cases of \(index + 1)")
        break
      }
    }
    return failed
  }

  /// `value` as `0x…` hexadecimal.
  public static func hex(_ value: UInt64) -> String { "0x" + String(value, radix: 16) }
}

/// One generated case of a ``Property``: its random source and the problems found.
public struct PropertyCase: Sendable {
  /// The seed this case's values are generated from.
  public let seed: UInt64
  /// The case's position in the run.
  public let index: Int
  /// The random source, seeded with ``seed``.
  public var random: SeededRandom
  /// What the case found wrong, in order.
  public private(set) var problems: [String] = []

  /// A case generated from `seed`.
  public init(seed: UInt64, index: Int) {
    self.seed = seed
    self.index = index
    self.random = SeededRandom(seed: seed)
  }

  /// Records a problem; the case fails.
  public mutating func fail(_ problem: String) { problems.append(problem) }

  /// Records `problem` unless `condition` holds.
  public mutating func expect(_ condition: Bool, _ problem: @autoclosure () -> String) {
    if !condition { fail(problem()) }
  }
}
