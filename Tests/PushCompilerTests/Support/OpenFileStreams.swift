import PushCompiler

/// Streams whose standard input or output is an open file, as a shell's `< FILE` or
/// `>> FILE` gives; standard error is kept in memory, and nothing is written to the
/// output file through them.
struct OpenFileStreams: DriverStreams {
  var input: Int32? = nil
  var output: Int32? = nil
  var error = ""
  mutating func readStandardInput(atMost limit: Int) throws(FileIO.Failure) -> [UInt8] { [] }
  mutating func writeOutput(_ bytes: [UInt8]) {}
  mutating func writeError(_ text: String) { error += text }
  var standardInputDescriptor: Int32? { input }
  var standardOutputDescriptor: Int32? { output }
  var errorIsTerminal: Bool { false }
}
