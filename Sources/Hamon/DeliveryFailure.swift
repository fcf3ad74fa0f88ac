import Transport

/// Why a request to the Hamon server did not succeed.
package enum DeliveryFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// 422 with FastAPI's details.
    case validation([ValidationDetail])
    /// A status other than 200 and 422 (a 5xx after its one retry).
    case status(HTTPStatus, body: String)
    /// No HTTP answer.
    case network(NetworkError)
    /// Ctrl-C or shutdown stopped it.
    case cancelled

    package var description: String {
        switch self {
        case .validation(let details):
            return "validation errors (422): " + details.map(\.line).joined(separator: "; ")
        case .status(let status, let body):
            let snippet = body.isEmpty ? "" : ": " + String(body.prefix(200))
            return "HTTP \(status.codeAndReason)\(snippet)"
        case .network(let error): return "\(error)"
        case .cancelled: return "cancelled"
        }
    }
}
