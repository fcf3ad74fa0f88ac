import Hummingbird
import HummingbirdTesting
import Testing

@testable import Backend
@testable import HamonBackend
@testable import MiataruBackend
@testable import PerformanceBackend
@testable import SiftBackend

/// The router as `LocalBackend` builds it, driven through Hummingbird's router test framework: no socket.
struct BackendRouterTests {
    let records: BackendRecords
    let plan = FaultPlan()
    let router: Router<BackendContext>

    init(services: [any BackendServiceRoutes] = StandardGroups.all.map { $0.make(.none) }) {
        records = BackendRecords(services)
        router = BackendRouter.make(services: services, records: records, plan: plan, holds: HeldRequests())
    }

    private func withClient(_ test: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await Application(router: router).test(.router, test)
    }

    private static let batch =
        #"{"entries":[{"id":"a","feature":"login","layer":"api","startTime":"s","endTime":"e","duration":0.25}],"appVersion":"1.5.0","timestamp":"t"}"#

    @Test func theCatalogIsWhatIsServed() {
        #expect(StandardGroups.all.map(\.service) == [.hamon, .perf, .miataru, .sift])
        #expect(StandardGroups.all.map { $0.make(.none).prefix } == ["/v1/users", "/api/performance", "", "/v3/accounts"])
    }

    @Test func eachServiceCountsItsOwnRequestsAndTakesItsOwnFaults() async throws {
        plan.set(.status(503), times: 1, for: .perf)
        plan.set(.status(500), times: 1, for: .hamon)
        try await withClient { client in
            try await client.execute(uri: "/api/performance/batch", method: .post, body: ByteBuffer(string: Self.batch)) { response in
                #expect(response.status.code == 503)
                #expect(String(buffer: response.body) == #"{"detail":"fault injected by the sdkbench backend (503)"}"#)
            }
            try await client.execute(uri: "/api/performance/batch", method: .post, body: ByteBuffer(string: Self.batch)) { response in
                #expect(response.status.code == 200)
                #expect(String(buffer: response.body) == #"{"status":"success","received":1}"#)
            }
            try await client.execute(uri: "/_sdkbench/received/perf", method: .get) { response in
                #expect(String(buffer: response.body).hasPrefix(#"{"requests":2,"batches":1,"count":1,"app_versions":["1.5.0"]"#))
            }
        }
        #expect(records.requests(.hamon) == 0)
        #expect(plan.snapshot(of: records.services).map(\.service) == [.hamon])
    }

    @Test func everyRequestUnderAServicesPrefixIsItsOwnWhateverTheRoute() async throws {
        plan.set(.status(500), times: 1, for: .hamon)
        try await withClient { client in
            let expected: [(String, HTTPRequest.Method, Int, String)] = [
                ("/v1/users/u/event", .get, 500, #"{"detail":"fault injected by the sdkbench backend (500)"}"#),
                ("/v1/users/u/event", .get, 404, #"{"detail":"Not Found"}"#),
                ("/v1/users/u", .delete, 404, #"{"detail":"Not Found"}"#),
                ("/v1/users/u/other/path", .post, 404, #"{"detail":"Not Found"}"#),
                ("/v1/users", .get, 404, #"{"detail":"Not Found"}"#),
                ("/api/performance/batch", .get, 404, #"{"detail":"Not Found"}"#),
            ]
            for (uri, method, status, body) in expected {
                try await client.execute(uri: uri, method: method) { response in
                    #expect(response.status.code == status, "\(method) \(uri)")
                    #expect(String(buffer: response.body) == body, "\(method) \(uri)")
                }
            }
        }
        #expect(records.requests(.hamon) == 5)
        #expect(records.requests(.perf) == 1)
    }

    @Test func pathsNoServiceOwnsAreNeitherCountedNorFaulted() async throws {
        plan.set(.status(500), times: 1, for: .hamon)
        try await withClient { client in
            // Miataru answers under `/v1` and its call names at the root, so these are nobody's.
            for uri in ["/v2/elsewhere", "/usersX/u", "/v3/accountsX/A/mobile_events", "/api", "/UpdateLocationX"] {
                try await client.execute(uri: uri, method: .post) { response in #expect(response.status.code == 404, "\(uri)") }
            }
        }
        #expect(records.services.allSatisfy { records.requests($0) == 0 })
        #expect(plan.snapshot(of: records.services).count == 1)
    }

    /// Every service is served now, so the echo stands in for Sift's routes, taken out of the list.
    @Test func aNewServiceIsOneTypeInTheList() async throws {
        let echo = AccountEchoRoutes()
        let tests = BackendRouterTests(services: StandardGroups.all.map { $0.make(.none) }.filter { $0.service != .sift } + [echo])
        tests.plan.set(.status(429), times: 1, for: .sift)
        try await tests.withClient { client in
            for expected in [429, 200] {
                try await client.execute(uri: "/v3/accounts/A1/mobile_events", method: .put) { response in
                    #expect(response.status.code == expected)
                }
            }
            try await client.execute(uri: "/_sdkbench/received/sift", method: .get) { response in
                #expect(String(buffer: response.body) == #"{"requests":2,"accounts":["A1"]}"#)
            }
            try await client.execute(uri: "/_sdkbench/received/sift", method: .delete) { response in #expect(response.status.code == 200) }
            try await client.execute(uri: "/_sdkbench/status", method: .get) { response in
                #expect(String(buffer: response.body) == #"{"requests":{"hamon":0,"perf":0,"miataru":0,"sift":0},"faults":[],"held":0}"#)
            }
        }
        #expect(echo.recorder.receivedJSON(requests: 0, limit: nil) == #"{"requests":0,"accounts":[]}"#)
    }

    @Test func aBodyThatIsNotStrictJSONGetsFastAPIsAnswer() async throws {
        try await withClient { client in
            try await client.execute(uri: "/api/performance/batch", method: .post, body: ByteBuffer(string: #"{"entries":[01]}"#)) { response in
                #expect(response.status.code == 422)
                #expect(
                    String(buffer: response.body).contains(
                        #""loc":["body",13],"msg":"JSON decode error","input":{},"ctx":{"error":"Expecting ',' delimiter"}"#
                    )
                )
            }
            try await client.execute(uri: "/v1/users/u1", method: .patch, body: ByteBuffer(bytes: [0x7B, 0xFF, 0x7D])) { response in
                #expect(response.status.code == 400)
                #expect(String(buffer: response.body) == #"{"detail":"There was an error parsing the body"}"#)
            }
            try await client.execute(uri: "/v1/users/u1/event", method: .post, body: ByteBuffer(string: #"{"payload":"\ud800"}"#)) { response in
                #expect(response.status.code == 422)
                #expect(String(buffer: response.body).contains(#""ctx":{"error":"Lone surrogate in \\uXXXX escape"}"#))
            }
        }
        #expect(records.requests(.perf) == 1)
        #expect(records.requests(.hamon) == 2)
    }
}
