#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole-file reads and atomic writes over POSIX calls, so the command line needs no
/// Foundation (which would add milliseconds to every start).
public enum FileIO {
  /// Why a file operation failed: the path, whether it was being read or written, and
  /// the system's reason.
  public struct Failure: Error, Sendable, Equatable {
    /// Which side of a run a failure is on: an input that cannot be read (exit 66) or an
    /// output that cannot be written (exit 73).
    public enum Side: Sendable { case input, output }

    /// The path involved, as the user gave it (or an output file under a folder they gave).
    public var path: String
    /// The system's description of the error, lower case.
    public var reason: String
    /// Whether `path` was being read or written.
    public var side: Side
    /// What could not be done, when it is not reading or writing `path` itself (e.g. "the
    /// temporary file beside it cannot be created").
    public var step: String?

    init(_ path: String, errno code: Int32, side: Side = .input, step: String? = nil) {
      self.init(path, reason: String(cString: strerror(code)).lowercased(), side: side, step: step)
    }

    init(_ path: String, reason: String, side: Side = .input, step: String? = nil) {
      self.path = path
      self.reason = reason
      self.side = side
      self.step = step
    }

    /// The failure of a file or folder whose name, not being UTF-8, a path given to the
    /// system as a `String` cannot spell: the replacement characters in `shown` would
    /// name another file, or none.
    static func nameNotUTF8(_ shown: String) -> Failure {
      Failure(shown, reason: "its name is not valid UTF-8, and pushc names files in UTF-8 only")
    }

    /// The message `pushc` prints, e.g. "cannot write 'out.ndjson': the temporary file
    /// beside it cannot be created: permission denied".
    public var message: String {
      "cannot \(side == .input ? "read" : "write") '\(path)': "
        + (step.map { $0 + ": " } ?? "") + reason
    }
  }

  /// The contents of the file at `path`: all of it, or its first `limit` bytes when it
  /// is longer (nothing beyond them is read). With `regularOnly`, anything but a regular
  /// file (or a link to one) fails without being read: a pipe, a socket or a device could
  /// make the read wait for ever or never end.
  public static func read(
    _ path: String, atMost limit: Int = .max, regularOnly: Bool = false
  ) throws(Failure) -> [UInt8] {
    let notRegular = Failure(path, reason: "not a regular file")
    // A socket cannot be opened at all (ENXIO): told by its type first.
    var named = stat()
    if regularOnly, stat(path, &named) == 0, named.st_mode & S_IFMT == S_IFSOCK {
      throw notRegular
    }
    // Opening a pipe for reading waits for a writer unless it does not block.
    let descriptor = open(path, regularOnly ? O_RDONLY | O_NONBLOCK : O_RDONLY)
    guard descriptor >= 0 else { throw Failure(path, errno: errno) }
    defer { close(descriptor) }
    if regularOnly {
      var info = stat()
      guard fstat(descriptor, &info) == 0 else { throw Failure(path, errno: errno) }
      guard info.st_mode & S_IFMT == S_IFREG else { throw notRegular }
      // Reads of it block again, as they would have without O_NONBLOCK.
      _ = fcntl(descriptor, F_SETFL, 0)
    }
    return try readAll(descriptor, path: path, atMost: limit)
  }

  /// Standard input until end of file, or its first `limit` bytes (reading stops there).
  public static func readStandardInput(atMost limit: Int = .max) throws(Failure) -> [UInt8] {
    try readAll(0, path: "<stdin>", atMost: limit)
  }

