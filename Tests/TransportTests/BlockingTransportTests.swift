import NIOCore
import NIOPosix
import SDKBenchTesting
import Synchronization
import Testing

@testable import Transport

#if canImport(Glibc)
import Glibc
#endif

/// The blocking transport against a server that answers with bytes written by hand: what the
/// embedded backend never does (drop an idle connection, chunk, frame by closing).
@Suite(.timeLimit(.minutes(1)))
struct BlockingTransportTests {
    @Test func aReusedConnectionTheServerDroppedIsOpenedAgainOnce() async throws {
        // The first connection answers once and is closed by the server; the second answers twice.
        let server = try await CannedServer.start(answers: [[ok("one")], [ok("two"), ok("three")]], closesAfterLast: [true, false])
        let transport = BlockingTransport(fallback: KeepAliveTransport(), owner: nil)
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
        let transport = BlockingTransport(fallback: KeepAliveTransport(), owner: nil)
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
        let transport = BlockingTransport(fallback: KeepAliveTransport(), owner: nil)
        let request = WireRequest(method: .get, url: server.url + "/", headers: [:], body: nil)
        let first = try await transport.send(request, timeout: 5)
        let second = try await transport.send(request, timeout: 5)
        #expect(String(decoding: first.body, as: UTF8.self) == "abcde")
        #expect(String(decoding: second.body, as: UTF8.self) == "until the end")
        #expect(server.connections == 1)
        await server.stop()
    }

    @Test func anUnknownHostCannotConnect() async {
        let transport = BlockingTransport(fallback: KeepAliveTransport(), owner: nil)
        await #expect(throws: NetworkError.cannotConnect("cannot resolve host 'no-such-host.invalid'")) {
            _ = try await transport.send(WireRequest(method: .get, url: "http://no-such-host.invalid/", headers: [:], body: nil), timeout: 5)
        }
    }

    /// `sendHere` is the same exchange on the calling thread, on the same connections as `send`.
    @Test func sendHereAnswersOnTheConnectionsSendUses() async throws {
        let server = try await CannedServer.start(answers: [[ok("one"), ok("two")]], closesAfterLast: [false])
        let transport = BlockingTransport(fallback: KeepAliveTransport(), owner: nil)
        let request = WireRequest(method: .get, url: server.url + "/", headers: [:], body: nil)
        #expect(transport.sendsHere(try request.parsed()))
        #expect(!transport.sendsHere(try ParsedURL("https://127.0.0.1/")))
        let first = try transport.sendHere(request, timeout: 5)
        let second = try await transport.send(request, timeout: 5)
        #expect(String(decoding: first.body, as: UTF8.self) == "one")
        #expect(String(decoding: second.body, as: UTF8.self) == "two")
        #expect(server.connections == 1)
        await server.stop()
    }

    /// `stop` ends a `sendHere` waiting for an answer that never comes, and any later one, as
    /// cancelled: the only way a device's stop reaches a request that has no task to cancel.
    @Test func stopEndsASendHereThatWaitsAndAnyLaterOne() async throws {
        let silent = try SilentListener()
        defer { silent.close() }
        let transport = BlockingTransport(fallback: KeepAliveTransport(), owner: nil)
        let request = WireRequest(method: .get, url: "http://127.0.0.1:\(silent.port)/", headers: [:], body: nil)
        let waiting = Task.detached { () -> (NetworkError?, Duration) in
            // Timed from here: the task itself may wait for a pool thread while other tests block them.
            let started = ContinuousClock.now
            do throws(NetworkError) {
                _ = try transport.sendHere(request, timeout: 30)
                return (nil, started.duration(to: .now))
            } catch {
                return (error, started.duration(to: .now))
            }
        }
        transport.stop()
        let (error, took) = await waiting.value
        #expect(error == .cancelled)
        // Stopped before or while it waited: either way long before its 30 s timeout.
        #expect(took < .seconds(10))
        #expect(throws: NetworkError.cancelled) { _ = try transport.sendHere(request, timeout: 30) }
    }

    private func ok(_ body: String) -> String {
        "HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }
}

/// A listening socket that never accepts: connections are made (the kernel's backlog) and never answered.
private final class SilentListener: Sendable {
    private let socket: Int32
    let port: Int

    init() throws {
        let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(listener, raw, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, raw, &length) == 0
            }
        }
        guard bound else {
            _ = Glibc.close(listener)
            throw NetworkError.cannotConnect("cannot listen")
        }
        socket = listener
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { _ = Glibc.close(socket) }
}

/// `load --source-addresses`: a device's connections are made from the address it was given.
@Suite(.timeLimit(.minutes(1)))
struct BlockingTransportSourceTests {
    @Test func connectionsComeFromTheSourceAddressGiven() async throws {
        let ok = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
        let server = try await CannedServer.start(answers: [[ok], [ok]], closesAfterLast: [true, true])
        defer { Task { await server.stop() } }
        var address = in_addr()
        try #require(inet_pton(AF_INET, "127.0.0.5", &address) == 1)
        let request = WireRequest(method: .get, url: server.url + "/", headers: [:], body: nil)
        _ = try await BlockingTransport(fallback: KeepAliveTransport(), owner: nil, source: address).send(request, timeout: 5)
        _ = try await BlockingTransport(fallback: KeepAliveTransport(), owner: nil).send(request, timeout: 5)
        #expect(server.peers == ["127.0.0.5", "127.0.0.1"])
    }

    @Test func anAddressThisMachineDoesNotHaveIsAClearError() async throws {
        let server = try await CannedServer.start(answers: [], closesAfterLast: [])
        defer { Task { await server.stop() } }
        var address = in_addr()
        try #require(inet_pton(AF_INET, "192.0.2.7", &address) == 1)
        let request = WireRequest(method: .get, url: server.url + "/", headers: [:], body: nil)
        await #expect(throws: NetworkError.cannotConnect("cannot send from 192.0.2.7: Cannot assign requested address (errno 99)")) {
            _ = try await BlockingTransport(fallback: KeepAliveTransport(), owner: nil, source: address).send(request, timeout: 5)
        }
    }
}
