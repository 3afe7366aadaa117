/// The shape Specs/ir.md gives one member of a vendor's extras (a layout hint, or a
/// container the emitter reads members from): an IR document whose member has another
/// shape is refused, since the emitter would otherwise use it unchecked or drop it
/// without a word.
public indirect enum ExtrasShape: Sendable {
  /// A JSON object.
  case object
  /// `true` or `false`.
  case flag
  /// Any string.
  case text
  /// A string, or `null` (nothing).
  case textOrNull
  /// An array of strings.
  case texts
  /// One of these strings.
  case oneOf([String])
  /// An object each of whose members has this shape (a map by id).
  case objectOf(ExtrasShape)
  /// An object whose members of these names have these shapes; others are unchecked.
  case members([String: ExtrasShape])

  /// Throws when `value`, at `path`, does not have this shape.
  func check(_ value: JSONValue, at path: JSONPointer) throws(IRDecodingError) {
    switch self {
    case .object: _ = try IRDecoder.object(value, at: path)
    case .flag: _ = try IRDecoder.bool(value, at: path)
    case .text: _ = try IRDecoder.string(value, at: path)
    case .textOrNull:
      guard value != .null else { return }
      guard case .string = value else { throw .wrongType("a string or null", value, at: path) }
    case .texts: _ = try IRDecoder.array(value, at: path, IRDecoder.string)
    case .oneOf(let allowed):
      let text = try IRDecoder.string(value, at: path)
      guard allowed.contains(text) else {
        throw .unknownValue(text, expected: allowed, at: path)
      }
    case .objectOf(let shape):
      let object = try IRDecoder.object(value, at: path)
      for member in object { try shape.check(member.value, at: path.appending(member.key)) }
    case .members(let shapes):
      let object = try IRDecoder.object(value, at: path)
      for member in object {
        try shapes[member.key]?.check(member.value, at: path.appending(member.key))
      }
    }
  }
}
