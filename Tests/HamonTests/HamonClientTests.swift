import JSON
import Ping
import SDKBenchTesting
import Testing
import Transport

@testable import Hamon

/// The engine with a recording transport and a manual clock: no sockets, no sleeps.
@Suite(.timeLimit(.minutes(1)))
struct HamonClientTests {
    /// An engine in a fresh state directory, and what it reported.
    final class Fixture: Sendable {
        let home = TemporaryDirectory("hamon-test")
        let clock = ManualClock()
        let transport: RecordingTransport
        let notices = EventLog<HamonNotice>()

        init(_ transport: RecordingTransport = RecordingTransport()) { self.transport = transport }

        func makeClient() throws -> HamonClient {
            var configuration = ClientConfiguration()
            configuration.standardHeaders = [:]
            let client = try HamonClient(
                configuration: HamonConfiguration(
                    journalPath: home.path + "/hamon/queue.journal",
                    installPath: home.path + "/hamon/install.json",
                    app: AppIdentity(version: "1.2.3", versionCode: 7)
                ),
                client: PingClient(configuration: configuration, transport: transport),
                clock: clock,
                device: DeviceFacts(locale: "en_US", osVersion: "12", kernelRelease: "6.1.0"),
                events: { [notices] in notices.record($0) }
            )
            client.configure(server: HamonEndpoint(host: "10.0.0.5:8000"))
            return client
        }

        deinit { home.remove() }
    }

    /// The members of an object value; `nil` for any other value.
    static func object(_ value: Value) -> JSONObject? {
        if case .object(let object) = value { object } else { nil }
    }

    /// The events of a recorded request, decrypted.
    static func events(in request: WireRequest) throws -> [JSONObject] {
        let body = try JSONParser.parse(String(decoding: request.body ?? [], as: UTF8.self))
        guard case .object(let outer) = body, case .string(let payload)? = outer["payload"] else { throw HamonError.journal("no payload") }
        let plain = try JSONParser.parse(String(decoding: try HamonCipher.decrypt(payload), as: UTF8.self))
        guard case .object(let batch) = plain, case .array(let items)? = batch["events"] else { return [] }
        return items.compactMap { if case .object(let event) = $0 { event } else { nil } }
    }

    static func object(_ pairs: KeyValuePairs<String, Value>) -> JSONObject {
        guard case .object(let object) = Value.object(pairs) else { return JSONObject() }
        return object
    }

    static func names(_ events: [JSONObject]) -> [String] { events.map { $0["name"]?.plainText ?? "?" } }

    @Test func eventsWaitForAUserIdWithOneNotice() async throws {
        let fixture = Fixture()
        let client = try fixture.makeClient()
        for index in 0..<12 { try client.log("e\(index)") }
        let report = await client.flush()
        #expect(report.waitingForUser)
        #expect(report.delivered == 0)
        #expect(fixture.transport.requests.isEmpty)
        #expect(fixture.notices.waitingCount == 1)
        #expect(client.queueDepth == 12)
    }

    /// The SDK sets only Content-Type; URLSession adds its Accept-Encoding, as on every request.
    @Test func theTenthEventFlushesTheBatchEncryptedWithOnlyTheContentTypeHeaderOfItsOwn() async throws {
        let fixture = Fixture()
        let client = try fixture.makeClient()
        _ = await client.setUser("user-1")
        #expect(fixture.transport.requests.count == 1)
        for index in 0..<9 { try client.log("e\(index)", parameters: Self.object(["i": .int(index)])) }
        #expect(fixture.transport.requests.count == 1)
        try client.log("e9", parameters: Self.object(["price": 9.99, "tags": ["a", "b"], "ok": true]))
        await fixture.transport.waitForRequests(2)
        let request = fixture.transport.requests[1]
        #expect(request.method == .post)
        #expect(request.url == "http://10.0.0.5:8000/v1/users/user-1/event")
        #expect(request.headers.map(\.name.rawName) == ["Content-Type", "Accept-Encoding"])
        let events = try Self.events(in: request)
        #expect(Self.names(events) == (0..<10).map { "e\($0)" })
        #expect(events[9]["parameters"] == .object(["price": 9.99, "tags": ["a", "b"], "ok": true]))
        #expect(Set(events.compactMap { $0["uuid"]?.plainText }).count == 10)
        #expect(events.allSatisfy { if case .int = $0["timestamp"] { true } else { false } })
    }

    /// A client with events to send is not closed in passing: only one with nothing queued, in
    /// flight or being flushed (a load device that flushed before its run ended).
    @Test func onlyAnIdleClientClosesWithoutAFlush() async throws {
        let fixture = Fixture()
        let client = try fixture.makeClient()
        try client.log("waits-for-a-user")
        #expect(!client.closeIfIdle())
        _ = await client.setUser("u")
        let report = await client.flush()
        #expect(report.delivered == 1)
        #expect(client.closeIfIdle())
        #expect(fixture.transport.requests.count == 2)
    }

    @Test func tenSecondsAfterTheFirstEventTheTimerFlushes() async throws {
        let fixture = Fixture()
        let client = try fixture.makeClient()
        _ = await client.setUser("u")
        try client.log("first")
        fixture.clock.advance(by: .seconds(4))
        try client.log("second")
        fixture.clock.advance(by: .seconds(5.9))
        client.tick()
        #expect(fixture.transport.requests.count == 1)
        fixture.clock.advance(by: .seconds(0.1))
        client.tick()
        await fixture.transport.waitForRequests(2)
        #expect(Self.names(try Self.events(in: fixture.transport.requests[1])) == ["first", "second"])
    }

