/// The Hamon rules the embedded backend can break (`BackendBreaks`), named as the Hamon
/// conformance suite's rules.
enum HamonBreak: String, BreakableRule {
    /// Every user PATCH is refused with a 422.
    case userAccepted = "hamon.user.accepted"
    /// An event whose parameters hold anything but strings is refused (a string-only model).
    case eventsAccepted = "hamon.events.accepted"
    /// A batch of more than nine events is refused (413).
    case tenInOne = "hamon.events.ten-in-one"
    /// A payload that does not decrypt is a 500 (the SDK then retries it).
    case undecryptable = "hamon.payload.undecryptable"
    /// A body without `payload` is a 400 with a text `detail`, not FastAPI's list.
    case missingPayload = "hamon.body.missing-payload"
    /// An event without `name` is accepted.
    case missingField = "hamon.events.missing-field"
    /// A path no route takes answers 200.
    case unknownRoute = "hamon.route.unknown"
}
