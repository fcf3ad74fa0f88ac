import NIOPosix
import SDKBenchTesting
import Testing

@testable import Transport

/// How load mode's transport finds where to connect: an address as it is, a name looked up once
/// and kept (`CachedHostResolver`), each failure naming what it could not reach.
@Suite(.timeLimit(.minutes(1)))
struct ConnectAddressTests {
    @Test(arguments: ["127.0.0.1", "::1", "0.0.0.0", "fe80::1"])
    func anAddressIsTakenAsItIs(host: String) throws {
        let address = try #require(KeepAliveTransport.ipAddress(host, port: 8080))
        #expect(address.port == 8080)
    }

    @Test(arguments: ["localhost", "example.com", "1.2.3", "999.1.1.1", "", "10.0.0.1a"])
    func aNameOrAMalformedAddressIsLookedUp(host: String) {
        #expect(KeepAliveTransport.ipAddress(host, port: 80) == nil)
    }

    @Test func aNameIsLookedUpAndItsAnswerKeptForTheNextConnection() async throws {
        let server = try await CannedServer.start(answers: [[ok("one")], [ok("two")]], closesAfterLast: [true, true])
        let transport = KeepAliveTransport()
        let url = server.url.replacingOccurrences(of: "127.0.0.1", with: "localhost") + "/"
        let request = WireRequest(method: .get, url: url, headers: [:], body: nil)
        var bodies: [String] = []
        for _ in 0..<2 {
            bodies.append(String(decoding: try await transport.send(request, timeout: 5).body, as: UTF8.self))
            transport.closeIdleConnections()
        }
        #expect(bodies == ["one", "two"])
        #expect(server.connections == 2)
        await server.stop()
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let kept = try await CachedHostResolver(loop: loop).initiateAQuery(host: "localhost", port: 1).get()
        #expect(kept.contains { $0.ipAddress == "127.0.0.1" })
    }

    /// The words a looked-up name's refusal has (SwiftNIO's connection error), for an address too.
    @Test(arguments: ["127.0.0.1", "localhost"])
    func aRefusedConnectionNamesItsHostAndPort(host: String) async throws {
        let server = try await CannedServer.start(answers: [[ok("one")]], closesAfterLast: [true])
        let port = try #require(server.url.split(separator: ":").last)
        await server.stop()
        await #expect(throws: NetworkError.cannotConnect("cannot connect to \(host):\(port): connection refused")) {
            let url = "http://\(host):\(port)/"
            _ = try await KeepAliveTransport().send(WireRequest(method: .get, url: url, headers: [:], body: nil), timeout: 5)
        }
    }
}

/// Load mode's connections across the process stay under the open-file limit: one past the
/// budget fails at once, saying why, and a connection that failed or closed gives its place back.
@Suite(.timeLimit(.minutes(1)))
struct ConnectionBudgetTests {
    @Test func aConnectionPastTheBudgetIsRefusedAndAFailedOneGivesItsPlaceBack() async throws {
        let server = try await CannedServer.start(answers: [[ok("one")]], closesAfterLast: [false])
        let budget = ConnectionBudget(limit: 1)
        let request = WireRequest(method: .get, url: server.url + "/", headers: [:], body: nil)
        let first = KeepAliveTransport(budget: budget)
        #expect(String(decoding: try await first.send(request, timeout: 5).body, as: UTF8.self) == "one")
        // Kept alive for its next request: it holds the one place.
        #expect(budget.count == 1)
        await #expect(throws: budget.refusal) {
            _ = try await KeepAliveTransport(budget: budget).send(request, timeout: 5)
        }
        #expect(budget.count == 1)
        await server.stop()

        let refused = ConnectionBudget(limit: 1)
        await #expect(throws: NetworkError.self) {
            _ = try await KeepAliveTransport(budget: refused).send(request, timeout: 5)
        }
        #expect(refused.count == 0)
    }
}
