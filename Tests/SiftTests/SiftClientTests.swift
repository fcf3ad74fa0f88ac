import JSON
import Ping
import Platform
import SDKBenchTesting
import Testing
import Transport

@testable import Sift

/// The engine with a recording transport and a manual clock: no sockets, no real waits.
@Suite(.timeLimit(.minutes(1)))
struct SiftClientTests {
    final class Fixture: Sendable {
        let home = TemporaryDirectory("sift-test")
        let clock: ManualClock
        let transport: RecordingTransport
        /// What the client sends through, when not `transport` itself (a wrapper around it).
        let sender: (any HTTPTransport)?
        let notices = EventLog<SiftNotice>()

        init(
            _ transport: RecordingTransport = RecordingTransport(statuses: []),
            clock: ManualClock = ManualClock(),
            sender: (any HTTPTransport)? = nil
        ) {
            self.transport = transport
            self.clock = clock
            self.sender = sender
        }

        func makeClient(configured: Bool = true) throws -> SiftClient {
            var configuration = ClientConfiguration()
            configuration.standardHeaders = [:]
            let client = try SiftClient(
                configuration: SiftConfiguration(directory: home.path + "/sift", app: SiftApp(name: "sdkbench", version: "0.1.0")),
                http: PingClient(configuration: configuration, transport: sender ?? transport),
                clock: clock,
                machine: MachineFacts(
                    osName: "Debian GNU/Linux",
                    osVersion: "12",
                    kernelRelease: "6.1.0-test",
                    machine: "x86_64",
                    hostname: "testbox"
                ),
                sensors: SiftSensors(battery: { PowerSupply(level: 0.5, state: .charging) }, networkAddresses: { ["127.0.0.1", "10.1.2.3"] }),
                events: { [notices] in notices.record($0) }
            )
            if configured {
                client.setAccount("acct-1")
                client.setBeaconKey("beacon-key")
                client.setURLFormat(try SiftURLFormat("http://127.0.0.1:9/v3/accounts/%@/mobile_events"))
            }
            return client
        }

        deinit { home.remove() }
    }

    /// The `data` of a recorded request's gzipped list request, read back by compress-nio's peer zlib via Python.
    static func events(in request: WireRequest) async throws -> [JSONObject] {
        let work = TemporaryDirectory("sift-body")
        defer { work.remove() }
        let path = work.path + "/body.gz"
        try AtomicFile.write(request.body ?? [], to: path)
        let result = await ProcessRunner.run(
            "/usr/bin/env",
            ["python3", "-c", "import gzip,sys; sys.stdout.write(gzip.open(sys.argv[1]).read().decode())", path]
        )
        #expect(result.status == 0, "\(result.stderr)")
        guard case .object(let list) = try JSONParser.parse(result.stdout), case .array(let data)? = list["data"] else { return [] }
        return data.compactMap { if case .object(let event) = $0 { event } else { nil } }
    }

    @Test func aForcedUploadSendsOneGzippedPutThatAnIndependentReaderUnderstands() async throws {
        let fixture = Fixture()
        let sift = try fixture.makeClient()
        sift.setUser("user-1")
        _ = try sift.append(sift.makeEvent(type: "tap", path: "/checkout", fields: map(["button": "pay"])))
        let report = await sift.upload(force: true)
        #expect(report.deliveredEvents == 1 && report.uploader.batches == 0)
        let request = try #require(fixture.transport.requests.first)
        #expect(request.method == .put)
        #expect(request.url == "http://127.0.0.1:9/v3/accounts/acct-1/mobile_events")
        // base64("beacon-key") worked out independently: python3 -c 'import base64; print(base64.b64encode(b"beacon-key"))'
        #expect(request.headers[.authorization] == "Basic YmVhY29uLWtleQ==")
        #expect(request.headers[.contentType] == "application/json")
        #expect(request.headers[.contentEncoding] == "gzip")
        #expect(request.body?.prefix(2) == [0x1F, 0x8B], "a gzip member")
        let events = try await Self.events(in: request)
        #expect(events.count == 1)
        let event = try #require(events.first)
        #expect(event["time"] == .int(Int((fixture.clock.now() * 1000).rounded(.down))))
        #expect(event["mobile_event_type"] == .string("tap"))
        #expect(event["path"] == .string("/checkout"))
        #expect(event["user_id"] == .string("user-1"))
        #expect(event["installation_id"] == .string(sift.install.installationID))
        #expect(event["fields"] == .object(map(["button": "pay"])))
        #expect(sift.install.installationID.count == 16 && sift.install.installationID.allSatisfy(\.isHexDigit))
        await sift.close()
    }

