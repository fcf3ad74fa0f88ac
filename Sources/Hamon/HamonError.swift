import Transport

/// Why a Hamon call was refused.
package enum HamonError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The durable queue could not be opened, written or synced.
    case journal(String)
    /// No server is configured (`configure host`).
    case noServer
    /// An event name that cannot be sent.
    case invalidEventName(String)

    package var description: String {
        switch self {
        case .journal(let reason): return "event queue: \(reason)"
        case .noServer: return "no Hamon host is configured (configure host HOST)"
        case .invalidEventName(let reason): return reason
        }
    }
}
