#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An output file written through a buffer (``OutputBuffer``, which writes a large
/// file's pages around the page cache) into a temporary file beside its final path, and
/// renamed into place only by ``commit()``: a run interrupted or failed before
/// then leaves nothing under the final name. Standard output (`-`, or a path naming the file
/// it is open on, such as `/dev/stdout` or the file `>> log` appends to) is written
/// directly, where it stands, and so is standard error named as such (`/dev/stderr`);
/// so is a device or a pipe (`/dev/null`), which there is no replacing.
///
/// The file keeps the permissions of the one it replaces, or gets those the umask
/// allows; when the final path is a symbolic link, the file it leads to is replaced and
/// the link is kept.
final class StreamingOutput {
  private let path: String
  private let descriptor: Int32
  /// Whether `descriptor` is standard output or standard error, which are written but
  /// never closed.
  private let isStandardStream: Bool
  /// The temporary file, and the path it is renamed to: `path`, or the file a symbolic
  /// link there leads to.
  private let temporary: (file: TemporaryFile, replacing: String)?
  private var buffer: OutputBuffer
  private var state = State.writing

  /// How far the output has come.
  private enum State {
    /// Still being written.
    case writing
    /// Written whole and closed; a temporary file waits to be renamed into place.
    case finished
    /// Renamed into place, or abandoned.
    case done
  }

  /// Opens the temporary file beside `path`, or standard output for `-` (or a path
  /// naming the file standard output is open on), or standard error for a name of it
  /// (`/dev/stderr`). Without `followingLinks`, a symbolic
  /// link at `path` is itself replaced by the new file, wherever it leads. An output
  /// known to be small gives its `size`, so that its buffer takes no more memory.
  init(
    path: String, followingLinks: Bool = true, size: Int = OutputBuffer.defaultCapacity
  ) throws(FileIO.Failure) {
    // A failure names standard output `<stdout>` when it was given as `-`.
    self.path = path == "-" ? "<stdout>" : path
    let replacesLink = !followingLinks && FileIO.isSymbolicLink(path)
    let stream: Int32? =
      replacesLink
      ? nil : FileIO.isStandardOutput(path) ? 1 : FileIO.isStandardError(path) ? 2 : nil
    isStandardStream = stream != nil
    if let stream {
      descriptor = stream
      temporary = nil
      buffer = OutputBuffer(
        descriptor: stream, path: self.path, regularFile: false, capacity: size)
      return
    }
    var existing = stat()
    let exists = !replacesLink && stat(path, &existing) == 0
    let kind = existing.st_mode & S_IFMT
    guard !exists || kind == S_IFREG else {
      guard kind != S_IFDIR else { throw FileIO.Failure(path, errno: EISDIR, side: .output) }
      descriptor = open(path, O_WRONLY | O_TRUNC)
      guard descriptor >= 0 else { throw FileIO.Failure(path, errno: errno, side: .output) }
      temporary = nil
      buffer = OutputBuffer(descriptor: descriptor, path: path, regularFile: false, capacity: size)
      return
    }
    let replaced = replacesLink ? path : try FileIO.replacedFile(path)
    let file = try TemporaryFile(beside: replaced, for: path)
    // `fchmod` is not subject to the umask: the mode is set exactly.
    fchmod(file.descriptor, exists ? existing.st_mode & 0o777 : FileIO.newFileMode)
    descriptor = file.descriptor
    temporary = (file, replaced)
    buffer = OutputBuffer(descriptor: descriptor, path: path, regularFile: true, capacity: size)
  }

  /// The files this output is: the one it writes (its temporary file) and the one now
  /// under its final path, which it replaces. A folder input that holds them passes them
  /// over: they are the run's own, no input of it.
  var files: Set<FileIO.FileIdentity> {
    var info = stat()
    let written = fstat(descriptor, &info) == 0 ? FileIO.FileIdentity(info) : nil
    return Set([written, FileIO.FileIdentity(temporary?.replacing ?? path)].compactMap { $0 })
  }

  /// Whether the file's pages are now written around the page cache.
  var writesDirectly: Bool { buffer.writesDirectly }

  /// Appends `bytes`.
  func write(_ bytes: [UInt8]) throws(FileIO.Failure) {
    try buffer.append(bytes)
  }

  /// Writes what is buffered and moves the file into place.
  func commit() throws(FileIO.Failure) {
    try Self.commit([self])
  }

  /// Finishes every one of `outputs` before any is moved into place, so that when one
  /// of them cannot be written whole, none is: all are abandoned and the failure thrown.
  /// Then each is renamed into place in order; when a rename fails, those before it stay
  /// in place and the rest are abandoned (so a batch's report, given last, never stands
  /// without its records).
  static func commit(_ outputs: [StreamingOutput]) throws(FileIO.Failure) {
    do {
      for output in outputs { try output.finish() }
      for output in outputs { try output.moveIntoPlace() }
    } catch {
      for output in outputs { output.abandon() }
      throw error
    }
  }

  /// Writes what is buffered and closes the file (standard output and error stay open).
  private func finish() throws(FileIO.Failure) {
    try buffer.flush()
    guard !isStandardStream else {
      state = .done
      return
    }
    state = .finished
    guard close(descriptor) == 0 else { throw FileIO.Failure(path, errno: errno, side: .output) }
  }

  /// Renames the finished temporary file into place.
  private func moveIntoPlace() throws(FileIO.Failure) {
    guard state == .finished else { return }
    state = .done
    guard let (file, replacing) = temporary else { return }
    if let code = file.moveInto(replacing) {
      throw FileIO.Failure(
        path, errno: code, side: .output, step: "the finished file cannot be renamed into place")
    }
  }

  /// Removes the temporary file, closing it first if it is still open; the final path is
  /// left as it was.
  func abandon() {
    if state == .writing, !isStandardStream { close(descriptor) }
    if state != .done { temporary?.file.remove() }
    state = .done
  }

  deinit {
    abandon()
    buffer.deallocate()
  }
}
