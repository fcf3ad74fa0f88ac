import DurableQueue
import JSON
import Platform

/// How queues and the uploader are kept on disk.
///
/// A queue's journal holds its events (one wire-JSON line each) and, after each transfer, one
/// state record (`{"_queue":{"lastUploadMillis":…,"lastEvent":…}}`) written before the
/// transferred events are acknowledged: the last upload time and last event ride in the same
/// append-only file, so a transfer costs two appends, never a file replacement. The uploader's
/// journal holds one list request per batch; its reject count, which changes only on failures,
/// is a small file replaced atomically.
enum SiftArchive {
    static let statePrefix = Array(#"{"_queue":"#.utf8)

    /// What a queue's journal held.
    struct RestoredQueue {
        var entries: [SiftQueueStateMachine.Entry] = []
        var lastEvent: SiftEvent?
        var lastUploadMillis: Int64 = 0
        /// The live state record, acknowledged at the next transfer.
        var stateRecord: Journal.Record?
        var unreadable = 0
    }

    static func stateRecord(lastUploadMillis: Int64, lastEvent: SiftEvent?) -> [UInt8] {
        var bytes = statePrefix
        bytes.append(contentsOf: #"{"lastUploadMillis":"#.utf8)
        bytes.append(contentsOf: String(lastUploadMillis).utf8)
        bytes.append(contentsOf: #","lastEvent":"#.utf8)
        if let lastEvent { bytes.append(contentsOf: lastEvent.wireJSON) } else { bytes.append(contentsOf: "null".utf8) }
        bytes.append(contentsOf: "}}".utf8)
        return bytes
    }

    static func restoreQueue(_ records: [Journal.Record]) -> RestoredQueue {
        var restored = RestoredQueue()
        var newestEvent: [UInt8]?
        for record in records {
            if record.bytes.starts(with: statePrefix) {
                guard case .object(let outer)? = try? JSONParser.parse(String(decoding: record.bytes, as: UTF8.self)),
                    case .object(let state)? = outer["_queue"], case .int(let millis)? = state["lastUploadMillis"]
                else {
                    restored.unreadable += 1
                    continue
                }
                restored.lastUploadMillis = Int64(millis)
                restored.stateRecord = record
                if case .object(let event)? = state["lastEvent"] {
                    restored.lastEvent = SiftEvent(wireJSON: Array(JSONWriter.compact(.object(event)).utf8))
                }
                continue
            }
            guard let time = eventTime(record.bytes) else {
                restored.unreadable += 1
                continue
            }
            restored.entries.append(.init(seq: record.seq, time: time, json: record.bytes))
            newestEvent = record.bytes
        }
        // Every transfer takes all queued events, so any event still queued is newer than the
        // state record's last event.
        if let newestEvent, let event = SiftEvent(wireJSON: newestEvent) { restored.lastEvent = event }
        return restored
    }

    /// The `time` of an event line: it always comes first (`{"time":123,…`).
    static func eventTime(_ bytes: [UInt8]) -> Int64? {
        let prefix = Array(#"{"time":"#.utf8)
        guard bytes.starts(with: prefix) else { return nil }
        var value: Int64 = 0
        var index = prefix.count
        while index < bytes.count, let digit = Int64(exactly: bytes[index]), (48...57).contains(digit) {
            value = value &* 10 &+ (digit - 48)
            index += 1
        }
        return index > prefix.count && index < bytes.count ? value : nil
    }

    /// A batch from its journal record: the list request and how many events it holds.
    static func batch(_ record: Journal.Record) -> SiftBatch? {
        guard case .object(let object)? = try? JSONParser.parse(String(decoding: record.bytes, as: UTF8.self)),
            case .array(let data)? = object["data"]
        else { return nil }
        return SiftBatch(seq: record.seq, eventCount: data.count, body: record.bytes)
    }

    static func readRejects(_ path: String) -> Int {
        guard let text = try? FileReader.readText(path), case .object(let object)? = try? JSONParser.parse(text),
            case .int(let rejects)? = object["numRejects"]
        else { return 0 }
        return max(0, rejects)
    }

    static func writeRejects(_ rejects: Int, to path: String) throws(FileError) {
        try AtomicFile.write(Array("{\"numRejects\":\(rejects)}\n".utf8), to: path, mode: .ownerReadWrite, directoryMode: .ownerReadWriteExecute)
    }
}
