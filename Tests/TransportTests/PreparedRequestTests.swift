import Synchronization
import Testing
import Transport

import struct HTTPTypes.HTTPField
import struct HTTPTypes.HTTPFields

@testable import Ping

/// A request sent again under the same version is sent as it was made, until something it was
/// made of changes: a cookie to send, another version, another client.
struct PreparedRequestTests {
    /// Answers with `answers` in turn (then 200), and keeps what it sent.
    private final class HereTransport: HTTPTransport {
        private let sent = Mutex<[WireRequest]>([])
        private let answers: [WireResponse]

        init(answers: [WireResponse]) { self.answers = answers }

        var requests: [WireRequest] { sent.withLock { $0 } }

        func send(_ request: WireRequest, timeout: Double) async throws(NetworkError) -> WireResponse {
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

    @Test func aPreparedRequestIsSentAgainUntilACookieMustJoinIt() async throws {
        let transport = HereTransport(answers: [
            WireResponse(status: 200, body: []), WireResponse(status: 200, headers: [.setCookie: "s=1"], body: []),
        ])
        let client = PingClient(transport: transport)
        let prepared = PreparedRequest()
        let original = request("http://example.test/a")
        for _ in 0..<3 { _ = try await client.send(original, version: 1, prepared: prepared) }
        let sent = transport.requests
        #expect(sent[0].encoding != nil && sent[0].encoding === sent[1].encoding, "the second was not the first sent again")
        #expect(sent[1].headers == sent[0].headers && sent[1].headers[.xRequestedWith] == "ping-sdk")
        #expect(sent[2].headers[.cookie] == "s=1", "the cookie set since was left out")
    }

    @Test func anotherVersionIsAnotherRequest() async throws {
        let transport = HereTransport(answers: [])
        let client = PingClient(transport: transport)
        let prepared = PreparedRequest()
        _ = try await client.send(request("http://example.test/a"), version: 1, prepared: prepared)
        _ = try await client.send(request("http://example.test/b"), version: 2, prepared: prepared)
        _ = try await client.send(request("http://example.test/c"), version: 0, prepared: prepared)
        #expect(transport.requests.map(\.url) == ["http://example.test/a", "http://example.test/b", "http://example.test/c"])
    }

    /// A request under another version with the same head (only its body's bytes differ) is
    /// the kept one with the new body, kept in turn; a head that differs makes the request anew.
    @Test func aRequestWithTheSameHeadSendsItsOwnBody() async throws {
        let transport = HereTransport(answers: [])
        let client = PingClient(transport: transport)
        let prepared = PreparedRequest()
        func request(_ body: String, header: String = "1", url: String = "http://example.test/a") -> Transport.HTTPRequest {
            var request = Transport.HTTPRequest(url: url)
            request.setHeader(name: "X-Line", value: header)
            request.setRawBody(Array(body.utf8), contentType: "application/json", method: .post)
            return request
        }
        let sends = [
            request(#"{"a":"1"}"#), request(#"{"a":"2"}"#), request(#"{"a":"33"}"#), request(#"{"a":"4"}"#, header: "2"),
            request(#"{"a":"5"}"#, url: "http://example.test/b"), request(#"{"a":"6"}"#, url: "http://example.test/b"),
        ]
        for (version, original) in sends.enumerated() { _ = try await client.send(original, version: UInt64(version + 1), prepared: prepared) }
        let sent = transport.requests
        #expect(sent.map { String(decoding: $0.body ?? [], as: UTF8.self) } == sends.map { String(decoding: $0.bodyBytes ?? [], as: UTF8.self) })
        #expect(sent.map(\.url) == sends.map(\.url))
        #expect(sent.map { $0.headers[HTTPField.Name("X-Line")!] } == ["1", "1", "1", "2", "1", "1"])
        #expect(sent.allSatisfy { $0.headers[.xRequestedWith] == "ping-sdk" && $0.headers[.contentType] == "application/json" })
        for (earlier, later) in zip(sent, sent.dropFirst()) { #expect(earlier.encoding !== later.encoding) }
        let kept = try #require(prepared.kept)
        #expect(kept.version == 6 && kept.request.bodyBytes == sends[5].bodyBytes)
    }

    @Test func anotherClientMakesTheRequestAgain() async throws {
        let transport = HereTransport(answers: [])
        let prepared = PreparedRequest()
        let original = request("http://example.test/a")
        _ = try await PingClient(transport: transport).send(original, version: 1, prepared: prepared)
        var configuration = ClientConfiguration()
        configuration.standardHeaders = [:]
        _ = try await PingClient(configuration: configuration, transport: transport).send(original, version: 1, prepared: prepared)
        let sent = transport.requests
        #expect(sent[0].headers[.xRequestedWith] == "ping-sdk")
        #expect(sent[1].headers[.xRequestedWith] == nil, "the first client's headers went with the second's request")
    }
}
