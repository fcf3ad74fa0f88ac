import Platform
import Testing

import DurableQueue
import SDKBenchTesting

/// The journal stores records through a shared map of its file, which runs on past the records
/// with zeros: what a killed process leaves must replay as the records alone.
@Suite(.timeLimit(.minutes(1)))
struct JournalMapTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// The file as a process killed now would leave it, opened as a journal of its own.
    private func reopenCopy(of path: String, in home: TemporaryDirectory) throws -> (journal: Journal, restored: [JournalRecord], skipped: Int) {
        let copy = home.path + "/copy-\(UInt32.random(in: 0...UInt32.max)).journal"
        let raw = try FileReader.readBytes(path)
        try AtomicFile.write(to: copy) { descriptor throws(FileError) in try AtomicFile.writeAll(descriptor, raw, path: copy) }
        return try Journal.open(path: copy)
    }

    @Test func recordsStoredThroughTheMapAreInTheFileBeforeAnyClose() throws {
        let home = TemporaryDirectory("journal-map-test")
        defer { home.remove() }
        let path = home.path + "/q.journal"
        let (journal, _, _) = try Journal.open(path: path)
        defer { journal.close() }
        for index in 0..<3 { _ = try journal.append(bytes("{\"i\":\(index)}")) { $0 } }
        try journal.acknowledge(0, 0, count: 1)

        let written = bytes("+0 {\"i\":0}\n+1 {\"i\":1}\n+2 {\"i\":2}\n-0 0\n")
        let raw = try FileReader.readBytes(path)
        #expect(Array(raw.prefix(written.count)) == written)
        #expect(raw.count > written.count && raw.dropFirst(written.count).allSatisfy { $0 == 0 }, "the map reserves room past the records")
        let copy = try reopenCopy(of: path, in: home)
        defer { copy.journal.close() }
        #expect(copy.restored == [JournalRecord(seq: 1, bytes: bytes("{\"i\":1}")), JournalRecord(seq: 2, bytes: bytes("{\"i\":2}"))])
        #expect(copy.skipped == 0)
    }

    @Test func aRecordCutShortBeforeTheZerosIsSkipped() throws {
        let home = TemporaryDirectory("journal-map-test")
        defer { home.remove() }
        home.write("q.journal", "+0 {}\n+1 {\"b\"" + String(repeating: "\0", count: 4096))
        let (journal, restored, skipped) = try Journal.open(path: home.path + "/q.journal")
        #expect(restored == [JournalRecord(seq: 0, bytes: bytes("{}"))])
        #expect(skipped == 1)
        #expect(try journal.append(bytes("{}")) { $0 } == 1)
        journal.close()
        #expect(home.read("q.journal") == "+0 {}\n+1 {}\n")
    }

    /// Past the first map's size the file and the map grow; every record is kept in order, and a
    /// closed journal is its records with no zeros after them.
    @Test func theMapGrowsAndACloseLeavesTheRecordsAlone() throws {
        let home = TemporaryDirectory("journal-map-test")
        defer { home.remove() }
        let path = home.path + "/q.journal"
        let (journal, _, _) = try Journal.open(path: path)
        let item = "{\"pad\":\"" + String(repeating: "x", count: 200) + "\"}"
        for _ in 0..<5_000 { _ = try journal.append(bytes(item)) { $0 } }

        let copy = try reopenCopy(of: path, in: home)
        #expect(copy.restored.count == 5_000)
        #expect(copy.restored.map(\.seq) == Array(0..<5_000))
        copy.journal.close()
        journal.close()
        let closed = try FileReader.readBytes(path)
        #expect(!closed.contains(0))
        #expect(closed.count == (0..<5_000).reduce(0) { $0 + 3 + String($1).utf8.count + item.utf8.count })
    }

    @Test func anEmptiedJournalTakesRecordsAgain() throws {
        let home = TemporaryDirectory("journal-map-test")
        defer { home.remove() }
        let path = home.path + "/q.journal"
        let (journal, _, _) = try Journal.open(path: path)
        defer { journal.close() }
        _ = try journal.append(bytes("{\"a\":1}")) { $0 }
        try journal.rewrite { [] }
        #expect(SystemFiles.size(path) == 0)
        _ = try journal.append(bytes("{\"b\":2}")) { $0 }
        let copy = try reopenCopy(of: path, in: home)
        defer { copy.journal.close() }
        #expect(copy.restored == [JournalRecord(seq: 1, bytes: bytes("{\"b\":2}"))])
    }

    @Test func anItemHoldingALineBreakOrANULIsRefused() throws {
        let home = TemporaryDirectory("journal-map-test")
        defer { home.remove() }
        let (journal, _, _) = try Journal.open(path: home.path + "/q.journal")
        defer { journal.close() }
        #expect(throws: JournalError.self) { try journal.append(bytes("{\"a\":\n1}")) { $0 } }
        #expect(throws: JournalError.self) { try journal.append([0x7B, 0, 0x7D]) { $0 } }
        #expect(try journal.append(bytes("{}")) { $0 } == 0, "a refused item takes no number")
    }
}
