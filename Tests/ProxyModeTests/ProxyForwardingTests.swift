import ProxyMode
import Testing

/// The proxy forwards the client's bytes as they came (with only the lines a reverse proxy adds)
/// and the upstream's answer as it came, keeps connections alive, and streams large bodies.
@Suite(.timeLimit(.minutes(1)))
struct ProxyForwardingTests {
    /// A head with the spellings a re-encoding would change (case, blanks, order, a repeated
    /// header) and a chunked body with an extension.
    static let oddRequest =
        "POST /v1/things?a=1&b=%20 HTTP/1.1\r\nhost: phone.local:8080\r\nx-lower:value\r\nX-Spaced:   padded  \r\nAccept: a\r\nAccept: b\r\n"
        + "Transfer-Encoding: chunked\r\n\r\n3;ext=1\r\nabc\r\n0A\r\n0123456789\r\n0\r\nTrailer-Field: x\r\n\r\n"

    @Test func forwardsTheClientsBytesWithOnlyTheAddedLinesWhenHostIsKept() async throws {
        let reply = answer("{\"ok\":true}", headers: "x-Odd:  kept as is\r\n")
        let upstream = try await RawUpstream.start { received in
            String(decoding: received, as: UTF8.self).hasSuffix("\r\n0\r\nTrailer-Field: x\r\n\r\n") ? .send(reply) : .wait
        }
        defer { Task { await upstream.stop() } }
        let harness = try await ProxyHarness.start(upstream: upstream.url) { $0.keepsHost = true }
        let client = try RawClient(port: harness.port)
        client.send(Self.oddRequest)
        let got = client.readAnswer()
        #expect(got == reply)
        let headEnd = try #require(Self.oddRequest.firstRange(of: "\r\n\r\n")).lowerBound
        let expected =
            String(Self.oddRequest[..<headEnd]) + "\r\nX-Forwarded-For: 127.0.0.1\r\nVia: 1.1 sdkbench"
            + String(Self.oddRequest[headEnd...])
        #expect(String(decoding: upstream.received.first ?? [], as: UTF8.self) == expected)
        let exchange = try await harness.nextExchange()
        #expect(exchange.outcome == .answered)
        #expect(exchange.exchange.status == 200)
        #expect(exchange.exchange.requestBody == Array("abc0123456789".utf8))
        #expect(exchange.exchange.responseBody == Array("{\"ok\":true}".utf8))
        #expect(exchange.exchange.url == upstream.url + "/v1/things?a=1&b=%20")
        #expect(exchange.exchange.requestHeader("x-lower") == "value")
        _ = await harness.proxy.stop(budget: .seconds(1))
    }

    @Test func namesTheUpstreamInHostAndKeepsTheClientsInXForwardedHost() async throws {
        let upstream = try await RawUpstream.start { received in isWholeRequest(received) ? .send(answer("ok")) : .wait }
        defer { Task { await upstream.stop() } }
        let harness = try await ProxyHarness.start(upstream: upstream.url)
        let client = try RawClient(port: harness.port)
        client.send("GET / HTTP/1.1\r\nHost: phone.local:8080\r\nX-A: 1\r\n\r\n")
        _ = client.readAnswer()
        let received = String(decoding: upstream.received.first ?? [], as: UTF8.self)
        #expect(
            received
                == "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(upstream.port)\r\nX-A: 1\r\nX-Forwarded-Host: phone.local:8080\r\nX-Forwarded-For: 127.0.0.1\r\nVia: 1.1 sdkbench\r\n\r\n"
        )
        _ = await harness.proxy.stop(budget: .seconds(1))
    }

    @Test func keepsTheClientsConnectionAndOneUpstreamConnectionAcrossRequests() async throws {
        let upstream = try await RawUpstream.start { received in isWholeRequest(received) ? .send(answer("pong")) : .wait }
        defer { Task { await upstream.stop() } }
        let harness = try await ProxyHarness.start(upstream: upstream.url)
        let client = try RawClient(port: harness.port)
        for index in 0..<3 {
            client.send("GET /ping/\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(client.readAnswer() == answer("pong"))
            #expect(try await harness.nextExchange().exchange.path == "/ping/\(index)")
        }
        #expect(upstream.received.count == 1)
        _ = await harness.proxy.stop(budget: .seconds(1))
    }

    /// 8 MiB up and 8 MiB down; the upstream sees the first half of the request before the
    /// client has sent the second, so the body is streamed, not gathered first.
    @Test func streamsALargeBodyBothWays() async throws {
        let size = 8 << 20
        let half = size / 2
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: size)
        let reply = Array("HTTP/1.1 200 OK\r\nContent-Length: \(size)\r\n\r\n".utf8) + body
        let upstream = try await RawUpstream.start { received in
            let end = RawClient.headEnd(received) ?? Int.max
            return received.count >= end + size ? .send(reply) : .wait
        }
        defer { Task { await upstream.stop() } }
        let harness = try await ProxyHarness.start(upstream: upstream.url) { $0.bodyCap = 1024 }
        let client = try RawClient(port: harness.port)
        client.send("PUT /big HTTP/1.1\r\nHost: x\r\nContent-Length: \(size)\r\n\r\n".bytes + body[0..<half])
        let deadline = ContinuousClock.now + .seconds(20)
        while (upstream.received.first?.count ?? 0) < half, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(2)) }
        #expect((upstream.received.first?.count ?? 0) >= half)
        client.send(Array(body[half...]))
        let got = client.readAnswer()
        #expect(got.count == reply.count)
        // Not `got == reply`: on a failure Swift Testing diffs the two 8 MiB arrays, which ran
        // for more than five minutes on both cores (the fresh-clone check of 2026-12-07).
        #expect(got.elementsEqual(reply))
        let exchange = try await harness.nextExchange()
        #expect(exchange.requestBodySize == size)
        #expect(exchange.responseBodySize == size)
        #expect(exchange.exchange.requestBody.count == 1024)
        _ = await harness.proxy.stop(budget: .seconds(1))
    }

    @Test func handsTheKeptExchangesOverWhenItStops() async throws {
        let upstream = try await RawUpstream.start { received in isWholeRequest(received) ? .send(answer("ok")) : .wait }
        defer { Task { await upstream.stop() } }
        let harness = try await ProxyHarness.start(upstream: upstream.url) { $0.keepsExchanges = true }
        let client = try RawClient(port: harness.port)
        client.send("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi")
        _ = client.readAnswer()
        client.send("GET /b HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = client.readAnswer()
        _ = try await harness.nextExchange()
        _ = try await harness.nextExchange()
        let (exchanges, cut) = await harness.proxy.stop(budget: .seconds(1))
        #expect(!cut)
        #expect(exchanges.map(\.path) == ["/a", "/b"])
        #expect(exchanges.first?.requestBody == Array("hi".utf8))
        #expect(exchanges.allSatisfy { $0.startedAt != nil && $0.duration != nil && $0.httpVersion == "HTTP/1.1" })
    }
}
