import JSON
import Ping
import SDKBenchTesting
import Synchronization
import Testing

// Scoped: swift-http-types also has an HTTPRequest and an HTTPResponse, which would clash with Transport's.
import struct HTTPTypes.HTTPField
import struct HTTPTypes.HTTPFields

@testable import Transport

struct PingClientTests {
    private func client(_ transport: RecordingTransport, _ configure: (inout ClientConfiguration) -> Void = { _ in }) -> PingClient {
        var configuration = ClientConfiguration()
        configure(&configuration)
        return PingClient(configuration: configuration, transport: transport)
    }

    @Test func standardHeadersGoOnEveryRequestUnlessSetByTheRequest() async throws {
        let transport = RecordingTransport()
        let client = client(transport)
        _ = try await client.send { $0.url = "http://example.test/a" }
        _ = try await client.send { request in
            request.url = "http://example.test/b"
            request.setHeader(name: "X-Requested-With", value: "mine")
        }
        let first = transport.requests[0].headers
        #expect(first[.xRequestedWith] == "ping-sdk")
        #expect(first[.xRequestedPlatform] == RequestedPlatform.name)
        #expect(RequestedPlatform.name == "ios")  // seed 003, "Standard Headers"
        #expect(transport.requests[1].headers[values: .xRequestedWith] == ["mine"])
    }

    /// `onExchange` sees the exchanges while it wants them, and is not called while it does not.
    @Test func exchangesGoToOnExchangeOnlyWhileWanted() async throws {
        let wanted = Mutex(false)
        let seen = Mutex<[Int]>([])
        let client = client(RecordingTransport(statuses: [201, 202, 203])) { configuration in
            configuration.onExchange = { exchange in seen.withLock { $0.append((try? exchange.result.get())?.status.code ?? 0) } }
            configuration.wantsExchanges = { wanted.withLock { $0 } }
        }
        _ = try await client.send { $0.url = "http://example.test/a" }
        wanted.withLock { $0 = true }
        _ = try await client.send { $0.url = "http://example.test/b" }
        wanted.withLock { $0 = false }
        _ = try await client.send { $0.url = "http://example.test/c" }
        #expect(seen.withLock { $0 } == [202])
    }

    @Test func aRemovedHeaderIsNotAddedBackByTheClient() async throws {
        let transport = RecordingTransport()
        let cookies = CookieJar()
        cookies.store([.setCookie: "session=abc"], from: try ParsedURL("http://example.test/"))
        let client = PingClient(transport: transport, cookies: cookies)
        _ = try await client.send { request in
            request.url = "http://example.test/a"
            request.removeHeader(name: "X-Requested-With")
            request.removeHeader(name: "cookie")
        }
        let sent = transport.requests[0].headers
        #expect(sent[.xRequestedWith] == nil)
        #expect(sent[.cookie] == nil)
        #expect(sent[.xRequestedPlatform] == RequestedPlatform.name)
    }

    @Test func requestInterceptorsRunInRegistrationOrderAndResponseInterceptorsSeeTheSentRequest() async throws {
        let transport = RecordingTransport()
        let seen = Mutex<[String]>([])
        let client = client(transport) { configuration in
            configuration.onRequest { request in request.setHeader(name: "X-Order", value: "first") }
            configuration.onRequest { request in
                request.setHeader(name: "X-Order", value: (request.headers[HTTPField.Name("x-order")!] ?? "") + ",second")
            }
            configuration.onResponse { response in seen.withLock { $0.append("r1:" + (response.request.headers[HTTPField.Name("X-Order")!] ?? "")) } }
            configuration.onResponse { response in seen.withLock { $0.append("r2:\(response.status.code)") } }
        }
        _ = try await client.send { $0.url = "http://example.test/" }
        #expect(transport.requests[0].headers[HTTPField.Name("X-Order")!] == "first,second")
        #expect(seen.withLock { $0 } == ["r1:first,second", "r2:200"])
    }

    @Test func queryParametersAppendToAnExistingQuery() async throws {
        let transport = RecordingTransport()
        let client = client(transport)
        _ = try await client.send { request in
            request.url = "http://example.test/search?lang=en"
            request.setParameter(name: "q", value: "swift & co")
            request.setParameter(name: "page", value: "1")
        }
        _ = try await client.send { request in
            request.url = "http://example.test/search"
            request.setParameter(name: "q", value: "a")
        }
        #expect(transport.requests[0].url == "http://example.test/search?lang=en&q=swift%20%26%20co&page=1")
        #expect(transport.requests[1].url == "http://example.test/search?q=a")
    }

