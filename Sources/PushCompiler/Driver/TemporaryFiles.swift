#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files that outputs are written to before they are renamed into place,
/// and the signal handlers that remove them when a run is interrupted (by any signal in
/// ``signals``: SIGINT, SIGTERM, SIGPIPE when the reader of standard output goes away,
/// SIGXFSZ when an output grows beyond the file size limit, …), so that an interrupted
/// run leaves neither its outputs nor their temporary files behind.
///
/// A signal handler may only do what is async-signal-safe: no allocation, no lock. So
/// the name of every open temporary file is kept in a table allocated once, where
/// `mkstemp` writes it in place: the handler `unlink`s each name in use, then puts the
/// signal's action back to the default and raises it again, so the process ends killed
/// by that signal, and its exit status says so as it would have without the handler.
/// The action is put back only once the files are gone. Reset as the signal is delivered
/// (`SA_RESETHAND`), it would let the same signal sent again at once (by `timeout`,
/// which signals the process and then its group, or by a second Ctrl-C) reach another
/// thread at its default action and end the process before the handler has removed
/// anything; as it is, a second signal runs the handler again on another thread, which
/// removes the same names.
///
/// The handler also removes the folders a run made that are still empty, innermost first,
/// as a run that fails does (``noteMadeFolders(_:)``).
enum TemporaryFiles {
  /// Temporary files whose names the table holds at once: a run has two open at most (its
  /// output and its report). One beyond them is still created, but a signal leaves it.
  static let slots = 16
  /// Bytes of one name, with its final NUL; a longer path is longer than the system takes.
  static let nameSize = Int(PATH_MAX) + 1
  /// The signals whose default action ends the process and that a user, a terminal, a
  /// timer or a resource limit may send; a handler removes the temporary files before
  /// each ends the run. (SIGKILL cannot be handled; SIGSEGV and the like mean a defect,
  /// where running more code is unsafe.)
  static let signals = [
    SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGXFSZ, SIGXCPU, SIGALRM, SIGUSR1, SIGUSR2,
    SIGVTALRM, SIGPROF,
  ]

  /// A folder a run made, in a list the handler walks without a lock: a folder is added
  /// at the head once its node is whole, so the list runs from the newest (innermost).
  private struct MadeFolder {
    var next: UnsafeMutablePointer<MadeFolder>?
    var path: UnsafeMutablePointer<CChar>
  }
  /// The newest folder noted: the head of the list.
  nonisolated(unsafe) private static let madeFolders:
    UnsafeMutablePointer<UnsafeMutablePointer<MadeFolder>?> = {
      let head = UnsafeMutablePointer<UnsafeMutablePointer<MadeFolder>?>.allocate(capacity: 1)
      head.initialize(to: nil)
      return head
    }()
  /// Set by the handler as it starts: the list it may be walking is then left as it is.
  nonisolated(unsafe) private static let handling: UnsafeMutablePointer<Int32> = {
    let flag = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    flag.initialize(to: 0)
    return flag
  }()

