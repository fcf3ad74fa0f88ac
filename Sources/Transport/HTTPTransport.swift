import HTTPTypes

/// A request reduced to what goes on the wire.
public struct WireRequest: Sendable {
    public var method: HTTPMethod
    public var url: String
    public var headers: HTTPFields
    public var body: [UInt8]?

    public init(method: HTTPMethod, url: String, headers: HTTPFields, body: [UInt8]?) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// A response as it came off the wire.
public struct WireResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPFields
    public var body: [UInt8]

    public init(status: HTTPStatus, headers: HTTPFields = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Moves one request over the network. The live one is AsyncHTTPClient; tests use a recording fake,
/// so everything above this line is tested without sockets.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the whole response, or throws why there is none.
    /// Redirects are never followed: a 3xx is returned as it is.
    func send(_ request: WireRequest, timeout: Double) async throws(NetworkError) -> WireResponse

    /// Where a task that does little but send should run, when the transport has a thread of its
    /// own: a sender there makes no thread hop on the way to the network and back.
    var preferredExecutor: (any TaskExecutor)? { get }
}

extension HTTPTransport {
    public var preferredExecutor: (any TaskExecutor)? { nil }
}
