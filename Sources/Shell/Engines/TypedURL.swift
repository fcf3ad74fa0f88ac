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

    /// Whether `typed` is a `/path`, the one form `resolve` sends to the default host.
    package static func goesToDefaultHost(_ typed: String) -> Bool { typed.utf8.first == UInt8(ascii: "/") }
}
