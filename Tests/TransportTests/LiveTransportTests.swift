import AsyncHTTPClient
import Backend
import HamonBackend
import NIOCore
import NIOHTTP1
import PerformanceBackend
import Ping
import SDKBenchTesting
import Testing

@testable import Transport

#if canImport(Glibc)
import Glibc
#endif

/// The live transports against the embedded backend on loopback: AsyncHTTPClient's, and load
/// mode's keep-alive one, which must behave the same.
@Suite(.timeLimit(.minutes(1)))
struct LiveTransportTests {
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case asyncHTTPClient, keepAlive

        var transport: any HTTPTransport {
            switch self {
            case .asyncHTTPClient: LiveTransport.shared
            case .keepAlive: KeepAliveTransport()
            }
        }

        var testDescription: String { rawValue }
    }

    @Test(arguments: Kind.allCases) func aRedirectIsReturnedWithItsBodyNotFollowed(kind: Kind) async throws {
        let backend = try await LocalBackend.start(groups: [.hamon, .performance])
        defer { Task { await backend.stop() } }
        backend.inject(.status(302), times: 1, for: .perf)
        let client = PingClient(transport: kind.transport)
        let response = try await client.send { request in
            request.url = backend.url + "/api/performance/batch"
            request.post(json: .object(["entries": [], "appVersion": "1", "timestamp": "t"]))
        }
        #expect(response.status == 302)
        #expect(response.header(named: "location") == "/elsewhere")
        #expect(response.bodyText.contains("fault injected"))
        #expect(backend.requestCount(.perf) == 1)
        await backend.stop()
    }

    @Test(arguments: Kind.allCases) func aServerThatNeverAnswersIsATimeout(kind: Kind) async throws {
        let backend = try await LocalBackend.start(groups: [.hamon, .performance])
        backend.inject(.timeout, times: 1, for: .hamon)
        var configuration = ClientConfiguration()
        configuration.timeout = 0.3
        let client = PingClient(configuration: configuration, transport: kind.transport)
        await #expect(throws: NetworkError.timeout(seconds: 0.3)) {
            _ = try await client.send { $0.url = backend.url + "/v1/users/u/event" }
        }
        await backend.stop()
    }

    @Test(arguments: Kind.allCases) func resetAndGarbageAndRefusedAreNetworkErrors(kind: Kind) async throws {
        let backend = try await LocalBackend.start(groups: [.hamon, .performance])
        let client = PingClient(transport: kind.transport)
        backend.inject(.reset, times: 1, for: .hamon)
        do {
            _ = try await client.send { $0.url = backend.url + "/v1/users/u/event" }
            Issue.record("a reset connection gave a response")
        } catch {
            guard case .networkUnavailable = error else {
                Issue.record("reset: \(error)")
                return
            }
        }
        backend.inject(.garbage, times: 1, for: .hamon)
        do {
            _ = try await client.send { $0.url = backend.url + "/v1/users/u/event" }
            Issue.record("garbage gave a response")
        } catch {
            switch error {
            case .invalidResponse, .networkUnavailable: break
            default: Issue.record("garbage: \(error)")
            }
        }
        let port = backend.port
        await backend.stop()
        do {
            _ = try await client.send { $0.url = "http://127.0.0.1:\(port)/" }
            Issue.record("a stopped server answered")
        } catch {
            guard case .cannotConnect(let reason) = error else {
                Issue.record("refused: \(error)")
                return
            }
            #expect(reason.contains("refused"))
            #expect(error.requestWasNeverSent)
        }
    }

    /// A body shorter than its length, or a chunked body cut off, is the same network error from
    /// every transport (AsyncHTTPClient's parser called it "not HTTP").
    @Test(arguments: Kind.allCases) func anAnswerCutShortIsANetworkError(kind: Kind) async throws {
        let cut = ["HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab"]
        for answer in cut {
            let server = try await CannedServer.start(answers: [[answer]], closesAfterLast: [true])
            let client = PingClient(transport: kind.transport)
            do throws(NetworkError) {
                let response = try await client.send { $0.url = server.url + "/" }
                Issue.record("\(answer.debugDescription) gave \(response.status.code)")
            } catch {
                #expect(error == .closedWithinAnswer, "\(answer.debugDescription)")
            }
            await server.stop()
        }
    }

    @Test func clientErrorsMapToTheContractsCases() {
        #expect(LiveTransport.networkError(HTTPClientError.deadlineExceeded, timeout: 3) == .timeout(seconds: 3))
        #expect(LiveTransport.networkError(HTTPClientError.readTimeout, timeout: 3) == .timeout(seconds: 3))
        #expect(LiveTransport.networkError(HTTPClientError.cancelled, timeout: 3) == .cancelled)
        #expect(LiveTransport.networkError(CancellationError(), timeout: 3) == .cancelled)
        // Refused and unreachable are "never sent"; a reset may come after the request left.
        let refused = LiveTransport.networkError(IOError(errnoCode: ECONNREFUSED, reason: "connect"), timeout: 3)
        #expect(refused == .cannotConnect("connection refused") && refused.requestWasNeverSent)
        let reset = LiveTransport.networkError(IOError(errnoCode: ECONNRESET, reason: "read"), timeout: 3)
        #expect(reset == .networkUnavailable("connection reset by peer") && !reset.requestWasNeverSent)
        #expect(LiveTransport.networkError(HTTPParserError.invalidConstant, timeout: 3) == .invalidResponse("the server's answer is not HTTP"))
        #expect(LiveTransport.networkError(HTTPParserError.invalidEOFState, timeout: 3) == .closedWithinAnswer)
        // As load mode's transports say it (it was `NIOTooManyBytesError(maxBytes: Optional(67108864))`).
        #expect(LiveTransport.networkError(NIOTooManyBytesError(maxBytes: 1), timeout: 3) == .invalidResponse("the body is larger than 64 MiB"))
        if case .invalidRequest = LiveTransport.networkError(HTTPClientError.invalidURL, timeout: 3) {
        } else {
            Issue.record("invalidURL is not invalidRequest")
        }
    }
}