    @Test func aServerErrorIsRetriedOnceAfterTwoSecondsOnTheClock() async throws {
        let fixture = Fixture(RecordingTransport(statuses: [200, 503, 200]))
        let client = try fixture.makeClient()
        _ = await client.setUser("u")
        try client.log("only")
        let flushing = Task { await client.flush() }
        await fixture.clock.waitForSleeper()
        #expect(fixture.transport.requests.count == 2)
        #expect(fixture.clock.pendingSleep == .seconds(2))
        fixture.clock.advance(by: .seconds(1.9))
        #expect(fixture.transport.requests.count == 2)
        fixture.clock.advance(by: .seconds(0.1))
        let report = await flushing.value
        #expect(report.delivered == 1 && report.failure == nil)
        #expect(fixture.transport.requests.count == 3)
        #expect(fixture.transport.requests[1].body == fixture.transport.requests[2].body)
    }

    @Test func aFailedBatchGoesBackToTheFrontInOrderAndIsSentWithLaterEvents() async throws {
        let fixture = Fixture(RecordingTransport(statuses: [200, 500, 500, 400]))
        let client = try fixture.makeClient()
        _ = await client.setUser("u")
        for name in ["a", "b", "c"] { try client.log(name) }
        let flushing = Task { await client.flush() }
        await fixture.clock.waitForSleeper()
        fixture.clock.advance(by: .seconds(2))
        let failed = await flushing.value
        #expect(failed.failure == .status(500, body: #"{"detail":"scripted"}"#))
        #expect(failed.remaining == 3)
        try client.log("d")
        let refused = await client.flush()
        #expect(refused.failure == .status(400, body: #"{"detail":"scripted"}"#))
        let delivered = await client.flush()
        #expect(delivered.delivered == 4 && delivered.remaining == 0)
        let sent = fixture.transport.requests
        #expect(Self.names(try Self.events(in: sent[3])) == ["a", "b", "c", "d"])
        #expect(Self.names(try Self.events(in: sent[4])) == ["a", "b", "c", "d"])
        #expect(try Self.events(in: sent[1]).map { $0["uuid"] } == Array(try Self.events(in: sent[4]).map { $0["uuid"] }.prefix(3)))
    }

    @Test func validationErrorsCarryFastAPIDetails() async throws {
        let body =
            #"{"detail":[{"loc":["body","events",0,"timestamp"],"msg":"value is not a valid integer","type":"type_error.integer"},{"loc":["body","name"],"msg":"field required","type":"value_error.missing"}]}"#
        let fixture = Fixture(
            RecordingTransport { _, index in
                .success(WireResponse(status: index == 0 ? 200 : 422, body: Array(body.utf8)))
            }
        )
        let client = try fixture.makeClient()
        _ = await client.setUser("u")
        try client.log("x")
        let report = await client.flush()
        #expect(fixture.transport.requests.count == 2)
        guard case .validation(let details)? = report.failure else {
            Issue.record("expected validation details, got \(String(describing: report.failure))")
            return
        }
        #expect(
            details.map(\.line) == [
                "Field: body.events.0.timestamp, Message: value is not a valid integer", "Field: body.name, Message: field required",
            ]
        )
        #expect(details[1].type == "value_error.missing")
        #expect(report.remaining == 1)
    }

    @Test func noAnswerKeepsTheEventsAndSaysWhy() async throws {
        let fixture = Fixture(
            RecordingTransport { _, index in
                index == 0 ? .success(WireResponse(status: 200)) : .failure(.timeout(seconds: 30))
            }
        )
        let client = try fixture.makeClient()
        _ = await client.setUser("u")
        try client.log("x")
        let report = await client.flush()
        #expect(report.failure == .network(.timeout(seconds: 30)))
        #expect(client.queuedEvents().map(\.name) == ["x"])
    }

    @Test func theUserDataHasEverySeedKeyAndIsPatched() async throws {
        let fixture = Fixture()
        let client = try fixture.makeClient()
        _ = await client.setFCM("token-1")
        #expect(fixture.transport.requests.isEmpty)
        let report = await client.setUser("user 1")
        #expect(report.failure == nil)
        let request = fixture.transport.requests[0]
        #expect(request.method == .patch)
        #expect(request.url == "http://10.0.0.5:8000/v1/users/user%201")
        let body = try JSONParser.parse(String(decoding: request.body ?? [], as: UTF8.self))
        guard case .object(let outer) = body, case .string(let payload)? = outer["payload"],
            case .object(let user) = try JSONParser.parse(String(decoding: try HamonCipher.decrypt(payload), as: UTF8.self))
        else {
            Issue.record("no user object")
            return
        }
        for key in UserData.seedKeys { #expect(user[key] != nil, "\(key) missing") }
        #expect(user["firebase_token"] == "token-1")
        #expect(user["geo"] == "US")
        #expect(user["locale"] == "en_US")
        #expect(user["build_id"] == "6.1.0")
        #expect(user["is_limited_ad_tracking"] == false)
        #expect(user["app_version"] == "1.2.3")
        #expect(user["app_version_code"] == 7)
        #expect(user["referrer"] == .null)
    }

    @Test func theAdvertisingIdIsStableAcrossRuns() throws {
        let fixture = Fixture()
        let client = try fixture.makeClient()
        let first = client.userData
        client.abandonLikeAKilledProcess()
        let second = try fixture.makeClient().userData
        let a = try #require(Self.object(first))
        let b = try #require(Self.object(second))
        #expect(a["advertising_id"] == b["advertising_id"])
        #expect(a["advertising_id"]?.plainText.count == 36)
    }
}

/// What the engine reported, sorted for the assertions.
extension EventLog<HamonNotice> {
    var waitingCount: Int { all.filter { if case .waitingForUser = $0 { true } else { false } }.count }

    var restored: [Int] { all.compactMap { if case .restored(let count, _) = $0 { count } else { nil } } }
}
