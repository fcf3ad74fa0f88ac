/// Why a request produced no HTTP response. A 4xx or 5xx is a response, never one of these.
package enum NetworkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request could not be built: a bad URL, a body that is not JSON.
    case invalidRequest(String)
    /// Something answered, but not with HTTP we could read.
    case invalidResponse(String)
    /// No complete response within the client's timeout.
    case timeout(seconds: Double)
    /// No connection could be opened (refused, unreachable, unknown host): nothing was sent.
    case cannotConnect(String)
    /// The connection failed at some point (reset, closed, TLS failure): the request may or may
    /// not have reached the server.
    case networkUnavailable(String)
    /// The caller gave up (Ctrl-C, shutdown).
    case cancelled

    package var description: String {
        switch self {
        case .invalidRequest(let reason): return "invalid request: \(reason)"
        case .invalidResponse(let reason): return "invalid response: \(reason)"
        case .timeout(let seconds): return "timed out after \(HTTPDurations.text(seconds))"
        case .cannotConnect(let reason), .networkUnavailable(let reason): return "network unavailable: \(reason)"
        case .cancelled: return "cancelled"
        }
    }

    /// The connection ended before any byte of an answer (the same words from every transport).
    static let closedBeforeAnswer = NetworkError.networkUnavailable("the server closed the connection before answering")
    /// The connection ended within an answer: a body shorter than its length, a chunk cut off.
    static let closedWithinAnswer = NetworkError.networkUnavailable("the server closed the connection before the answer ended")

    /// Whether no server answers at all: nothing listens, or nothing came back in time. A reset
    /// or a garbled answer says a server is there.
    package var meansNoServer: Bool {
        switch self {
        case .cannotConnect, .timeout: return true
        case .invalidRequest, .invalidResponse, .networkUnavailable, .cancelled: return false
        }
    }

    /// Whether the server surely never saw the request: it could not be built, or no connection
    /// was opened. Anything else may have arrived before the line broke.
    package var requestWasNeverSent: Bool {
        switch self {
        case .invalidRequest, .cannotConnect: return true
        case .invalidResponse, .timeout, .networkUnavailable, .cancelled: return false
        }
    }
}
