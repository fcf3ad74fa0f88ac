import Platform

/// Where Hamon sends: `http(s)://<host>/v1`, built from what the user typed the way the SDK does.
package struct HamonEndpoint: Sendable, Equatable {
    /// The host as the SDK keeps it: no scheme, no trailing slashes (`10.0.0.5:8000`).
    package let host: String
    package let usesHTTPS: Bool

    /// Strips an `http://` or `https://` prefix and trailing `/` from `host`, as the SDK does.
    /// A typed `https://` turns HTTPS on.
    package init(host typed: String, https: Bool = false) {
        var host = Substring(typed)
        var secure = https
        if host.lowercased().hasPrefix("https://") {
            host = host.dropFirst(8)
            secure = true
        } else if host.lowercased().hasPrefix("http://") {
            host = host.dropFirst(7)
        }
        while host.hasSuffix("/") { host = host.dropLast() }
        self.host = String(host)
        self.usesHTTPS = secure
    }

    /// `http(s)://<host>/v1`.
    package var baseURL: String { (usesHTTPS ? "https://" : "http://") + host + "/v1" }

    /// The host without a port, for the ATS exception and the local-address rule.
    package var hostName: String {
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") { return String(host[host.index(after: host.startIndex)..<close]) }
        if let colon = host.lastIndex(of: ":"), host.firstIndex(of: ":") == colon { return String(host[..<colon]) }
        return host
    }

    /// Whether the seed's ATS check warns: plain HTTP to a host that is not local
    /// (`localhost`, loopback and private addresses; see `LocalAddress`).
    package var needsInsecureWarning: Bool { !usesHTTPS && !LocalAddress.isLocal(host) }

    /// The seed's warning text for plain HTTP to a non-local host.
    package var insecureWarning: String {
        "HTTP (not HTTPS) to non-local host '\(hostName)': iOS App Transport Security blocks this unless Info.plist has an exception (see 'hamon plist \(hostName)')"
    }

    /// The `NSAppTransportSecurity` block an app needs to reach `host` over plain HTTP.
    package static func infoPlistXML(host: String) -> String {
        let name = HamonEndpoint(host: host).hostName
        return """
            <key>NSAppTransportSecurity</key>
            <dict>
                <key>NSExceptionDomains</key>
                <dict>
                    <key>\(XMLText.escaped(name))</key>
                    <dict>
                        <key>NSExceptionAllowsInsecureHTTPLoads</key>
                        <true/>
                    </dict>
                </dict>
            </dict>
            """
    }
}
