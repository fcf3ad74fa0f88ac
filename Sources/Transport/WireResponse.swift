import HTTPTypes

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
