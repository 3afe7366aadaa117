import Foundation

/// Folders a test writes its files into: new and empty, named so that tests running at
/// once never share one.
enum TemporaryFolder {
  /// Makes a new folder whose name starts with `pushc-` and `name`.
  static func make(_ name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pushc-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Writes `bytes` to `name` (a relative path) under `folder`, making the folders on
  /// the way, and returns its path.
  @discardableResult
  static func write(_ bytes: [UInt8], to name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
    return url.path
  }
}
