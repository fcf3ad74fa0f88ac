import FoundationEssentials
import HTTPTypes
import Transport

extension HARArchive {
    /// The archive of recorded exchanges, in order, as HAR 1.2 with every required field. A body
    /// that is UTF-8 is written as text, any other as base64 with `"encoding": "base64"`. An
    /// exchange that got no answer has status 0, as browsers write one.
    package init(exchanges: [RecordedExchange], creator: Creator) {
        self.init(log: Log(creator: creator, entries: exchanges.map(Self.entry)))
    }

    /// One exchange as an entry, as `init(exchanges:creator:)` and `GrowingHARFile` write it.
    static func entry(_ exchange: RecordedExchange) -> Entry {
        let requestType = exchange.requestHeader("Content-Type")
        let responseType = exchange.responseHeaders[.contentType]
        let request = Request(
            method: exchange.method,
            url: exchange.url,
            httpVersion: exchange.httpVersion,
            cookies: [],
            headers: headers(exchange.requestHeaders),
            queryString: query(exchange.url),
            postData: exchange.requestBody.isEmpty ? nil : postData(exchange.requestBody, mimeType: requestType ?? ""),
            headersSize: -1,
            bodySize: exchange.requestBody.count
        )
        let body = text(exchange.responseBody)
        let response = Response(
            status: exchange.status ?? 0,
            statusText: "",
            httpVersion: exchange.httpVersion,
            cookies: [],
            headers: headers(exchange.responseHeaders),
            content: Content(size: exchange.responseBody.count, mimeType: responseType ?? "", text: body.text, encoding: body.encoding),
            redirectURL: exchange.responseHeaders[.location] ?? "",
            headersSize: -1,
            bodySize: exchange.responseBody.count
        )
        let milliseconds = exchange.duration.map { Double($0.components.seconds) * 1000 + Double($0.components.attoseconds) / 1e15 } ?? 0
        return Entry(
            startedDateTime: HARTime.format(exchange.startedAt ?? 0),
            time: milliseconds,
            request: request,
            response: response,
            cache: Cache(),
            timings: Timings(send: 0, wait: milliseconds, receive: 0)
        )
    }

    private static func headers(_ fields: HTTPFields) -> [Header] {
        fields.map { Header(name: $0.name.rawName, value: $0.value) }
    }

    /// The URL's query items, undecoded, as HAR lists them beside the URL.
    private static func query(_ url: String) -> [Header] {
        guard let mark = url.firstIndex(of: "?") else { return [] }
        let query = url[url.index(after: mark)...].prefix { $0 != "#" }
        return query.split(separator: "&").map { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return Header(name: String(pair[0]), value: pair.count > 1 ? String(pair[1]) : "")
        }
    }

    private static func postData(_ body: [UInt8], mimeType: String) -> PostData {
        let body = text(body)
        return PostData(mimeType: mimeType, text: body.text, encoding: body.encoding)
    }

    /// UTF-8 as itself, anything else base64.
    static func text(_ bytes: [UInt8]) -> (text: String?, encoding: String?) {
        if bytes.isEmpty { return ("", nil) }
        if let text = String(validating: bytes, as: UTF8.self) { return (text, nil) }
        return (Data(bytes).base64EncodedString(), "base64")
    }
}
