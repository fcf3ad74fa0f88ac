import HTTPTypes

/// A response as it came off the wire.
package struct WireResponse: Sendable {
    package var status: HTTPStatus
    package var headers: HTTPFields
    package var body: [UInt8]
    /// The request was sent a second time, on another connection, because the kept-alive
    /// connection it first went out on closed before any byte of an answer: the server may have
    /// seen it twice, and a caller may want to say so (a server that answers
    /// `Connection: keep-alive` and then closes, as miataru-server 2.3.0 does after a 403).
    package var resentAfterDroppedConnection: Bool

    package init(status: HTTPStatus, headers: HTTPFields = [:], body: [UInt8] = [], resentAfterDroppedConnection: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.resentAfterDroppedConnection = resentAfterDroppedConnection
    }
}
