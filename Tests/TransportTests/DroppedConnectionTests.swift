import Ping
import SDKBenchTesting
import Testing

@testable import Transport

/// A server that answers `Connection: keep-alive` and then closes the connection when the next
/// request arrives on it (miataru-server 2.3.0 after a 403): every transport sends that request
/// once more on a new connection and says so; a new connection closed unanswered, or an answer
/// cut off after its first bytes, is not sent again.
@Suite(.timeLimit(.minutes(1)))
struct DroppedConnectionTests {
    private static let forbidden =
        "HTTP/1.1 403 Forbidden\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: 25\r\n\r\n"
        + #"{"error":"access denied"}"#

    @Test(arguments: TransportKind.allCases, [false, true])
    func aRequestOnAKeptAliveConnectionTheServerDropsIsSentOnceMoreOnANewOne(kind: TransportKind, resets: Bool) async throws {
        // The first connection answers the first request and closes (or resets) at the second.
        let server = try await CannedServer.start(answers: [[Self.forbidden], [ok("second")]], closesAfterLast: [false, false], resets: resets)
        try await kind.run { transport in
            let client = PingClient(transport: transport)
            let first = try await client.send { $0.url = server.url + "/first" }
            let second = try await client.send { $0.url = server.url + "/second" }
            #expect(first.status == 403 && !first.resentAfterDroppedConnection)
            #expect(second.status == 200 && second.bodyText == "second")
            #expect(second.resentAfterDroppedConnection)
        }
        #expect(server.requests == [["GET /first HTTP/1.1", "GET /second HTTP/1.1"], ["GET /second HTTP/1.1"]])
        await server.stop()
    }

    /// Nothing was reused, so the server saw the request on a live connection and chose not to
    /// answer (AsyncHTTPClient's: nothing from this origin kept a connection open before).
    @Test(arguments: TransportKind.allCases) func aNewConnectionClosedUnansweredIsNotSentAgain(kind: TransportKind) async throws {
        let server = try await CannedServer.start(answers: [[], [ok("never")]], closesAfterLast: [true, false])
        try await kind.run { transport in
            let client = PingClient(transport: transport)
            await #expect(throws: NetworkError.closedBeforeAnswer) {
                _ = try await client.send { $0.url = server.url + "/first" }
            }
        }
        #expect(server.requests == [["GET /first HTTP/1.1"]])
        await server.stop()
    }

    /// The server took the request once bytes of its answer came: a part of a head, or a head
    /// and part of a body, then the close.
    @Test(arguments: TransportKind.allCases, ["HTTP/1.1 200 OK\r\nContent-Le", "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc"])
    func anAnswerCutOffOnAKeptAliveConnectionIsNotSentAgain(kind: TransportKind, cut: String) async throws {
        let server = try await CannedServer.start(answers: [[Self.forbidden, cut], [ok("never")]], closesAfterLast: [true, false])
        try await kind.run { transport in
            let client = PingClient(transport: transport)
            let first = try await client.send { $0.url = server.url + "/first" }
            #expect(first.status == 403)
            // The words differ for a cut head: "before answering" from load mode's
            // parser, "before the answer ended" from SwiftNIO's.
            let error = await #expect(throws: NetworkError.self) {
                _ = try await client.send { $0.url = server.url + "/second" }
            }
            #expect(error == .closedWithinAnswer || error == .closedBeforeAnswer, "\(String(describing: error))")
        }
        #expect(server.requests == [["GET /first HTTP/1.1", "GET /second HTTP/1.1"]])
        await server.stop()
    }
}
