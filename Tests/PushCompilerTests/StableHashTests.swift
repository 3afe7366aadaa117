import Foundation
import PropertyTesting
@testable import PushCompiler
import PushIR
import Testing

/// Derived ids hash the notification's compact IR form; ``CompactIRWriter`` writes it
/// without the document, and must give exactly the bytes the encoder and writer give,
/// or every derived `_k` and OneSignal or Iterable id would change.
@Suite struct StableHashTests {
  static func encoded(_ notification: PushNotification) -> [UInt8] {
    JSONWriter(style: .compact).bytes(IREncoder.encode(notification))
  }

  static func written(_ notification: PushNotification) -> [UInt8] {
    var writer = CompactIRWriter()
    writer.write(notification)
    return writer.bytes
  }

  @Test func everyGoldenIRIsWrittenAsTheEncoderWritesIt() throws {
    let folders =
      GoldenCase.parseCases.map { $0.folder.appendingPathComponent("ir.json") }
      + GoldenCase.irCorpus.map {
        GoldenFiles.root.appendingPathComponent("_ir").appendingPathComponent("\($0).ir.json")
      }
    #expect(folders.count > 50)
    for file in folders {
      let notification = try IRDecoder.decode(try GoldenFiles.json(file))
      let written = Self.written(notification)
      #expect(written == Self.encoded(notification), "\(file.path)")
      #expect(
        StableHash.derivedID(of: notification)
          == "pushc-" + StableHash.hex(of: Self.encoded(notification)))
    }
  }

  @Test func everyGeneratedNotificationIsWrittenAsTheEncoderWritesIt() {
    Property("compact IR writer = encoder + writer", defaultCases: 2000).check(record: {
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