  private static func readAll(_ descriptor: Int32, path: String, atMost limit: Int)
    throws(Failure) -> [UInt8]
  {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count < limit {
      let wanted = min(chunk.count, limit - bytes.count)
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
      if count < 0 {
        let code = errno
        if shouldRetry(after: code, on: descriptor, waitingFor: Int16(POLLIN)) { continue }
        throw Failure(path, errno: code)
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }

  /// Writes `bytes` to a temporary file beside `path`, then renames it into place, so
  /// `path` never holds a partial file. Through a symbolic link at `path`, the file it
  /// leads to is replaced; without `followingLinks`, the link itself is (a file of an
  /// output folder, where a link left there could lead to an input).
  public static func writeAtomically(
    _ bytes: [UInt8], to path: String, followingLinks: Bool = true
  ) throws(Failure) {
    let output = try StreamingOutput(
      path: path, followingLinks: followingLinks, size: bytes.count)
    try output.write(bytes)
    try output.commit()
  }

  /// Writes all of `bytes` to an open descriptor.
  public static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(Failure)
  {
    let code = bytes.withUnsafeBytes { write($0, to: descriptor).error }
    if let code { throw Failure(path, errno: code, side: .output) }
  }

  /// Writes `bytes` to an open descriptor, going on after a partial write or an
  /// interruption; returns how many were written and, when it stopped short, the error
  /// number.
  static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32)
    -> (written: Int, error: Int32?)
  {
    var written = 0
    while written < bytes.count {
      let result = systemWrite(descriptor, bytes.baseAddress! + written, bytes.count - written)
      if result < 0 {
        let code = errno
        if shouldRetry(after: code, on: descriptor, waitingFor: Int16(POLLOUT)) { continue }
        return (written, code)
      }
      written += result
    }
    return (written, nil)
  }

  /// Whether a read or write on `descriptor` that failed with `code` is to be made
  /// again, waiting first when it has to: after an interruption at once; when the
  /// descriptor does not block (a parent process may leave standard input or output
  /// so) and is not ready, once `poll` says it is ready for `events` (or has hung up or
  /// failed, which the next call then reports).
  static func shouldRetry(after code: Int32, on descriptor: Int32, waitingFor events: Int16)
    -> Bool
  {
    if code == EINTR { return true }
    guard code == EAGAIN || code == EWOULDBLOCK else { return false }
    var entry = pollfd(fd: descriptor, events: events, revents: 0)
    while poll(&entry, 1, -1) < 0 {
      if errno != EINTR { return false }
    }
    return entry.revents & Int16(POLLNVAL) == 0
  }

  /// Whether `descriptor` is a terminal.
  public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// Opens `/dev/null` on each of standard input, output and error that the process was
  /// started without (`2>&-`), so that no file the run opens later takes its number and
  /// receives what was meant for the stream. Each is opened in the direction that makes
  /// its use fail, as using the closed stream would have: standard input for writing
  /// only, so that reading it fails; standard output and error for reading only, so
  /// that writing them fails (`EBADF`) and a run that writes its records there stops
  /// with exit 73. Called as the process starts, before anything else is opened.
  public static func occupyClosedStandardStreams() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let opened = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
      if opened >= 0, opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
    }
  }

  /// Whether an output at `path` goes to standard output: `-`, or a path naming the file
  /// standard output is open on (a regular file, a pipe, a terminal: `/dev/stdout`, or
  /// the file the shell redirected it to), so that writing it means writing standard
  /// output itself, where it stands, rather than replacing a file.
  static func isStandardOutput(_ path: String) -> Bool {
    if path == "-" { return true }
    var output = stat()
    var named = stat()
    guard fstat(1, &output) == 0, stat(path, &named) == 0 else { return false }
    return FileIdentity(output) == FileIdentity(named)
  }

  /// Whether an output at `path` goes to standard error: a name of it (`/dev/stderr`,
  /// `/dev/fd/2`, `/proc/self/fd/2`), so that it is written there, where it stands, as
  /// standard output is for `/dev/stdout`, rather than replacing the file it is
  /// redirected to. Known by the name alone: another path to that file is a file the run
  /// writes, into which standard error must not go.
  static func isStandardError(_ path: String) -> Bool {
    ["/dev/stderr", "/dev/fd/2", "/proc/self/fd/2"].contains(path)
  }

  /// Whether an input at `path` is read from standard input: `-`, or a name of it
  /// (`/dev/stdin`, `/dev/fd/0`, `/proc/self/fd/0`), known by the name alone, as
  /// ``isStandardError(_:)`` knows standard error's. Two reads of it (the records and the
  /// `--defaults` file) would find the second empty when it is a pipe.
  static func isStandardInput(_ path: String) -> Bool {
    ["-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"].contains(path)
  }
}

extension FileIO {
  /// Whether `path` names a directory.
  public static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether `descriptor` is open on a regular file, which can be read again from its
  /// start (a batch input holding a JSON array is read as one); not a pipe, a socket, a
  /// device, nor a descriptor that is not open (-1, for bytes already in memory).
  static func isRegularFile(_ descriptor: Int32) -> Bool {
    var info = stat()
    return descriptor >= 0 && fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
  }

  /// Whether `path` names a character device (`/dev/null`, a terminal).
  static func isCharacterDevice(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR
  }

  /// Whether `path` names a pipe, a socket or a device: a stream written where it
  /// stands, whose opening may wait (a pipe's, for its reader).
  static func isStream(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    return [S_IFIFO, S_IFCHR, S_IFBLK, S_IFSOCK].contains(info.st_mode & S_IFMT)
  }

