import PushIR

/// What ``JSONArrayScanner`` finds in a text handed to it a piece at a time, for tests
/// to compare with what they expect or with another way of reading the text.
public enum ArrayScan {
  /// One element found: its bytes and the line and column of its first byte.
  public typealias Element = (bytes: ArraySlice<UInt8>, line: Int, column: Int)

  /// The elements found when `text` is handed over `pieceSize` bytes at a time (each
  /// call sees everything from the scan's position to the end of what has arrived), and
  /// the step that ended the scan.
  public static func elements(of text: [UInt8], pieceSize: Int) -> (
    elements: [Element], last: JSONArrayScanner.Step
  ) {
    var scanner = JSONArrayScanner()
    var elements: [Element] = []
    var arrived = min(pieceSize, text.count)
    while true {
      let start = scanner.elementInProgress ?? scanner.nextOffset
      let step = text[start..<arrived].withUnsafeBufferPointer {
        scanner.step(in: $0, from: start, atEnd: arrived == text.count)
      }
      switch step {
      case .element(let range, let line, let column):
        elements.append((text[range], line, column))
      case .needsMore:
        arrived = min(arrived + pieceSize, text.count)
      default:
        return (elements, step)
      }
    }
  }
}
