import HTTPTypes

/// A response as it came off the wire.
public struct WireResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPFields
    public var body: [UInt8]
    /// The request was sent a second time, on another connection, because the kept-alive
    /// connection it first went out on closed before any byte of an answer: the server may have
    /// seen it twice, and a caller may want to say so (a server that answers
    /// `Connection: keep-alive` and then closes, as miataru-server 2.3.0 does after a 403).
    public var resentAfterDroppedConnection: Bool

    public init(status: HTTPStatus, headers: HTTPFields = [:], body: [UInt8] = [], resentAfterDroppedConnection: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.resentAfterDroppedConnection = resentAfterDroppedConnection
    }
}
