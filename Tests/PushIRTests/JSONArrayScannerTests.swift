import PropertyTesting
import PushIR
import Testing

/// Where the elements of an array are, however its text arrives, and where the text
/// stops being an array, said as the reader says it.
@Suite struct JSONArrayScannerTests {
  /// An array whose elements hold what could mislead a scan that did not follow strings
  /// and nesting: brackets, quotes and commas inside strings, escaped quotes and
  /// backslashes, nested containers, numbers and words, blank lines, text beyond ASCII.
  static let array = """
    \u{FEFF} [
      {"a": "[{\\"]}", "b": [1, {"c": ",]"}], "d": "\\\\"},
      -12.5e3 ,true,null,
      "x\\"y]",
      [[], {}],
      {"é": "日本語 ✈️"}
    ]

    """

  @Test(arguments: [1, 2, 3, 7, 64, 100_000])
  func elementsAreTheArraysElementsHoweverTheTextArrives(_ pieceSize: Int) throws {
    let text = Array(Self.array.utf8)
    let (elements, last) = ArrayScan.elements(of: text, pieceSize: pieceSize)
    #expect(last == .end)
    let whole = try #require(try JSONReader.parse(text).arrayValue)
    #expect(try elements.map { try JSONReader.parse($0.bytes) } == whole)
    #expect(elements.map(\.line) == [2, 3, 3, 3, 4, 5, 6])
    #expect(elements.map(\.column) == [3, 3, 12, 17, 3, 3, 3])
  }

  /// Each break is where the reader of the whole text stops, with its message.
  @Test(arguments: [
    "[", "[1,", "[1", "[1 2]", "[1,]", "[]x", "[}", "[,1]", "[1,\n  2\n  3]", "[{}] [", "[1}",
    "[1] 2", "[x]", " \u{FEFF}[1]", "\u{FEFF}\u{FEFF}[1]", "[\u{FEFF}1]",
  ])
  func breaksAreWhereTheReaderStops(_ text: String) {
    Self.expectBreakWhereTheReaderStops(Array(text.utf8), pieceSize: 2)
  }

  /// Part of a byte order mark is no byte order mark: a value was expected at the first.
  @Test(arguments: [[0xEF, 0x5B, 0x31, 0x5D], [0xEF, 0xBB, 0x5B, 0x31, 0x5D]] as [[UInt8]])
  func partOfAByteOrderMarkBreaksWhereTheReaderStops(_ bytes: [UInt8]) {
    Self.expectBreakWhereTheReaderStops(bytes, pieceSize: 1)
  }

  /// Expects the scan of `bytes`, handed over `pieceSize` at a time, to break with the
  /// error the reader of the whole text throws.
  static func expectBreakWhereTheReaderStops(_ bytes: [UInt8], pieceSize: Int) {
    let (_, last) = ArrayScan.elements(of: bytes, pieceSize: pieceSize)
    guard case .broken(let error) = last else {
      Issue.record("\(last)")
      return
    }
    #expect(throws: error) { try JSONReader.parse(bytes) }
  }

  /// The end of the input inside an element is told with the element's start, for the
  /// element's own reader to say what is missing.
  @Test func anElementCutByTheEndIsGivenWithItsStart() {
    let (elements, last) = ArrayScan.elements(of: Array("[1,\n  {\"a\": [".utf8), pieceSize: 3)
    #expect(elements.count == 1)
    #expect(last == .cut(elementStart: 6, line: 2, column: 3))
  }

  /// A raw newline counts as a line wherever it is, even escaped in a string, where the
  /// element's reader refuses it: the elements after it keep their places.
  @Test func aNewlineInAStringStillStartsALine() {
    let (elements, last) = ArrayScan.elements(of: Array("[\"a\\\nb\",\n 1]".utf8), pieceSize: 4)
    #expect(last == .end)
    #expect(elements.map(\.line) == [1, 3] && elements.map(\.column) == [2, 2])
  }

  /// An empty input, or blank bytes alone, hold no array.
  @Test(arguments: ["", " \n"])
  func noArrayIsABreakAtTheEnd(_ text: String) {
    let (_, last) = ArrayScan.elements(of: Array(text.utf8), pieceSize: 8)
    guard case .broken(let error) = last else {
      Issue.record("\(last)")
      return
    }
    #expect(error.kind == .unexpectedEnd && error.offset == text.utf8.count)
  }
}
