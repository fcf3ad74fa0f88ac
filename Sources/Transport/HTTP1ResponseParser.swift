import HTTPTypes

#if canImport(Glibc)
import Glibc
#endif

/// Reads one HTTP/1.x response from the bytes received so far: the status line, the fields and
/// a body framed by Content-Length, chunked transfer coding or the connection's end (RFC 9112 §6).
/// Interim (1xx) answers are skipped. For `BlockingTransport`, which reads from a socket itself.
struct HTTP1ResponseParser {
    enum Outcome {
        /// More bytes are needed.
        case incomplete
        /// The response, the bytes it took, and whether the connection may carry another exchange.
        case complete(WireResponse, consumed: Int, reusable: Bool)
    }

    fileprivate enum Framing {
        case length(Int)
        case chunked
        case untilClose
    }

    fileprivate struct Head {
        var status: Int
        var fields: HTTPFields
        var framing: Framing
        var keepAlive: Bool
        /// Where the body starts in the buffer.
        var bodyStart: Int
    }

    /// The answer to a HEAD request has no body, whatever its fields say.
    let answersHead: Bool
    private var head: Head?
    /// Where the next head starts (after skipped 1xx answers).
    private var headStart = 0
    /// Heads read before on the same connection, given back with their parse when a head's bytes
    /// are one of them again.
    var recentHeads: RecentHeads

    init(answersHead: Bool, recentHeads: RecentHeads = RecentHeads()) {
        self.answersHead = answersHead
        self.recentHeads = recentHeads
    }

    /// Parses `buffer`, which holds every byte received since the request was sent.
    mutating func parse(_ buffer: [UInt8]) throws(NetworkError) -> Outcome {
        try buffer.withUnsafeBufferPointer { bytes throws(NetworkError) -> Outcome in
            while head == nil {
                guard let parsed = try Self.head(in: bytes, from: headStart, answersHead: answersHead, recent: &recentHeads) else {
                    return .incomplete
                }
                if parsed.status < 200 {
                    headStart = parsed.bodyStart
                    continue
                }
                head = parsed
            }
            let head = head!
            switch head.framing {
            case .length(let length):
                guard bytes.count - head.bodyStart >= length else { return .incomplete }
                let body = Array(bytes[head.bodyStart..<head.bodyStart + length])
                return .complete(
                    WireResponse(status: HTTPStatus(code: head.status), headers: head.fields, body: body),
                    consumed: head.bodyStart + length,
                    reusable: head.keepAlive
                )
            case .chunked:
                guard let (body, end) = try Self.chunkedBody(in: bytes, from: head.bodyStart) else { return .incomplete }
                return .complete(
                    WireResponse(status: HTTPStatus(code: head.status), headers: head.fields, body: body),
                    consumed: end,
                    reusable: head.keepAlive
                )
            case .untilClose:
                if bytes.count - head.bodyStart > LiveTransport.maximumBodySize { throw Self.tooLarge }
                return .incomplete
            }
        }
    }

    /// The response when the server closed the connection after `buffer`: only a body framed by
    /// the close ends there.
    func finish(_ buffer: [UInt8]) throws(NetworkError) -> WireResponse {
        guard let head else { throw NetworkError.closedBeforeAnswer }
        guard case .untilClose = head.framing else { throw NetworkError.closedWithinAnswer }
        return WireResponse(status: HTTPStatus(code: head.status), headers: head.fields, body: Array(buffer[head.bodyStart...]))
    }

    static let notHTTP = NetworkError.invalidResponse("the server's answer is not HTTP")

    /// Names servers send on nearly every answer, spelt as they usually are, and their bytes.
    private static let knownNames: [(bytes: [UInt8], name: HTTPField.Name)] = [
        HTTPField.Name.contentType, .contentLength, .date, .server, .connection, .transferEncoding, .contentEncoding,
        .setCookie, .location, .cacheControl, .vary, .eTag, .lastModified, .accessControlAllowOrigin,
    ].map { (Array($0.rawName.utf8), $0) }

