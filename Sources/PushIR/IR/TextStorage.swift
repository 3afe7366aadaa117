/// The bytes of one document as read, which the texts read from it are ranges of: made
/// once per document, so that a text read costs no allocation of its own, and freed when
/// the last text of it is.
///
/// Its bytes are written once, as it is made, and only read after: that is what makes
/// sharing it between threads safe (``IRText`` says so for the texts that hold it).
@usableFromInline
final class TextStorage: ManagedBuffer<Int, UInt8> {
  /// A storage holding a copy of `bytes`.
  @usableFromInline
  static func copying(_ bytes: UnsafeBufferPointer<UInt8>) -> TextStorage {
    let storage = unsafeDowncast(
      TextStorage.create(minimumCapacity: bytes.count) { _ in bytes.count }, to: TextStorage.self)
    storage.withUnsafeMutablePointerToElements { elements in
      if let base = bytes.baseAddress { elements.initialize(from: base, count: bytes.count) }
    }
    return storage
  }

  /// How many bytes it holds.
  @inlinable
  var count: Int { header }

  /// Calls `body` with its bytes, lent for the call only.
  @inlinable @inline(__always)
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    try withBytes(from: 0, count: header, body)
  }

  /// Calls `body` with `count` of its bytes from `start`, lent for the call only.
  @inlinable @inline(__always)
  func withBytes<Result>(
    from start: Int, count: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    try withUnsafeMutablePointerToElements { elements in
      try body(UnsafeBufferPointer(start: elements + start, count: count))
    }
  }
}
