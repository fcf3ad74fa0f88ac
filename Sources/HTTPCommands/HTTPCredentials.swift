import Shell

/// HTTPie's two ways of giving Basic credentials: `-a USER[:PASS]` and `http://USER:PASS@host/`.
///
/// The credentials leave the URL before anything else sees it, so no message, trace or `-v`
/// view can show them; the Authorization header they become (`BasicCredentials.header`) is
/// masked by name, and by value in every form the session registered with the password.
enum HTTPCredentials {
    /// The URL without its `user:password@` part, and that part percent-decoded.
    static func split(_ url: String) -> (url: String, userinfo: String?) {
        // Most URLs hold no `@`: one byte scan instead of the `Character` searches below (2% of a
        // load run's CPU).
        guard url.utf8.contains(UInt8(ascii: "@")), let schemeEnd = url.firstRange(of: "://") else { return (url, nil) }
        let rest = url[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return (url, nil) }
        let userinfo = String(rest[..<at]).percentDecoded(plusAsSpace: false)
        return (String(url[..<schemeEnd.upperBound]) + rest[rest.index(after: at)...], userinfo)
    }
}
