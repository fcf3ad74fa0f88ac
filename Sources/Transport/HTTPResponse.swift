import HTTPTypes
import JSON

/// What came back: status, headers and the whole body, with the request that was sent.
package struct HTTPResponse: Sendable {
    /// The request as it went out, after interceptors and standard headers.
    package let request: HTTPRequest
    package let status: HTTPStatus
    /// In the order and spelling they came, duplicates kept (`Set-Cookie` comes several times).
    package let headers: HTTPFields
    package let body: [UInt8]
    /// Seconds from sending to the last body byte.
    package let duration: Double
    /// The answer came from a second sending of the request on another connection: the reused
    /// connection it first went out on closed before any byte of an answer, so the server may
    /// have seen the request twice (`WireResponse.resentAfterDroppedConnection`).
    package let resentAfterDroppedConnection: Bool
    /// The body's size as it came, when it came in a `Content-Encoding` and `body` is it decoded;
    /// `nil`: `body` is what came.
    package let bodyBytesOnWire: Int?

    package init(
        request: HTTPRequest,
        status: HTTPStatus,
        headers: HTTPFields,
        body: [UInt8],
        duration: Double,
        resentAfterDroppedConnection: Bool = false,
        bodyBytesOnWire: Int? = nil
    ) {
        self.request = request
        self.status = status
        self.headers = headers
        self.body = body
        self.duration = duration
        self.resentAfterDroppedConnection = resentAfterDroppedConnection
        self.bodyBytesOnWire = bodyBytesOnWire
    }

    /// The body decoded as UTF-8 (invalid sequences replaced).
    package var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The body as JSON, or `nil` when it is not JSON.
    package var json: Value? { try? JSONParser.parse(bodyText) }

    /// The first value of a header, ignoring case; `nil` also for a name that is not a header name.
    /// The first, not swift-http-types' `headers[name]`, which joins repeated values with ", ".
    package func header(named name: String) -> String? {
        HTTPField.Name(name).flatMap { headers[values: $0].first }
    }

    package var isSuccess: Bool { status.kind == .successful }
    package var isRedirect: Bool { status.kind == .redirection }
    package var isClientError: Bool { status.kind == .clientError }
    package var isServerError: Bool { status.kind == .serverError }
}
