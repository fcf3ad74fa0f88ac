import Ping
import Synchronization
import Testing
import Transport

import struct HTTPTypes.HTTPFields

/// A request sent again under the same version is sent as it was made, until something it was
/// made of changes: a cookie to send, another version, another client.
struct PreparedRequestTests {
    /// Sends on the calling thread, answering with `answers` in turn (then 200), and keeps what it sent.
    private final class HereTransport: HTTPTransport {
        private let sent = Mutex<[WireRequest]>([])
        private let answers: [WireResponse]

        init(answers: [WireResponse]) { self.answers = answers }

        var requests: [WireRequest] { sent.withLock { $0 } }

        func send(_ request: WireRequest, timeout: Double) async throws(NetworkError) -> WireResponse { try sendHere(request, timeout: timeout) }
        func sendsHere(_ url: ParsedURL) -> Bool { true }
        func sendHere(_ request: WireRequest, timeout: Double) throws(NetworkError) -> WireResponse {
            let index = sent.withLock { sent in
                sent.append(request)
                return sent.count - 1
            }
            return index < answers.count ? answers[index] : WireResponse(status: 200, body: [])
        }
    }

    private func request(_ url: String) -> Transport.HTTPRequest {
        var request = Transport.HTTPRequest(url: url)
        request.setJSON(.object(["a": .int(1)]), method: .post)
        return request
    }

    @Test func aPreparedRequestIsSentAgainUntilACookieMustJoinIt() throws {
        let transport = HereTransport(answers: [
            WireResponse(status: 200, body: []), WireResponse(status: 200, headers: [.setCookie: "s=1"], body: []),
        ])
        let client = PingClient(transport: transport)
        let prepared = PreparedRequest()
        let original = request("http://example.test/a")
        for _ in 0..<3 { _ = try #require(try client.sendHere(original, version: 1, prepared: prepared)) }
        let sent = transport.requests
        #expect(sent[0].encoding != nil && sent[0].encoding === sent[1].encoding, "the second was not the first sent again")
        #expect(sent[1].headers == sent[0].headers && sent[1].headers[.xRequestedWith] == "ping-sdk")
        #expect(sent[2].headers[.cookie] == "s=1", "the cookie set since was left out")
    }

    @Test func anotherVersionIsAnotherRequest() throws {
        let transport = HereTransport(answers: [])
        let client = PingClient(transport: transport)
        let prepared = PreparedRequest()
        _ = try client.sendHere(request("http://example.test/a"), version: 1, prepared: prepared)
        _ = try client.sendHere(request("http://example.test/b"), version: 2, prepared: prepared)
        _ = try client.sendHere(request("http://example.test/c"), prepared: prepared)
        #expect(transport.requests.map(\.url) == ["http://example.test/a", "http://example.test/b", "http://example.test/c"])
    }

    @Test func anotherClientMakesTheRequestAgain() throws {
        let transport = HereTransport(answers: [])
        let prepared = PreparedRequest()
        let original = request("http://example.test/a")
        _ = try PingClient(transport: transport).sendHere(original, version: 1, prepared: prepared)
        var configuration = ClientConfiguration()
        configuration.standardHeaders = [:]
        _ = try PingClient(configuration: configuration, transport: transport).sendHere(original, version: 1, prepared: prepared)
        let sent = transport.requests
        #expect(sent[0].headers[.xRequestedWith] == "ping-sdk")
        #expect(sent[1].headers[.xRequestedWith] == nil, "the first client's headers went with the second's request")
    }
}
