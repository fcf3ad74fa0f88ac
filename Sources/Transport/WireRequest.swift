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
