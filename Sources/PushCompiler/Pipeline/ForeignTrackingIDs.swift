import PushIR

extension TrackingIDs {
  /// Records `issuer` as the service that issued the ids, when there are any and the
  /// document read did not name one itself (an IR document may).
  mutating func noteIssuer(_ issuer: String?) {
    guard self.issuer == nil, hasIDs else { return }
    self.issuer = issuer
  }

  /// Drops the notification and campaign ids when the service that issued them
  /// (``issuer``) is not the one the target's ids belong to, `writer`, reporting each: an id
  /// one vendor's service issued names nothing at another's (a Braze request naming a
  /// CleverTap campaign is refused, a Dfinery push would be counted under a campaign
  /// Dfinery never ran). The target then asks for its own, as for a source without ids.
  /// `nil` on either side keeps them (ids an IR document gives without an issuer, or the
  /// IR written).
  mutating func dropIDs(
    notIssuedBy writer: String?, writingFor target: String, into diagnostics: inout Diagnostics
  ) {
    guard hasIDs, let issuer, let writer, issuer != writer
    else { return }
    let fields: [(field: TrackingField, meaning: String, value: IRText?)] = [
      (.notificationID, "notification id", notificationID),
      (.campaignID, "campaign id", campaignID),
    ]
    // FCM's ids are those of the payload it carries.
    let place = writer == target ? writer : "\(target)'s \(writer) payload"
    for field in fields {
      guard let value = field.value else { continue }
      diagnostics.report(
        .droppedField,
        "the \(field.meaning) '\(value)' was issued by \(issuer) and names nothing at \(place); dropped",
        at: .ir(JSONPointer("/tracking").appending(field.field.rawValue)),
        notes: [
          "a migrated campaign needs the target's own ids: give them with --set or --defaults where the target takes them ('pushc formats'), or in an IR document whose tracking names no issuer"
        ])
    }
    notificationID = nil
    campaignID = nil
    self.issuer = nil
  }
}
