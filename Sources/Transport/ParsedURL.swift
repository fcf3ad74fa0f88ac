/// The parts of an absolute http(s) URL that sending needs; anything else is rejected early
/// with a reason a person can act on.
public struct ParsedURL: Sendable, Equatable {
    public var scheme: String
    public var host: String
    public var port: Int?
    /// Path and query, starting with `/` (`/` when the URL has none).
    public var pathAndQuery: String

    /// Walks UTF-8 bytes only, every delimiter being ASCII: the Character walks (`split`,
    /// `lastIndex(of:)` on Substrings) were 4.8% of a load run's CPU, one parse a request (perf,
    /// the Miataru flow of scripts/bench/load_bench.py).
    public init(_ text: String) throws(NetworkError) {
        let bytes = text.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes[colon...].starts(with: "://".utf8) else {
            throw .invalidRequest("URL '\(text)' has no scheme (expected http:// or https://)")
        }
        let rawScheme = text[..<colon]
        scheme = rawScheme == "http" || rawScheme == "https" ? String(rawScheme) : rawScheme.lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw .invalidRequest("URL '\(text)' has unsupported scheme '\(scheme)' (expected http or https)")
        }
        let restStart = bytes.index(colon, offsetBy: 3)
        let rest = bytes[restStart...]
        if rest.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") }) {
            throw .invalidRequest("URL '\(text)' contains blanks")
        }
        let authorityEnd = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? rest.endIndex
        var authorityStart = restStart
        if let at = bytes[restStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) { authorityStart = bytes.index(after: at) }
        let authority = bytes[authorityStart..<authorityEnd]
        let pathEnd = bytes[authorityEnd...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
        let path = text[authorityEnd..<pathEnd]
        pathAndQuery = bytes[authorityEnd..<pathEnd].first == UInt8(ascii: "/") ? String(path) : "/" + path
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { throw .invalidRequest("URL '\(text)' has an unclosed IPv6 address") }
            host = String(text[bytes.index(after: authorityStart)..<close])
            let after = text[bytes.index(after: close)..<authorityEnd]
            port = try Self.port(after.hasPrefix(":") ? String(after.dropFirst()) : nil, in: text)
        } else if let colon = authority.lastIndex(of: UInt8(ascii: ":")) {
            host = String(text[authorityStart..<colon])
            port = try Self.port(String(text[bytes.index(after: colon)..<authorityEnd]), in: text)
        } else {
            host = String(text[authorityStart..<authorityEnd])
            port = nil
        }
        guard !host.isEmpty else { throw .invalidRequest("URL '\(text)' has no host") }
    }

    private static func port(_ text: String?, in url: String) throws(NetworkError) -> Int? {
        guard let text, !text.isEmpty else { return nil }
        guard let port = Int(text), (1...65535).contains(port) else {
            throw .invalidRequest("URL '\(url)' has an invalid port '\(text)'")
        }
        return port
    }

    /// `host` or `host:port` as a Host header or cookie key would name it.
    public var authority: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return port.map { "\(shownHost):\($0)" } ?? shownHost
    }
}
