import Foundation
import PropertyTesting
@testable import PushCompiler
import PushIR
import Testing

/// Derived ids hash the notification's compact IR form, which the encoder writes straight
/// into text without the document: it must give exactly the bytes the encoder's value
/// and the writer give (and the reviewed golden IR files hold), or every derived `_k` and
/// OneSignal or Iterable id would change.
@Suite struct StableHashTests {
  static func encoded(_ notification: PushNotification) -> [UInt8] {
    JSONWriter(style: .compact).bytes(IREncoder.encode(notification))
  }

  static func written(_ notification: PushNotification) -> [UInt8] {
    JSONWriter.compactText { IREncoder.encode(notification, into: &$0) }
  }

  @Test func everyGoldenIRIsWrittenAsTheEncoderWritesIt() throws {
    let folders =
      GoldenCase.parseCases.map { $0.folder.appendingPathComponent("ir.json") }
      + GoldenCase.irCorpus.map {
        GoldenFiles.root.appendingPathComponent("_ir").appendingPathComponent("\($0).ir.json")
      }
    #expect(folders.count > 50)
    for file in folders {
      let golden = try GoldenFiles.json(file)
      let notification = try IRDecoder.decode(golden)
      let written = Self.written(notification)
      #expect(written == Self.encoded(notification), "\(file.path)")
      // The reviewed file itself, written compact: the bytes derived ids hash, pinned
      // outside the encoder.
      #expect(written == JSONWriter(style: .compact).bytes(golden), "\(file.path)")
      // The ids' issuer is left out of the hash: a translation notes it only when a
      // target may care, and the same input must give the same id either way.
      var withoutIssuer = notification
      withoutIssuer.tracking.issuer = nil
      #expect(
        StableHash.derivedID(of: notification)
          == "pushc-" + Self.fnv1aHex(Self.encoded(withoutIssuer)))
    }
  }

  /// Found in review: `--dump-after parse` noted the issuer where a plain conversion
  /// did not, and the derived id changed with it.
  @Test func aDerivedIDIsTheSameWhetherOrNotTheIssuerWasNoted() throws {
    let payload = #"{"aps":{"alert":"x"},"itbl":{"campaignId":1234,"templateId":55}}"#
    func messageID(_ extra: [String]) -> String {
      var streams = BufferedStreams(input: Array(payload.utf8))
      _ = Driver.run(
        ["convert", "--from", "iterable", "--to", "iterable", "--compact"] + extra,
        streams: &streams)
      return String(decoding: streams.output, as: UTF8.self)
    }
    #expect(messageID([]).contains("pushc-"))
    #expect(messageID([]) == messageID(["--dump-after", "parse"]))
  }

  @Test func everyGeneratedNotificationIsWrittenAsTheEncoderWritesIt() {
    Property("IR encoder into text = encoder + writer", defaultCases: 2000).check(record: {
      Issue.record("\($0)")
    }) { item in
      let notification = PropertyFixtures.generator.notification(&item.random)
      let written = Self.written(notification)
      let encoded = Self.encoded(notification)
      item.expect(
        written == encoded,
        "wrote \(String(decoding: written, as: UTF8.self)), encoder \(String(decoding: encoded, as: UTF8.self))"
      )
    }
  }

  @Test func anEmptyNotificationIsItsVersionAlone() {
    #expect(
      String(decoding: Self.written(PushNotification()), as: UTF8.self) == #"{"irVersion":1}"#)
  }
}

extension StableHashTests {
  /// FNV-1a over `bytes` as 16 lower-case hex digits, worked out here independently of
  /// the hash behind derived ids.
  static func fnv1aHex(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