  // The handler reads `state` and `names` without a lock, since it cannot wait for one;
  // they are written only by a thread holding `lock`, or by the one that reserved a
  // slot, into its own name. A name is written whole while its slot is only reserved,
  // and the slot is marked named (under the lock: the call into C keeps the writes in
  // that order) before `mkstemp` creates the file; it is freed after the file is renamed
  // or unlinked. So a temporary file that exists always has its name there, and the
  // handler at worst unlinks a name that no longer exists, or `mkstemp`'s template
  // half filled in. The pointers themselves never change after they are made.
  fileprivate static let free: Int32 = 0
  fileprivate static let reserved: Int32 = 1
  fileprivate static let named: Int32 = 2
  nonisolated(unsafe) private static let state: UnsafeMutablePointer<Int32> = {
    let flags = UnsafeMutablePointer<Int32>.allocate(capacity: slots)
    flags.initialize(repeating: free, count: slots)
    return flags
  }()
  nonisolated(unsafe) private static let names = UnsafeMutablePointer<CChar>.allocate(
    capacity: slots * nameSize)
  nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
    let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    lock.initialize(to: pthread_mutex_t())
    pthread_mutex_init(lock, nil)
    return lock
  }()

  private static let prepared: Void = {
    _ = FileIO.newFileMode
    // Everything the handler reads is made now, not on its first use inside it.
    _ = (state, names, lock, slots, nameSize, named, madeFolders, handling)
    for signal in signals {
      var current = sigaction()
      // A signal the process was started to ignore (`nohup`) stays ignored, and one a
      // program embedding the library handles stays its own.
      guard sigaction(signal, nil, &current) == 0, current.handler == nil else { continue }
      var action = sigaction()
      action.handler = removeTemporaryFilesAndRaise
      // While the handler runs on a thread, the signals it handles wait there; the one it
      // raises again is delivered, at its default action, as the handler returns.
      sigemptyset(&action.sa_mask)
      for blocked in signals { sigaddset(&action.sa_mask, blocked) }
      sigaction(signal, &action, nil)
    }
  }()

  /// Reads the umask and installs the signal handlers, once. Called before any thread
  /// starts, since reading the umask sets it for a moment.
  static func prepare() { _ = prepared }

  /// Reserves a slot of the table for a name, or returns nil when all are in use.
  fileprivate static func reserve() -> Int? {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    guard let slot = (0..<slots).first(where: { state[$0] == free }) else { return nil }
    state[slot] = reserved
    return slot
  }

  /// Sets the state of a slot reserved before.
  fileprivate static func mark(_ slot: Int, _ newState: Int32) {
    pthread_mutex_lock(lock)
    state[slot] = newState
    pthread_mutex_unlock(lock)
  }

  fileprivate static func name(_ slot: Int) -> UnsafeMutablePointer<CChar> {
    names + slot * nameSize
  }

  /// Notes `folders`, just made, outermost first, for the handler to remove (those
  /// still empty) when a signal stops the run.
  static func noteMadeFolders(_ folders: [String]) {
    for folder in folders {
      let name = Array(folder.utf8CString)
      let path = UnsafeMutablePointer<CChar>.allocate(capacity: name.count)
      path.initialize(from: name, count: name.count)
      let node = UnsafeMutablePointer<MadeFolder>.allocate(capacity: 1)
      node.initialize(to: MadeFolder(next: nil, path: path))
      pthread_mutex_lock(lock)
      node.pointee.next = madeFolders.pointee
      madeFolders.pointee = node
      pthread_mutex_unlock(lock)
    }
  }

  /// Forgets the folders noted: the run has ended, and removed those it had to. (They
  /// are the process's, not one run's: `pushc` makes one run.)
  static func forgetMadeFolders() {
    pthread_mutex_lock(lock)
    var node = madeFolders.pointee
    madeFolders.pointee = nil
    pthread_mutex_unlock(lock)
    // A handler already walking the list is ending the process: its nodes stay.
    guard handling.pointee == 0 else { return }
    while let current = node {
      node = current.pointee.next
      current.pointee.path.deallocate()
      current.deallocate()
    }
  }

  /// The signal handler: async-signal-safe calls only, on memory prepared beforehand.
  /// Temporary files go first, so that the folders they were in may be empty.
  fileprivate static func removeAll() {
    handling.pointee = 1
    var slot = 0
    while slot < slots {
      if state[slot] == named { unlink(names + slot * nameSize) }
      slot += 1
    }
    var folder = madeFolders.pointee
    while let current = folder {
      rmdir(current.pointee.path)
      folder = current.pointee.next
    }
  }
}

