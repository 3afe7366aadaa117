/// A small, fast, seeded random number generator (SplitMix64): the same seed gives the
/// same sequence on every machine and toolchain, so a failing property case can be
/// replayed from its seed alone.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  /// The generator's state; the next value is derived from it.
  public private(set) var state: UInt64

  /// A generator that starts from `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<bound` (`bound` > 0), by multiply-and-shift, so that the result
  /// does not depend on the standard library's sampling algorithm.
  public mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0, "below(_:) needs a positive bound")
    return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// A number in `range`.
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.upperBound - range.lowerBound + 1)
  }

  /// `true` with probability `percent` in 100.
  public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  /// One element of `items` (not empty).
  public mutating func pick<Element>(_ items: [Element]) -> Element { items[below(items.count)] }

  /// A small count, more often low than high: `0...max`, each step half as likely.
  public mutating func count(upTo max: Int) -> Int {
    var count = 0
    while count < max, chance(55) { count += 1 }
    return count
  }
}