    @Test func formFieldsAccumulateAsAPostInOrder() async throws {
        let transport = RecordingTransport()
        let client = client(transport)
        _ = try await client.send { request in
            request.url = "http://example.test/login"
            request.form([("a", "1"), ("b", "2")])
            request.form([("a", "3")])
        }
        let sent = transport.requests[0]
        #expect(sent.method == .post)
        #expect(sent.headers[.contentType] == "application/x-www-form-urlencoded")
        #expect(String(decoding: sent.body ?? [], as: UTF8.self) == "a=1&b=2&a=3")
    }

    @Test func jsonBodiesSetTheContentTypeAndAnEmptyObjectIsBraces() async throws {
        let transport = RecordingTransport()
        let client = client(transport)
        _ = try await client.send { request in
            request.url = "http://example.test/users"
            request.post(json: .object(JSONObject()))
        }
        _ = try await client.send { request in
            request.url = "http://example.test/users/1"
            request.put(json: .object(["name": "Ada", "age": 36]))
        }
        #expect(transport.requests[0].method == .post)
        #expect(transport.requests[0].headers[.contentType] == "application/json")
        #expect(transport.requests[0].body == Array("{}".utf8))
        #expect(transport.requests[1].method == .put)
        #expect(String(decoding: transport.requests[1].body ?? [], as: UTF8.self) == #"{"name":"Ada","age":36}"#)
    }

    @Test func invalidJSONTextAndInvalidURLsAreInvalidRequestsAndSendNothing() async {
        let transport = RecordingTransport()
        let client = client(transport)
        await #expect(throws: NetworkError.self) {
            _ = try await client.send { request in
                request.url = "http://example.test/"
                request.setJSON(text: "{not json", method: .post)
            }
        }
        for url in ["example.test/no-scheme", "ftp://example.test/", "http:///path", "http://host:99999/", "http://a b/"] {
            do {
                _ = try await client.send { $0.url = url }
                Issue.record("\(url) was accepted")
            } catch {
                guard case .invalidRequest = error else {
                    Issue.record("\(url): \(error)")
                    continue
                }
            }
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func clientErrorsAndServerErrorsAreResponsesNotErrors() async throws {
        let transport = RecordingTransport(statuses: [404, 503, 302])
        let client = client(transport)
        let notFound = try await client.send { $0.url = "http://example.test/" }
        let unavailable = try await client.send { $0.url = "http://example.test/" }
        let moved = try await client.send { $0.url = "http://example.test/" }
        #expect(notFound.isClientError && !notFound.isSuccess)
        #expect(unavailable.isServerError)
        #expect(moved.isRedirect)
    }

    @Test func cookiesAreStoredPerHostAndSentAsOneHeader() async throws {
        let transport = RecordingTransport { request, index in
            var headers = HTTPFields()
            if index == 0 {
                headers.append(HTTPField(name: .setCookie, value: "a=1; Path=/; HttpOnly"))
                headers.append(HTTPField(name: .setCookie, value: "b=2"))
            }
            if index == 2 { headers.append(HTTPField(name: HTTPField.Name("set-cookie")!, value: "a=gone; Max-Age=0")) }
            return .success(WireResponse(status: 200, headers: headers))
        }
        let client = client(transport)
        for _ in 0..<4 { _ = try await client.send { $0.url = "http://shop.test:8080/" } }
        _ = try await client.send { $0.url = "http://other.test/" }
        let cookies = transport.requests.map { $0.headers[values: .cookie] }
        #expect(cookies[0] == [])
        #expect(cookies[1] == ["a=1; b=2"])
        #expect(cookies[3] == ["b=2"])
        #expect(cookies[4] == [])
    }

    @Test func headerNamesAreCaseInsensitive() {
        var request = HTTPRequest()
        request.setHeader(name: "Content-Type", value: "text/plain")
        request.setHeader(name: "content-type", value: "application/json")
        #expect(request.headers.count == 1)
        #expect(request.headers[HTTPField.Name("CONTENT-TYPE")!] == "application/json")
        #expect(request.headers[0].name.rawName == "Content-Type")
    }

    @Test func theTimeoutIsTheClientsAndDefaultsToFifteenSeconds() async throws {
        let transport = RecordingTransport()
        _ = try await client(transport).send { $0.url = "http://example.test/" }
        _ = try await client(transport) { $0.timeout = 2.5 }.send { $0.url = "http://example.test/" }
        #expect(transport.timeouts == [15, 2.5])
    }

    @Test func everyExchangeIsObservedFailuresIncluded() async {
        let transport = RecordingTransport { _, _ in .failure(.networkUnavailable("refused")) }
        let seen = Mutex<[String]>([])
        let client = client(transport) { configuration in
            configuration.onExchange = { exchange in
                if case .failure(let error) = exchange.result { seen.withLock { $0.append("\(error)") } }
            }
        }
        _ = try? await client.send { $0.url = "http://example.test/" }
        _ = try? await client.send { $0.url = "not a url" }
        #expect(seen.withLock { $0.count } == 2)
        #expect(seen.withLock { $0[0] } == "network unavailable: refused")
    }
}
