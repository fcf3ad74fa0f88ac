import Backend

/// The Hamon rules the embedded backend can break (`BackendBreaks`), named as the Hamon
/// conformance suite's rules.
enum HamonBreak: String, BreakableRule {
    /// A user whose `package` is null is refused with a 422 (a model that takes the package as
    /// always known, where the SDK sends null for what it does not know).
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
    /// A user key the seed's list does not have (the newer SDKs' keys) is refused (a model that
    /// forbids extra keys).
    case newerKeys = "hamon.user.newer-keys"
    /// A user PATCH refused for its payload still counts as an update (the user's row is written
    /// before the body is read).
    case userRefusedNotStored = "hamon.user.refused-not-stored"
    /// The events read before the first problem of a batch refused with a 422 are stored all the
    /// same (a server that stores as it reads).
    case eventsRefusedNotCounted = "hamon.events.refused-not-counted"
}
