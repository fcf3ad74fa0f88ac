import Backend
import ProxyMode
import SDKBenchCatalog
import Shell
import Synchronization
import Testing
import Transport

/// The proxy and the embedded backend (`serve`) under clients that hold connections: a client
/// that sent nothing, half a head, or kept its connection after its answer is closed at its
/// timeout, and past the connection limit the connection idle the longest makes room, so a new
/// client is served. Both listeners share `ConnectionLimiter` and `ConnectionWatch`; the backend
/// keeps Hummingbird's own idle timeout. Every wait is a read under a deadline, no sleep.
@Suite(.timeLimit(.minutes(1)))
struct ListenerLimitTests {
    enum Listener: String, CaseIterable, Sendable {
        case proxy, backend
    }

    /// A listener of `kind` with `limits`, what it said on reaching the limit, and how to stop it.
    final class Running: Sendable {
        let port: Int
        private let notices: Notices
        private let stopping: @Sendable () async -> Void

        private init(port: Int, notices: Notices, stopping: @escaping @Sendable () async -> Void) {
            self.port = port
            self.notices = notices
            self.stopping = stopping
        }

        static func start(_ kind: Listener, limits: ListenerLimits) async throws -> Running {
            let said = Notices()
            let notice: @Sendable (String) -> Void = { text in said.list.withLock { $0.append(text) } }
            switch kind {
            case .proxy:
                let upstream = try await RawUpstream.start { received in isWholeRequest(received) ? .send(answer("fine")) : .wait }
                var configuration = ProxyConfiguration(upstream: try ParsedURL(upstream.url), threads: 1)
                configuration.limits = limits
                let proxy = try await ProxyServer.start(configuration, observer: { _ in }, notice: notice)
                return Running(port: proxy.port, notices: said) {
                    _ = await proxy.stop(budget: .seconds(1))
                    await upstream.stop()
                }
            case .backend:
                let backend = try await LocalBackend.start(groups: ShellCatalog.standard.backendGroups, limits: limits, notice: notice)
                return Running(port: backend.port, notices: said) { await backend.stop() }
            }
        }

        var said: [String] { notices.list.withLock { $0 } }

        func stop() async { await stopping() }
    }

    final class Notices: Sendable {
        let list = Mutex<[String]>([])
    }

    /// Sends a request on `client`: the answer's text.
    static func ask(_ client: RawClient) -> String {
        client.send("GET /_sdkbench/health HTTP/1.1\r\nHost: x\r\n\r\n")
        return String(decoding: client.readAnswer(), as: UTF8.self)
    }

    /// Whether a connection closed after `took` closed at a timeout of `timeout`, with room for a
    /// loaded machine (a connection not closed reads for 5 s).
    static func closedAt(_ timeout: Duration, took: Duration) -> Bool {
        took >= timeout - .milliseconds(50) && took < .seconds(4)
    }

    /// Reads until the listener closes the connection or `RawClient`'s receive timeout (5 s)
    /// passes: how long it took from `start`.
    static func timeToClose(_ client: RawClient, from start: ContinuousClock.Instant = .now) -> Duration {
        _ = client.read()
        return ContinuousClock.now - start
    }

    @Test(arguments: Listener.allCases)
    func twiceTheLimitOfIdleConnectionsLeaveANewClientServedWithinASecond(_ kind: Listener) async throws {
        let listener = try await Running.start(kind, limits: ListenerLimits(headTimeout: .seconds(30), idleTimeout: .seconds(30), maxConnections: 4))
        // Accepted in the order they connected: the fifth closes the first, and so on.
        let held = try (0..<8).map { _ in try RawClient(port: listener.port, receiveTimeoutSeconds: 5) }
        let client = try RawClient(port: listener.port, receiveTimeoutSeconds: 5)
        let start = ContinuousClock.now
        let got = Self.ask(client)
        #expect(got.hasPrefix("HTTP/1.1 200 "), "\(got)")
        #expect(ContinuousClock.now - start < .seconds(1))
        // The five oldest made room (the first four for the next four, the fifth for the client).
        for index in 0..<5 {
            #expect(Self.timeToClose(held[index]) < .seconds(4), "held connection \(index) still open")
        }
        #expect(listener.said.count == 1, "\(listener.said)")
        #expect(listener.said.first?.hasPrefix("4 connections open, the --max-connections limit") == true, "\(listener.said)")
        await listener.stop()
    }

    /// While every connection has a request in hand, none is closed to make room: the new one is
    /// refused at once (closed), and said so once.
    @Test func whenEveryConnectionHasARequestInHandANewOneIsRefusedAtOnce() async throws {
        let upstream = try await RawUpstream.start { _ in .wait }
        defer { Task { await upstream.stop() } }
        let limits = ListenerLimits(headTimeout: .seconds(30), idleTimeout: .seconds(30), maxConnections: 2)
        let said = Notices()
        let proxy = try await ProxyServer.start(
            ProxyConfiguration(upstream: try ParsedURL(upstream.url), threads: 1, limits: limits),
            observer: { _ in },
            notice: { text in said.list.withLock { $0.append(text) } }
        )
        let busy = try (0..<2).map { _ in try RawClient(port: proxy.port, receiveTimeoutSeconds: 5) }
        for client in busy { client.send("GET /held HTTP/1.1\r\nHost: x\r\n\r\n") }
        // Polls what the upstream got, under a deadline: the requests are in hand once it has both.
        let deadline = ContinuousClock.now + .seconds(20)
        while upstream.received.count < 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(2)) }
        let refused = try RawClient(port: proxy.port, receiveTimeoutSeconds: 5)
        #expect(Self.timeToClose(refused) < .seconds(4))
        #expect(said.list.withLock { $0.count } == 1)
        _ = await proxy.stop(budget: .milliseconds(100))
    }

    @Test(arguments: Listener.allCases)
    func aConnectionThatSendsHalfAHeadOrNothingIsClosedAtTheHeadTimeout(_ kind: Listener) async throws {
        let listener = try await Running.start(
            kind,
            limits: ListenerLimits(headTimeout: .milliseconds(300), idleTimeout: .seconds(30), maxConnections: 100)
        )
        let half = try RawClient(port: listener.port, receiveTimeoutSeconds: 5)
        let silent = try RawClient(port: listener.port, receiveTimeoutSeconds: 5)
        let start = ContinuousClock.now
        half.send("GET /_sdkbench/health HTTP/1.1\r\nHo")
        for (name, client) in [("half a head", half), ("nothing", silent)] {
            let took = Self.timeToClose(client, from: start)
            #expect(Self.closedAt(.milliseconds(300), took: took), "\(name): closed after \(took)")
        }
        // A whole head in time is answered.
        #expect(Self.ask(try RawClient(port: listener.port, receiveTimeoutSeconds: 5)).hasPrefix("HTTP/1.1 200 "))
        await listener.stop()
    }

    @Test(arguments: Listener.allCases)
    func aKeptAliveConnectionWithNoNextRequestIsClosedAtTheIdleTimeout(_ kind: Listener) async throws {
        let listener = try await Running.start(
            kind,
            limits: ListenerLimits(headTimeout: .seconds(30), idleTimeout: .milliseconds(400), maxConnections: 100)
        )
        let client = try RawClient(port: listener.port, receiveTimeoutSeconds: 5)
        #expect(Self.ask(client).hasPrefix("HTTP/1.1 200 "))
        let took = Self.timeToClose(client)
        #expect(Self.closedAt(.milliseconds(400), took: took), "closed after \(took)")
        await listener.stop()
    }
}
