import SDKBenchTesting
import Testing

import struct HTTPTypes.HTTPFields

@testable import Transport

struct EncodedRequestTests {

    @Test func theBytesAreMadeOncePerAuthority() {
        let encoding = EncodedRequest()
        var made = 0
        let make = { () -> [UInt8] in
            made += 1
            return [UInt8(made)]
        }
        #expect(encoding.bytes(authority: "a:1", make: make) == [1])
        #expect(encoding.bytes(authority: "a:1", make: make) == [1])
        #expect(encoding.bytes(authority: "b:2", make: make) == [2])
        #expect(made == 2)
    }

    /// A request changed in anything that goes on the wire no longer carries bytes made for it before.
    @Test func aChangedRequestDropsItsKeptBytes() {
        var request = WireRequest(method: .post, url: "http://a/", headers: [:], body: [1])
        let changes: [(inout WireRequest) -> Void] = [
            { $0.method = .put }, { $0.url = "http://b/" }, { $0.headers = [.contentType: "text/plain"] }, { $0.body = [2] },
            { $0.parsedURL = try? ParsedURL("http://b/") },
        ]
        for change in changes {
            request.encoding = EncodedRequest()
            change(&request)
            #expect(request.encoding == nil)
        }
        request.encoding = EncodedRequest()
        request.idleTimeout = 3
        #expect(request.encoding != nil, "the answer's timeout is not on the wire")
    }

    /// A body replaced by one of the same length keeps the head's bytes; any other length, or a
    /// chunked body, makes them anew. Either way the bytes are the new request's.
    @Test func aReplacedBodyKeepsTheHeadOnlyWhenTheSameLength() throws {
        let url = try ParsedURL("http://a:1/x")
        for headers: HTTPFields in [[.contentType: "application/json"], [.transferEncoding: "chunked"]] {
            var request = WireRequest(method: .post, url: "http://a:1/x", headers: headers, body: Array(#"{"a":"1"}"#.utf8), parsedURL: url)
            request.encoding = EncodedRequest()
            _ = request.encoding?.bytes(authority: "a:1") { request.http1Bytes(url: url, authority: "a:1") }
            for body in [#"{"a":"2"}"#, #"{"a":"22"}"#, ""] {
                var next = request
                next.replaceBody(Array(body.utf8))
                let expected = next.http1Bytes(url: url, authority: "a:1")
                var made = false
                let bytes = try #require(next.encoding).bytes(authority: "a:1") {
                    made = true
                    return expected
                }
                #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
                #expect(made == (body.utf8.count != 9 || headers[.transferEncoding] != nil), "\(body)")
                #expect(next.encoding !== request.encoding)
            }
        }
        var unkept = WireRequest(method: .post, url: "http://a:1/x", headers: [:], body: [1])
        unkept.replaceBody([2])
        #expect(unkept.encoding == nil && unkept.body == [2])
    }

    /// The bytes kept from the first send are a whole request the server answers again.
    @Test func aRequestSentAgainFromItsKeptBytesIsAnswered() async throws {
        let server = try await CannedServer.start(answers: [[ok("one"), ok("two")]], closesAfterLast: [false])
        let transport = KeepAliveTransport()
        var request = WireRequest(method: .post, url: server.url + "/x", headers: [.contentType: "application/json"], body: nil)
        request.encoding = EncodedRequest()
        let first = try await transport.send(request, timeout: 5)
        let second = try await transport.send(request, timeout: 5)
        #expect(String(decoding: first.body, as: UTF8.self) == "one")
        #expect(String(decoding: second.body, as: UTF8.self) == "two")
        #expect(server.connections == 1)
        await server.stop()
    }
}
