import SDKBenchTesting
import Testing

@testable import Transport

#if canImport(Glibc)
import Glibc
#endif

/// `load --source-addresses`: a device's connections are made from the address it was given.
@Suite(.timeLimit(.minutes(1)))
struct SourceAddressTests {
    @Test func connectionsComeFromTheSourceAddressGiven() async throws {
        let ok = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
        let server = try await CannedServer.start(answers: [[ok], [ok]], closesAfterLast: [true, true])
        defer { Task { await server.stop() } }
        var address = in_addr()
        try #require(inet_pton(AF_INET, "127.0.0.5", &address) == 1)
        let request = WireRequest(method: .get, url: server.url + "/", headers: [:], body: nil)
        _ = try await KeepAliveTransport(source: address).send(request, timeout: 5)
        _ = try await KeepAliveTransport().send(request, timeout: 5)
        #expect(server.peers == ["127.0.0.5", "127.0.0.1"])
    }

    @Test func anAddressThisMachineDoesNotHaveIsAClearError() async throws {
        let server = try await CannedServer.start(answers: [], closesAfterLast: [])
        defer { Task { await server.stop() } }
        var address = in_addr()
        try #require(inet_pton(AF_INET, "192.0.2.7", &address) == 1)
        let request = WireRequest(method: .get, url: server.url + "/", headers: [:], body: nil)
        await #expect(throws: NetworkError.cannotConnect("cannot send from 192.0.2.7: Cannot assign requested address (errno 99)")) {
            _ = try await KeepAliveTransport(source: address).send(request, timeout: 5)
        }
    }
}
