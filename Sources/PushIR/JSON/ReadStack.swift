/// A last-in, first-out run of values that ``JSONReader`` builds one document's objects,
/// arrays and unescaped strings in.
///
/// An object's members (an array's elements) are pushed as they are read; once it closes,
/// its run is moved, not copied, into an array of exactly its length
/// (``takeArray(from:)``): no reference count changes per element, no growth of the
/// array, no spare capacity. A nested container pushes above its parent's run and takes
/// its own before the parent goes on, so one stack serves the whole document.
///
/// The stack starts in memory its owner lends it (the reader lends it stack memory) and
/// moves to the heap, doubling, when that fills. Whatever a failed read leaves on it is
/// destroyed with it.
struct ReadStack<Element>: ~Copyable {
  /// The memory: `storage[0..<count]` is initialized, the rest is not.
  private var storage: UnsafeMutableBufferPointer<Element>
  /// Whether `storage` was allocated here (and so is freed here) rather than lent.
  private var ownsStorage = false
  /// How many elements are on the stack.
  private(set) var count = 0

  /// A stack in `memory`, which must be uninitialized and must outlive the stack; empty
  /// memory makes the stack allocate its own at the first push.
  init(in memory: UnsafeMutableBufferPointer<Element>) {
    storage = memory
  }

  deinit {
    storage.baseAddress?.deinitialize(count: count)
    if ownsStorage { storage.deallocate() }
  }

  /// Pushes `element` on top.
  @inline(__always)
  mutating func push(_ element: consuming Element) {
    if count == storage.count { grow(toHold: count &+ 1) }
    // `count < storage.count` now, so the slot is inside the storage and uninitialized.
    (storage.baseAddress.unsafelyUnwrapped + count).initialize(to: element)
    count &+= 1
  }

  /// Moves the elements from position `start` to the top into a new array, in order,
  /// leaving `start` elements on the stack.
  mutating func takeArray(from start: Int) -> [Element] {
    let taken = count &- start
    precondition(start >= 0 && taken >= 0, "a run starts within the stack")
    guard taken > 0 else { return [] }
    // `start..<count` lies inside the initialized part of the storage; once moved out its
    // slots are uninitialized again, which setting `count` to `start` records.
    // (`Array(unsafeUninitializedCapacity:)` would do the same, but through a generic,
    // unspecialized allocation that costs more than twice as much as `reserveCapacity`.)
    let source = storage.baseAddress.unsafelyUnwrapped + start
    count = start
    var array: [Element] = []
    array.reserveCapacity(taken)
    for offset in 0..<taken { array.append((source + offset).move()) }
    return array
  }

  /// Destroys the elements from position `start` to the top, leaving `start` on the
  /// stack.
  @inline(__always)
  mutating func removeAbove(_ start: Int) {
    precondition(start >= 0 && start <= count, "a run starts within the stack")
    guard start < count else { return }
    // `start..<count` lies inside the initialized part of the storage (so it exists).
    (storage.baseAddress.unsafelyUnwrapped + start).deinitialize(count: count &- start)
    count = start
  }

  /// Destroys every element, keeping the memory for the next ones.
  mutating func removeAll() {
    storage.baseAddress?.deinitialize(count: count)
    count = 0
  }

  /// The elements, bottom first; valid until the stack next changes.
  var elements: UnsafeBufferPointer<Element> {
    UnsafeBufferPointer(start: storage.baseAddress, count: count)
  }

  /// Moves the elements into memory for at least `needed`, twice the current capacity
  /// when that is more, and frees the old memory if it was allocated here.
  @inline(never)
  private mutating func grow(toHold needed: Int) {
    let larger = UnsafeMutableBufferPointer<Element>.allocate(
      capacity: Swift.max(needed, storage.count &* 2, 16))
    if let old = storage.baseAddress {
      larger.baseAddress.unsafelyUnwrapped.moveInitialize(from: old, count: count)
      if ownsStorage { storage.deallocate() }
    }
    storage = larger
    ownsStorage = true
  }
}

extension ReadStack where Element == UInt8 {
  /// Pushes a copy of each byte of `bytes` on top, a short run copied in place
  /// (``JSONStringBytes/copy(_:from:to:)``): the text between escapes is.
  @inline(__always)
  mutating func push(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    if storage.count &- count < bytes.count { grow(toHold: count &+ bytes.count) }
    // `count + bytes.count <= storage.count` now: the slots are inside the storage.
    JSONStringBytes.copy(
      bytes.count, from: source, to: storage.baseAddress.unsafelyUnwrapped + count)
    count &+= bytes.count
  }
}
