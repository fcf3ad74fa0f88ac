/// Reads the head of an HTTP/1.x message off the bytes a connection gave, strictly: a client
/// that sends something else gets 400 with the reason, and nothing ambiguous (a header split
/// over lines, blanks before a colon, two different lengths, a length beside chunked) is passed
/// on, as that is how requests are smuggled past a proxy.
enum HeadParser {
    /// A head longer than this is refused (431 for a request).
    static let limit = 64 * 1024

    /// Where the blank line that ends a head is, searching from `from` (the bytes before it were
    /// searched already); the index just past it, or `nil` when it has not come yet.
    static func end(in bytes: UnsafeRawBufferPointer, from: Int) -> Int? {
        var index = max(0, from - 3)
        while index + 3 < bytes.count {
            if bytes[index + 3] != 10 {
                // The byte 3 ahead is not LF: no CRLFCRLF can end before index + 4.
                index += bytes[index + 3] == 13 ? 1 : 4
                continue
            }
            if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13 { return index + 4 }
            index += 1
        }
        return nil
    }

    /// A request head: `METHOD TARGET HTTP/1.x`, then headers.
    static func request(_ bytes: [UInt8]) throws(HeadError) -> MessageHead {
        let head = try parse(bytes, what: "request")
        let (method, target, version) = head.startLine
        guard !method.isEmpty, method.utf8.allSatisfy(isTokenByte) else { throw HeadError("the method '\(printable(method))' is not a token") }
        guard !target.isEmpty, target.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else {
            throw HeadError("the request target '\(printable(target))' is empty or holds blanks or control characters")
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { throw HeadError("'\(printable(version))' is not HTTP/1.0 or HTTP/1.1") }
        return head
    }

    /// An answer's head: `HTTP/1.x CODE REASON`, then headers.
    static func response(_ bytes: [UInt8]) throws(HeadError) -> MessageHead {
        let head = try parse(bytes, what: "answer")
        let (version, code, _) = head.startLine
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { throw HeadError("'\(printable(version))' is not HTTP/1.0 or HTTP/1.1") }
        guard code.utf8.count == 3, code.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let status = Int(code), status >= 100 else {
            throw HeadError("the status '\(printable(code))' is not a three-digit code")
        }
        return head
    }

    private static func parse(_ bytes: [UInt8], what: String) throws(HeadError) -> MessageHead {
        var lines: [Range<Int>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 10 {
            guard index > start, bytes[index - 1] == 13 else { throw HeadError("a line of the \(what) head ends in a bare LF") }
            lines.append(start..<(index + 1))
            start = index + 1
        }
        // The last line is the blank one that ends the head.
        guard lines.count >= 2, lines.last?.count == 2 else { throw HeadError("the \(what) head has no start line") }
        let first = lines[0]
        let startText = bytes[first.lowerBound..<(first.upperBound - 2)]
        let parts = startText.split(separator: 32, maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw HeadError("the start line '\(printable(string(startText)))' does not have three parts") }
        let startLine = (string(parts[0]), string(parts[1]), string(parts[2]))
        var fields: [(name: String, value: String, line: Range<Int>)] = []
        for line in lines.dropFirst().dropLast() {
            let text = bytes[line.lowerBound..<(line.upperBound - 2)]
            guard let first = text.first, first != 32, first != 9 else { throw HeadError("a header is folded over two lines (obsolete, refused)") }
            guard let colon = text.firstIndex(of: 58) else { throw HeadError("the header line '\(printable(string(text)))' has no colon") }
            let name = text[text.startIndex..<colon]
            guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
                throw HeadError("the header name '\(printable(string(name)))' is not a token (blanks before the colon are refused)")
            }
            let value = text[(colon + 1)...]
            guard value.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 != 127) || $0 >= 128 }) else {
                throw HeadError("the header \(string(name)) holds a control character")
            }
            fields.append((string(name), String(string(value)[...].trimmingBlanks()), line))
        }
        let version = startLine.0.hasPrefix("HTTP/") ? startLine.0 : startLine.2
        let head = MessageHead(bytes: bytes, startLine: startLine, fields: fields, version: version)
        try checkFraming(head)
        return head
    }

    /// One body length, stated one way.
    private static func checkFraming(_ head: MessageHead) throws(HeadError) {
        let lengths = Set(head.values("content-length").flatMap { $0.split(separator: ",").map { String($0.trimmingBlanks()) } })
        if lengths.count > 1 { throw HeadError("two different Content-Length values (\(lengths.sorted().joined(separator: ", ")))") }
        if let length = lengths.first, length.isEmpty || !length.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) || length.utf8.count > 18 {
            throw HeadError("Content-Length '\(printable(length))' is not a number")
        }
        let codings = head.values("transfer-encoding")
        guard !codings.isEmpty else { return }
        if !lengths.isEmpty { throw HeadError("both Transfer-Encoding and Content-Length (refused: the body's end would be ambiguous)") }
        let last = codings.last?.split(separator: ",").last.map { $0.trimmingBlanks().lowercased() }
        if last != "chunked" { throw HeadError("Transfer-Encoding '\(printable(codings.joined(separator: ", ")))' does not end in chunked") }
    }

    /// RFC 9110's tchar.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 48...57, 65...90, 97...122: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// Garbage quoted in a reason, kept short and without control characters.
    static func printable(_ text: String) -> String {
        let cleaned = String(text.unicodeScalars.prefix(60).map { $0.value < 32 || $0.value == 127 ? "?" : Character($0) })
        return text.unicodeScalars.count > 60 ? cleaned + "…" : cleaned
    }
}

/// Why a head was refused, in words for the 400's body and the line.
struct HeadError: Error, Sendable, CustomStringConvertible {
    var reason: String
    init(_ reason: String) { self.reason = reason }
    var description: String { reason }
}
