/// How an exchange through the proxy ended, besides the answer it carried.
package enum ProxyOutcome: Sendable, Equatable {
    /// The upstream's answer reached the client whole.
    case answered
    /// No connection to the upstream (refused, unknown host, TLS failed, connect timed out):
    /// the client got 502 with the reason.
    case upstreamUnreachable(String)
    /// The upstream closed or reset the connection, or sent something that is not HTTP, before
    /// an answer's head: the client got 502 with the reason.
    case upstreamFailedBeforeAnswer(String)
    /// No answer within the timeout: the client got 504.
    case upstreamTimedOut(Duration)
    /// The answer began but did not end (reset, closed early, stalled, malformed chunks): the
    /// client's connection was closed, as its answer cannot be completed.
    case upstreamBrokeAnswer(String)
    /// The client closed its connection before the answer ended.
    case clientLeft
    /// The client's request body was not valid chunked encoding: both connections were closed.
    case clientBrokeRequest(String)
    /// The proxy stopped (its shutdown budget ran out) before the exchange ended.
    case shutDown

    /// The status the proxy itself answered with, when it did.
    package var proxyStatus: Int? {
        switch self {
        case .upstreamUnreachable, .upstreamFailedBeforeAnswer: 502
        case .upstreamTimedOut: 504
        default: nil
        }
    }

    /// What happened, in words for the exchange's line; `nil` for a plain answer.
    package var problem: String? {
        switch self {
        case .answered: nil
        case .upstreamUnreachable(let reason), .upstreamFailedBeforeAnswer(let reason), .upstreamBrokeAnswer(let reason): reason
        case .upstreamTimedOut(let timeout): "upstream did not answer within \(ProxyOutcome.seconds(timeout))"
        case .clientLeft: "the client closed the connection before the answer ended"
        case .clientBrokeRequest(let reason): "bad request body: \(reason)"
        case .shutDown: "cut short by the proxy's shutdown"
        }
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }
}
