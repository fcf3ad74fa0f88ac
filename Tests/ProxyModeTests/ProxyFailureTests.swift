import NIOCore
import NIOPosix
import ProxyMode
import Testing
import Transport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What the client gets and the line says when the upstream is down, silent, resets, or the
/// client sends garbage; the proxy goes on after each (IntegrationTests' ProxyCommandTests counts
/// the binary's descriptors).
@Suite(.timeLimit(.minutes(1)))
struct ProxyFailureTests {
    /// A port nothing listens on: bound, then closed.
    static func deadPort() async throws -> Int {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let channel = try await ServerBootstrap(group: group).bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress?.port ?? 0
        try await channel.close()
        try await group.shutdownGracefully()
        return port
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func anUpstreamThatIsDownGets502WithTheReason() async throws {
        let port = try await Self.deadPort()
        let harness = try await ProxyHarness.start(upstream: "http://127.0.0.1:\(port)")
        let client = try RawClient(port: harness.port)
        client.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
        let got = Self.text(client.read())
        #expect(got.hasPrefix("HTTP/1.1 502 Bad Gateway\r\n"))
        #expect(got.contains("connection refused"))
        let exchange = try await harness.nextExchange()
        #expect(exchange.statusSent == 502)
        #expect(exchange.exchange.status == nil)
        guard case .upstreamUnreachable(let reason) = exchange.outcome else {
            Issue.record("outcome \(exchange.outcome)")
            return
        }
        #expect(reason.contains("127.0.0.1:\(port)"))
        _ = await harness.proxy.stop(budget: .seconds(1))
    }

    @Test func aSilentUpstreamGets504AfterTheTimeout() async throws {
        let upstream = try await RawUpstream.start { _ in .wait }
        defer { Task { await upstream.stop() } }
        let harness = try await ProxyHarness.start(upstream: upstream.url) { $0.upstreamTimeout = .milliseconds(300) }
        let client = try RawClient(port: harness.port)
        let start = ContinuousClock.now
        client.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        let got = Self.text(client.read())
        #expect(got.hasPrefix("HTTP/1.1 504 Gateway Timeout\r\n"))
        #expect(got.contains("did not answer within 300 ms"))
        #expect(ContinuousClock.now - start >= .milliseconds(300))
        let exchange = try await harness.nextExchange()
        #expect(exchange.outcome == .upstreamTimedOut(.milliseconds(300)))
        _ = await harness.proxy.stop(budget: .seconds(1))
    }

    @Test func anUpstreamThatResetsMidAnswerClosesTheClientAndSaysSo() async throws {
        let partial = Array("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n0123456789".utf8)
        let upstream = try await RawUpstream.start { received in isWholeRequest(received) ? .sendThenReset(partial) : .wait }
        defer { Task { await upstream.stop() } }
        let harness = try await ProxyHarness.start(upstream: upstream.url)
        let client = try RawClient(port: harness.port)
        client.send("GET /cut HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(client.read() == partial)
        let exchange = try await harness.nextExchange()
        #expect(exchange.exchange.status == 200)
        guard case .upstreamBrokeAnswer(let reason) = exchange.outcome else {
            Issue.record("outcome \(exchange.outcome)")
            return
        }
        #expect(reason.contains("10 bytes into the answer's body"))
        _ = await harness.proxy.stop(budget: .seconds(1))
    }

    @Test func anUpstreamThatClosesBeforeAnsweringGets502() async throws {
        let upstream = try await RawUpstream.start { received in isWholeRequest(received) ? .close : .wait }
        defer { Task { await upstream.stop() } }
        let harness = try await ProxyHarness.start(upstream: upstream.url)
        let client = try RawClient(port: harness.port)
        client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        let got = Self.text(client.read())
        #expect(got.hasPrefix("HTTP/1.1 502 Bad Gateway\r\n"))
        #expect(got.contains("closed the connection without answering"))
        _ = await harness.proxy.stop(budget: .seconds(1))
    }

    @Test func anUpstreamThatAnswersGarbageGets502() async throws {
        let upstream = try await RawUpstream.start { received in isWholeRequest(received) ? .send(Array("SSH-2.0-OpenSSH\r\n\r\n".utf8)) : .wait }
        defer { Task { await upstream.stop() } }
        let harness = try await ProxyHarness.start(upstream: upstream.url)
        let client = try RawClient(port: harness.port)
        client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        let got = Self.text(client.read())
        #expect(got.hasPrefix("HTTP/1.1 502 Bad Gateway\r\n"))
        #expect(got.contains("is not HTTP/1.x"), "\(got)")
        _ = await harness.proxy.stop(budget: .seconds(1))
    }

    @Test(arguments: [
        "\u{16}\u{03}\u{01}\u{02}\u{00}garbage\r\n\r\n",
        "GET /a b HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nBad Header: x\r\n\r\n",
        "GET / HTTP/1.1\r\nX: a\r\n folded\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabc",
        "POST / HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n",
        "GET / HTTP/2.0\r\n\r\n",
        "GET / HTTP/1.1\nHost: x\n\n\r\n\r\n",
    ])
    func garbageFromAClientGets400AndTheProxyGoesOn(request: String) async throws {
        let upstream = try await RawUpstream.start { received in isWholeRequest(received) ? .send(answer("fine")) : .wait }
        defer { Task { await upstream.stop() } }
        let harness = try await ProxyHarness.start(upstream: upstream.url)
        let bad = try RawClient(port: harness.port)
        bad.send(request)
        let got = Self.text(bad.read())
        #expect(got.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(got)")
        guard case .refused(_, 400, let reason)? = await harness.nextEvent() else {
            Issue.record("no refusal")
            return
        }
        #expect(!reason.isEmpty)
        #expect(upstream.received.isEmpty)
        let good = try RawClient(port: harness.port)
        good.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(good.readAnswer() == answer("fine"))
        _ = await harness.proxy.stop(budget: .seconds(1))
    }

    /// NIO's own words were `bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)`.
    @Test func aPortInUseIsSaidInWordsWithWhatToChange() async throws {
        let first = try await ProxyHarness.start(upstream: "http://127.0.0.1:1")
        let configuration = ProxyConfiguration(listenPort: first.port, upstream: try ParsedURL("http://127.0.0.1:1"), threads: 1)
        var text = ""
        do {
            let second = try await ProxyServer.start(configuration) { _ in }
            _ = await second.stop(budget: .seconds(1))
            Issue.record("a second proxy listened on \(first.port)")
        } catch {
            text = "\(error)"
        }
        #expect(text == "127.0.0.1:\(first.port) is already in use (choose another --listen PORT, or 0 for a free one)")
        _ = await first.proxy.stop(budget: .seconds(1))
    }

    @Test func aHeadLargerThanTheLimitGets431() async throws {
        let upstream = try await RawUpstream.start { _ in .wait }
        defer { Task { await upstream.stop() } }
        let harness = try await ProxyHarness.start(upstream: upstream.url)
        let client = try RawClient(port: harness.port)
        client.send("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 70_000))
        #expect(Self.text(client.read()).hasPrefix("HTTP/1.1 431 "))
        _ = await harness.proxy.stop(budget: .seconds(1))
    }
}

/// Stopping: an idle proxy stops at once; an exchange still open when the budget runs out is
/// reported as cut short and its client's connection closed.
@Suite(.timeLimit(.minutes(1)))
struct ProxyStopTests {
    @Test func anExchangeStillOpenAtTheEndOfTheBudgetIsCutAndReported() async throws {
        let upstream = try await RawUpstream.start { _ in .wait }
        defer { Task { await upstream.stop() } }
        let harness = try await ProxyHarness.start(upstream: upstream.url) { $0.keepsExchanges = true }
        let client = try RawClient(port: harness.port)
        client.send("GET /held HTTP/1.1\r\nHost: x\r\n\r\n")
        let deadline = ContinuousClock.now + .seconds(20)
        while upstream.received.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(2)) }
        let start = ContinuousClock.now
        let (exchanges, cut) = await harness.proxy.stop(budget: .milliseconds(200))
        #expect(cut)
        #expect(ContinuousClock.now - start >= .milliseconds(200))
        #expect(exchanges.map(\.path) == ["/held"])
        #expect(exchanges.first?.status == nil)
        #expect(client.read().isEmpty)
        let exchange = try await harness.nextExchange()
        #expect(exchange.outcome == .shutDown)
    }

    @Test func anIdleProxyStopsWithoutWaitingForTheBudget() async throws {
        let upstream = try await RawUpstream.start { received in isWholeRequest(received) ? .send(answer("ok")) : .wait }
        defer { Task { await upstream.stop() } }
        let harness = try await ProxyHarness.start(upstream: upstream.url)
        let client = try RawClient(port: harness.port)
        client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = client.readAnswer()
        _ = try await harness.nextExchange()
        let start = ContinuousClock.now
        let (_, cut) = await harness.proxy.stop(budget: .seconds(30))
        #expect(!cut)
        // Well under the budget, with room for a loaded machine (6.7 s was seen with the suite in parallel on 2 cores).
        #expect(ContinuousClock.now - start < .seconds(15))
        // The kept-alive connection was closed by the stop.
        #expect(client.read().isEmpty)
    }
}
