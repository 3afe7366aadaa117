import PushIR

/// Reads one vendor's payload object into the IR; made fresh for every payload.
protocol PayloadParser {
  /// A parser of the payload whose root object is `root`.
  init(root: JSONObject)
  /// The IR of the payload; oddities go to `context`, and only a payload that cannot be
  /// read at all throws.
  mutating func parse(context: inout ParseContext) throws(TranslationError) -> PushNotification
}

/// Writes the IR, already lowered to one vendor's capabilities, as that vendor's payload.
protocol PayloadEmitter {
  /// An emitter of `notification`, which the fit-target pass has prepared.
  init(notification: PushNotification)
  /// The payload; what it cannot write is reported to `context`.
  func emit(context: inout EmitContext) throws(TranslationError) -> JSONValue
  /// Writes the payload into `builder`, reporting to `context` what ``emit(context:)``
  /// reports; the value written is the one it returns.
  func emit<Builder: JSONBuilder>(into builder: inout Builder, context: inout EmitContext)
    throws(TranslationError)
}

extension PayloadEmitter {
  /// The payload ``emit(context:)`` builds, handed to `builder` whole: what an emitter
  /// that does not write into builders itself does.
  func emit<Builder: JSONBuilder>(into builder: inout Builder, context: inout EmitContext)
    throws(TranslationError)
  {
    builder.value(try emit(context: &context))
  }
}

/// A format whose payload is one JSON object read by its own ``PayloadParser``: the
/// entry point every such vendor would otherwise repeat.
protocol ParsedFormat: VendorFormat {
  /// The type that reads this format's payloads.
  associatedtype Parser: PayloadParser
}

extension ParsedFormat {
  // Inlined into each format's witness, so that the notification is handed back
  // without a copy.
  @inline(__always)
  public func parse(_ payload: JSONValue, context: inout ParseContext) throws(TranslationError)
    -> PushNotification
  {
    var parser = Parser(root: try payload.rootObject())
    let notification = try parser.parse(context: &context)
    // Two buttons or more first: most payloads have fewer, and need no capabilities.
    if notification.buttons.count > 1, capabilities.buttonIDsIdentifyTaps {
      context.reportRepeatedButtonIDs(in: notification.buttons, format: id)
    }
    return notification
  }
}

/// A format written by its own ``PayloadEmitter`` from the IR lowered to its
/// capabilities.
protocol EmittedFormat: VendorFormat {
  /// The type that writes this format's payloads.
  associatedtype Emitter: PayloadEmitter
}

extension EmittedFormat {
  public func emit(_ notification: consuming PushNotification, context: inout EmitContext)
    throws(TranslationError) -> JSONValue
  {
    // Handed straight to the emitter when the passes it needs already ran: through
    // `prepared` it would be copied, every field, for every record.
    guard context.passesRan else {
      return try Emitter(notification: context.prepared(notification, for: self))
        .emit(context: &context)
    }
    return try Emitter(notification: notification).emit(context: &context)
  }

  public func emitText(
    _ notification: consuming PushNotification, context: inout EmitContext,
    appendingTo text: inout [UInt8]
  ) throws(TranslationError) {
    let emitter =
      context.passesRan
      ? Emitter(notification: notification)
      : Emitter(notification: context.prepared(notification, for: self))
    try JSONWriter.compactText(appendingTo: &text) {
      (builder: inout JSONTextBuilder) throws(TranslationError) in
      try emitter.emit(into: &builder, context: &context)
    }
  }
}
