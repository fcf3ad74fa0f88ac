import Backend

/// A Miataru call refused: `{"error":"<prefix>: <reason>"}` with the real server's status and
/// prefix (`Bad Request: `, `Forbidden: `, `Unauthorized: `).
struct MiataruError: Error, Sendable, Equatable {
    var status: Int
    /// The whole `error` text, prefix included.
    var message: String

    static func badRequest(_ reason: String) -> MiataruError { MiataruError(status: 400, message: "Bad Request: " + reason) }
    static func forbidden(_ reason: String) -> MiataruError { MiataruError(status: 403, message: "Forbidden: " + reason) }
    static func unauthorized(_ reason: String) -> MiataruError { MiataruError(status: 401, message: "Unauthorized: " + reason) }

    /// The text after the prefix.
    var reason: String { message.firstRange(of: ": ").map { String(message[$0.upperBound...]) } ?? message }

    var answer: BackendAnswer { .json(status, WireText.object([("error", WireText.quote(message))])) }
}
