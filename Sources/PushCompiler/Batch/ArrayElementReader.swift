import PushIR

/// Reads the elements of the JSON array a file holds, a block at a time, as
/// ``LineReader`` reads lines: the elements are found by `JSONArrayScanner` in chunks
/// read one after another, so an array of any size is read with bounded memory, each
/// element then read on its own as a record.
///
/// Where the text stops being an array, the reader stops: ``breakage`` then says where
/// and why, and no more elements follow.
struct ArrayElementReader {
  /// One element: its 0-based index, the line and column of its first byte in the file,
  /// and where its bytes are in its block's buffer (`nil` when it is longer than the
  /// limit: its bytes are skipped, not kept).
  struct Element: BufferedRecord {
    var index: Int
    var line: Int
    var column: Int
    var range: Range<Int>?
  }

  /// Elements read together, and the buffer holding their bytes.
  typealias Block = RecordBlock<Element>

  /// Where the text stopped being an array, and the index the element there would
  /// have had.
  struct Breakage {
    var error: JSONSyntaxError
    var index: Int
  }

  private let maxElementBytes: Int
  private var input: ReadBuffer
  private var scanner = JSONArrayScanner()
  /// The offset in the file of `input.bytes[0]`, for the bytes after the last ones
  /// dropped (the scanner counts offsets in the file).
  private var bufferOffset = 0
  /// The buffer's bytes from here on are not yet handed out.
  private var start = 0
  private var nextIndex = 0
  /// Whether the element in progress is over the limit: its bytes are dropped as they
  /// are read.
  private var skipping = false
  /// Where the text stopped being an array, once it has.
  private(set) var breakage: Breakage?
  /// The file's first two bytes, which tell whether a break may be UTF-16 text.
  private(set) var textStart: [UInt8] = []
  private var finished = false

  /// Reads the file open at `descriptor` from its start; the caller holds at most
  /// `blocksHeld` blocks when it asks for the next one.
  init(descriptor: Int32, path: String, maxElementBytes: Int, blocksHeld: Int) {
    input = ReadBuffer(descriptor: descriptor, path: path, blocksHeld: blocksHeld)
    self.maxElementBytes = maxElementBytes
  }

  /// The next elements: `maxElements` of them, fewer when their bytes reach `maxBytes`
  /// first or the array ends or breaks; none after that.
  mutating func nextElements(atMost maxElements: Int, bytes maxBytes: Int)
    throws(FileIO.Failure) -> Block
  {
    var found: [Element] = []
    var blockStart = start
    while !finished, found.count < maxElements, start - blockStart < maxBytes {
      if textStart.count < 2, bufferOffset == 0 { textStart = Array(input.bytes.prefix(2)) }
      let offset = bufferOffset
      let atEnd = input.atEnd
      let step = input.bytes.withUnsafeBufferPointer { bytes in
        scanner.step(in: bytes, from: offset, atEnd: atEnd)
      }
      switch step {
      case .element(let range, let line, let column):
        // A skipped element's first bytes are gone from the buffer; its end is there.
        let kept = !skipping && range.count <= maxElementBytes
        let local = kept ? (range.lowerBound - offset)..<(range.upperBound - offset) : nil
        found.append(Element(index: nextIndex, line: line, column: column, range: local))
        nextIndex += 1
        start = range.upperBound - offset
        skipping = false
      case .end:
        finished = true
      case .broken(let error):
        breakage = Breakage(error: error, index: nextIndex)
        finished = true
      case .cut(let elementStart, let line, let column):
        breakage = Breakage(
          error: cutElementError(at: elementStart, line: line, column: column), index: nextIndex)
        finished = true
      case .needsMore:
        if blockStart > 0 {
          input.moveUnhandedBytes(from: blockStart)
          bufferOffset += blockStart
          start -= blockStart
          for index in found.indices {
            found[index].range = found[index].range.map {
              ($0.lowerBound - blockStart)..<($0.upperBound - blockStart)
            }
          }
          blockStart = 0
        }
        // The bytes after the last element handed out are dropped once scanned when no
        // element needs them: blank bytes and commas between elements or after the
        // array (any number of them), and an element in progress too long to keep, whose
        // scan goes on after them.
        let elementStart = scanner.elementInProgress
        if let elementStart, skipping || scanner.nextOffset - elementStart > maxElementBytes {
          skipping = true
        }
        if elementStart == nil || skipping {
          input.bytes.removeSubrange(start...)
          bufferOffset = scanner.nextOffset - input.bytes.count
        }
        try input.fill()
      }
    }
    return Block(buffer: input.bytes, records: found)
  }

  /// The error of an element the input ended inside: what a reader of its bytes finds,
  /// placed in the file, when they are still buffered; else one at the element's start.
  private func cutElementError(at elementStart: Int, line: Int, column: Int) -> JSONSyntaxError {
    let atStart = JSONSyntaxError(
      .unexpectedEnd, "input ends inside the array element that begins here",
      offset: elementStart, line: line, column: column)
    // Not skipping, the element's bytes are all buffered: only bytes before it, or of a
    // skipped element, are ever dropped.
    guard !skipping else { return atStart }
    let local = (elementStart - bufferOffset)..<input.bytes.count
    let error = input.bytes.withUnsafeBufferPointer { bytes in
      Result { () throws(JSONSyntaxError) in
        _ = try JSONReader.parseDocument(UnsafeBufferPointer(rebasing: bytes[local]))
      }
    }
    guard case .failure(let found) = error else { return atStart }
    let placed = JSONSyntaxError.position(
      line: found.line, column: found.column, inTextStartingAt: line, column)
    return JSONSyntaxError(
      found.kind, found.message, offset: elementStart + found.offset, line: placed.line,
      column: placed.column)
  }
}
