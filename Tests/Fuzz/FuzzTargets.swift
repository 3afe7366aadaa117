// libFuzzer entry point for every fuzz target; `Tests/Fuzz/run` builds and runs it.
// The target is named by the environment variable PUSHC_FUZZ_TARGET: `json`, `auto` or a
// format id. Errors are expected outcomes; a trap, a failed check below or a sanitizer
// report is a finding.

import PushCompiler
import PushIR

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One fuzz target: what it does with each input libFuzzer generates.
enum FuzzTarget {
  /// The JSON reader, with writer → reader round trips of whatever it accepts.
  case jsonReader
  /// `convert --from auto` and `detect`: format detection, then the chosen format's
  /// translation.
  case autoDetection
  /// One format's parser, the passes, and every format's emitter.
  case format(any VendorFormat)

  /// The names `PUSHC_FUZZ_TARGET` accepts, in the order the run script uses.
  static var names: [String] { ["json", "auto"] + Vendors.ids }

  /// The target called `name`, if there is one.
  static func named(_ name: String) -> FuzzTarget? {
    switch name {
    case "json": return .jsonReader
    case "auto": return .autoDetection
    default: return Vendors.named(name).map { .format($0) }
    }
  }

  /// The target chosen by the environment; stops the process with a usage message when
  /// none or an unknown one is named.
  static let selected: FuzzTarget = {
    let name = getenv("PUSHC_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    if name == "list" {
      print(names.joined(separator: "\n"))
      exit(0)
    }
    guard let target = named(name) else {
      let known = names.joined(separator: ", ")
      FuzzChecks.writeError(
        "PUSHC_FUZZ_TARGET must name a target ('\(name)' given); known: \(known)\n")
      exit(2)
    }
    return target
  }()

  /// Runs the target on one input.
  func run(_ bytes: [UInt8]) {
    switch self {
    case .jsonReader: FuzzChecks.readAndRewrite(bytes)
    case .autoDetection: FuzzChecks.detectAndConvert(bytes)
    case .format(let source): FuzzChecks.translateToEveryFormat(bytes, from: source)
    }
  }
}

/// What each target does and the properties it checks.
enum FuzzChecks {
  /// Limits for reading back what pushc wrote: the output may legitimately be larger or
  /// nest deeper than an input may (a payload wrapped in a request), so only recursion
  /// is bounded.
  static let generousLimits = JSONReader.Limits(
    maxDepth: 1024, maxBytes: .max, maxStringBytes: .max, maxMembers: .max, maxElements: .max)

  /// The values every golden translation runs with, so that emitters needing ids get
  /// past their missing-field errors.
  static let defaults: [String: String] = {
    let source = #filePath
    let directory = source.lastIndex(of: "/").map { String(source[..<$0]) } ?? "."
    let path = directory + "/../../Golden/defaults.json"
    guard let bytes = try? FileIO.read(path),
      case .object(let object)? = try? JSONReader.parse(bytes)
    else { fail("cannot read the defaults at '\(path)'") }
    var defaults: [String: String] = [:]
    for member in object { defaults[member.key] = member.value.stringValue }
    return defaults
  }()

  /// JSON reader: whatever it accepts, the writer writes (in both styles) as text the
  /// reader reads back to an equal value, and writing that value again gives the same
  /// bytes. Duplicate-key removal and JSON Pointers are checked on the same value, and
  /// a document the reader says repeats no member name has none.
  static func readAndRewrite(_ bytes: [UInt8]) {
    guard let document = try? JSONReader.parseDocument(bytes[...]) else { return }
    let value = document.value
    check(
      document.namesMayRepeat || !value.containsDuplicateKeys,
      "the reader missed a repeated member name")
    for style in [JSONWriter.Style.compact, .pretty] {
      let writer = JSONWriter(style: style)
      let text = writer.bytes(value)
      let again = readBack(text, what: "the \(style) writer's output")
      check(again == value, "the \(style) writer's output reads back as a different value")
      check(writer.bytes(again) == text, "rewriting the \(style) output changes its bytes")
    }
    var unique = value
    let removed = unique.removeDuplicateKeys()
    check(removed.isEmpty == !value.containsDuplicateKeys, "duplicate-key removal disagrees")
    check(!unique.containsDuplicateKeys, "duplicate keys remain after their removal")
    checkPointers(in: unique, at: .root, root: unique)
  }

  /// Every member and element is found again through its JSON Pointer, and the pointer
  /// survives splitting into tokens and joining again.
  private static func checkPointers(in value: JSONValue, at pointer: JSONPointer, root: JSONValue) {
    check(JSONPointer(tokens: pointer.tokens) == pointer, "pointer '\(pointer)' changes via tokens")
    check(root.value(at: pointer) == value, "pointer '\(pointer)' does not find its value")
    switch value {
    case .object(let object):
      for member in object {
        checkPointers(in: member.value, at: pointer.appending(member.key), root: root)
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        checkPointers(in: element, at: pointer.appending(index), root: root)
      }
    default: break
    }
  }

  /// Detection: `detect` and `convert --from auto --to ir` through the driver, then the
  /// detected format's translation to every format.
  static func detectAndConvert(_ bytes: [UInt8]) {
    for arguments in [["detect", "-"], ["convert", "--from", "auto", "--to", "ir", "-"]] {
      var streams = BufferedStreams(input: bytes)
      let code = Driver.run(arguments, streams: &streams)
      check(
        code == .success || streams.output.isEmpty,
        "'\(arguments.joined(separator: " "))' failed with \(code) but wrote to standard output")
      if code == .success, arguments[0] == "convert" {
        _ = readBack(streams.output, what: "the output of 'convert --from auto'")
      }
    }
    guard let payload = try? JSONReader.parse(bytes),
      case .detected(let format, _) = Detector.detect(payload)
    else { return }
    translateToEveryFormat(payload, from: format, variant: bytes.count)
  }