    @Test func rejectsBackOffOnTheClockAndTheBatchIsDeliveredOnce() async throws {
        let fixture = Fixture(RecordingTransport(statuses: [500, 500]))
        let sift = try fixture.makeClient()
        _ = try sift.append(sift.makeEvent(type: "a"))
        let first = await sift.upload(force: true)
        #expect(first.deliveredEvents == 0 && first.uploader.rejects == 1)
        await fixture.clock.waitForSleeper()
        #expect(fixture.clock.pendingSleep == .seconds(5))
        fixture.clock.advance(by: .seconds(5))
        await fixture.transport.waitForRequests(2)
        await fixture.clock.waitForSleeper()
        #expect(fixture.clock.pendingSleep == .seconds(10))
        fixture.clock.advance(by: .seconds(10))
        await sift.waitUntilSettled(throughRetries: true)
        #expect(fixture.transport.requests.count == 3)
        #expect(sift.uploaderStatus().batches == 0 && sift.uploaderStatus().rejects == 0)
        #expect(fixture.notices.all.contains(.rejected(events: 1, status: 500, rejects: 2, retryIn: 10)))
        #expect(fixture.notices.all.contains(.delivered(events: 1, afterFailures: true)))
        await sift.close()
    }

    /// A device whose upload loop waits out a retry is not closed at once; one whose loop
    /// rested is, and refuses events afterwards (a load device at its run's end).
    @Test func onlyAClientWithNoUploadLoopClosesAtOnce() async throws {
        let fixture = Fixture(RecordingTransport(statuses: [500]))
        let sift = try fixture.makeClient()
        _ = try sift.append(sift.makeEvent(type: "a"))
        _ = await sift.upload(force: true)
        await fixture.clock.waitForSleeper()
        #expect(!sift.closeIfIdle())
        fixture.clock.advance(by: .seconds(5))
        await sift.waitUntilSettled(throughRetries: true)
        #expect(sift.uploaderStatus().batches == 0)
        #expect(sift.closeIfIdle())
        #expect(throws: SiftError.closed) { try sift.append(sift.makeEvent(type: "b")) }
        #expect(fixture.transport.requests.count == 2)
    }

    /// Waiting through retries counts what goes through meanwhile: one snapshot for the whole
    /// wait (a batch through on its third try was once reported as "delivered 0").
    @Test func waitingThroughRetriesCountsTheBatchDeliveredOnItsThirdTry() async throws {
        let fixture = Fixture(RecordingTransport(statuses: [500, 500]))
        let sift = try fixture.makeClient()
        _ = try sift.append(sift.makeEvent(type: "a"))
        await fixture.clock.waitForSleeper()
        let upload = Task { await sift.upload(force: true, throughRetriesFor: .seconds(50)) }
        // The upload has its snapshot once it waits through retries.
        while sift.state.withLock({ $0.waiters.isEmpty }) { await Task.yield() }
        fixture.clock.advance(by: .seconds(5))
        await fixture.transport.waitForRequests(2)
        await fixture.clock.waitForSleeper()
        fixture.clock.advance(by: .seconds(10))
        let (report, settled) = await upload.value
        #expect(settled)
        #expect(fixture.transport.requests.count == 3)
        #expect(report.deliveredEvents == 1 && report.deliveredBatches == 1)
        #expect(report.uploader.batches == 0 && report.uploader.rejects == 0)
        await sift.close()
    }

    @Test func aFourHundredDropsTheBatchAndSaysSo() async throws {
        let fixture = Fixture(RecordingTransport(statuses: [400]))
        let sift = try fixture.makeClient()
        _ = try sift.append(sift.makeEvent(type: "a"))
        let report = await sift.upload(force: true)
        #expect(report.dropped == [SiftDroppedBatch(events: 1, reason: .badRequest)])
        #expect(fixture.notices.all.contains(.dropped(events: 1, reason: .badRequest)))
        #expect(SystemFiles.size(fixture.home.path + "/sift/uploader.journal") == 0)
        await sift.close()
    }

    @Test func pausedEventsQueueAndGoOutOnResume() async throws {
        let fixture = Fixture()
        let sift = try fixture.makeClient()
        sift.pause()
        _ = try sift.append(sift.makeEvent(type: "a"))
        #expect(try sift.collectAppState() == .paused)
        let report = await sift.upload(force: true)
        #expect(report.transferred == 0 && fixture.transport.requests.isEmpty)
        sift.resume()
        await sift.waitUntilSettled(throughRetries: true)
        #expect(fixture.transport.requests.count == 1, "the first event was ready by the first-upload rule")
        await sift.close()
    }

