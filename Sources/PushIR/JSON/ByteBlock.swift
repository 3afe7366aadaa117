/// Sixteen bytes, one per lane: how the string scan and the UTF-8 check test a block of
/// text with a few vector compares instead of a byte at a time.
typealias ByteBlock = SIMD16<UInt8>

extension ByteBlock {
  /// The sixteen bytes of `buffer` from `offset`, for `offset + 16 <= buffer.count`.
  @inline(__always)
  init(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) {
    self = UnsafeRawBufferPointer(buffer).loadUnaligned(fromByteOffset: offset, as: ByteBlock.self)
  }

  /// 0xFF in the lanes `mask` sets, 0 in the others. Masks are turned into lanes before
  /// they are combined: the mask type's own operators compile to a loop over the lanes.
  @inline(__always)
  init(lanes mask: SIMDMask<SIMD16<Int8>>) {
    self = ByteBlock(repeating: 0).replacing(with: 0xFF, where: mask)
  }

  /// `value` in every lane. Compares and masks are written against such a block rather
  /// than against a scalar: the standard library's mixed vector-and-scalar operators are
  /// not specialized here, and with them a batch run took 5.5 times the instructions.
  @inline(__always)
  static func all(_ value: UInt8) -> ByteBlock { ByteBlock(repeating: value) }

  /// The lanes as two words, the first eight lowest byte first.
  @inline(__always)
  var words: (low: UInt64, high: UInt64) {
    let words = unsafeBitCast(self, to: SIMD2<UInt64>.self)
    return (UInt64(littleEndian: words[0]), UInt64(littleEndian: words[1]))
  }

  /// Whether any lane is not zero.
  @inline(__always)
  var hasNonZeroLane: Bool { words.low | words.high != 0 }
}
