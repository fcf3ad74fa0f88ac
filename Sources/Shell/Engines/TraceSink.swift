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

    init(events: ShellEventRouter, transport: (any HTTPTransport)? = nil, insecureTransport: (any HTTPTransport)? = nil) {
        self.events = events
        self.transport = transport
        self.insecureTransport = insecureTransport ?? transport
    }

    var isEnabled: Bool {
        get { enabled.load(ordering: .relaxed) }
        set { enabled.store(newValue, ordering: .relaxed) }
    }

    func record(_ exchange: Exchange) {
        guard isEnabled else { return }
        events.write(ExchangeGenerator.render(exchange, secrets: events.secrets) + "\n")
    }

    /// A client whose exchanges are traced here.
    ///
    /// - Parameter sdkHeadersAndCookies: the Ping contract's standard headers and cookie jar, for
    ///   `http`; engines say `false`, since the SDKs they stand in for send neither.
    package func client(
        timeout: Double, requestTimeout: Double? = nil, sdkHeadersAndCookies: Bool, cookies: CookieJar = CookieJar(), insecure: Bool = false
    ) -> PingClient {
        var configuration = ClientConfiguration()
        configuration.timeout = timeout
        configuration.requestTimeout = requestTimeout
        if !sdkHeadersAndCookies {
            configuration.standardHeaders = [:]
            configuration.usesCookies = false
        }
        configuration.onExchange = { [self] exchange in record(exchange) }
        return PingClient(configuration: configuration, transport: insecure ? insecureTransport ?? LiveTransport.insecure : transport ?? LiveTransport.shared, cookies: cookies)
    }
}
