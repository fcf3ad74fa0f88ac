import Transport

/// One exchange the proxy carried, as it ended: what was on the wire (bodies up to the cap),
/// how it ended, and its sizes.
package struct ProxiedExchange: Sendable {
    /// The request (its URL the upstream's origin and the path as sent) and the upstream's answer;
    /// `status` is `nil` when the upstream gave none (`outcome` says why).
    package var exchange: RecordedExchange
    package var outcome: ProxyOutcome
    /// The client's address, as `X-Forwarded-For` named it.
    package var client: String
    /// The request body's bytes as sent (chunk framing included), whether kept or not.
    package var requestBodySize: Int
    /// The answer body's bytes as forwarded.
    package var responseBodySize: Int

    /// The status the client got: the upstream's, or the proxy's own 502/504.
    package var statusSent: Int? { outcome.proxyStatus ?? exchange.status }
}

/// What the proxy tells its observer, once per exchange or refused request.
package enum ProxyEvent: Sendable {
    case exchange(ProxiedExchange)
    /// A client sent something that is not an HTTP/1.x request: it got `status` (400, 431, 501)
    /// with the reason, and its connection was closed.
    case refused(client: String, status: Int, reason: String)
}