    /// The known name these bytes spell exactly (same case): the same name `HTTPField.Name(_:)`
    /// makes of them, without decoding and validating a String and lower-casing it for every
    /// field of every answer (load_bench.py's CPU s per 1,000 requests).
    private static func knownName(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> HTTPField.Name? {
        for known in knownNames where known.bytes.count == bytes.count && known.bytes.elementsEqual(bytes) { return known.name }
        return nil
    }
    static let tooLarge = NetworkError.invalidResponse("the body is larger than \(LiveTransport.maximumBodySize >> 20) MiB")

    private static func head(
        in bytes: UnsafeBufferPointer<UInt8>,
        from start: Int,
        answersHead: Bool,
        recent: inout RecentHeads
    ) throws(NetworkError) -> Head? {
        guard let end = headEnd(in: bytes, from: start) else {
            if bytes.count - start > ResponseHeadLimit.headSize { throw ResponseHeadLimit.exceeded }
            // A first line that cannot begin a status line is garbage now, not when it ends.
            let seen = min(bytes.count - start, 5)
            if !zip(bytes[start..<start + seen], "HTTP/".utf8).allSatisfy({ $0 == $1 }) { throw notHTTP }
            return nil
        }
        guard end - start <= ResponseHeadLimit.headSize else { throw ResponseHeadLimit.exceeded }
        let headBytes = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if var known = recent.head(spelt: headBytes, answersHead: answersHead) {
            known.bodyStart = end
            return known
        }
        let parsed = try parseHead(in: bytes, from: start, to: end, answersHead: answersHead)
        if parsed.status >= 200 { recent.remember(headBytes, answersHead: answersHead, as: parsed) }
        return parsed
    }

    private static func parseHead(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, answersHead: Bool) throws(NetworkError) -> Head
    {
        var lines = LineCursor(bytes: bytes, position: start, end: end)
        guard let statusLine = lines.next() else { throw notHTTP }
        let (minor, status) = try statusOf(statusLine, in: bytes)
        var fields = HTTPFields()
        var contentLength: Int?
        var chunked = false
        var closeToken = false
        var keepAliveToken = false
        while let line = lines.next() {
            guard let colon = bytes[line].firstIndex(of: UInt8(ascii: ":")), colon > line.lowerBound else { throw notHTTP }
            let nameBytes = bytes[line.lowerBound..<colon]
            guard let name = knownName(nameBytes) ?? HTTPField.Name(String(decoding: nameBytes, as: UTF8.self)) else { continue }
            var valueStart = colon + 1
            var valueEnd = line.upperBound
            while valueStart < valueEnd, bytes[valueStart] == UInt8(ascii: " ") || bytes[valueStart] == UInt8(ascii: "\t") { valueStart += 1 }
            while valueEnd > valueStart, bytes[valueEnd - 1] == UInt8(ascii: " ") || bytes[valueEnd - 1] == UInt8(ascii: "\t") { valueEnd -= 1 }
            let value = bytes[valueStart..<valueEnd]
            // SwiftNIO's count: the name and the value, without the colon and spaces between.
            guard nameBytes.count + value.count <= ResponseHeadLimit.fieldSize else { throw ResponseHeadLimit.exceeded }
            fields.append(HTTPField(name: name, lenientValue: value))
            switch name {
            case .contentLength:
                guard let length = decimal(value), contentLength == nil || contentLength == length else {
                    throw .invalidResponse("the answer's Content-Length is not a length")
                }
                contentLength = length
            case .transferEncoding:
                chunked = lastToken(of: value) == "chunked"
            case .connection:
                for token in String(decoding: value, as: UTF8.self).lowercased().split(separator: ",") {
                    let trimmed = token.trimmingSpaces
                    if trimmed == "close" { closeToken = true }
                    if trimmed == "keep-alive" { keepAliveToken = true }
                }
            default:
                break
            }
        }
        // HTTP/1.1 keeps the connection unless told not to; 1.0 only when asked to.
        let close = closeToken || (minor == 0 && !keepAliveToken)
        let framing: Framing
        if answersHead || status < 200 || status == 204 || status == 304 {
            framing = .length(0)
        } else if fields.contains(.transferEncoding) {
            // A transfer coding that does not end in chunked is framed by the close (§6.3).
            framing = chunked ? .chunked : .untilClose
        } else if let contentLength {
            guard contentLength <= LiveTransport.maximumBodySize else { throw tooLarge }
            framing = .length(contentLength)
        } else {
            framing = .untilClose
        }
        let untilClose = if case .untilClose = framing { true } else { false }
        return Head(status: status, fields: fields, framing: framing, keepAlive: !close && !untilClose, bodyStart: end)
    }

    /// `HTTP/1.x NNN reason`: the minor version and the code.
    private static func statusOf(_ line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) throws(NetworkError) -> (Int, Int) {
        guard line.count >= 12, zip(bytes[line.lowerBound..<line.lowerBound + 5], "HTTP/".utf8).allSatisfy({ $0 == $1 }),
            bytes[line.lowerBound + 5] == UInt8(ascii: "1"), bytes[line.lowerBound + 6] == UInt8(ascii: "."),
            let minor = digit(bytes[line.lowerBound + 7]), bytes[line.lowerBound + 8] == UInt8(ascii: " "),
            let code = decimal(bytes[line.lowerBound + 9..<line.lowerBound + 12]), (100...999).contains(code),
            line.count == 12 || bytes[line.lowerBound + 12] == UInt8(ascii: " ")
        else { throw notHTTP }
        return (minor, code)
    }

    /// The end of the head (after its empty line), from `start`.
    private static func headEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index + 3 < bytes.count {
            if bytes[index + 3] != UInt8(ascii: "\n") {
                index += bytes[index + 3] == UInt8(ascii: "\r") ? 1 : 4
                continue
            }
            if bytes[index] == UInt8(ascii: "\r"), bytes[index + 1] == UInt8(ascii: "\n"), bytes[index + 2] == UInt8(ascii: "\r") {
                return index + 4
            }
            index += 1
        }
        return nil
    }