  /// The `.json` files under a folder, as paths relative to it, sorted, the folders in it
  /// that cannot be listed, the folders not entered because they lead back to a folder
  /// they are in, the other files, and which names are not UTF-8.
  public struct FolderListing: Sendable {
    /// The `.json` files, and the folders in ``unlisted``, sorted together: each is one
    /// record.
    public var files: [String]
    /// The folders among ``files`` that cannot be listed, each with why.
    public var unlisted: [String: Failure]
    /// Links to a folder that holds them (`up -> ..`), relative to the folder listed:
    /// entering them would list the same files again, without end.
    public var loops: [String]
    /// The other files found, not named `.json` and so not inputs (`notes.txt`,
    /// `A.JSON`), relative to the folder listed, sorted.
    public var skipped: [String]
    /// Those of ``files`` whose names are not UTF-8, as ``FileIO/shown(_:)`` spells
    /// them: no path names them, so nothing is read, written or removed under them.
    public var notUTF8: Set<String>
  }

  /// `bytes`, a name that is not all UTF-8, as text: its UTF-8 as it is and each other
  /// byte as `\xHH`, so that it names no other file the way replacement characters
  /// could.
  public static func shown(_ bytes: some Collection<UInt8>) -> String {
    var shown = ""
    var rest = bytes[...]
    while let first = rest.first {
      let scalar = (1...min(4, rest.count)).lazy.compactMap { length in
        String(validating: rest.prefix(length), as: UTF8.self).map { ($0, length) }
      }.first
      if let (text, length) = scalar {
        shown += text
        rest = rest.dropFirst(length)
      } else {
        // Never below 0x80, which is UTF-8 by itself: always two digits.
        shown += "\\x" + String(first, radix: 16, uppercase: true)
        rest = rest.dropFirst()
      }
    }
    return shown
  }

  /// The `.json` files under `directory`. A linked folder is followed, unless it is one
  /// of the folders it is in. Only `directory` itself must be listed; a folder below it
  /// that cannot be is named among the files, with why, and the others are listed.
  public static func jsonFiles(under directory: String) throws(Failure) -> FolderListing {
    var listing = FolderListing(files: [], unlisted: [:], loops: [], skipped: [], notUTF8: [])
    var pending = [(relative: "", ancestors: [FileIdentity]())]
    while let (relative, ancestors) = pending.popLast() {
      let path = relative.isEmpty ? directory : joined(directory, relative)
      guard let handle = opendir(path) else {
        let failure = Failure(path, errno: errno)
        if relative.isEmpty { throw failure }
        listing.files.append(relative)
        listing.unlisted[relative] = failure
        continue
      }
      defer { closedir(handle) }
      let lineage = ancestors + [FileIdentity(path)].compactMap { $0 }
      while let entry = readdir(handle) {
        let (name, isUTF8) = withUnsafeBytes(of: entry.pointee.d_name) {
          let bytes = $0.prefix { $0 != 0 }
          return String(validating: bytes, as: UTF8.self).map { ($0, true) } ?? (
            shown(bytes), false
          )
        }
        guard name != ".", name != ".." else { continue }
        let child = relative.isEmpty ? name : relative + "/" + name
        // The entry's type, where the folder gives it, needs no path: a folder whose
        // path is too long to look up is still found, and fails when it is listed.
        let type = Int(entry.pointee.d_type)
        // What the entry leads to, asked by its own bytes relative to the open folder (a
        // name that is not UTF-8 has no path to ask by, a long path need not be looked
        // up): where the folder does not say what it is, and for a folder's identity.
        var info = stat()
        let found =
          (type == DT_DIR || type == DT_LNK || type == DT_UNKNOWN)
          && withUnsafeBytes(of: entry.pointee.d_name) {
            fstatat(dirfd(handle), $0.baseAddress!.assumingMemoryBound(to: CChar.self), &info, 0)
          } == 0
        let isFolder = type == DT_DIR || (found && info.st_mode & S_IFMT == S_IFDIR)
        guard isUTF8 else {
          // Neither read nor listed by a path that names something else: a folder or a
          // `.json` file is reported among the files, any other file as skipped.
          if isFolder || name.hasSuffix(".json") {
            listing.files.append(child)
            listing.unlisted[child] = .nameNotUTF8(joined(directory, child))
            listing.notUTF8.insert(child)
          } else {
            listing.skipped.append(child)
          }
          continue
        }
        if isFolder {
          if found, lineage.contains(FileIdentity(info)) {
            listing.loops.append(child)
          } else {
            pending.append((child, lineage))
          }
        } else if name.hasSuffix(".json") {
          listing.files.append(child)
        } else {
          listing.skipped.append(child)
        }
      }
    }
    listing.files.sort()
    listing.loops.sort()
    listing.skipped.sort()
    return listing
  }

