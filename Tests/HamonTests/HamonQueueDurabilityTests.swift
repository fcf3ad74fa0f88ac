import SDKBenchTesting
import Testing
import Transport

@testable import Hamon

@Suite(.timeLimit(.minutes(1)))
struct HamonQueueDurabilityTests {
    @Test func eventsNotAcknowledgedAreRestoredByTheNextEngineInOrder() async throws {
        let fixture = HamonClientTests.Fixture(
            RecordingTransport { _, index in
                index < 2 ? .success(WireResponse(status: 200)) : .failure(.networkUnavailable("down"))
            }
        )
        var uuids: [String] = []
        do {
            let client = try fixture.makeClient()
            _ = await client.setUser("u")
            for index in 0..<10 { uuids.append(try client.log("e\(index)").uuid) }
            await fixture.transport.waitForRequests(2)
            for index in 10..<13 { uuids.append(try client.log("e\(index)").uuid) }
            #expect(await client.flush().failure != nil)
            // No shutdown: the files are let go as a killed process would leave them.
            client.abandonLikeAKilledProcess()
        }
        let delivered = try HamonClientTests.events(in: fixture.transport.requests[1]).compactMap { $0["uuid"]?.plainText }
        let restarted = try fixture.makeClient()
        let restored = restarted.queuedEvents().map(\.uuid)
        #expect(restored.count == 3)
        #expect(restarted.restoredCount == 3)
        #expect(fixture.notices.restored == [restored.count])
        #expect(Set(delivered).union(restored) == Set(uuids))
        #expect(Set(delivered).isDisjoint(with: restored))
        #expect(restored == uuids.filter { !delivered.contains($0) })
    }

    @Test func theJournalIsEmptiedOnceEverythingIsDelivered() async throws {
        let fixture = HamonClientTests.Fixture()
        let client = try fixture.makeClient()
        _ = await client.setUser("u")
        for index in 0..<25 { try client.log("e\(index)") }
        let report = await client.flush()
        #expect(report.remaining == 0)
        #expect(fixture.home.read("hamon/queue.journal") == "")
        _ = try client.clearQueue()
    }

    /// An event logged while a flush answers and rewrites the journal is neither lost from the
    /// file nor sent twice.
    @Test func eventsLoggedDuringAFlushStayInTheJournal() async throws {
        let fixture = HamonClientTests.Fixture()
        let client = try fixture.makeClient()
        _ = await client.setUser("u")
        for index in 0..<3 { try client.log("early\(index)") }
        async let flushed = client.flush()
        for index in 0..<50 { try client.log("during\(index)") }
        _ = await flushed
        client.abandonLikeAKilledProcess()
        let restarted = try fixture.makeClient()
        let restored = Set(restarted.queuedEvents().map(\.name))
        let sent = try fixture.transport.requests.dropFirst().flatMap { try HamonClientTests.events(in: $0) }.compactMap { $0["name"]?.plainText }
        #expect(Set(sent).union(restored).isSuperset(of: (0..<50).map { "during\($0)" }))
        #expect(Set(sent).isDisjoint(with: restored))
    }

    @Test func clearingTheQueueEmptiesTheJournal() throws {
        let fixture = HamonClientTests.Fixture()
        let client = try fixture.makeClient()
        for index in 0..<5 { try client.log("e\(index)") }
        #expect(fixture.home.read("hamon/queue.journal")?.split(separator: "\n").count == 5)
        #expect(try client.clearQueue() == 5)
        #expect(fixture.home.read("hamon/queue.journal") == "")
    }
}
