import DurableQueue
import Platform

/// The durable copy of an analytics destination's unsent timings: one journal per endpoint,
/// `<directory>/<hash>.journal`, with the endpoint and the destination's settings beside it in
/// `<hash>.url` so a later run can restore and send them without being told them again.
package final class AnalyticsJournal: Sendable {
    package let endpoint: String
    /// The settings written beside the journal.
    package let settings: AnalyticsSettings
    let journal: Journal
    /// What an earlier run left, oldest first, with their journal numbers.
    let restored: [(seq: Int, entry: PerformanceEntry)]
    /// Lines of the journal that were not entries (torn by a crash, or edited).
    package let skipped: Int

    /// Opens (or creates) the journal of `settings.endpoint` under `directory` and records the settings beside it.
    /// - Throws: `JournalError` when the directory cannot be used or another process holds it.
    package init(directory: String, settings: AnalyticsSettings) throws(JournalError) {
        let endpoint = settings.endpoint
        self.endpoint = endpoint
        self.settings = settings
        let base = directory + "/" + String(UserHash.sha256Hex(endpoint).prefix(16))
        let opened = try Journal.open(path: base + ".journal") { $0.first == UInt8(ascii: "{") && $0.last == UInt8(ascii: "}") }
        journal = opened.journal
        var entries: [(Int, PerformanceEntry)] = []
        var unreadable = opened.skipped
        for record in opened.restored {
            if let entry = record.bytes.withUnsafeBufferPointer(EntryDecoding.decode) { entries.append((record.seq, entry)) } else { unreadable += 1 }
        }
        restored = entries
        skipped = unreadable
        try Self.writeSettings(settings, to: base + ".url")
    }

    /// The settings of destinations whose journals under `directory` hold timings, for restoring at start.
    package static func pending(in directory: String) -> [AnalyticsSettings] {
        SystemFiles.list(directory).filter { $0.hasSuffix(".journal") }.sorted().compactMap { name in
            let base = directory + "/" + name.dropLast(".journal".count)
            guard SystemFiles.size(base + ".journal") > 0 else { return nil }
            return SystemFiles.text(base + ".url").flatMap(AnalyticsSettings.init(fileText:))
        }
    }

    /// Appends an entry and hands its number to `queued` while the journal is locked.
    func append<T>(_ entry: PerformanceEntry, queued: (Int) -> T) throws(JournalError) -> T {
        var bytes: [UInt8] = []
        EntryEncoding.appendJSON(entry, to: &bytes)
        return try journal.append(bytes, queued: queued)
    }

    /// Marks `first…last` delivered; rewrites the file when it is empty or mostly dead, taking
    /// the live copy from `live` under the journal's lock.
    func delivered(_ first: Int, _ last: Int, count: Int, liveCount: Int, live: () -> [(seq: Int, entry: PerformanceEntry)]) throws(JournalError) {
        try journal.acknowledge(first, last, count: count)
        guard liveCount == 0 || journal.wantsCompaction(live: liveCount) else { return }
        try journal.rewrite {
            live().map { item in
                var bytes: [UInt8] = []
                EntryEncoding.appendJSON(item.entry, to: &bytes)
                return JournalRecord(seq: item.seq, bytes: bytes)
            }
        }
    }

    func sync() throws(JournalError) { try journal.sync() }

    func close() { journal.close() }

    private static func writeSettings(_ settings: AnalyticsSettings, to path: String) throws(JournalError) {
        do throws(FileError) {
            try AtomicFile.write(Array(settings.fileText.utf8), to: path, mode: AtomicFile.secretMode)
        } catch {
            throw JournalError(error.description)
        }
    }
}
