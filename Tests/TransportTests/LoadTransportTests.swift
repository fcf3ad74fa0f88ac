import Backend
import HamonBackend
import JSON
import PerformanceBackend
import Ping
import Testing

@testable import Transport

/// What load mode's transport (keep-alive, on the devices' event loops)
/// must do beyond the shared cases in `LiveTransportTests`: many exchanges on their connections,
/// bodies intact both ways, HEAD, the request timeout, and cancellation.
@Suite(.timeLimit(.minutes(1)))
struct LoadTransportTests {
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case keepAlive

        var transport: any HTTPTransport {
            switch self {
            case .keepAlive: KeepAliveTransport()
            }
        }

        var testDescription: String { rawValue }
    }

    @Test(arguments: Kind.allCases) func manyExchangesInParallelEachGetTheirOwnAnswer(kind: Kind) async throws {
        let backend = try await LocalBackend.start(groups: [.hamon, .performance])
        let client = PingClient(transport: kind.transport)
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<40 {
                group.addTask {
                    let response = try await client.send { request in
                        request.url = backend.url + "/api/performance/batch"
                        request.post(json: .object(["entries": [], "appVersion": .string("v\(index)"), "timestamp": "t"]))
                    }
                    return response.status.code
                }
            }
            var all: [Int] = []
            for try await status in group { all.append(status) }
            return all
        }
        #expect(statuses.count == 40 && statuses.allSatisfy { $0 == 200 }, "\(statuses)")
        #expect(backend.requestCount(.perf) == 40)
        // Sequential requests after the burst reuse the idle connections and still succeed.
        for _ in 0..<5 {
            let response = try await client.send { $0.url = backend.url + "/_sdkbench/health" }
            #expect(response.status == 200)
        }
        await backend.stop()
    }

    @Test(arguments: Kind.allCases) func aHeadAnswerHasNoBodyAndTheConnectionGoesOn(kind: Kind) async throws {
        let backend = try await LocalBackend.start(groups: [.hamon, .performance])
        let client = PingClient(transport: kind.transport)
        let head = try await client.send { request in
            request.url = backend.url + "/_sdkbench/health"
            request.setMethod(.head)
        }
        #expect(head.body.isEmpty)
        let get = try await client.send { $0.url = backend.url + "/_sdkbench/health" }
        #expect(get.status == 200 && !get.body.isEmpty)
        await backend.stop()
    }

    /// The request timeout (the wait for the answer to begin) is kept apart from the total.
    @Test(arguments: Kind.allCases) func theRequestTimeoutEndsAWaitForTheAnswer(kind: Kind) async throws {
        let backend = try await LocalBackend.start(groups: [.hamon, .performance])
        backend.inject(.timeout, times: 1, for: .hamon)
        var configuration = ClientConfiguration()
        configuration.timeout = 20
        configuration.requestTimeout = 0.2
        let client = PingClient(configuration: configuration, transport: kind.transport)
        await #expect(throws: NetworkError.timeout(seconds: 0.2)) {
            _ = try await client.send { $0.url = backend.url + "/v1/users/u/event" }
        }
        await backend.stop()
    }

    @Test(arguments: Kind.allCases) func aCancelledExchangeEndsAsCancelled(kind: Kind) async throws {
        let backend = try await LocalBackend.start(groups: [.hamon, .performance])
        backend.inject(.timeout, times: 1, for: .hamon)
        let client = PingClient(transport: kind.transport)
        let task = Task { () async -> NetworkError? in
            do {
                _ = try await client.send { $0.url = backend.url + "/v1/users/u/event" }
                return nil
            } catch {
                return error as? NetworkError
            }
        }
        // Cancelled while the server holds the answer: nothing but cancellation can end it.
        while backend.requestCount(.hamon) == 0 { await Task.yield() }
        task.cancel()
        let ended = await task.value
        #expect(ended == NetworkError.cancelled, "\(String(describing: ended))")
        await backend.stop()
    }
}
