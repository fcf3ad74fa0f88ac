import FoundationEssentials
import HTTPTypes
import Transport

/// Why a HAR entry is not an exchange a script can replay.
struct HARSkipReason: Error {
    var reason: String
}

extension RecordedExchange {
    /// The exchange a HAR entry records.
    ///
    /// Bodies are as the HAR holds them: its `text`, base64-decoded when `encoding` says so.
    /// Writers keep a body decompressed while its `Content-Encoding: gzip` stays, so that header
    /// is dropped when the body is not gzip. HTTP/2's pseudo-headers (`:authority`) are not headers.
    ///
    /// - Throws: `HARSkipReason` for an entry with no answer or a body that does not decode.
    init(harEntry entry: HARArchive.Entry) throws(HARSkipReason) {
        guard let response = entry.response else { throw HARSkipReason(reason: "no response (the answer never came)") }
        // 0 is how HAR writers say the answer never came; any other number outside 100-999 is no status at all.
        guard response.status != 0 else { throw HARSkipReason(reason: "no answer (status 0)") }
        guard (100...999).contains(response.status) else {
            throw HARSkipReason(reason: "status \(response.status) is not an HTTP status (100-999)")
        }
        let request = entry.request
        var requestBody: [UInt8] = []
        if let post = request.postData {
            if let text = post.text {
                requestBody = try Self.body(text, encoding: post.encoding, what: "request")
            } else if let params = post.params {
                requestBody = Array(params.map { Self.formEncoded($0.name) + "=" + Self.formEncoded($0.value ?? "") }.joined(separator: "&").utf8)
            }
        }
        var responseBody: [UInt8] = []
        if let text = response.content?.text { responseBody = try Self.body(text, encoding: response.content?.encoding, what: "response") }
        let duration = entry.time.flatMap { $0 >= 0 ? Duration.microseconds(Int64(($0 * 1000).rounded())) : nil }
        self.init(
            method: request.method.uppercased(),
            url: request.url,
            requestHeaders: Self.fields(request.headers ?? [], body: requestBody),
            requestBody: requestBody,
            status: response.status,
            responseHeaders: Self.fields(response.headers ?? [], body: responseBody),
            responseBody: responseBody,
            startedAt: entry.startedDateTime.flatMap(HARTime.parse),
            duration: duration,
            httpVersion: Self.version(request.httpVersion ?? response.httpVersion)
        )
    }

    private static func body(_ text: String, encoding: String?, what: String) throws(HARSkipReason) -> [UInt8] {
        guard let encoding, !encoding.isEmpty else { return Array(text.utf8) }
        guard encoding.lowercased() == "base64" else { throw HARSkipReason(reason: "the \(what) body's encoding '\(encoding)' is not base64") }
        guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
            throw HARSkipReason(reason: "the \(what) body is not valid base64")
        }
        return [UInt8](data)
    }

    private static func fields(_ headers: [HARArchive.Header], body: [UInt8]) -> HTTPFields {
        var fields = HTTPFields()
        let gzipped = body.count >= 2 && body[0] == 0x1F && body[1] == 0x8B
        for header in headers where !header.name.hasPrefix(":") {
            guard let name = HTTPField.Name(header.name) else { continue }
            if name == .contentEncoding, !gzipped { continue }
            // The body's length as held, not as it was on the wire.
            if name == .contentLength { continue }
            fields.append(HTTPField(name: name, value: header.value))
        }
        return fields
    }

    /// `HTTP/2` for `h2`, `HTTP/2.0` or `http/2`; other versions as written.
    private static func version(_ text: String?) -> String {
        guard let text, !text.isEmpty else { return "HTTP/1.1" }
        switch text.lowercased() {
        case "h2", "http/2", "http/2.0": return "HTTP/2"
        case "h3", "http/3", "http/3.0": return "HTTP/3"
        default: return text.uppercased()
        }
    }

    private static func formEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                result.unicodeScalars.append(UnicodeScalar(byte))
            case UInt8(ascii: " "): result += "+"
            default: result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
