import PushCompiler
import PushIR
import Testing

/// Every loss found translating a vendor's payload is placed in that payload: a
/// diagnostic that says something was dropped or changed names where the user wrote it,
/// never only the IR field it passed through.
@Suite struct LossLocationTests {
  @Test(arguments: GoldenCase.parseCases)
  func everyLossIsPlacedInTheInput(_ golden: GoldenCase) throws {
    let input = try GoldenFiles.json(golden.folder.appendingPathComponent("input.json"))
    for target in Vendors.ids where target != "ir" {
      for diagnostic in golden.translate(input, from: golden.source, to: target).diagnostics
      where diagnostic.code.isLossy {
        if case .ir(let path) = diagnostic.location {
          Issue.record(
            "\(target): \(diagnostic.code) at ir:\(path) (\(diagnostic.message)) is not placed in the input"
          )
        }
      }
    }
  }
}
