import Backend
import NIOCore
import Transport

/// What `sdkbench proxy` was asked for: where it listens, where it forwards and how patiently.
package struct ProxyConfiguration: Sendable {
    /// The address to listen on; loopback unless a host is named.
    package var listenHost: String
    /// 0 picks a free port (`ProxyServer.port` says which).
    package var listenPort: Int
    /// `http://host[:port]` or `https://…`: origin only (the client's path is forwarded as sent).
    package var upstream: ParsedURL
    /// `false` accepts any certificate from an https upstream (`--insecure`).
    package var verifiesCertificates: Bool
    /// How long the upstream may take to accept a connection, and to send the next bytes of an
    /// answer once the request is sent: past it the client gets 504 (or, mid-answer, a closed connection).
    package var upstreamTimeout: Duration
    /// Forward the client's `Host` unchanged instead of naming the upstream (`--keep-host`).
    package var keepsHost: Bool
    /// The most bytes of each body kept for the recognizers and the recording; the rest still streams through.
    package var bodyCap: Int
    /// Keep every exchange for the end (`ProxyServer.stop` returns them): only when a recording
    /// was asked for, as a long run would otherwise hold every body it ever saw.
    package var keepsExchanges: Bool
    /// Event loops (threads); each client connection and its upstream connection share one.
    package var threads: Int
    /// The client connections' head and idle timeouts, and how many at once (each holds two
    /// descriptors: its own and its upstream's).
    package var limits: ListenerLimits

    package init(
        listenHost: String = "127.0.0.1",
        listenPort: Int = 0,
        upstream: ParsedURL,
        verifiesCertificates: Bool = true,
        upstreamTimeout: Duration = .seconds(30),
        keepsHost: Bool = false,
        bodyCap: Int = 1 << 20,
        keepsExchanges: Bool = false,
        threads: Int = System.coreCount,
        limits: ListenerLimits = ListenerLimits(descriptorsEach: 2)
    ) {
        self.listenHost = listenHost
        self.listenPort = listenPort
        self.upstream = upstream
        self.verifiesCertificates = verifiesCertificates
        self.upstreamTimeout = upstreamTimeout
        self.keepsHost = keepsHost
        self.bodyCap = bodyCap
        self.keepsExchanges = keepsExchanges
        self.threads = threads
        self.limits = limits
    }
}
