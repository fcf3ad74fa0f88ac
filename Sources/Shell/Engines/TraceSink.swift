import Ping
import Synchronization
import Transport

/// Where exchanges go: printed when `trace on`; engines send from background tasks, so the
/// switch is atomic.
package final class TraceSink: Sendable {
    private let enabled = Atomic(false)
    let events: ShellEventRouter
    /// Replace the network when set (see `ShellEnvironment.transport` and `insecureTransport`).
    private let transport: (any HTTPTransport)?
    private let insecureTransport: (any HTTPTransport)?
    /// The client `client` made last, with what it was made for: `http` asks for the same one on
    /// every request (guarded by the CPU s per 1,000 requests of scripts/bench/load_bench.py).
    private let lastClient = Mutex<(key: ClientKey, client: PingClient)?>(nil)

    private struct ClientKey: Equatable {
        var timeout: Double
        var requestTimeout: Double?
        var sdkHeadersAndCookies: Bool
        var cookies: ObjectIdentifier
        var insecure: Bool
        /// `nil`: the Ping contract's own (`ClientConfiguration.standardHeaders`).
        var standardHeaders: StandardHeaders?
    }

    init(events: ShellEventRouter, transport: (any HTTPTransport)? = nil, insecureTransport: (any HTTPTransport)? = nil) {
        self.events = events
        self.transport = transport
        self.insecureTransport = insecureTransport ?? transport
    }

    var isEnabled: Bool {
        get { enabled.load(ordering: .relaxed) }
        set { enabled.store(newValue, ordering: .relaxed) }
    }

    /// Whether exchanges are kept for a test report (`keepExchanges`): read without a lock on every
    /// request (load mode keeps none).
    private let keeping = Atomic(false)
    /// The exchanges kept since they were last taken, the last `keptLimit`.
    private let kept = Mutex<[Exchange]>([])

    /// At most this many exchanges wait to be taken: a report shows the last of them.
    static let keptLimit = 64

    /// From now on every exchange is also kept until `takeExchanges()`: test mode shows a failed
    /// case's exchanges as its evidence.
    package func keepExchanges() { keeping.store(true, ordering: .relaxed) }

    /// The exchanges kept since the last call, oldest first.
    package func takeExchanges() -> [Exchange] {
        kept.withLock { kept in
            defer { kept = [] }
            return kept
        }
    }

    private var isKeeping: Bool { keeping.load(ordering: .relaxed) }

    func record(_ exchange: Exchange) {
        if isKeeping {
            kept.withLock { kept in
                if kept.count == Self.keptLimit { kept.removeFirst() }
                kept.append(exchange)
            }
        }
        guard isEnabled else { return }
        events.emit(ShownExchange(exchange, secrets: events.secrets))
    }

    /// A client whose exchanges are traced here.
    ///
    /// - Parameter sdkHeadersAndCookies: the Ping contract's standard headers and cookie jar, for
    ///   `http`; engines say `false`, since the SDKs they stand in for send neither.
    /// - Parameter standardHeaders: with `sdkHeadersAndCookies`, the headers every request carries
    ///   unless it sets or removes them itself, in place of the contract's own (`http`'s platform
    ///   from the device profile, the session's `http header set` headers after them).
    package func client(
        timeout: Double,
        requestTimeout: Double? = nil,
        sdkHeadersAndCookies: Bool,
        cookies: CookieJar = CookieJar(),
        insecure: Bool = false,
        standardHeaders: StandardHeaders? = nil
    ) -> PingClient {
        let key = ClientKey(
            timeout: timeout,
            requestTimeout: requestTimeout,
            sdkHeadersAndCookies: sdkHeadersAndCookies,
            cookies: ObjectIdentifier(cookies),
            insecure: insecure,
            standardHeaders: standardHeaders
        )
        if let last = lastClient.withLock({ $0 }), last.key == key { return last.client }
        let client = makeClient(
            timeout: timeout,
            requestTimeout: requestTimeout,
            sdkHeadersAndCookies: sdkHeadersAndCookies,
            cookies: cookies,
            insecure: insecure,
            standardHeaders: standardHeaders
        )
        lastClient.withLock { $0 = (key, client) }
        return client
    }

    /// Lets the last client go (a load device asleep past `--idle-close`); the next request
    /// makes another.
    func forgetLastClient() { lastClient.withLock { $0 = nil } }

    private func makeClient(
        timeout: Double,
        requestTimeout: Double?,
        sdkHeadersAndCookies: Bool,
        cookies: CookieJar,
        insecure: Bool,
        standardHeaders: StandardHeaders?
    ) -> PingClient {
        var configuration = ClientConfiguration()
        configuration.timeout = timeout
        configuration.requestTimeout = requestTimeout
        if let standardHeaders { configuration.standardHeaders = standardHeaders }
        if !sdkHeadersAndCookies {
            configuration.standardHeaders = [:]
            configuration.usesCookies = false
        }
        // Weak: the sink keeps its last client, which would otherwise keep the sink.
        configuration.onExchange = { [weak self] exchange in self?.record(exchange) }
        configuration.wantsExchanges = { [weak self] in self.map { $0.isEnabled || $0.isKeeping } ?? false }
        return PingClient(
            configuration: configuration,
            transport: insecure ? insecureTransport ?? LiveTransport.insecure : transport ?? LiveTransport.shared,
            cookies: cookies
        )
    }
}
