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
}

extension HTTPTransport {
    package var preferredExecutor: (any TaskExecutor)? { nil }
}
