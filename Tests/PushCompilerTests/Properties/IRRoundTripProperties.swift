import PropertyTesting
import PushCompiler
import PushIR
import Testing

/// Random IR documents through every format, each checked as ``RoundTripCheck`` states
/// (see `Specs/testing.md`).
@Suite struct IRRoundTripProperties {
  @Test(arguments: PropertyFixtures.targets)
  func everyFormatWritesWhatItCanExpress(_ target: PropertyFixtures.Target) {
    let check = RoundTripCheck(target: target)
    Property("ir → \(target.testDescription) → ir", defaultCases: 200).check(record: {
      Issue.record("\($0)")
    }) { item in
      for problem in check.problems(of: PropertyFixtures.generator.notification(&item.random))
        .problems
      {
        item.fail(problem)
      }
    }
  }
}
