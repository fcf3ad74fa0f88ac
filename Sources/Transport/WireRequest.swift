import HTTPTypes

/// A request reduced to what goes on the wire.
public struct WireRequest: Sendable {
    public var method: HTTPMethod
    public var url: String
    public var headers: HTTPFields
    public var body: [UInt8]?
    /// The longest wait for the answer to begin (URLSession's `timeoutIntervalForRequest`);
    /// `nil`: only the transport's total timeout applies.
    public var idleTimeout: Double?

    public init(method: HTTPMethod, url: String, headers: HTTPFields, body: [UInt8]?, idleTimeout: Double? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.idleTimeout = idleTimeout
    }
}
