import HTTPTypes
import Testing

@testable import Transport

/// The plain-HTTP response reader of load mode's transport, on bytes: every framing, cut at every byte.
struct HTTP1ResponseParserTests {
    /// Parses `text` whole, after checking that every proper prefix asks for more.
    private func parseWhole(_ text: String, head: Bool = false) throws -> (WireResponse, consumed: Int, reusable: Bool) {
        let bytes = Array(text.utf8)
        var parser = HTTP1ResponseParser(answersHead: head)
        for end in 0..<bytes.count {
            guard case .incomplete = try parser.parse(Array(bytes[..<end])) else {
                Issue.record("complete after \(end) of \(bytes.count) bytes")
                throw NetworkError.invalidResponse("early")
            }
        }
        guard case .complete(let response, let consumed, let reusable) = try parser.parse(bytes) else {
            Issue.record("incomplete with every byte")
            throw NetworkError.invalidResponse("incomplete")
        }
        return (response, consumed, reusable)
    }

    @Test func aContentLengthBodyEndsWhereItSays() throws {
        let text = "HTTP/1.1 201 Created\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello"
        let (response, consumed, reusable) = try parseWhole(text)
        #expect(response.status == 201)
        #expect(response.headers[.contentType] == "text/plain")
        #expect(String(decoding: response.body, as: UTF8.self) == "hello")
        #expect(consumed == text.utf8.count && reusable)
    }

    /// Common names are taken from a table: each keeps its spelling as sent, as any other name does.
    @Test func fieldNamesKeepTheirSpellingWhetherKnownOrNot() throws {
        let text = "HTTP/1.1 200 OK\r\nContent-Type: a\r\ncontent-type: b\r\nDATE: c\r\nX-Own: d\r\nServer: e\r\nContent-Length: 0\r\n\r\n"
        let (response, _, _) = try parseWhole(text)
        #expect(response.headers.map(\.name.rawName) == ["Content-Type", "content-type", "DATE", "X-Own", "Server", "Content-Length"])
        #expect(response.headers.map(\.name.canonicalName) == ["content-type", "content-type", "date", "x-own", "server", "content-length"])
        #expect(response.headers[values: .contentType] == ["a", "b"])
    }

    /// A head read before on the connection is given back for the same bytes only: a field's
    /// byte changed, a HEAD answer or a body of another length is read anew, and each answer
    /// keeps its own body.
    @Test func aRepeatedHeadIsReadAsBeforeAndAChangedOneAnew() throws {
        var recent = HTTP1ResponseParser.RecentHeads()
        func parse(_ text: String, head: Bool = false) throws -> (WireResponse, Int) {
            var parser = HTTP1ResponseParser(answersHead: head, recentHeads: recent)
            defer { recent = parser.recentHeads }
            guard case .complete(let response, let consumed, _) = try parser.parse(Array(text.utf8)) else {
                throw NetworkError.invalidResponse("incomplete")
            }
            return (response, consumed)
        }
        let ok = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\n"
        let (first, _) = try parse(ok + "hello")
        let (again, consumed) = try parse(ok + "world")
        #expect(again.headers == first.headers && again.status == 200 && String(decoding: again.body, as: UTF8.self) == "world")
        #expect(consumed == ok.utf8.count + 5)
        let (other, _) = try parse(ok.replacing("text/plain", with: "text/plaiN") + "hello")
        #expect(other.headers[.contentType] == "text/plaiN")
        let (longer, _) = try parse(ok.replacing(": 5", with: ": 6") + "hello!")
        #expect(String(decoding: longer.body, as: UTF8.self) == "hello!")
        let (headAnswer, _) = try parse(ok, head: true)
        #expect(headAnswer.body.isEmpty)
        let (interim, _) = try parse("HTTP/1.1 100 Continue\r\n\r\n" + ok + "again")
        #expect(String(decoding: interim.body, as: UTF8.self) == "again")
        // More heads than are kept: the oldest are read anew, the same.
        for length in 1...HTTP1ResponseParser.RecentHeads.capacity + 2 {
            let (response, _) = try parse("HTTP/1.1 200 OK\r\nContent-Length: \(length)\r\n\r\n" + String(repeating: "x", count: length))
            #expect(response.body.count == length)
        }
        #expect(try parse(ok + "hello").0.headers == first.headers)
    }

    @Test func aChunkedBodyIsJoinedAndItsTrailersRead() throws {
        let text = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\nB\r\n, world! ok\r\n0\r\nX-Trailer: t\r\n\r\n"
        let (response, consumed, reusable) = try parseWhole(text)
        #expect(String(decoding: response.body, as: UTF8.self) == "hello, world! ok")
        #expect(consumed == text.utf8.count && reusable)
    }