    @Test func theSameDevicePropertiesAreTakenAgainOnlyAfterAnHour() async throws {
        let fixture = Fixture()
        let sift = try fixture.makeClient(configured: false)
        guard case .appended(let first) = try sift.collectDeviceProperties() else {
            Issue.record("not collected")
            return
        }
        #expect(first.outcome == .queued(depth: 1) && first.transferred == 1)
        let properties = try #require(first.event.iosDeviceProperties)
        #expect(properties["device_name"] == .string("testbox") && properties["device_system_version"] == .string("12"))
        #expect(properties["device_kernel_version"] == .string("6.1.0-test") && properties["mobile_carrier_name"] == nil)
        guard case .appended(let second) = try sift.collectDeviceProperties() else {
            Issue.record("not collected")
            return
        }
        #expect(second.outcome == .droppedSameEvent(acceptAgainAfterMillis: first.event.time + 3_600_000))
        fixture.clock.advance(by: .seconds(3600))
        guard case .appended(let third) = try sift.collectDeviceProperties() else {
            Issue.record("not collected")
            return
        }
        #expect(third.outcome == .queued(depth: 1))
        guard case .appended(let state) = try sift.collectAppState(titles: ["Home"]) else {
            Issue.record("not collected")
            return
        }
        #expect(state.event.iosAppState?["battery_state"] == .string("ui_device_battery_state_charging"))
        #expect(state.event.iosAppState?["location"] == nil, "no location was set")
        await sift.close()
    }

    @Test func theArchivesSurviveACrashAndAreRestoredWithANotice() async throws {
        let fixture = Fixture()
        let sift = try fixture.makeClient(configured: false)
        for index in 1...5 { _ = try sift.append(sift.makeEvent(type: "e\(index)")) }
        #expect(sift.uploaderStatus().batches == 1, "the first event went into a batch at once")
        sift.abandonLikeAKilledProcess()

        let restarted = try fixture.makeClient(configured: false)
        #expect(fixture.notices.all.contains(.restored(events: 4, batches: 1, rejects: 0, unreadable: 0)))
        let queue = try #require(restarted.queueStatuses().first)
        #expect(queue.count == 4 && queue.lastUploadMillis > 0 && !queue.readiness.isReady, "the last upload time came back")
        restarted.setAccount("acct-1")
        restarted.setBeaconKey("k")
        restarted.setURLFormat(try SiftURLFormat("http://127.0.0.1:9/{account}"))
        let report = await restarted.upload(force: true)
        #expect(report.deliveredEvents == 5 && report.deliveredBatches == 2)
        var types: [String] = []
        for request in fixture.transport.requests {
            types += try await Self.events(in: request).compactMap { $0["mobile_event_type"].map(\.plainText) }
        }
        #expect(types == ["e1", "e2", "e3", "e4", "e5"])
        await restarted.close()
        let again = try fixture.makeClient(configured: false)
        #expect(again.queueStatuses().allSatisfy { $0.count == 0 } && again.uploaderStatus().batches == 0)
        await again.close()
    }

    /// A batch is gzipped when it is made, on the thread that queues, and sent as it was made.
    @Test func aBatchIsGzippedWhenMadeAndSentAsMade() async throws {
        let fixture = Fixture()
        let sift = try fixture.makeClient(configured: false)
        _ = try sift.append(sift.makeEvent(type: "tap"))
        let batch = try #require(sift.state.withLock { $0.uploader.batches.first })
        let gzipped = try #require(batch.gzipped)
        #expect(gzipped == (try SiftClient.gzip(batch.body)))
        sift.setAccount("acct-1")
        sift.setBeaconKey("k")
        sift.setURLFormat(try SiftURLFormat("http://127.0.0.1:9/{account}"))
        #expect(await sift.upload(force: true).deliveredEvents == 1)
        let request = try #require(fixture.transport.requests.first)
        #expect(request.body == gzipped)
        #expect(try await Self.events(in: request).map { $0["mobile_event_type"] } == [.string("tap")])
        await sift.close()
    }

    @Test func aRejectCountIsArchivedWithTheBatch() async throws {
        let fixture = Fixture(RecordingTransport(statuses: [500]))
        let sift = try fixture.makeClient()
        _ = try sift.append(sift.makeEvent(type: "a"))
        _ = await sift.upload(force: true)
        sift.abandonLikeAKilledProcess()
        let restarted = try fixture.makeClient(configured: false)
        #expect(restarted.uploaderStatus().rejects == 1 && restarted.uploaderStatus().batches == 1)
        await restarted.close()
    }

    @Test func malformedEventsAreDroppedWithTheReason() throws {
        let fixture = Fixture()
        let sift = try fixture.makeClient()
        let result = try sift.append(sift.makeEvent(type: "a", fields: map(["n": .int(1)])))
        #expect(result.outcome == .droppedMalformed("fields.n is a number, not a string (fields must map strings to strings)"))
        #expect(sift.queueStatuses().allSatisfy { $0.count == 0 })
        sift.abandonLikeAKilledProcess()
    }
}