    /// A chunked body from `start`: its bytes and where the message ends, or `nil` when more is needed.
    private static func chunkedBody(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws(NetworkError) -> ([UInt8], Int)? {
        var body: [UInt8] = []
        var position = start
        while true {
            guard let lineEnd = crlf(in: bytes, from: position) else { return nil }
            var size = 0
            var digits = 0
            for byte in bytes[position..<lineEnd] {
                guard let value = hexDigit(byte) else {
                    if byte == UInt8(ascii: ";") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { break }
                    throw .invalidResponse("a chunk's size is not hexadecimal")
                }
                size = size &* 16 &+ value
                digits += 1
                guard digits <= 15 else { throw tooLarge }
            }
            guard digits > 0 else { throw .invalidResponse("a chunk's size is not hexadecimal") }
            position = lineEnd + 2
            if size == 0 {
                // Trailer fields, then the empty line.
                while true {
                    guard let end = crlf(in: bytes, from: position) else { return nil }
                    let empty = end == position
                    position = end + 2
                    if empty { return (body, position) }
                }
            }
            guard body.count + size <= LiveTransport.maximumBodySize else { throw tooLarge }
            guard bytes.count - position >= size + 2 else { return nil }
            body.append(contentsOf: bytes[position..<position + size])
            position += size
            guard bytes[position] == UInt8(ascii: "\r"), bytes[position + 1] == UInt8(ascii: "\n") else {
                throw .invalidResponse("a chunk does not end where its size says")
            }
            position += 2
        }
    }

    private static func crlf(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "\r"), bytes[index + 1] == UInt8(ascii: "\n") { return index }
            index += 1
        }
        return nil
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    private static func decimal(_ bytes: some Collection<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value = 0
        for byte in bytes {
            guard let digit = digit(byte) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    private static func lastToken(of value: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        let text = String(decoding: value, as: UTF8.self).lowercased()
        return (text.split(separator: ",").last.map { String($0) } ?? "").trimmingSpaces
    }
}

extension HTTP1ResponseParser {
    /// The last few heads parsed on a connection, by their bytes (the status line and fields),
    /// as HPACK keeps a connection's recent fields: a server's answers to one kind of request
    /// repeat their heads byte for byte until the Date field's second changes. Comparing the
    /// bytes is far cheaper than decoding and validating each field into `HTTPFields` again
    /// (guarded by the CPU s per 1,000 requests of scripts/bench/load_bench.py).
    struct RecentHeads {
        static let capacity = 4
        private var entries: [Entry] = []
        /// The entry replaced next once all are taken.
        private var next = 0

        /// A struct, not a tuple: a tuple's copies go through the runtime's generic witness.
        private struct Entry {
            var bytes: [UInt8]
            var answersHead: Bool
            var head: Head
        }

        init() {}

        /// By index, so that only the entry found is copied.
        fileprivate func head(spelt bytes: UnsafeBufferPointer<UInt8>, answersHead: Bool) -> Head? {
            for index in entries.indices where entries[index].answersHead == answersHead && entries[index].bytes.count == bytes.count {
                let same = entries[index].bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
                if same { return entries[index].head }
            }
            return nil
        }

        fileprivate mutating func remember(_ bytes: UnsafeBufferPointer<UInt8>, answersHead: Bool, as head: Head) {
            let entry = Entry(bytes: Array(bytes), answersHead: answersHead, head: head)
            if entries.count < Self.capacity {
                entries.append(entry)
            } else {
                entries[next] = entry
                next = (next + 1) % Self.capacity
            }
        }
    }
}

/// The lines of a head, each without its CRLF, up to the empty line.
private struct LineCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    let end: Int

    mutating func next() -> Range<Int>? {
        var index = position
        while index + 1 < end {
            if bytes[index] == UInt8(ascii: "\r"), bytes[index + 1] == UInt8(ascii: "\n") {
                let line = position..<index
                position = index + 2
                return line.isEmpty ? nil : line
            }
            index += 1
        }
        return nil
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
