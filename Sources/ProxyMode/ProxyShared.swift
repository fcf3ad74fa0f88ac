import Backend
import NIOCore
import NIOSSL
import Synchronization
import Transport

/// What every connection of one proxy shares: its configuration, the upstream's TLS context,
/// the observer, the exchanges kept for the recording, the open connections (for shutdown) and
/// their count against the limit.
final class ProxyShared: Sendable {
    let configuration: ProxyConfiguration
    /// Made once at start for an https upstream; `nil` for http.
    let tls: NIOSSLContext?
    let observer: @Sendable (ProxyEvent) -> Void
    let limiter: ConnectionLimiter
    private let kept = Mutex<[RecordedExchange]>([])
    private let count = Atomic(0)
    private let open = Mutex<OpenConnections>(OpenConnections())

    struct OpenConnections {
        var channels: [ObjectIdentifier: any Channel] = [:]
        /// Succeeded when the last connection closes once shutdown began.
        var whenEmpty: EventLoopPromise<Void>?
    }

    init(
        configuration: ProxyConfiguration,
        tls: NIOSSLContext?,
        observer: @escaping @Sendable (ProxyEvent) -> Void,
        notice: @escaping @Sendable (String) -> Void
    ) {
        self.configuration = configuration
        self.tls = tls
        self.observer = observer
        limiter = ConnectionLimiter(limit: configuration.limits.maxConnections, onLimitReached: notice)
    }

    /// Reports an exchange and keeps it when a recording was asked for.
    func finished(_ exchange: ProxiedExchange) {
        count.add(1, ordering: .relaxed)
        if configuration.keepsExchanges { kept.withLock { $0.append(exchange.exchange) } }
        observer(.exchange(exchange))
    }

    var keptExchanges: [RecordedExchange] { kept.withLock { $0 } }

    var exchangeCount: Int { count.load(ordering: .relaxed) }

    func opened(_ channel: any Channel) {
        open.withLock { $0.channels[ObjectIdentifier(channel)] = channel }
    }

    func closed(_ channel: any Channel) {
        let promise = open.withLock { open -> EventLoopPromise<Void>? in
            open.channels[ObjectIdentifier(channel)] = nil
            guard open.channels.isEmpty, let promise = open.whenEmpty else { return nil }
            open.whenEmpty = nil
            return promise
        }
        promise?.succeed()
    }

    /// The connections open now, and a future that completes when none is left.
    func draining(on loop: any EventLoop) -> (channels: [any Channel], empty: EventLoopFuture<Void>) {
        let promise = loop.makePromise(of: Void.self)
        let channels = open.withLock { open -> [any Channel] in
            if open.channels.isEmpty {
                promise.succeed()
            } else {
                open.whenEmpty = promise
            }
            return Array(open.channels.values)
        }
        return (channels, promise.futureResult)
    }
}

/// Told to every client connection when the proxy stops.
enum ProxyShutdown: Sendable {
    /// Finish the exchange in hand, then close; close now when idle.
    case drain
    /// The budget ran out: record what is in hand as cut short and close.
    case cut
}
