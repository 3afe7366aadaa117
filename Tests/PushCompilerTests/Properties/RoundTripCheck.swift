import PropertyTesting
import PushCompiler
import PushIR

/// One IR document written in one format and read back, checked as the round-trip
/// properties state (`Specs/testing.md`): the output is valid JSON; what the format
/// writes, its parser reads back as what the format can express (the document after
/// the standard passes and the fit-target lowering for it) except where the emitter
/// reported a change; the whole conversion changes nothing without a diagnostic;
/// writing is deterministic; and the payload written is a fixed point of converting it
/// to its own format.
struct RoundTripCheck {
  /// The format and options written.
  let target: PropertyFixtures.Target

  /// The problems `notification` shows in this round trip (none when every property
  /// holds), and the conversion `--from ir` to the target.
  func problems(of notification: PushNotification) -> (
    problems: [String], written: Translator.Result
  ) {
    let format = Vendors.named(target.format)!
    let options = Set(target.options)
    let show = PropertyFixtures.show
    let document = IREncoder.encode(notification)
    let context = "document \(show(document))"
    var problems: [String] = []
    func expect(_ condition: Bool, _ problem: @autoclosure () -> String) {
      if !condition { problems.append(problem()) }
    }
    let written = GoldenCase.translate(
      document, from: "ir", to: target.format, arguments: target.arguments)

    // The emitter on its own, given the document as the passes lower it.
    let lowered = PropertyFixtures.lowered(notification, for: format, options: options)
    var emit = EmitContext(targetID: format.id, options: options)
    emit.defaults = GoldenCase.defaults
    emit.passesRan = true
    let direct: JSONValue?
    do {
      direct = try format.emit(lowered, context: &emit)
    } catch {
      direct = nil
      problems.append("the emitter refused the lowered document: \(error); \(context)")
    }

    guard let output = written.output else {
      let errors = written.diagnostics.filter { $0.severity == .error }.map(\.code.name)
      let size = direct.map { JSONWriter(style: .compact).bytes($0).count } ?? 0
      expect(
        errors == [DiagnosticCode.overBudget.name] && size > 4096,
        "refused with \(errors) (the payload is \(size) bytes); \(context)")
      return (problems, written)
    }
    let text = JSONWriter(style: .compact).bytes(output)
    expect(
      (try? JSONReader.parse(text)) == output,
      "the output is not valid JSON, or reads back otherwise: \(String(decoding: text, as: UTF8.self)); \(context)"
    )
    expect(
      output == direct,
      "convert wrote \(show(output)), the emitter writes \(show(direct)) for the lowered document; \(context)"
    )
    let again = GoldenCase.translate(
      document, from: "ir", to: target.format, arguments: target.arguments)
    expect(
      again.output == output && again.diagnostics == written.diagnostics,
      "a second conversion wrote \(show(again.output)) instead of \(show(output)); \(context)")

    if let claim = PropertyFixtures.innerFormatClaimedInstead(
      in: output, writing: lowered, for: target)
    {
      // Specs/vendors/fcm.md: the payload inside is read as the format detection names,
      // so custom data named like another format's keys makes that format claim it, and
      // a payload without any key of its own format's is read as plain APNs.
      let keys = claim.evidence.compactMap(\.tokens.first)
      expect(
        !claim.writerMarked
          || (!keys.isEmpty && keys.allSatisfy { lowered.customData[$0] != nil }),
        "the payload inside \(show(output)) reads as \(claim.format) by \(keys), not all custom data; \(context)"
      )
      return (problems, written)
    }
    let read = GoldenCase.translate(output, from: target.format, to: "ir")
    guard let final = read.output else {
      problems.append(
        "its own output \(show(output)) is refused: \(read.diagnostics.codes); \(context)")
      return (problems, written)
    }
    expect(
      !read.diagnostics.hasLoss,
      "reading its own output \(show(output)) lost \(read.diagnostics.filter(\.code.isLossy).map(PropertyFixtures.describe)); \(context)"
    )
    // Formats whose extras the reading may add (fcm's inner format too).
    let readers =
      [target.format]
      + target.options.filter { $0.hasPrefix("inner=") }.map {
        String($0.dropFirst("inner=".count))
      }
      // FCM without the option writes its payload in the format the document's extras name.
      + [final["extras"]?["fcm"]?["@inner"]?.stringValue].compactMap { $0 }
    let expressible = IREncoder.encode(lowered)
    for difference in IRComparison.uncovered(
      expressible, final, vendors: readers, diagnostics: emit.diagnostics)
    where !PropertyFixtures.isFilledIn(
      difference, lacking: expressible, diagnostics: emit.diagnostics)
    {
      problems.append(
        "\(difference) is \(show(final.value(at: difference))) after reading \(show(output)) back, \(show(expressible.value(at: difference))) as lowered, and the emitter reported nothing there; \(context)"
      )
    }
    for difference in IRComparison.uncovered(
      document, final, vendors: readers, diagnostics: written.diagnostics)
    where !PropertyFixtures.isFilledIn(difference, lacking: document, diagnostics: emit.diagnostics)
    {
      problems.append(
        "\(difference) changed from \(show(document.value(at: difference))) to \(show(final.value(at: difference))) without a diagnostic; \(context)"
      )
    }

    let twice = GoldenCase.translate(
      output, from: target.format, to: target.format, arguments: target.arguments)
    expect(
      twice.output == output,
      "converting its own output \(show(output)) to \(target.format) again wrote \(show(twice.output)); \(context)"
    )
    return (problems, written)
  }
}