  /// One format: validation, then the translation to every format.
  static func translateToEveryFormat(_ bytes: [UInt8], from source: any VendorFormat) {
    guard let payload = try? JSONReader.parse(bytes) else { return }
    var diagnostics = Diagnostics()
    source.validate(payload, diagnostics: &diagnostics)
    translateToEveryFormat(payload, from: source, variant: bytes.count)
  }

  /// Translates `payload` from `source` to every format, with the golden defaults and,
  /// chosen by `variant` (so that an input always takes the same path), one of the
  /// target's options and `--fit`. Checks that output and errors exclude each other,
  /// that every location names a value, that the output is valid JSON, that the compact
  /// form the size check wrote is the writer's, and that the target's parser reads the
  /// output without an error.
  static func translateToEveryFormat(
    _ payload: JSONValue, from source: any VendorFormat, variant: Int
  ) {
    for target in Vendors.all {
      var translator = Translator(from: source, to: target)
      translator.defaults = defaults
      let choices = optionChoices(for: target)
      let choice = variant % (choices.count + 1)
      if choice < choices.count { translator.options = [choices[choice]] }
      translator.fitToBudget = (variant / 3) % 2 == 1
      let result = translator.translate(payload)
      let name = "\(source.id) → \(target.id) \(translator.options.sorted())"
      checkLocations(of: result, input: payload, name: name)
      guard let output = result.output else {
        check(result.diagnostics.hasErrors, "\(name) wrote nothing and reported no error")
        continue
      }
      check(!result.diagnostics.hasErrors, "\(name) reported an error and wrote output")
      let text = JSONWriter(style: .pretty).bytes(output)
      check(readBack(text, what: "the output of \(name)") == output, "\(name) output changes")
      if let compact = result.compactOutput {
        check(
          compact == JSONWriter(style: .compact).bytes(output), "\(name) compact output differs")
      }
      // Read back as its writer would: with the options the target reads with (fcm's
      // inner=, which settles a payload inside that two formats claim alike), and the one
      // the writer names when it warns that the payload inside needs it.
      var context = ParseContext()
      context.options = translator.options.filter(target.readsOption)
      context.options.formUnion(readBackOptions(named: result.diagnostics))
      do throws(TranslationError) {
        _ = try target.parse(output, context: &context)
      } catch {
        fail("\(target.id) cannot read what \(name) wrote: \(error.diagnostic?.message ?? "")")
      }
    }
  }

  /// The options an `emit.unsettled-inner-format` warning's note names for reading the
  /// output back as it was written.
  static func readBackOptions(named diagnostics: Diagnostics) -> Set<String> {
    let prefix = FCM.readBackNote
    return Set(
      diagnostics.all.filter { $0.code == .unsettledInnerFormat }.flatMap(\.notes)
        .filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) })
  }

  /// Every diagnostic located in the input is located as ``locates(_:in:)`` allows; every
  /// one located in the output names a value of it.
  static func checkLocations(of result: Translator.Result, input: JSONValue, name: String) {
    for diagnostic in result.diagnostics.all {
      switch diagnostic.location {
      case .input(let pointer):
        check(
          locates(pointer, in: input),
          "\(name): \(diagnostic.code) at '\(pointer)', which is not in the input")
      case .output(let pointer):
        guard let output = result.output else { continue }
        check(
          output.value(at: pointer) != nil,
          "\(name): \(diagnostic.code) at 'output:\(pointer)', which is not in the output")
      case .text, .ir: continue
      }
    }
  }

  /// Whether `pointer` names a value of `input`, a member missing from an object of it,
  /// or a place inside one of its strings (a JSON document held in a string, such as
  /// CleverTap's `ct_ContentSlider`, is located by continuing the string's pointer).
  static func locates(_ pointer: JSONPointer, in input: JSONValue) -> Bool {
    if input.value(at: pointer) != nil { return true }
    if let parent = pointer.parent, input.value(at: parent)?.objectValue != nil { return true }
    var ancestor = pointer.parent
    while let current = ancestor {
      if case .string? = input.value(at: current) { return true }
      ancestor = current.parent
    }
    return false
  }

  /// The options worth trying for `target`: each of its flags, and for an option that
  /// takes a format, every format it could name.
  static func optionChoices(for target: any VendorFormat) -> [String] {
    target.emitOptions.flatMap { option -> [String] in
      guard let equals = option.name.firstIndex(of: "=") else { return [option.name] }
      let name = option.name[..<equals]
      return Vendors.ids.map { "\(name)=\($0)" }.filter { target.acceptsOption($0) }
    }
  }

  /// Reads text pushc wrote, which must be valid JSON.
  private static func readBack(_ text: [UInt8], what: String) -> JSONValue {
    do {
      return try JSONReader.parse(text, limits: generousLimits)
    } catch {
      fail("\(what) is not valid JSON: \(error)")
    }
  }

  /// Stops the process with `message` when `condition` does not hold; libFuzzer records
  /// the input as a crash.
  static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
  }

  /// Stops the process with `message`.
  static func fail(_ message: String) -> Never {
    writeError("fuzz check failed: \(message)\n")
    abort()
  }

  /// Writes `text` to standard error.
  static func writeError(_ text: String) {
    try? FileIO.writeAll(Array(text.utf8), to: 2, path: "<stderr>")
  }
}

/// Reads the environment once, before the first input, so a wrong target name stops the
/// run at once.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
  _ argc: UnsafeMutablePointer<CInt>?,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
  _ = FuzzTarget.selected
  _ = FuzzChecks.defaults
  return 0
}

/// libFuzzer's entry point: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  FuzzTarget.selected.run(bytes)
  return 0
}
