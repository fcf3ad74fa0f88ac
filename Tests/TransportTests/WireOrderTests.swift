import Foundation
import Ping
import Synchronization
import Testing

@testable import Transport

/// What `LiveTransport` puts on the socket and reads back, checked against a loopback peer that
/// records the raw request and answers with fixed bytes: header order, case and duplicates cross
/// the AsyncHTTPClient boundary unchanged.
@Suite(.timeLimit(.minutes(1)))
struct WireOrderTests {
    @Test func headersGoOutAndComeBackInOrderWithTheirCaseAndDuplicates() async throws {
        let answer = "HTTP/1.1 200 OK\r\nX-Second: b\r\nset-cookie: a=1\r\nContent-Length: 2\r\nSet-Cookie: b=2\r\nConnection: close\r\n\r\nok"
        let peer = try OneShotPeer(answer: answer)
        var request = HTTPRequest(url: "http://127.0.0.1:\(peer.port)/x")
        request.setHeader(name: "X-Zebra", value: "1")
        request.setHeader(name: "x-alpha", value: "2")
        request.setHeader(name: "X-ZEBRA", value: "3")
        let response = try await PingClient(transport: LiveTransport.shared).send(request)
        let sent = peer.received().split(separator: "\r\n").map(String.init)
        let ours = sent.filter { $0.lowercased().hasPrefix("x-") }
        #expect(ours == ["X-Zebra: 3", "x-alpha: 2", "x-requested-with: ping-sdk", "x-requested-platform: \(RequestedPlatform.name)"])
        #expect(
            response.headers.map { "\($0.name.rawName): \($0.value)" }.prefix(4) == [
                "X-Second: b", "set-cookie: a=1", "Content-Length: 2", "Set-Cookie: b=2",
            ]
        )
        #expect(response.cookieStrings == ["a=1", "b=2"])
        #expect(response.bodyText == "ok")
    }
}

/// A TCP listener on 127.0.0.1 that accepts one connection on a thread of its own (not the
/// cooperative pool), reads the request head and answers with `answer`.
private final class OneShotPeer: Sendable {
    let port: Int
    private let request = Mutex<String?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(answer: String) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in
            defer {
                close(listener)
                done.signal()
            }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            defer { close(connection) }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !String(decoding: bytes, as: UTF8.self).contains("\r\n\r\n") {
                let count = read(connection, &buffer, buffer.count)
                if count <= 0 { break }
                bytes += buffer[0..<count]
            }
            request.withLock { $0 = String(decoding: bytes, as: UTF8.self) }
            _ = Array(answer.utf8).withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
        }
        thread.start()
    }

    /// The request head as it arrived (after the exchange is over).
    func received() -> String {
        done.wait()
        return request.withLock { $0 } ?? ""
    }
}