extension Driver {
  /// Puts SIGQUIT back at its default action, unless the process was started ignoring
  /// it; called by `pushc` as it starts. The Swift runtime takes SIGQUIT for a crash and
  /// prints a backtrace, which can take seconds to make; to `pushc` it is a request to
  /// quit (Ctrl-\), which removes the temporary files first like the other
  /// ``TemporaryFiles/signals``. A program embedding the library keeps the handler it
  /// chose.
  public static func quitOnSIGQUIT() {
    var current = sigaction()
    guard sigaction(SIGQUIT, nil, &current) == 0 else { return }
    let ignored =
      unsafeBitCast(current.handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    if !ignored { signal(SIGQUIT, SIG_DFL) }
  }
}

private func removeTemporaryFilesAndRaise(_ number: Int32) {
  TemporaryFiles.removeAll()
  signal(number, SIG_DFL)
  raise(number)
}

extension sigaction {
  /// The plain handler (`sa_handler`); nil is the default action.
  fileprivate var handler: (@convention(c) (Int32) -> Void)? {
    get {
      #if canImport(Darwin)
        __sigaction_u.__sa_handler
      #elseif canImport(Musl)
        __sa_handler.sa_handler
      #else
        __sigaction_handler.sa_handler
      #endif
    }
    set {
      #if canImport(Darwin)
        __sigaction_u.__sa_handler = newValue
      #elseif canImport(Musl)
        __sa_handler.sa_handler = newValue
      #else
        __sigaction_handler.sa_handler = newValue
      #endif
    }
  }
}

/// A temporary file created beside an output's final path, whose name the signal
/// handlers know until it is renamed into place or removed.
struct TemporaryFile {
  /// The open file, for writing.
  let descriptor: Int32
  /// Its name: in the table, or in memory of its own when the table is full.
  private let name: UnsafeMutablePointer<CChar>
  private let slot: Int?

  /// Creates a temporary file beside `path` (named as ``template(beside:)`` says),
  /// readable and writable by its owner only until the caller gives it its permissions.
  /// A failure names `output`, the path the user gave; a final name longer than a name
  /// may be fails here, before anything is written for it.
  init(beside path: String, for output: String) throws(FileIO.Failure) {
    guard let template = Self.template(beside: path) else {
      throw FileIO.Failure(output, errno: ENAMETOOLONG, side: .output)
    }
    TemporaryFiles.prepare()
    let slot = template.count <= TemporaryFiles.nameSize ? TemporaryFiles.reserve() : nil
    let name =
      slot.map(TemporaryFiles.name)
      ?? UnsafeMutablePointer<CChar>.allocate(capacity: template.count)
    name.update(from: template, count: template.count)
    if let slot { TemporaryFiles.mark(slot, TemporaryFiles.named) }
    let opened = mkstemp(name)
    guard opened >= 0 else {
      let failure = FileIO.Failure(
        output, errno: errno, side: .output, step: "the temporary file beside it cannot be created")
      Self.forget(name, slot)
      throw failure
    }
    descriptor = opened
    self.name = name
    self.slot = slot
  }

  /// The longest a file's name may be, in bytes (`NAME_MAX`).
  static let longestName = Int(NAME_MAX)

  /// The template `mkstemp` makes the name from: `path` and `.pushc-XXXXXX`, its last
  /// component cut short (between characters) where it would be longer than a name may
  /// be (a final name of 243 to 255 bytes is legal; its temporary name must be too); `nil`
  /// when that final name is longer than a name may be.
  static func template(beside path: String) -> [CChar]? {
    let suffix = ".pushc-XXXXXX"
    let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.index(after: $0) }
    let folder = path[..<(slash ?? path.startIndex)]
    var name = Substring(path[(slash ?? path.startIndex)...])
    guard name.utf8.count <= longestName else { return nil }
    while name.utf8.count + suffix.utf8.count > longestName { name.removeLast() }
    return Array((folder + name + suffix).utf8CString)
  }

  /// Renames the file (already closed) to `path`, or removes it when that fails; returns
  /// the error number of the failure, or nil.
  func moveInto(_ path: String) -> Int32? {
    let failure = rename(name, path) == 0 ? nil : errno
    if failure != nil { unlink(name) }
    Self.forget(name, slot)
    return failure
  }

  /// Removes the file (already closed).
  func remove() {
    unlink(name)
    Self.forget(name, slot)
  }

  private static func forget(_ name: UnsafeMutablePointer<CChar>, _ slot: Int?) {
    if let slot { TemporaryFiles.mark(slot, TemporaryFiles.free) } else { name.deallocate() }
  }
}
