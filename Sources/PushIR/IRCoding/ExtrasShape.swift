/// The shape Specs/ir.md gives one member of a vendor's extras (a layout hint, or a
/// container the emitter reads members from): an IR document whose member has another
/// shape is refused, since the emitter would otherwise use it unchecked or drop it
/// without a word.
public enum ExtrasShape: Sendable {
  /// A JSON object.
  case object
  /// `true` or `false`.
  case flag
  /// Any string.
  case text
  /// An array of strings.
  case texts
  /// One of these strings.
  case oneOf([String])

  /// Throws when `value`, at `path`, does not have this shape.
  func check(_ value: JSONValue, at path: JSONPointer) throws(IRDecodingError) {
    switch self {
    case .object: _ = try IRDecoder.object(value, at: path)
    case .flag: _ = try IRDecoder.bool(value, at: path)
    case .text: _ = try IRDecoder.string(value, at: path)
    case .texts: _ = try IRDecoder.array(value, at: path, IRDecoder.string)
    case .oneOf(let allowed):
      let text = try IRDecoder.string(value, at: path)
      guard allowed.contains(text) else {
        throw .unknownValue(text, expected: allowed, at: path)
      }
    }
  }
}
