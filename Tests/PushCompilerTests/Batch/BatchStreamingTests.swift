#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Dispatch
import PushCompiler
import Testing

/// `pushc batch - -o -` as the map step of a stream: each line's answer is written once
/// it is converted, while the writer of standard input is still there and silent.
@Suite struct BatchStreamingTests {
  /// Standard input read from a pipe; each write to standard output is counted and
  /// signalled, so the writer on the other end can wait for the first answers.
  struct PipeStreams: DriverStreams {
    let input: Int32
    let answered: DispatchSemaphore
    var output: [UInt8] = []
    var error = ""

    mutating func readStandardInput(atMost limit: Int) throws(FileIO.Failure) -> [UInt8] { [] }
    mutating func writeOutput(_ bytes: [UInt8]) {
      output.append(contentsOf: bytes)
      answered.signal()
    }
    mutating func writeError(_ text: String) { error += text }
    var standardInputDescriptor: Int32? { input }
    var errorIsTerminal: Bool { false }
  }

  @Test func answersComeWhileTheInputIsStillOpen() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let (reading, writing) = (ends[0], ends[1])
    defer { _ = close(reading) }
    let answered = DispatchSemaphore(value: 0)
    let record = #"{"aps":{"alert":"hi"},"body":{"_k":"k"}}"# + "\n"
    let writer = PipeWriter.writing(to: writing) { send in
      send(record + record)
      // The answers to the first two lines arrive before the third is sent; a reader
      // that waited for a whole block would keep them until the input ends.
      let early = answered.wait(timeout: .now() + 10) == .success
      send(early ? record : "")
      return early
    }
    var streams = PipeStreams(input: reading, answered: answered)
    let code = Driver.run(
      ["batch", "--from", "klaviyo", "--to", "klaviyo", "-"], streams: &streams)
    #expect(writer.result() == true)
    #expect(code == .success)
    let lines = String(decoding: streams.output, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines.allSatisfy { $0.contains(#""_k":"k""#) })
    #expect(streams.error.hasSuffix("3 records read: 3 converted, 0 failed\n"))
    // Standard input was lent to the run, not given: it is still open, for its owner.
    #expect(fcntl(reading, F_GETFD) != -1)
  }
}

/// A thread that writes to a pipe and then closes it, with a result to wait for.
private final class PipeWriter: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var value: Bool?

  /// Runs `body` on its own thread; `send` writes text to `descriptor`, which is
  /// closed when `body` returns.
  static func writing(
    to descriptor: Int32, _ body: @escaping @Sendable (_ send: (String) -> Void) -> Bool
  ) -> PipeWriter {
    let thread = PipeWriter()
    DispatchQueue.global().async {
      thread.value = body { text in
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      }
      close(descriptor)
      thread.done.signal()
    }
    return thread
  }

  /// What `body` returned, once it has.
  func result() -> Bool? {
    done.wait()
    return value
  }
}
