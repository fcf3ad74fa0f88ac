/// The matching rules of RFC 6265 §5.1: which hosts and paths a cookie belongs to.
enum CookieMatching {
    /// §5.1.3: `host` equals `domain`, or ends with `.domain` and is a name, not an IP address.
    static func domain(_ host: String, matches domain: String) -> Bool {
        if host == domain { return true }
        guard host.hasSuffix("." + domain), !isIPAddress(host) else { return false }
        return true
    }

    /// §5.1.4: the paths are equal, or `cookiePath` is a prefix of `requestPath` that ends with
    /// `/` or is followed there by `/` (`/docs` matches `/docs/a`, not `/docsearch`).
    static func path(_ requestPath: String, matches cookiePath: String) -> Bool {
        guard requestPath.hasPrefix(cookiePath) else { return false }
        if requestPath.count == cookiePath.count || cookiePath.hasSuffix("/") { return true }
        return requestPath.dropFirst(cookiePath.count).first == "/"
    }

    /// §5.1.4: the directory of the request path: up to, not including, its last `/`; `/` when
    /// that leaves nothing or the path does not start with `/`.
    static func defaultPath(of pathAndQuery: String) -> String {
        let path = requestPath(pathAndQuery)
        guard path.hasPrefix("/"), let last = path.lastIndex(of: "/"), last != path.startIndex else { return "/" }
        return String(path[..<last])
    }

    /// The path of a `path?query`.
    static func requestPath(_ pathAndQuery: String) -> String {
        String(pathAndQuery.prefix { $0 != "?" })
    }

    /// An IPv6 address (ParsedURL keeps it without brackets) or a dotted IPv4 one.
    private static func isIPAddress(_ host: String) -> Bool {
        host.contains(":") || (!host.isEmpty && host.allSatisfy { $0 == "." || $0.isASCII && $0.isNumber })
    }
}
