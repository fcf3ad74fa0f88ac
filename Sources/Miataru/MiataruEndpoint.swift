/// Where a Miataru server answers: calls go to `<base>/v1/<Name>`.
///
/// ```swift
/// let server = MiataruEndpoint("https://service.miataru.com")
/// server.url(for: "UpdateLocation")  // https://service.miataru.com/v1/UpdateLocation
/// ```
package struct MiataruEndpoint: Sendable, Equatable {
    /// The server's root, without a trailing slash or `/v1`.
    package let baseURL: String

    /// - Parameter url: the server's root; a trailing `/` or `/v1` (as API documents write it) is
    ///   dropped, and the spelling made one (scheme and host in small letters, no default port, no
    ///   scheme meaning `http://`), because keys are filed by this name: `HTTP://Host:80/` and
    ///   `http://host` are one server.
    package init(_ url: String) {
        var text = url
        if text.firstRange(of: "://") == nil { text = "http://" + text }
        let schemeEnd = text.firstRange(of: "://")!
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        var rest = text[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<authorityEnd].lowercased()
        rest = rest[authorityEnd...]
        if (scheme == "http" && authority.hasSuffix(":80")) || (scheme == "https" && authority.hasSuffix(":443")) {
            authority = String(authority[..<authority.lastIndex(of: ":")!])
        }
        var base = Substring(scheme + "://" + authority + rest)
        while base.hasSuffix("/") { base = base.dropLast() }
        if base.hasSuffix("/v1") { base = base.dropLast(3) }
        while base.hasSuffix("/") { base = base.dropLast() }
        baseURL = String(base)
    }

    /// The URL of the API call `name` (names are case-sensitive on the real server).
    package func url(for name: String) -> String { baseURL + "/v1/" + name }
}
