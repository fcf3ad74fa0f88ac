import HTTPTypes

/// A request reduced to what goes on the wire.
package struct WireRequest: Sendable {
    // A change to what goes on the wire drops the bytes kept for it.
    package var method: HTTPMethod { didSet { encoding = nil } }
    package var url: String { didSet { encoding = nil } }
    package var headers: HTTPFields { didSet { encoding = nil } }
    package var body: [UInt8]? { didSet { encoding = nil } }
    /// The longest wait for the answer to begin (URLSession's `timeoutIntervalForRequest`);
    /// `nil`: only the transport's total timeout applies.
    package var idleTimeout: Double?
    /// `url` parsed, when the sender had it parsed already (the Ping client does, for cookies):
    /// parsing it again in the transport was 1.8% of a load run's CPU.
    package var parsedURL: ParsedURL? { didSet { encoding = nil } }
    /// Where a blocking transport keeps the request's bytes, for a sender that sends this same
    /// request again (the Ping client, for an `http` line run again with the same words).
    package var encoding: EncodedRequest?

    package init(
        method: HTTPMethod,
        url: String,
        headers: HTTPFields,
        body: [UInt8]?,
        idleTimeout: Double? = nil,
        parsedURL: ParsedURL? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.idleTimeout = idleTimeout
        self.parsedURL = parsedURL
    }

    /// Sets the body, keeping the head's bytes when the encoding kept any and the new body is as
    /// long as the old one and sent as it is (no `Transfer-Encoding`): then the head is the same,
    /// and is not made again (load_bench.py's CPU s per 1,000 requests). The encoding is a new one,
    /// the old request's bytes left to it.
    package mutating func replaceBody(_ bytes: [UInt8]) {
        let earlier = encoding
        let oldCount = body?.count
        body = bytes
        guard let earlier else { return }
        let sameHead = oldCount == bytes.count && !headers.contains(.transferEncoding)
        encoding = (sameHead ? earlier.replacingBody(with: bytes) : nil) ?? EncodedRequest()
    }

    /// `url` parsed, or why it cannot be sent.
    package func parsed() throws(NetworkError) -> ParsedURL {
        if let parsedURL { return parsedURL }
        return try ParsedURL(url)
    }
}
