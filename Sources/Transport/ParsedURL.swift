/// The parts of an absolute http(s) URL that sending needs; anything else is rejected early
/// with a reason a person can act on.
public struct ParsedURL: Sendable, Equatable {
    public var scheme: String
    public var host: String
    public var port: Int?
    /// Path and query, starting with `/` (`/` when the URL has none).
    public var pathAndQuery: String

    public init(_ text: String) throws(NetworkError) {
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else {
            throw .invalidRequest("URL '\(text)' has no scheme (expected http:// or https://)")
        }
        scheme = text[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw .invalidRequest("URL '\(text)' has unsupported scheme '\(scheme)' (expected http or https)")
        }
        let rest = text[text.index(colon, offsetBy: 3)...]
        // On UTF-8 bytes, every delimiter being ASCII: the Character walks were 1.5% of a load
        // run's CPU (perf, the Miataru flow of scripts/bench/load_bench.py).
        if rest.utf8.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") }) {
            throw .invalidRequest("URL '\(text)' contains blanks")
        }
        let authorityEnd = rest.utf8.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let tail = rest[authorityEnd...]
        let withoutFragment = tail.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        pathAndQuery = withoutFragment.hasPrefix("/") ? String(withoutFragment) : "/" + withoutFragment
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw .invalidRequest("URL '\(text)' has an unclosed IPv6 address") }
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let after = authority[authority.index(after: close)...]
            port = try Self.port(after.hasPrefix(":") ? String(after.dropFirst()) : nil, in: text)
        } else if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon])
            port = try Self.port(String(authority[authority.index(after: colon)...]), in: text)
        } else {
            host = String(authority)
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
