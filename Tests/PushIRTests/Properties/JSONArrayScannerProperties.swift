import PropertyTesting
import PushIR
import Testing

/// Properties of ``JSONArrayScanner`` on generated arrays and their mutations: the
/// elements it finds are the array's, however the text arrives, and on any text what
/// it finds does not depend on the pieces the text arrives in.
@Suite struct JSONArrayScannerProperties {
  /// Any array's elements are found, spelled in any of the ways JSON allows and handed
  /// over in pieces of any size.
  @Test func theElementsOfAnyArrayAreFound() {
    Property("array scanner → elements", defaultCases: 500).check(record: {
      Issue.record("\($0)")
    }) { item in
      let (elements, text) = Self.spelledArray(&item.random, upTo: 8, depth: 4)
      let pieceSize = item.random.int(in: 1...40)
      let (found, last) = ArrayScan.elements(of: text, pieceSize: pieceSize)
      item.expect(last == .end, "ended with \(last) in pieces of \(pieceSize): \(Self.show(text))")
      let read = found.map { try? JSONReader.parse($0.bytes) }
      item.expect(
        read == elements.map { Optional($0) },
        "found \(read.count) elements of \(elements.count) in \(Self.show(text))")
    }
  }

  /// Any text, arrays mutated in every way the mutator knows: the scan gives the same
  /// elements and the same ending whether the text arrives whole or in small pieces,
  /// and when the reader takes the whole text for an array, the scan ends without a
  /// break, having found its elements.
  @Test func mutatedArraysScanTheSameInPiecesAndAsTheReaderReadsThem() {
    let donors = (0..<8).map { seed -> [UInt8] in
      var random = SeededRandom(seed: UInt64(seed))
      return JSONGenerator.spelling(of: JSONGenerator.value(&random, depth: 3), &random)
    }
    let mutator = Mutator(donors: donors)
    Property("array scanner on mutated text", defaultCases: 1000).check(record: {
      Issue.record("\($0)")
    }) { item in
      let original = Self.spelledArray(&item.random, upTo: 6, depth: 3).text
      let (text, kinds) = mutator.mutate(original, &item.random)
      let whole = ArrayScan.elements(of: text, pieceSize: max(1, text.count))
      let pieceSize = item.random.int(in: 1...16)
      let pieces = ArrayScan.elements(of: text, pieceSize: pieceSize)
      item.expect(
        Self.summary(whole.elements) == Self.summary(pieces.elements) && whole.last == pieces.last,
        "\(kinds): whole \(whole.last), in pieces of \(pieceSize) \(pieces.last): \(Self.show(text))"
      )
      guard case .array(let read)? = try? JSONReader.parse(text) else { return }
      item.expect(
        whole.last == .end, "\(kinds): the reader reads an array, the scan ends with \(whole.last)")
      item.expect(
        whole.elements.map { try? JSONReader.parse($0.bytes) } == read.map { Optional($0) },
        "\(kinds): the scan's elements are not the reader's in \(Self.show(text))")
    }
  }

  /// An array of up to `count` random values nested at most `depth` deep, and one of its
  /// spellings.
  static func spelledArray(_ random: inout SeededRandom, upTo count: Int, depth: Int) -> (
    elements: [JSONValue], text: [UInt8]
  ) {
    let elements = (0..<random.count(upTo: count)).map { _ in
      JSONGenerator.value(&random, depth: depth)
    }
    return (elements, JSONGenerator.spelling(of: .array(elements), &random))
  }

  /// Each element as its bytes and place, to compare two scans.
  static func summary(_ elements: [(bytes: ArraySlice<UInt8>, line: Int, column: Int)]) -> [String]
  {
    elements.map { "\(Array($0.bytes))@\($0.line):\($0.column)" }
  }

  static func show(_ text: [UInt8]) -> String { String(decoding: text, as: UTF8.self) }
}