    @Test func interimAnswersAreSkipped() throws {
        let (response, _, _) = try parseWhole("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        #expect(response.status == 200 && response.body == Array("ok".utf8))
    }

    @Test func headAnd204And304HaveNoBody() throws {
        let (head, _, headReusable) = try parseWhole("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n", head: true)
        #expect(head.body.isEmpty && headReusable)
        let (noContent, _, _) = try parseWhole("HTTP/1.1 204 No Content\r\n\r\n")
        #expect(noContent.status == 204 && noContent.body.isEmpty)
        let (notModified, _, _) = try parseWhole("HTTP/1.1 304 Not Modified\r\nContent-Length: 7\r\n\r\n")
        #expect(notModified.body.isEmpty)
    }

    @Test func connectionCloseAndHTTP10DecideReuse() throws {
        #expect(try !parseWhole("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n").reusable)
        #expect(try !parseWhole("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n").reusable)
        #expect(try parseWhole("HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 0\r\n\r\n").reusable)
        #expect(try parseWhole("HTTP/1.1 200 OK\r\nConnection: keep-alive, Upgrade\r\nContent-Length: 0\r\n\r\n").reusable)
    }

    @Test func aBodyWithoutLengthEndsWithTheConnection() throws {
        let bytes = Array("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nall of it".utf8)
        var parser = HTTP1ResponseParser(answersHead: false)
        guard case .incomplete = try parser.parse(bytes) else {
            Issue.record("a close-framed body ended before the close")
            return
        }
        let response = try parser.finish(bytes)
        #expect(String(decoding: response.body, as: UTF8.self) == "all of it")
        // Closed within the head: no answer.
        let cut = HTTP1ResponseParser(answersHead: false)
        #expect(throws: NetworkError.networkUnavailable("the server closed the connection before answering")) {
            _ = try cut.finish(Array("HTTP/1.1 200 OK\r\nConte".utf8))
        }
    }

    @Test(arguments: [
        "SSH-2.0-OpenSSH_9.6\r\n",
        "<html>not http</html>",
        "HTTP/2 200\r\n\r\n",
        "HTTP/1.1 2x0 OK\r\n\r\n",
        "HTTP/1.1 200 OK\r\nno colon here\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: ten\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n",
    ])
    func garbageIsAnInvalidResponse(text: String) {
        var parser = HTTP1ResponseParser(answersHead: false)
        do {
            let outcome = try parser.parse(Array(text.utf8))
            Issue.record("parsed: \(outcome)")
        } catch {
            guard case .invalidResponse = error else {
                Issue.record("\(error)")
                return
            }
        }
    }

    @Test func bodiesOverTheLimitAreRefusedBeforeTheyArrive() {
        var parser = HTTP1ResponseParser(answersHead: false)
        #expect(throws: HTTP1ResponseParser.tooLarge) {
            _ = try parser.parse(Array("HTTP/1.1 200 OK\r\nContent-Length: \(LiveTransport.maximumBodySize + 1)\r\n\r\n".utf8))
        }
        var chunked = HTTP1ResponseParser(answersHead: false)
        #expect(throws: HTTP1ResponseParser.tooLarge) {
            _ = try chunked.parse(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFF\r\n".utf8))
        }
    }

    @Test func aRequestIsOneWriteWithItsFraming() throws {
        let url = try ParsedURL("http://127.0.0.1:8080/v1/x?y=1#frag")
        let post = WireRequest(method: .post, url: url.pathAndQuery, headers: [.contentType: "application/json"], body: Array("{}".utf8))
        #expect(
            String(decoding: post.http1Bytes(url: url), as: UTF8.self)
                == "POST /v1/x?y=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"
        )
        let get = WireRequest(method: .get, url: url.pathAndQuery, headers: [HTTPField.Name("Host")!: "example.org"], body: nil)
        #expect(String(decoding: get.http1Bytes(url: url), as: UTF8.self) == "GET /v1/x?y=1 HTTP/1.1\r\nHost: example.org\r\n\r\n")
        let emptyPost = WireRequest(method: .post, url: url.pathAndQuery, headers: [:], body: nil)
        #expect(String(decoding: emptyPost.http1Bytes(url: url), as: UTF8.self).hasSuffix("Content-Length: 0\r\n\r\n"))
        let chunked = WireRequest(method: .put, url: url.pathAndQuery, headers: [.transferEncoding: "chunked"], body: Array("abc".utf8))
        #expect(
            String(decoding: chunked.http1Bytes(url: url), as: UTF8.self).hasSuffix(
                "Transfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
            )
        )
    }
}