  /// What makes a file itself whatever path reaches it: its device and inode.
  struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// The identity `info` gives.
    init(_ info: stat) {
      device = UInt64(truncatingIfNeeded: info.st_dev)
      inode = UInt64(truncatingIfNeeded: info.st_ino)
    }

    /// The identity of what `path` names (following links), or `nil` when it is not there.
    init?(_ path: String) {
      var info = stat()
      guard stat(path, &info) == 0 else { return nil }
      self.init(info)
    }
  }

  /// `name` inside `directory`, after exactly one slash whatever slashes end `directory`.
  public static func joined(_ directory: String, _ name: String) -> String {
    var directory = Substring(directory)
    while directory.count > 1, directory.last == "/" { directory.removeLast() }
    return directory == "/" ? "/" + name : directory + "/" + name
  }

  /// Removes the regular file at `path`, if there is one; anything else there (a
  /// folder, a link) is left alone.
  public static func removeRegularFile(_ path: String) throws(Failure) {
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
    guard unlink(path) == 0 || errno == ENOENT else {
      throw Failure(path, errno: errno, side: .output)
    }
  }

  /// Creates the output folder `path` and its missing parents, as `mkdir -p` does (the
  /// umask decides their permissions); a part that exists and is not a folder fails.
  /// Returns the folders it made, outermost first; when it fails, it leaves none of them.
  @discardableResult
  public static func makeDirectories(_ path: String) throws(Failure) -> [String] {
    var made: [String] = []
    var prefix = path.hasPrefix("/") ? "/" : ""
    for part in path.split(separator: "/") {
      prefix += part
      if !isDirectory(prefix) {
        if mkdir(prefix, 0o777) == 0 {
          made.append(prefix)
        } else {
          let code = errno
          // Another process may have made the folder meanwhile; anything else there is
          // in the way.
          guard code == EEXIST, isDirectory(prefix) else {
            // All or nothing: the folders made on the way lead nowhere now.
            for folder in made.reversed() { rmdir(folder) }
            throw Failure(prefix, errno: code == EEXIST ? ENOTDIR : code, side: .output)
          }
        }
      }
      prefix += "/"
    }
    return made
  }

  /// The permissions of a new output file: `0666` less the umask, as any program that
  /// creates a file gives it. The umask can only be read by setting it, so it is read once
  /// (``TemporaryFiles/prepare()`` does it before any thread starts) and put back at once.
  static let newFileMode: mode_t = {
    let mask = umask(0)
    umask(mask)
    return 0o666 & ~mask
  }()

  /// Whether anything exists at `path` (a link counts, wherever it leads).
  static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// Whether `path` is itself a symbolic link (whether or not what it leads to exists).
  static func isSymbolicLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
  }

  /// The file that writing to `path` replaces: `path` itself, or, when `path` is a
  /// symbolic link, the file its chain of links ends at (which need not exist yet), so
  /// that writing through a link keeps the link.
  static func replacedFile(_ path: String) throws(Failure) -> String {
    var current = path
    // As many links as the system itself follows before giving up with ELOOP.
    for _ in 0..<40 {
      guard isSymbolicLink(current) else { return current }
      var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &target, target.count - 1)
      guard count >= 0 else { throw Failure(path, errno: errno, side: .output) }
      let bytes = target[0..<count].map { UInt8(bitPattern: $0) }
      guard let link = String(validating: bytes, as: UTF8.self) else {
        // Respelled with replacement characters, it would name another file.
        throw Failure(
          path, reason: "it links to '\(shown(bytes))', a name that is not valid UTF-8",
          side: .output)
      }
      if link.hasPrefix("/") {
        current = link
      } else if let slash = current.lastIndex(of: "/") {
        current = current[...slash] + link
      } else {
        current = link
      }
    }
    throw Failure(path, errno: ELOOP, side: .output)
  }

  /// Seconds on a monotonic clock.
  public static func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

// The system's calls under names of their own: inside a type with a `read`, `write` or
// `close` of its own (`FileIO`, `LineReader`), the system's are hidden.

/// The system's `read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}

/// The system's `write`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

/// The system's `close`, its result dropped: nothing is left to do about a descriptor
/// that fails to close once reading from it has ended.
func systemClose(_ descriptor: Int32) { _ = close(descriptor) }
