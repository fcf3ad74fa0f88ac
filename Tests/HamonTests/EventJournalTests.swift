import Testing

import SDKBenchTesting
import Transport
@testable import Hamon

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

@Suite(.timeLimit(.minutes(1)))
struct EventJournalTests {
    @Test func eventsNotAcknowledgedAreRestoredByTheNextEngineInOrder() async throws {
        let fixture = HamonClientTests.Fixture(RecordingTransport { _, index in
            index < 2 ? .success(WireResponse(status: 200)) : .failure(.networkUnavailable("down"))
        })
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

    @Test func aTornLastRecordIsSkippedAndTheRestRestored() throws {
        let home = TemporaryDirectory("journal-test")
        defer { home.remove() }
        let path = home.path + "/queue.journal"
        home.write("queue.journal", "+0 {\"uuid\":\"A\",\"timestamp\":1,\"name\":\"a\",\"parameters\":{}}\n+1 {\"uuid\":\"B\",\"timestamp\":2,\"name\":\"b\",\"parameters\":{}}\n-0 0\n+2 {\"uuid\":\"C\",\"ti")
        let (journal, records, skipped) = try EventJournal.open(path: path)
        #expect(records.map(\.seq) == [1])
        #expect(skipped == 1)
        // The torn record never made it, so its number is free again.
        #expect(try journal.append(Array("{}".utf8)) == 2)
        journal.close()
        #expect(home.read("queue.journal") == "+1 {\"uuid\":\"B\",\"timestamp\":2,\"name\":\"b\",\"parameters\":{}}\n+2 {}\n")
    }

    @Test func aSecondProcessCannotTakeTheSameQueue() throws {
        let home = TemporaryDirectory("journal-test")
        defer { home.remove() }
        let (journal, _, _) = try EventJournal.open(path: home.path + "/q.journal")
        defer { journal.close() }
        #expect(throws: HamonError.self) { try EventJournal.open(path: home.path + "/q.journal") }
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

    @Test func clearingTheQueueEmptiesTheJournal() throws {
        let fixture = HamonClientTests.Fixture()
        let client = try fixture.makeClient()
        for index in 0..<5 { try client.log("e\(index)") }
        #expect(fixture.home.read("hamon/queue.journal")?.split(separator: "\n").count == 5)
        #expect(try client.clearQueue() == 5)
        #expect(fixture.home.read("hamon/queue.journal") == "")
    }
}
