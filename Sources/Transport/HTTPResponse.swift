import JSON

/// What came back: status, headers and the whole body, with the request that was sent.
public struct HTTPResponse: Sendable {
    /// The request as it went out, after interceptors and standard headers.
    public let request: HTTPRequest
    public let status: Int
    public let headers: HeaderFields
    public let body: [UInt8]
    /// Seconds from sending to the last body byte.
    public let duration: Double

    public init(request: HTTPRequest, status: Int, headers: HeaderFields, body: [UInt8], duration: Double) {
        self.request = request
        self.status = status
        self.headers = headers
        self.body = body
        self.duration = duration
    }

    /// The body decoded as UTF-8 (invalid sequences replaced).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The body as JSON, or `nil` when it is not JSON.
    public var json: Value? { try? JSONParser.parse(bodyText) }

    /// The first value of a header, ignoring case.
    public func header(named name: String) -> String? { headers[name] }

    /// `Set-Cookie` values as `name=value` strings.
    public var cookieStrings: [String] {
        headers.values(named: "Set-Cookie").compactMap { Cookie(setCookie: $0).map { "\($0.name)=\($0.value)" } }
    }

    public var isSuccess: Bool { HTTPStatus.isSuccess(status) }
    public var isRedirect: Bool { HTTPStatus.isRedirect(status) }
    public var isClientError: Bool { HTTPStatus.isClientError(status) }
    public var isServerError: Bool { HTTPStatus.isServerError(status) }
}

/// The seed's status helpers and reason phrases.
public enum HTTPStatus {
    public static func isSuccess(_ code: Int) -> Bool { (200..<300).contains(code) }
    public static func isRedirect(_ code: Int) -> Bool { (300..<400).contains(code) }
    public static func isClientError(_ code: Int) -> Bool { (400..<500).contains(code) }
    public static func isServerError(_ code: Int) -> Bool { (500..<600).contains(code) }

    /// The standard reason phrase, or an empty string.
    public static func reason(_ code: Int) -> String {
        switch code {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Entity"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: ""
        }
    }
}
