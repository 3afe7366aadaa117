/// The process's standard streams, as the driver sees them; tests substitute buffers.
public protocol DriverStreams {
  /// Standard input until its end, or its first `limit` bytes (reading stops there).
  mutating func readStandardInput(atMost limit: Int) throws(FileIO.Failure) -> [UInt8]
  /// Appends to standard output.
  mutating func writeOutput(_ bytes: [UInt8])
  /// Appends to standard error.
  mutating func writeError(_ text: String)
  /// The descriptor standard input can be streamed from, when it is a real one.
  var standardInputDescriptor: Int32? { get }
  /// The descriptor standard output is written to, when it is a real one.
  var standardOutputDescriptor: Int32? { get }
  /// The descriptor standard error is written to, when it is a real one.
  var standardErrorDescriptor: Int32? { get }
  /// Whether standard error is a terminal (for progress lines).
  var errorIsTerminal: Bool { get }
  /// Whether standard output is a terminal (where a progress line would run into the
  /// records).
  var outputIsTerminal: Bool { get }
  /// The first write to standard output that failed, if one did (what was to follow it
  /// is not written).
  var outputFailure: FileIO.Failure? { get }
}

extension DriverStreams {
  public var standardOutputDescriptor: Int32? { nil }
  public var standardErrorDescriptor: Int32? { nil }
  public var outputIsTerminal: Bool { false }
  public var outputFailure: FileIO.Failure? { nil }
}

/// The real standard streams.
public struct ProcessStreams: DriverStreams {
  public init() {}

  public mutating func readStandardInput(atMost limit: Int) throws(FileIO.Failure) -> [UInt8] {
    try FileIO.readStandardInput(atMost: limit)
  }

  public private(set) var outputFailure: FileIO.Failure?

  public mutating func writeOutput(_ bytes: [UInt8]) {
    guard outputFailure == nil else { return }
    do { try FileIO.writeAll(bytes, to: 1, path: "<stdout>") } catch { outputFailure = error }
  }

  public mutating func writeError(_ text: String) {
    try? FileIO.writeAll(Array(text.utf8), to: 2, path: "<stderr>")
  }

  public var standardInputDescriptor: Int32? { 0 }
  public var standardOutputDescriptor: Int32? { 1 }
  public var standardErrorDescriptor: Int32? { 2 }
  public var errorIsTerminal: Bool { FileIO.isTerminal(2) }
  public var outputIsTerminal: Bool { FileIO.isTerminal(1) }
}

/// Streams held in memory, for tests and embedding.
public struct BufferedStreams: DriverStreams {
  /// What standard input holds.
  public var input: [UInt8]
  /// What was written to standard output.
  public var output: [UInt8] = []
  /// What was written to standard error.
  public var error = ""

  /// Streams whose input is `input`.
  public init(input: [UInt8] = []) { self.input = input }

  public mutating func readStandardInput(atMost limit: Int) throws(FileIO.Failure) -> [UInt8] {
    Array(input.prefix(limit))
  }
  public mutating func writeOutput(_ bytes: [UInt8]) { output.append(contentsOf: bytes) }
  public mutating func writeError(_ text: String) { error += text }
  public var standardInputDescriptor: Int32? { nil }
  public var errorIsTerminal: Bool { false }

  /// Standard output as text.
  public var outputText: String { String(decoding: output, as: UTF8.self) }
}
