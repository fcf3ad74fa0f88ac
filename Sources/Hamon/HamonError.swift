import Transport

/// Why a Hamon call was refused.
public enum HamonError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The durable queue could not be opened, written or synced.
    case journal(String)
    /// No server is configured (`configure host`).
    case noServer
    /// An event name that cannot be sent.
    case invalidEventName(String)

    public var description: String {
        switch self {
        case .journal(let reason): return "event queue: \(reason)"
        case .noServer: return "no Hamon host is configured (configure host HOST)"
        case .invalidEventName(let reason): return reason
        }
    }
}

/// One entry of a FastAPI 422 answer: `{"loc":["body","x"],"msg":"field required","type":"value_error.missing"}`.
public struct ValidationDetail: Sendable, Equatable {
    /// `loc` joined with dots: `body.events.0.name`.
    public var field: String
    public var message: String
    public var type: String?

    public init(field: String, message: String, type: String? = nil) {
        self.field = field
        self.message = message
        self.type = type
    }

    /// The seed's log line: `Field: body.x, Message: field required`.
    public var line: String { "Field: \(field), Message: \(message)" }
}

/// Why a request to the Hamon server did not succeed.
public enum DeliveryFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// 422 with FastAPI's details.
    case validation([ValidationDetail])
    /// A status other than 200 and 422 (a 5xx after its one retry).
    case status(HTTPStatus, body: String)
    /// No HTTP answer.
    case network(NetworkError)
    /// Ctrl-C or shutdown stopped it.
    case cancelled

    public var description: String {
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

/// What made a flush happen.
public enum FlushTrigger: String, Sendable {
    /// 10 or more events were buffered.
    case count
    /// 10 seconds passed since the first buffered event.
    case timer
    /// `flush`.
    case manual
    /// The process is ending.
    case shutdown
}

/// The outcome of one flush.
public struct FlushReport: Sendable, Equatable {
    public var trigger: FlushTrigger
    /// Events the server accepted (200).
    public var delivered: Int = 0
    /// Requests that carried them.
    public var batches: Int = 0
    /// Events still queued afterwards (the failed batch is among them, at the front).
    public var remaining: Int = 0
    /// Why it stopped early; `nil` when everything queued was sent.
    public var failure: DeliveryFailure?
    /// Nothing could be sent because no user id is set.
    public var waitingForUser = false

    public init(trigger: FlushTrigger) { self.trigger = trigger }
}

/// The outcome of sending user data (`user`, `fcm`).
public struct UserUpdateReport: Sendable, Equatable {
    public var userID: String
    public var failure: DeliveryFailure?
}

/// What the engine tells its host as it works; the host decides what to print.
public enum HamonNotice: Sendable {
    /// Events are buffered but no user id is set: they wait (the seed's notice).
    case waitingForUser(queued: Int)
    /// Events from an earlier run were restored from the journal.
    case restored(count: Int, unreadable: Int)
    /// A 5xx answer; one retry follows after `seconds`.
    case retrying(status: Int, seconds: Double)
    /// A flush finished (automatic ones included).
    case flushed(FlushReport)
    /// The journal could not be synced or compacted; events are still queued in memory.
    case journalProblem(String)
}
