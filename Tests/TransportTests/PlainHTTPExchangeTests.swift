import SDKBenchTesting
import Testing

@testable import Transport

/// Load mode's transport on plain HTTP (its own encoder and parser, no codec) against a server
/// that answers with bytes written by hand: what the embedded backend never does (drop an idle
/// connection, chunk, frame by closing).
@Suite(.timeLimit(.minutes(1)))
struct PlainHTTPExchangeTests {
    @Test func aReusedConnectionTheServerDroppedIsOpenedAgainOnce() async throws {
        // The first connection answers once and is closed by the server; the second answers twice.
        let server = try await CannedServer.start(answers: [[ok("one")], [ok("two"), ok("three")]], closesAfterLast: [true, false])
        let transport = KeepAliveTransport()
        let request = WireRequest(method: .get, url: server.url + "/", headers: [:], body: nil)
        var bodies: [String] = []
        for _ in 0..<3 {
            let response = try await transport.send(request, timeout: 5)
            bodies.append(String(decoding: response.body, as: UTF8.self))
        }
        #expect(bodies == ["one", "two", "three"])
        #expect(server.connections == 2)
        await server.stop()
    }

    /// A reused connection that breaks after part of an answer is not tried again: the server
    /// took the request (a retry would send it twice).
    @Test func anAnswerCutShortOnAReusedConnectionIsNotSentAgain() async throws {
        let server = try await CannedServer.start(
            answers: [[ok("one"), "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc"]],
            closesAfterLast: [true]
        )
        let transport = KeepAliveTransport()
        let request = WireRequest(method: .post, url: server.url + "/", headers: [:], body: Array("{}".utf8))
        _ = try await transport.send(request, timeout: 5)
        await #expect(throws: NetworkError.closedWithinAnswer) {
            _ = try await transport.send(request, timeout: 5)
        }
        #expect(server.connections == 1)
        await server.stop()
    }

    @Test func chunkedAndCloseFramedAnswersArriveWhole() async throws {
        let chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n"
        let closeFramed = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end"
        let server = try await CannedServer.start(answers: [[chunked, closeFramed]], closesAfterLast: [true])
        let transport = KeepAliveTransport()
        let request = WireRequest(method: .get, url: server.url + "/", headers: [:], body: nil)
        let first = try await transport.send(request, timeout: 5)
        let second = try await transport.send(request, timeout: 5)
        #expect(String(decoding: first.body, as: UTF8.self) == "abcde")
        #expect(String(decoding: second.body, as: UTF8.self) == "until the end")
        #expect(server.connections == 1)
        await server.stop()
    }

    @Test func anUnknownHostCannotConnect() async {
        let transport = KeepAliveTransport()
        await #expect(throws: NetworkError.cannotConnect("cannot resolve host 'no-such-host.invalid'")) {
            _ = try await transport.send(WireRequest(method: .get, url: "http://no-such-host.invalid/", headers: [:], body: nil), timeout: 5)
        }
    }
}
