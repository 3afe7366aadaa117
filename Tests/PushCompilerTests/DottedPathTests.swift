@testable import PushCompiler
import PushIR
import Testing

/// A pointer written as a dotted key path for messages: the fast reading of pointers
/// without escapes gives what joining the tokens gives.
@Suite struct DottedPathTests {
  @Test(arguments: [
    "", "/", "/body/_k", "/dfn/c_id", "//", "/a//b", "/a~1b/c", "/m~0n", "no/slash/first", "/é/ü",
    "/key.with.dots/x",
  ])
  func dottedPathsJoinTheTokens(_ text: String) {
    let pointer = JSONPointer(text)
    #expect(pointer.dottedPath == pointer.tokens.joined(separator: "."))
  }
}
