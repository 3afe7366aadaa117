extension JSONValue {
  /// Removes every member whose name occurs again later in the same object (the last
  /// occurrence wins, as with Apple's decoder) and returns where each removed one was.
  public mutating func removeDuplicateKeys() -> [JSONPointer] {
    guard containsDuplicateKeys else { return [] }
    var removed: [JSONPointer] = []
    removeDuplicateKeys(at: .root, into: &removed)
    return removed
  }

  /// Whether any object in the tree repeats a member name (no allocation for the usual
  /// small objects).
  public var containsDuplicateKeys: Bool {
    switch self {
    case .array(let elements): Self.anyContainsDuplicateKeys(elements)
    case .object(let object): Self.containsDuplicateKeys(object.members)
    default: false
    }
  }

  /// Whether an object of `members`, or any object inside their values, repeats a name.
  /// Every record of a batch is asked, so members are read in place: a copy of each
  /// would retain and release its name and value. Names are compared with `==`, as
  /// lookups compare them (canonically equivalent text is the same name, whatever its
  /// bytes), so not by length first.
  private static func containsDuplicateKeys(_ members: [JSONObject.Member]) -> Bool {
    if members.count > 32 {
      if Set(members.map(\.key)).count != members.count { return true }
    } else if members.count > 1 {
      for i in members.indices.dropFirst() {
        for j in members.startIndex..<i where members[j].key == members[i].key { return true }
      }
    }
    for index in members.indices {
      switch members[index].value {
      case .object(let object): if containsDuplicateKeys(object.members) { return true }
      case .array(let elements): if anyContainsDuplicateKeys(elements) { return true }
      default: continue
      }
    }
    return false
  }

  /// Whether any object among `elements`, or inside them, repeats a name.
  private static func anyContainsDuplicateKeys(_ elements: [JSONValue]) -> Bool {
    for index in elements.indices {
      switch elements[index] {
      case .object(let object): if containsDuplicateKeys(object.members) { return true }
      case .array(let nested): if anyContainsDuplicateKeys(nested) { return true }
      default: continue
      }
    }
    return false
  }

  private mutating func removeDuplicateKeys(
    at pointer: JSONPointer, into removed: inout [JSONPointer]
  ) {
    switch self {
    case .array(var elements):
      self = .null
      for index in elements.indices {
        elements[index].removeDuplicateKeys(at: pointer.appending(index), into: &removed)
      }
      self = .array(elements)
    case .object(let object):
      self = .null
      var members: [JSONObject.Member] = []
      for (index, member) in object.members.enumerated() {
        if object.members[(index + 1)...].contains(where: { $0.key == member.key }) {
          removed.append(pointer.appending(member.key))
          continue
        }
        var value = member.value
        value.removeDuplicateKeys(at: pointer.appending(member.key), into: &removed)
        members.append(JSONObject.Member(key: member.key, value: value))
      }
      self = .object(JSONObject(members))
    default: break
    }
  }
}
