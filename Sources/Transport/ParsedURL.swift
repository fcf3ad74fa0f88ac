/// The parts of an absolute http(s) URL that sending needs; anything else is rejected early
/// with a reason a person can act on.
package struct ParsedURL: Sendable, Equatable {
    package var scheme: String
    package var host: String { didSet { authority = Self.authority(host: host, port: port) } }
    package var port: Int? { didSet { authority = Self.authority(host: host, port: port) } }
    /// `host` or `host:port` as a Host header or cookie key would name it. Kept, not made at each
    /// use: the blocking transport asks at every request (guarded by the CPU s per 1,000
    /// requests of scripts/bench/load_bench.py).
    package private(set) var authority: String
    /// Path and query, starting with `/` (`/` when the URL has none).
    package var pathAndQuery: String

    /// `scheme://authority`: what a pool keeps its connections by.
    package var origin: String { scheme + "://" + authority }

    /// Walks the URL's UTF-8 buffer by offset, every delimiter being ASCII: Character walks
    /// (`split`, `lastIndex(of:)` on Substrings) and `String.UTF8View` indexes cost several
    /// times as much, and a load run parses a URL a request (guarded by the CPU s per 1,000
    /// requests of scripts/bench/load_bench.py).
    package init(_ text: String) throws(NetworkError) {
        let read = { (bytes: UnsafeBufferPointer<UInt8>) in Self.parse(bytes, text: text) }
        self = try (text.utf8.withContiguousStorageIfAvailable(read) ?? Array(text.utf8).withUnsafeBufferPointer(read)).get()
    }

    private init(scheme: String, host: String, port: Int?, pathAndQuery: String) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.pathAndQuery = pathAndQuery
        authority = Self.authority(host: host, port: port)
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, text: String) -> Result<ParsedURL, NetworkError> {
        func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        func first(in range: Range<Int>, _ matches: (UInt8) -> Bool) -> Int? { range.first { matches(bytes[$0]) } }
        func last(in range: Range<Int>, of byte: UInt8) -> Int? { range.last { bytes[$0] == byte } }
        guard let colon = first(in: 0..<bytes.count, { $0 == UInt8(ascii: ":") }), colon + 2 < bytes.count,
            bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else {
            return .failure(.invalidRequest("URL '\(text)' has no scheme (expected http:// or https://)"))
        }
        let rawScheme = string(0..<colon)
        let scheme = rawScheme == "http" || rawScheme == "https" ? rawScheme : rawScheme.lowercased()
        guard scheme == "http" || scheme == "https" else {
            return .failure(.invalidRequest("URL '\(text)' has unsupported scheme '\(scheme)' (expected http or https)"))
        }
        let restStart = colon + 3
        let rest = restStart..<bytes.count
        if first(in: rest, { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") }) != nil {
            return .failure(.invalidRequest("URL '\(text)' contains blanks"))
        }
        let authorityEnd = first(in: rest) { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        let authorityStart = last(in: restStart..<authorityEnd, of: UInt8(ascii: "@")).map { $0 + 1 } ?? restStart
        let pathEnd = first(in: authorityEnd..<bytes.count) { $0 == UInt8(ascii: "#") } ?? bytes.count
        let path = string(authorityEnd..<pathEnd)
        let pathAndQuery = authorityEnd < pathEnd && bytes[authorityEnd] == UInt8(ascii: "/") ? path : "/" + path
        let host: String
        let portText: String?
        if authorityStart < authorityEnd, bytes[authorityStart] == UInt8(ascii: "[") {
            guard let close = first(in: authorityStart..<authorityEnd, { $0 == UInt8(ascii: "]") }) else {
                return .failure(.invalidRequest("URL '\(text)' has an unclosed IPv6 address"))
            }
            host = string((authorityStart + 1)..<close)
            let after = (close + 1)..<authorityEnd
            portText = !after.isEmpty && bytes[after.lowerBound] == UInt8(ascii: ":") ? string((after.lowerBound + 1)..<after.upperBound) : nil
        } else if let colon = last(in: authorityStart..<authorityEnd, of: UInt8(ascii: ":")) {
            host = string(authorityStart..<colon)
            portText = string((colon + 1)..<authorityEnd)
        } else {
            host = string(authorityStart..<authorityEnd)
            portText = nil
        }
        let port: Int?
        do throws(NetworkError) {
            port = try Self.port(portText, in: text)
        } catch {
            return .failure(error)
        }
        guard !host.isEmpty else { return .failure(.invalidRequest("URL '\(text)' has no host")) }
        return .success(ParsedURL(scheme: scheme, host: host, port: port, pathAndQuery: pathAndQuery))
    }

    private static func port(_ text: String?, in url: String) throws(NetworkError) -> Int? {
        guard let text, !text.isEmpty else { return nil }
        guard let port = Int(text), (1...65535).contains(port) else {
            throw .invalidRequest("URL '\(url)' has an invalid port '\(text)'")
        }
        return port
    }

    private static func authority(host: String, port: Int?) -> String {
        // Bytes and concatenation, not Character `contains` and interpolation: called twice a
        // request by the blocking transport (load_bench.py's CPU s per 1,000 requests).
        let shownHost = host.utf8.contains(UInt8(ascii: ":")) ? "[" + host + "]" : host
        guard let port else { return shownHost }
        return shownHost + ":" + String(port)
    }
}
