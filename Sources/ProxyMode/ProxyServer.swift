import Backend
import NIOCore
import NIOPosix
import NIOSSL
import Transport

/// `sdkbench proxy`'s server: a reverse proxy in front of one upstream, on SwiftNIO.
///
/// ```swift
/// let proxy = try await ProxyServer.start(ProxyConfiguration(upstream: try ParsedURL("http://127.0.0.1:8080"))) { event in print(event) }
/// // … later, on Ctrl-C:
/// let recorded = await proxy.stop(budget: .milliseconds(1500))
/// ```
package final class ProxyServer: Sendable {
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let shared: ProxyShared

    /// The port it listens on (the one picked when 0 was asked for).
    package let port: Int

    private init(group: MultiThreadedEventLoopGroup, channel: any Channel, shared: ProxyShared) {
        self.group = group
        self.channel = channel
        self.shared = shared
        port = channel.localAddress?.port ?? 0
    }

    /// Listens and forwards until `stop`.
    ///
    /// - Parameters:
    ///   - observer: told of each exchange as it ends, and of each request refused; called on an
    ///     event loop, so it should not block for long.
    ///   - notice: told when the client connections reach `limits.maxConnections`, once per burst.
    /// - Throws: `ListenFailure` when the address cannot be bound; an error when TLS cannot be set
    ///   up for an https upstream.
    package static func start(
        _ configuration: ProxyConfiguration,
        observer: @escaping @Sendable (ProxyEvent) -> Void,
        notice: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> ProxyServer {
        var tls: NIOSSLContext?
        if configuration.upstream.scheme == "https" {
            var settings = TLSConfiguration.makeClientConfiguration()
            if !configuration.verifiesCertificates { settings.certificateVerification = .none }
            tls = try NIOSSLContext(configuration: settings)
        }
        let shared = ProxyShared(configuration: configuration, tls: tls, observer: observer, notice: notice)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, configuration.threads))
        do {
            let channel = try await ServerBootstrap(group: group)
                .serverChannelOption(.backlog, value: 256)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ProxyConnection(shared: shared))
                    }
                }
                .bind(host: configuration.listenHost, port: configuration.listenPort).get()
            return ProxyServer(group: group, channel: channel, shared: shared)
        } catch {
            try? await group.shutdownGracefully()
            throw ListenFailure(error, host: configuration.listenHost, port: configuration.listenPort, portOption: "--listen PORT")
        }
    }

    /// How many exchanges ended so far (refused requests not counted).
    package var exchangeCount: Int { shared.exchangeCount }

    /// Stops listening, lets the exchanges in hand end for at most `budget`, cuts the rest short,
    /// and returns every exchange kept (`keepsExchanges`), in the order they ended.
    ///
    /// - Returns: the exchanges, and whether the budget ran out with some still open.
    package func stop(budget: Duration) async -> (exchanges: [RecordedExchange], cut: Bool) {
        try? await channel.close()
        let loop = group.next()
        let (channels, empty) = shared.draining(on: loop)
        for channel in channels { channel.pipeline.fireUserInboundEventTriggered(ProxyShutdown.drain) }
        let amount = TimeAmount.nanoseconds(Int64(budget.components.seconds) * 1_000_000_000 + budget.components.attoseconds / 1_000_000_000)
        let expired = loop.makePromise(of: Bool.self)
        // Both callbacks run on `loop`: the first to come completes the promise.
        let settled = NIOLoopBoundBox.makeEmptyBox(valueType: Bool.self, eventLoop: loop)
        let settle = { @Sendable (didExpire: Bool) in
            guard settled.value == nil else { return }
            settled.value = didExpire
            expired.succeed(didExpire)
        }
        let timer = loop.scheduleTask(in: amount) { settle(true) }
        empty.whenSuccess { settle(false) }
        let cut = (try? await expired.futureResult.get()) ?? true
        timer.cancel()
        if cut {
            let (left, gone) = shared.draining(on: loop)
            for channel in left { channel.pipeline.fireUserInboundEventTriggered(ProxyShutdown.cut) }
            try? await gone.get()
        }
        try? await group.shutdownGracefully()
        return (shared.keptExchanges, cut)
    }
}
