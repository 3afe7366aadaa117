import PropertyTesting
import PushIR
import Testing

/// Properties of the JSON reader and writer on generated values and texts (see
/// `Specs/testing.md`): writing then reading is the identity, member order, repeated
/// names and the spelling of numbers included; every way of spelling a value reads as
/// that value; and the writer's text is a fixed point of reading and writing again.
@Suite struct JSONProperties {
  static let styles: [JSONWriter.Style] = [.compact, .pretty]

  @Test func writerThenReaderIsTheIdentity() {
    Property("JSON writer → reader", defaultCases: 1000).check(record: { Issue.record("\($0)") }) {
      item in
      let value = JSONGenerator.value(&item.random, depth: 6)
      for style in Self.styles {
        let text = JSONWriter(style: style).bytes(value)
        do {
          let read = try JSONReader.parse(text)
          item.expect(
            read == value,
            "\(style): read back \(Self.show(read)) from \(Self.show(value))")
        } catch {
          item.fail("\(style): the writer's own text is refused: \(error) in \(Self.show(value))")
        }
      }
    }
  }

  @Test func everySpellingReadsAsItsValue() {
    Property("JSON spelling → reader", defaultCases: 1000).check(record: { Issue.record("\($0)") })
    {
      item in
      let value = JSONGenerator.value(&item.random, depth: 6)
      let text = JSONGenerator.spelling(of: value, &item.random)
      do {
        let read = try JSONReader.parse(text)
        item.expect(
          read == value,
          "read \(Self.show(read)) from \(String(decoding: text, as: UTF8.self)), expected \(Self.show(value))"
        )
      } catch {
        item.fail("refused \(String(decoding: text, as: UTF8.self)): \(error)")
      }
    }
  }

  /// Reader → writer → reader is stable: what is read from any text and written again
  /// reads back as the same value, and writing that gives the same bytes.
  @Test func readingAndWritingAgainIsStable() {
    Property("JSON reader → writer → reader", defaultCases: 1000).check(record: {
      Issue.record("\($0)")
    }) { item in
      let text = JSONGenerator.spelling(
        of: JSONGenerator.value(&item.random, depth: 6), &item.random)
      guard let first = try? JSONReader.parse(text) else {
        return item.fail("refused \(String(decoding: text, as: UTF8.self))")
      }
      for style in Self.styles {
        let written = JSONWriter(style: style).bytes(first)
        guard let second = try? JSONReader.parse(written) else {
          item.fail("\(style): the writer's text of \(Self.show(first)) is refused")
          continue
        }
        item.expect(
          second == first, "\(style): \(Self.show(first)) read back as \(Self.show(second))")
        item.expect(
          JSONWriter(style: style).bytes(second) == written,
          "\(style): writing \(Self.show(first)) again changed the text")
      }
    }
  }

  /// A value written into the builders piece by piece (containers opened and closed,
  /// or handed over whole, at random) is rebuilt by ``JSONValueBuilder`` and written by
  /// ``JSONTextBuilder`` as the compact writer writes it.
  @Test func buildersAgreeWithTheWriter() {
    Property("JSON builders", defaultCases: 1000).check(record: { Issue.record("\($0)") }) {
      item in
      let value = JSONGenerator.value(&item.random, depth: 6)
      let built = JSONBuilderReplay.build(value, choosing: item.random)
      item.expect(built.value == value, "rebuilt \(Self.show(built.value))")
      item.expect(
        built.text == JSONWriter(style: .compact).bytes(value),
        "wrote \(String(decoding: built.text, as: UTF8.self)) for \(Self.show(value))")
    }
  }

  /// The IR's JSON form: encoding a generated notification and decoding it gives it back.
  @Test func irEncoderThenDecoderIsTheIdentity() {
    let generator = IRGenerator()
    Property("IR encoder → decoder", defaultCases: 500).check(record: { Issue.record("\($0)") }) {
      item in
      let notification = generator.notification(&item.random)
      let json = IREncoder.encode(notification)
      do {
        let decoded = try IRDecoder.decode(try JSONReader.parse(JSONWriter().bytes(json)))
        item.expect(
          decoded == notification,
          "decoded \(Self.show(IREncoder.encode(decoded))) from \(Self.show(json))")
      } catch {
        item.fail("refused its own encoding: \(error) in \(Self.show(json))")
      }
    }
  }

  static func show(_ value: JSONValue) -> String { JSONWriter(style: .compact).string(value) }
}
