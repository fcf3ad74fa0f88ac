import AsyncHTTPClient
// FoundationEssentials, not Foundation: AsyncHTTPClient's cookie gives its Expires as a Date.
import FoundationEssentials
import Transport

/// A cookie as the jar keeps it: a `Set-Cookie` header resolved against the URL that sent it,
/// by the storage model of RFC 6265 §5.3.
///
/// The header's syntax is AsyncHTTPClient's parser (RFC 6265 §5.2); what the attributes mean
/// for storing and sending is decided here.
package struct Cookie: Sendable, Equatable {
    package var name: String
    package var value: String
    /// Lower case: the Domain attribute, or the host that set the cookie when `hostOnly`.
    package var domain: String
    /// Set without a Domain attribute: sent back to that host only, not its subdomains (§5.3 step 6).
    package var hostOnly: Bool
    /// The Path attribute, or the default path of the URL that set it (§5.1.4).
    package var path: String
    /// Seconds since the epoch; `nil` for a session cookie. Max-Age wins over Expires (§5.3 step 3).
    package var expires: Double?
    /// Sent only over https (§5.4 step 1).
    package var secure: Bool
    /// Hidden from scripts in a browser; a client such as this one sends it like any other.
    package var httpOnly: Bool

    /// Reads one `Set-Cookie` value received from `url` at `now` (seconds since the epoch).
    ///
    /// - Returns: `nil` when the header holds no `name=value`, or when its Domain attribute does
    ///   not domain-match the host, which RFC 6265 §5.3 step 6 says to ignore. A cookie whose
    ///   expiry is not after `now` is returned: storing it deletes the one it replaces.
    package init?(setCookie header: String, from url: ParsedURL, now: Double) {
        // An empty default domain tells a cookie without a Domain attribute from one whose Domain names the host.
        guard let parsed = AsyncHTTPClient.HTTPClient.Cookie(header: header, defaultDomain: "") else { return nil }
        let host = url.host.lowercased()
        name = parsed.name
        value = parsed.value
        if let domain = parsed.domain, !domain.isEmpty {
            guard CookieMatching.domain(host, matches: domain) else { return nil }
            self.domain = domain
            hostOnly = false
        } else {
            domain = host
            hostOnly = true
        }
        path = Self.hasPathAttribute(header) ? parsed.path : CookieMatching.defaultPath(of: url.pathAndQuery)
        if let maxAge = parsed.maxAge {
            // §5.2.2: zero or less means the earliest time there is.
            expires = maxAge <= 0 ? 0 : now + Double(maxAge)
        } else {
            expires = parsed.expires.map(\.timeIntervalSince1970)
        }
        secure = parsed.secure
        httpOnly = parsed.httpOnly
    }

    /// Whether the cookie has expired at `now`.
    package func isExpired(at now: Double) -> Bool { expires.map { $0 <= now } ?? false }

    /// Whether a request to `url` carries the cookie (§5.4 step 1): its host matches the domain
    /// (exactly when host-only), its path matches the path, and it is https if the cookie is Secure.
    package func isSent(to url: ParsedURL) -> Bool {
        let host = url.host.lowercased()
        let hostMatches = hostOnly ? host == domain : CookieMatching.domain(host, matches: domain)
        return hostMatches && CookieMatching.path(CookieMatching.requestPath(url.pathAndQuery), matches: path)
            && (!secure || url.scheme == "https")
    }

    /// Whether the header has a Path attribute AsyncHTTPClient kept: it gives `/` both for that
    /// and for none, and none means the default path (§5.2.4: the last valid one counts).
    private static func hasPathAttribute(_ header: String) -> Bool {
        var found = false
        for attribute in header.split(separator: ";").dropFirst() {
            let parts = attribute.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts[0].trimmingSpaces().lowercased() == "path" else { continue }
            found = parts.count == 2 && parts[1].trimmingSpaces().hasPrefix("/")
        }
        return found
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var slice = self
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return slice
    }
}
