import PushIR

/// FNV-1a, 64 bits: a hash that is the same on every run and machine, for derived ids.
enum StableHash {
  /// The id derived from the whole of `notification` (`pushc-` and 16 hex digits), for
  /// opaque ids a target requires and nothing supplied.
  static func derivedID(of notification: PushNotification) -> String {
    "pushc-" + hex(of: JSONWriter(style: .compact).bytes(IREncoder.encode(notification)))
  }

  static func hex(of bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
