/// Where a URL the user typed goes, as HTTPie reads it: `:3000/x` is localhost, a bare host gets
/// `http://`, `/path` goes to the host services use.
package enum TypedURL {
    /// The full URL; `defaultHost` is asked only for a `/path`.
    package static func resolve(_ typed: String, defaultHost: () throws(ShellError) -> ServiceHost.Setting) throws(ShellError) -> String {
        if typed.hasPrefix("http://") || typed.hasPrefix("https://") { return typed }
        if typed.hasPrefix(":") { return "http://localhost" + typed }
        if goesToDefaultHost(typed) {
            let host = try defaultHost()
            return (host.https ? "https://" : "http://") + host.host + typed
        }
        return "http://" + typed
    }

    /// The scheme of `typed` when it names one other than `http` or `https` (`ftp://host/x`),
    /// which the Ping client cannot send: without this, `resolve` made it `http://ftp://host/x`.
    package static func unsupportedScheme(_ typed: String) -> String? {
        guard let separator = typed.firstRange(of: "://") else { return nil }
        let scheme = typed[..<separator.lowerBound]
        // RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ); anything else is no scheme
        // (`:3000/x`, `host:80/a://b`).
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
            scheme.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
            })
        else { return nil }
        return ["http", "https"].contains(scheme.lowercased()) ? nil : String(scheme)
    }

    /// Whether `typed` is a `/path`, the one form `resolve` sends to the default host.
    package static func goesToDefaultHost(_ typed: String) -> Bool { typed.utf8.first == UInt8(ascii: "/") }
}
