extension WireRequest {
    /// The request as HTTP/1.1 bytes: head and body in one write. Appended as bytes: building
    /// the head as a String first was 2% of a load run's CPU.
    func http1Bytes(url: ParsedURL, authority: String? = nil) -> [UInt8] {
        let request = self
        let body = request.body ?? []
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + body.count)
        // Pieces appended one by one: a variadic `line(_ parts: String...)` makes an array a
        // line. Each as one copy of its UTF-8 buffer: `append(contentsOf: part.utf8)` walks the
        // view. A head a request (guarded by the CPU s per 1,000 requests of load_bench.py).
        func append(_ part: String) {
            var part = part
            part.withUTF8 { bytes.append(contentsOf: $0) }
        }
        func endLine() {
            bytes.append(UInt8(ascii: "\r"))
            bytes.append(UInt8(ascii: "\n"))
        }
        func line(_ part: String) {
            append(part)
            endLine()
        }
        append(request.method.rawValue)
        append(" ")
        append(url.pathAndQuery)
        line(" HTTP/1.1")
        if !request.headers.contains(where: { $0.name.canonicalName == "host" }) {
            append("Host: ")
            line(authority ?? url.authority)
        }
        for field in request.headers {
            append(field.name.rawName)
            append(": ")
            field.withUnsafeBytesOfValue { bytes.append(contentsOf: $0) }
            endLine()
        }
        let chunked = request.headers.contains(.transferEncoding)
        if !chunked, !request.headers.contains(.contentLength), request.body != nil || Self.expectsBody(method) {
            append("Content-Length: ")
            line(String(body.count))
        }
        endLine()
        if chunked {
            if !body.isEmpty {
                line(String(body.count, radix: 16))
                bytes.append(contentsOf: body)
                endLine()
            }
            line("0")
            endLine()
        } else {
            bytes.append(contentsOf: body)
        }
        return bytes
    }

    /// Methods whose requests carry a body even when empty (as SwiftNIO frames them).
    private static func expectsBody(_ method: HTTPMethod) -> Bool {
        method == .post || method == .put || method == .patch
    }
}
