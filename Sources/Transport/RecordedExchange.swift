import HTTPTypes

/// One HTTP request and its answer as bytes, as a proxy, a HAR file or a trace saw them: what an
/// engine's recognizer reads to say whether the exchange is its SDK's call (`EngineRecognizer`).
///
/// Unlike `Exchange`, which is a call this process made, a recorded exchange may come from
/// anywhere, so it holds only what was on the wire.
package struct RecordedExchange: Sendable {
    /// `GET`, `POST`, … as sent.
    package var method: String
    /// The absolute URL, or only the path and query (`/v1/UpdateLocation`).
    package var url: String { didSet { path = Self.path(of: url) } }
    /// The URL's path without its query or fragment (`/` for none); what a recognizer's kind is
    /// read from. Kept, not computed at each read: every engine's recognizer reads it, 6% of
    /// `import har` (perf, 20,000 entries).
    package private(set) var path: String
    package var requestHeaders: HTTPFields
    /// The request body as sent (still gzipped when it was).
    package var requestBody: [UInt8]
    /// The answer's status; `nil` when none came.
    package var status: Int?
    package var responseHeaders: HTTPFields
    package var responseBody: [UInt8]
    /// When the request began, in seconds since 1970 (wall clock); `nil` when unknown.
    package var startedAt: Double?
    /// From the request's first byte to the answer's last; `nil` when unknown.
    package var duration: Duration?
    /// `HTTP/1.1`, `HTTP/2`, … as the recorder saw it.
    package var httpVersion: String

    package init(
        method: String,
        url: String,
        requestHeaders: HTTPFields = [:],
        requestBody: [UInt8] = [],
        status: Int? = nil,
        responseHeaders: HTTPFields = [:],
        responseBody: [UInt8] = [],
        startedAt: Double? = nil,
        duration: Duration? = nil,
        httpVersion: String = "HTTP/1.1"
    ) {
        self.method = method
        self.url = url
        path = Self.path(of: url)
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.status = status
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
        self.startedAt = startedAt
        self.duration = duration
        self.httpVersion = httpVersion
    }

    private static func path(of url: String) -> String {
        let pathAndQuery = url.hasPrefix("/") ? url : ((try? ParsedURL(url))?.pathAndQuery ?? url)
        return String(pathAndQuery.prefix { $0 != "?" && $0 != "#" })
    }

    /// The first value of a request header, ignoring case.
    package func requestHeader(_ name: String) -> String? {
        HTTPField.Name(name).flatMap { requestHeaders[values: $0].first }
    }
}

extension RecordedExchange {
    /// A request as this process sent it and its answer, if one came: what a trace or a
    /// recording transport holds.
    package init(_ request: WireRequest, response: WireResponse?) {
        self.init(
            method: request.method.rawValue,
            url: request.url,
            requestHeaders: request.headers,
            requestBody: request.body ?? [],
            status: response.map { $0.status.code },
            responseHeaders: response?.headers ?? [:],
            responseBody: response?.body ?? []
        )
    }
}
