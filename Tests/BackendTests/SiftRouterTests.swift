import Hummingbird
import HummingbirdTesting
import Testing

@testable import Backend
@testable import SiftBackend

/// Sift's paths through the router `LocalBackend` builds: the SDK's headers, faults, the other
/// methods, and `/_sdkbench/sift-key`.
struct SiftRouterTests {
    let records: BackendRecords
    let plan = FaultPlan()
    let router: Router<BackendContext>
    let sift: SiftRoutes

    typealias Bodies = SiftTestBodies

    init() {
        let services = StandardGroups.all.map { $0.make(.none) }
        records = BackendRecords(services)
        router = BackendRouter.make(services: services, records: records, plan: plan, holds: HeldRequests())
        sift = services.compactMap { $0 as? SiftRoutes }[0]
    }

    private func withClient(_ test: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await Application(router: router).test(.router, test)
    }

    private static func headers(key: String) -> HTTPFields {
        [.authorization: Bodies.basic(key), .contentType: "application/json", .contentEncoding: "gzip"]
    }

    private static let body = ByteBuffer(bytes: Bodies.gzip(Bodies.list([Bodies.event()])))

    @Test func anUploadWithTheSDKsHeadersIsStored() async throws {
        try await withClient { client in
            try await client.execute(uri: "/v3/accounts/acct9/mobile_events", method: .put, headers: Self.headers(key: "k"), body: Self.body) {
                response in
                #expect(response.status.code == 200)
                #expect(String(buffer: response.body) == #"{"status":0,"error_message":"OK"}"#)
            }
            try await client.execute(uri: "/_sdkbench/received/sift", method: .get) { response in
                let text = String(buffer: response.body)
                #expect(text.hasPrefix(#"{"requests":1,"batches":1,"count":1,"#), "\(text)")
                #expect(text.contains(#""accounts":{"acct9":1}"#))
            }
        }
    }

    @Test func faultsApplyBeforeTheRoute() async throws {
        plan.set(.status(500), times: 2, for: .sift)
        try await withClient { client in
            for expected in [500, 500, 200] {
                try await client.execute(uri: "/v3/accounts/a/mobile_events", method: .put, headers: Self.headers(key: "k"), body: Self.body) {
                    response in
                    #expect(response.status.code == expected)
                }
            }
        }
        #expect(records.requests(.sift) == 3)
        #expect(sift.recorder.receivedJSON(requests: 3, limit: nil).hasPrefix(#"{"requests":3,"batches":1,"count":1,"duplicates":0,"refused":0"#))
    }

    @Test func anotherMethodIsA405NamingPut() async throws {
        try await withClient { client in
            try await client.execute(uri: "/v3/accounts/a/mobile_events", method: .post, body: Self.body) { response in
                #expect(response.status.code == 405)
                #expect(response.headers[.allow] == "PUT")
                #expect(
                    String(buffer: response.body) == #"{"status":57,"error_message":"POST is not allowed here: mobile events are sent with PUT"}"#
                )
            }
            for uri in ["/v3/accounts/a", "/v3/accounts/a/mobile_events/x", "/v3/accounts//mobile_events"] {
                try await client.execute(uri: uri, method: .put, body: Self.body) { response in #expect(response.status.code == 404, "\(uri)") }
            }
        }
        #expect(records.requests(.sift) == 4)
    }

    @Test func theControlRouteSetsAndClearsTheKeyWithoutShowingIt() async throws {
        let key = "S3CRET-control"
        try await withClient { client in
            try await client.execute(uri: "/_sdkbench/sift-key", method: .post, body: ByteBuffer(string: #"{"key":"\#(key)"}"#)) { response in
                #expect(response.status.code == 200)
                #expect(String(buffer: response.body) == #"{"sift_auth":"key"}"#)
            }
            for (used, status) in [("other", 401), (key, 200)] {
                try await client.execute(uri: "/v3/accounts/a/mobile_events", method: .put, headers: Self.headers(key: used), body: Self.body) {
                    response in
                    #expect(response.status.code == status, "\(used)")
                    #expect(!String(buffer: response.body).contains(key))
                }
            }
            try await client.execute(uri: "/_sdkbench/sift-key", method: .get) { response in
                #expect(String(buffer: response.body) == #"{"sift_auth":"key"}"#)
            }
            for bad in [#"{"key":""}"#, #"{"key":1}"#, "key", #"{"key":"\#(String(repeating: "k", count: 1025))"}"#] {
                try await client.execute(uri: "/_sdkbench/sift-key", method: .post, body: ByteBuffer(string: bad)) { response in
                    #expect(response.status.code == 400, "\(bad)")
                }
            }
            try await client.execute(uri: "/_sdkbench/sift-key", method: .delete) { response in
                #expect(String(buffer: response.body) == #"{"sift_auth":"any"}"#)
            }
            try await client.execute(uri: "/v3/accounts/a/mobile_events", method: .put, headers: Self.headers(key: "other"), body: Self.body) {
                response in
                #expect(response.status.code == 200)
            }
            try await client.execute(uri: "/_sdkbench/received/sift", method: .get) { response in
                #expect(!String(buffer: response.body).contains(key))
            }
        }
        // The control routes are the backend's, not Sift's: only the three uploads were counted.
        #expect(records.requests(.sift) == 3)
    }
}
