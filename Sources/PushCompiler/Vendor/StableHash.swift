import PushIR

/// FNV-1a, 64 bits: a hash that is the same on every run and machine, for derived ids.
enum StableHash {
  /// The id derived from the whole of `notification` (`pushc-` and 16 hex digits), for
  /// opaque ids a target requires and nothing supplied: the hash of the notification's
  /// IR form as `--to ir --compact` writes it (`IREncoder`, `JSONWriter`) but for the
  /// ids' issuer, whose bytes are written straight from the fields, without building the
  /// document.
  static func derivedID(of notification: borrowing PushNotification) -> String {
    let hash = fnv1a(
      JSONWriter.compactText { IREncoder.encode(notification, into: &$0, issuer: false) })
    let prefix: StaticString = "pushc-"
    // The prefix and the 16 digits written into one string, without joining strings.
    return String(unsafeUninitializedCapacity: prefix.utf8CodeUnitCount + 16) { text in
      var count = 0
      prefix.withUTF8Buffer { for byte in $0 { text[count] = byte; count += 1 } }
      count = writeHex(hash, into: text, at: count)
      return count
    }
  }

  /// FNV-1a over `bytes`.
  private static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  /// Writes `hash` as 16 lower-case hex digits (leading zeros kept) into `text` from
  /// `start` (subscripts check the bounds), and returns the count written up to then.
  private static func writeHex(
    _ hash: UInt64, into text: UnsafeMutableBufferPointer<UInt8>, at start: Int
  )
    -> Int
  {
    let digits: StaticString = "0123456789abcdef"
    return digits.withUTF8Buffer { digits in
      for place in 0..<16 {
        text[start + place] = digits[Int(truncatingIfNeeded: hash >> (60 - 4 * place)) & 0xF]
      }
      return start + 16
    }
  }
}
