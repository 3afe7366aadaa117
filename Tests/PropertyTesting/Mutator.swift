import PushIR

/// Seeded mutations of JSON documents, for checking that nothing a reader can be handed
/// makes it crash: byte flips, insertions and deletions, truncation, a repeated member,
/// a value of another type, deep nesting, unicode and control characters, and splices
/// of two documents.
public struct Mutator: Sendable {
  /// Documents to splice pieces from.
  public var donors: [[UInt8]]

  /// A mutator that splices from `donors`.
  public init(donors: [[UInt8]]) { self.donors = donors }

  /// The kinds of mutation, each named for messages.
  public enum Kind: String, CaseIterable, Sendable {
    case flipBit, insertByte, deleteBytes, truncate, insertText, duplicateMember, swapType
    case deepNest, insertString, spliceBytes, spliceValue, respell
  }

  /// `document` after one to three random mutations, and their names.
  public func mutate(_ document: [UInt8], _ random: inout SeededRandom) -> (
    bytes: [UInt8], kinds: [Kind]
  ) {
    var bytes = document
    var kinds: [Kind] = []
    for _ in 0..<random.int(in: 1...3) {
      let kind = random.pick(Kind.allCases)
      kinds.append(kind)
      bytes = apply(kind, to: bytes, &random)
    }
    return (bytes, kinds)
  }

  /// `bytes` after the mutation `kind` (structural ones fall back to a byte flip when
  /// the bytes are not JSON).
  public func apply(_ kind: Kind, to bytes: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
    var bytes = bytes
    switch kind {
    case .flipBit:
      guard !bytes.isEmpty else { return [random.pick(Array(UInt8.min...UInt8.max))] }
      bytes[random.below(bytes.count)] ^= 1 << UInt8(random.below(8))
    case .insertByte:
      bytes.insert(
        random.pick([0x00, 0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x80, 0xC0, 0xFF]),
        at: random.below(bytes.count + 1))
    case .deleteBytes:
      guard !bytes.isEmpty else { return bytes }
      let start = random.below(bytes.count)
      bytes.removeSubrange(start..<min(bytes.count, start + random.int(in: 1...8)))
    case .truncate:
      bytes = Array(bytes.prefix(random.below(bytes.count + 1)))
    case .insertText:
      bytes.insert(contentsOf: Self.text(&random), at: random.below(bytes.count + 1))
    case .spliceBytes:
      let donor = random.pick(donors)
      bytes =
        Array(bytes.prefix(random.below(bytes.count + 1)))
        + donor.suffix(random.below(donor.count + 1))
    default:
      guard var value = try? JSONReader.parse(bytes) else {
        return apply(.flipBit, to: bytes, &random)
      }
      mutateValue(kind, in: &value, &random)
      return random.chance(50)
        ? JSONWriter(style: random.chance(50) ? .compact : .pretty).bytes(value)
        : JSONGenerator.spelling(of: value, &random)
    }
    return bytes
  }

  private func mutateValue(_ kind: Kind, in value: inout JSONValue, _ random: inout SeededRandom) {
    let paths = Self.paths(in: value)
    let path = random.pick(paths)
    guard var target = value.value(at: path) else { return }
    switch kind {
    case .duplicateMember:
      guard case .object(var object) = target, !object.isEmpty else {
        return mutateValue(.swapType, in: &value, &random)
      }
      let member = random.pick(object.members)
      object.append(
        member.key, random.chance(50) ? member.value : JSONGenerator.scalar(&random))
      target = .object(object)
    case .swapType:
      var replacement = JSONGenerator.value(&random, depth: 2)
      while replacement.kindName == target.kindName {
        replacement = JSONGenerator.value(&random, depth: 2)
      }
      target = replacement
    case .deepNest:
      for _ in 0..<random.int(in: 1...(random.chance(30) ? 80 : 20)) {
        target =
          random.chance(50)
          ? .array([target]) : .object(JSONObject([.init(key: "n", value: target)]))
      }
    case .insertString:
      target = .string(String(decoding: Self.text(&random), as: UTF8.self))
    case .spliceValue:
      guard let donor = try? JSONReader.parse(random.pick(donors)) else { return }
      target = donor.value(at: random.pick(Self.paths(in: donor))) ?? target
    default:
      break  // .respell: only the spelling changes
    }
    value.replace(at: path, with: target)
  }

  /// Text that strains readers: control characters, invalid UTF-8, lone surrogate
  /// escapes, a byte order mark, astral characters and quotes.
  static func text(_ random: inout SeededRandom) -> [UInt8] {
    let pieces: [[UInt8]] = [
      [0x00], [0x01], [0x1F], [0x7F], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
      [0xEF, 0xBB, 0xBF], Array("\\ud800".utf8), Array("\\u0000".utf8), Array("😀".utf8),
      Array("\u{2028}".utf8), Array("\"".utf8), Array("\\".utf8), Array("é".utf8),
    ]
    return (0..<random.int(in: 1...4)).flatMap { _ in random.pick(pieces) }
  }

  /// Every location in `value`, the root included.
  static func paths(in value: JSONValue, at path: JSONPointer = .root) -> [JSONPointer] {
    var found = [path]
    switch value {
    case .object(let object):
      for member in object { found += paths(in: member.value, at: path.appending(member.key)) }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        found += paths(in: element, at: path.appending(index))
      }
    default: break
    }
    return found
  }
}

extension JSONValue {
  /// Replaces the value at `pointer` (which must exist) with `replacement`.
  mutating func replace(at pointer: JSONPointer, with replacement: JSONValue) {
    replace(tokens: pointer.tokens[...], with: replacement)
  }

  private mutating func replace(tokens: ArraySlice<String>, with replacement: JSONValue) {
    guard let token = tokens.first else {
      self = replacement
      return
    }
    switch self {
    case .object(var object):
      guard var child = object[token] else { return }
      child.replace(tokens: tokens.dropFirst(), with: replacement)
      object[token] = child
      self = .object(object)
    case .array(var elements):
      guard let index = Int(token), elements.indices.contains(index) else { return }
      elements[index].replace(tokens: tokens.dropFirst(), with: replacement)
      self = .array(elements)
    default: return
    }
  }
}
