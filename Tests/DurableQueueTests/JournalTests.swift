import DurableQueue
import SDKBenchTesting
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(1)))
struct JournalTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aTornLastRecordIsSkippedAndTheRestRestored() throws {
        let home = TemporaryDirectory("journal-test")
        defer { home.remove() }
        let path = home.path + "/queue.journal"
        home.write("queue.journal", "+0 {\"a\":1}\n+1 {\"b\":2}\n-0 0\n+2 {\"c\":")
        let (journal, records, skipped) = try Journal.open(path: path)
        #expect(records == [JournalRecord(seq: 1, bytes: bytes("{\"b\":2}"))])
        #expect(skipped == 1)
        // The torn record never made it, so its number is free again.
        #expect(try journal.append(bytes("{}")) { $0 } == 2)
        journal.close()
        #expect(home.read("queue.journal") == "+1 {\"b\":2}\n+2 {}\n")
    }

    @Test func recordsTheCallerRefusesAreSkippedAndCounted() throws {
        let home = TemporaryDirectory("journal-test")
        defer { home.remove() }
        home.write("q.journal", "+0 {\"a\":1}\n+1 garbage\nnonsense\n+2 {}\n")
        let (journal, records, skipped) = try Journal.open(path: home.path + "/q.journal") { $0.first == UInt8(ascii: "{") }
        defer { journal.close() }
        #expect(records.map(\.seq) == [0, 2])
        #expect(skipped == 2)
    }

    @Test func aSecondOpenerIsRefusedWhileTheFirstHoldsIt() throws {
        let home = TemporaryDirectory("journal-test")
        defer { home.remove() }
        let (journal, _, _) = try Journal.open(path: home.path + "/q.journal")
        #expect(throws: JournalError.self) { try Journal.open(path: home.path + "/q.journal") }
        journal.close()
        let (again, _, _) = try Journal.open(path: home.path + "/q.journal")
        again.close()
    }

    /// Compaction keeps exactly the live records, in order, with their numbers, and the next
    /// append continues the numbering.
    @Test func compactionKeepsTheLiveRecordsAndTheNumbering() throws {
        let home = TemporaryDirectory("journal-test")
        defer { home.remove() }
        let path = home.path + "/q.journal"
        let (journal, _, _) = try Journal.open(path: path)
        var live: [JournalRecord] = []
        for index in 0..<(Journal.compactionThreshold + 10) {
            let record = JournalRecord(seq: try journal.append(bytes("{\"i\":\(index)}")) { $0 }, bytes: bytes("{\"i\":\(index)}"))
            live.append(record)
            // Deliver everything but every 1000th record.
            if index % 1000 != 0 {
                try journal.acknowledge(record.seq, record.seq, count: 1)
                live.removeLast()
            }
        }
        #expect(journal.deadRecordCount > Journal.compactionThreshold)
        #expect(journal.wantsCompaction(live: live.count))
        #expect(!journal.wantsCompaction(live: journal.deadRecordCount))
        try journal.rewrite { live }
        #expect(journal.deadRecordCount == 0)
        let next = try journal.append(bytes("{\"next\":1}")) { $0 }
        #expect(next == Journal.compactionThreshold + 10)
        journal.close()
        let (reopened, restored, skipped) = try Journal.open(path: path)
        defer { reopened.close() }
        #expect(skipped == 0)
        #expect(restored == live + [JournalRecord(seq: next, bytes: bytes("{\"next\":1}"))])
        #expect(home.read("q.journal")?.split(separator: "\n").count == live.count + 1)
    }

    /// A rewrite's copy is taken under the journal's lock: an append made from another thread
    /// lands either in the copy or after the rewrite, never between.
    @Test func anAppendDuringARewriteIsNotLost() async throws {
        let home = TemporaryDirectory("journal-test")
        defer { home.remove() }
        let path = home.path + "/q.journal"
        let (journal, _, _) = try Journal.open(path: path)
        let queue = Queue()
        let writer = Task.detached {
            for index in 0..<2000 {
                try journal.append(Array("{\"i\":\(index)}".utf8)) { seq in queue.add(JournalRecord(seq: seq, bytes: Array("{\"i\":\(index)}".utf8)))
                }
            }
        }
        for _ in 0..<50 { try journal.rewrite { queue.all } }
        try await writer.value
        journal.close()
        let (reopened, restored, _) = try Journal.open(path: path)
        reopened.close()
        #expect(restored.count == 2000)
        #expect(restored == queue.all)
    }

    final class Queue: Sendable {
        private let records = Mutex<[JournalRecord]>([])
        func add(_ record: JournalRecord) { records.withLock { $0.append(record) } }
        var all: [JournalRecord] { records.withLock { $0 } }
    }
}
