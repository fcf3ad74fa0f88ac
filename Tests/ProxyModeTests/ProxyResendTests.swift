import Backend
import ProxyMode
import SDKBenchCatalog
import Shell
import Testing

/// An upstream that closes a kept-alive connection as the next request arrives: the proxy sends
/// that request once more on a new connection, as the workbench's own client does, where the
/// client got 502 before.
@Suite(.timeLimit(.minutes(1)))
struct ProxyResendTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test(arguments: ["GET /two HTTP/1.1\r\nHost: x\r\n\r\n", "POST /two HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"])
    func aRequestTheUpstreamDroppedOnAKeptConnectionIsSentAgain(second: String) async throws {
        let upstream = try await RawUpstream.start { received in isWholeRequest(received) ? .sendThenDropNext(answer("fine")) : .wait }
        defer { Task { await upstream.stop() } }
        let harness = try await ProxyHarness.start(upstream: upstream.url)
        let client = try RawClient(port: harness.port)
        client.send("GET /one HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(client.readAnswer() == answer("fine"))
        _ = try await harness.nextExchange()
        client.send(second)
        let got = client.readAnswer()
        #expect(got == answer("fine"), "\(Self.text(got))")
        let exchange = try await harness.nextExchange()
        #expect(exchange.outcome == .answered)
        let received = upstream.received
        #expect(received.count == 2)
        let resent = Self.text(received.last ?? [])
        #expect(resent.hasPrefix(String(second.prefix { $0 != "\r\n" })), "\(resent)")
        #expect(resent.hasSuffix(second.hasPrefix("POST") ? "\r\n\r\nhello" : "\r\n\r\n"), "\(resent)")
        _ = await harness.proxy.stop(budget: .seconds(1))
    }

    /// A request on a connection made for it is not sent again: the upstream had no reason to
    /// think it idle.
    @Test func aRequestOnANewConnectionIsNotSentAgain() async throws {
        let upstream = try await RawUpstream.start { received in isWholeRequest(received) ? .close : .wait }
        defer { Task { await upstream.stop() } }
        let harness = try await ProxyHarness.start(upstream: upstream.url)
        let client = try RawClient(port: harness.port)
        client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(Self.text(client.read()).hasPrefix("HTTP/1.1 502 Bad Gateway\r\n"))
        #expect(upstream.received.count == 1)
        _ = await harness.proxy.stop(budget: .seconds(1))
    }

    /// The embedded backend's `miataru-server-2.3` profile drops the connection under the request
    /// after a refused `GetVisitorHistory`, as the real server does: through the proxy, that next
    /// request is answered (it was 502, one failure more than `check miataru` directly).
    @Test func theMiataruServer23ProfilesDroppedConnectionIsAnsweredThroughTheProxy() async throws {
        let groups = ShellCatalog.standard.backendGroups
        let backend = try await LocalBackend.start(groups: groups, breaks: try BackendBreaks.profile("miataru-server-2.3", of: groups))
        let harness = try await ProxyHarness.start(upstream: backend.url)
        let client = try RawClient(port: harness.port)
        func post(_ call: String, _ body: String) -> String {
            client.send("POST /v1/\(call) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            return Self.text(client.readAnswer())
        }
        #expect(post("setDeviceKey", #"{"MiataruSetDeviceKey":{"DeviceID":"d","NewDeviceKey":"k1"}}"#).hasPrefix("HTTP/1.1 200 "))
        let refused = post("GetVisitorHistory", #"{"MiataruGetVisitorHistory":{"Device":"d","Amount":"10","DeviceKey":"WRONG"}}"#)
        #expect(refused.hasPrefix("HTTP/1.1 403 "), "\(refused)")
        let next = post("GetVisitorHistory", #"{"MiataruGetVisitorHistory":{"Device":"d","Amount":"10","DeviceKey":"k1"}}"#)
        #expect(next.hasPrefix("HTTP/1.1 200 "), "\(next)")
        _ = await harness.proxy.stop(budget: .seconds(1))
        await backend.stop()
    }
}
