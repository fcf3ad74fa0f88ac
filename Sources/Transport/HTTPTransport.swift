import HTTPTypes

/// Moves one request over the network. The live one is AsyncHTTPClient; tests use a recording fake,
/// so everything above this line is tested without sockets.
package protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the whole response, or throws why there is none.
    /// Redirects are never followed: a 3xx is returned as it is.
    func send(_ request: WireRequest, timeout: Double) async throws(NetworkError) -> WireResponse

    /// Where a task that does little but send should run, when the transport has a thread of its
    /// own: a sender there makes no thread hop on the way to the network and back.
    var preferredExecutor: (any TaskExecutor)? { get }

    /// Whether `sendHere` can send to `url` on the calling thread, which then needs no task to
    /// wait for the answer: a load device's own blocking connection.
    func sendsHere(_ url: ParsedURL) -> Bool

    /// Sends `request` on the calling thread, as `send` would; only after `sendsHere` said yes.
    func sendHere(_ request: WireRequest, timeout: Double) throws(NetworkError) -> WireResponse
}

extension HTTPTransport {
    package var preferredExecutor: (any TaskExecutor)? { nil }

    package func sendsHere(_ url: ParsedURL) -> Bool { false }

    package func sendHere(_ request: WireRequest, timeout: Double) throws(NetworkError) -> WireResponse {
        throw .invalidRequest("this transport sends only from a task")
    }
}
