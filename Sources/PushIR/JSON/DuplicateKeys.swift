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
    case .array(let elements):
      // By index: iterating would copy each element only to look into it.
      return elements.indices.contains { elements[$0].mayContainDuplicateKeys }
    case .object(let object):
      let members = object.members
      if members.count > 32 {
        if Set(members.map(\.key)).count != members.count { return true }
      } else if members.count > 1 {
        for i in members.indices {
          let key = members[i].key
          for j in (i + 1)..<members.endIndex where members[j].key == key { return true }
        }
      }
      return members.indices.contains { members[$0].value.mayContainDuplicateKeys }
    default: return false
    }
  }

  /// ``containsDuplicateKeys``, asked only of objects and arrays: a scalar member is
  /// passed over without copying its value.
  private var mayContainDuplicateKeys: Bool {
    switch self {
    case .object, .array: containsDuplicateKeys
    default: false
    }
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
