import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The queue's durable copy: an append-only file of events and acknowledgements.
///
/// `+<seq> <event JSON>` adds an event; `-<first> <last>` removes the events numbered first…last
/// once the server has answered 200. Each record is one `write(2)`, so a record is in the
/// kernel's hands before `log` returns and a killed process loses nothing; `sync` (fdatasync)
/// is called at every flush and at shutdown, never per event. When nothing is left the file is
/// truncated; when dead records dominate it is rewritten. A torn last line (a crash mid-write)
/// is ignored on restore.
final class EventJournal: Sendable {
    struct Record: Sendable {
        var seq: Int
        var json: [UInt8]
    }

    let path: String
    private let lockPath: String
    private let state: Mutex<State>

    private struct State {
        var descriptor: Int32
        var lockDescriptor: Int32
        var nextSeq: Int
        var deadRecords = 0
    }

    /// Opens (creating directories and file as needed), locks and replays the journal.
    /// - Returns: the journal and the events it still holds, oldest first, plus how many lines were unreadable.
    static func open(path: String) throws(HamonError) -> (journal: EventJournal, restored: [Record], skipped: Int) {
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        try FileSystem.makeDirectories(directory)
        let lockPath = path + ".lock"
        let lockDescriptor = Glibc.open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard lockDescriptor >= 0 else { throw .journal("cannot open \(lockPath): \(FileSystem.reason())") }
        guard lock(lockDescriptor) else {
            Glibc.close(lockDescriptor)
            throw .journal("the queue at \(path) is in use by another sdkbench process (use --home to give this run its own state)")
        }
        let (records, skipped, nextSeq) = try replay(path)
        let journal = EventJournal(path: path, lockPath: lockPath, lockDescriptor: lockDescriptor, nextSeq: nextSeq)
        try journal.rewrite(records)
        return (journal, records, skipped)
    }

    /// Takes the queue's lock, waiting up to half a second: a process that is exiting (or a child
    /// it is spawning, between fork and exec) may hold it for a moment.
    private static func lock(_ descriptor: Int32) -> Bool {
        for _ in 0..<50 {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
            guard errno == EWOULDBLOCK || errno == EINTR else { return false }
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
        }
        return false
    }

    private init(path: String, lockPath: String, lockDescriptor: Int32, nextSeq: Int) {
        self.path = path
        self.lockPath = lockPath
        state = Mutex(State(descriptor: -1, lockDescriptor: lockDescriptor, nextSeq: nextSeq))
    }

    /// Appends an event and returns its sequence number.
    func append(_ json: [UInt8]) throws(HamonError) -> Int {
        try state.withLock { state throws(HamonError) in
            let seq = state.nextSeq
            var line = [UInt8]()
            line.reserveCapacity(json.count + 24)
            line.append(UInt8(ascii: "+"))
            line.append(contentsOf: String(seq).utf8)
            line.append(UInt8(ascii: " "))
            line.append(contentsOf: json)
            line.append(UInt8(ascii: "\n"))
            try Self.writeAll(state.descriptor, line, path: path)
            state.nextSeq += 1
            return seq
        }
    }

    /// Records that the events numbered `first…last` were delivered.
    func acknowledge(_ first: Int, _ last: Int, count: Int) throws(HamonError) {
        try state.withLock { state throws(HamonError) in
            let line = Array("-\(first) \(last)\n".utf8)
            try Self.writeAll(state.descriptor, line, path: path)
            state.deadRecords += count + 1
        }
    }

    /// Whether rewriting would shrink the file a lot: many dead records, few live ones.
    func wantsCompaction(live: Int) -> Bool {
        state.withLock { $0.deadRecords > 4096 && $0.deadRecords > live * 2 }
    }

    /// Replaces the file with just `records` (written, synced, renamed over the old one).
    func rewrite(_ records: [Record]) throws(HamonError) {
        try state.withLock { state throws(HamonError) in
            if records.isEmpty, state.descriptor >= 0 {
                guard ftruncate(state.descriptor, 0) == 0 else { throw .journal("cannot truncate \(path): \(FileSystem.reason())") }
                state.deadRecords = 0
                return
            }
            let temporary = path + ".tmp"
            let descriptor = Glibc.open(temporary, O_CREAT | O_TRUNC | O_WRONLY | O_APPEND | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw .journal("cannot create \(temporary): \(FileSystem.reason())") }
            var bytes = [UInt8]()
            for record in records {
                bytes.append(UInt8(ascii: "+"))
                bytes.append(contentsOf: String(record.seq).utf8)
                bytes.append(UInt8(ascii: " "))
                bytes.append(contentsOf: record.json)
                bytes.append(UInt8(ascii: "\n"))
            }
            do throws(HamonError) {
                try Self.writeAll(descriptor, bytes, path: temporary)
                guard fdatasync(descriptor) == 0 else { throw .journal("cannot sync \(temporary): \(FileSystem.reason())") }
                guard rename(temporary, path) == 0 else { throw .journal("cannot replace \(path): \(FileSystem.reason())") }
            } catch {
                Glibc.close(descriptor)
                unlink(temporary)
                throw error
            }
            if state.descriptor >= 0 { Glibc.close(state.descriptor) }
            state.descriptor = descriptor
            state.deadRecords = 0
        }
    }

    /// Forgets every event (`queue clear`).
    func removeAll() throws(HamonError) { try rewrite([]) }

    /// Pushes what was written to the disk (fdatasync), without holding up appends meanwhile.
    func sync() throws(HamonError) {
        let descriptor = state.withLock { dup($0.descriptor) }
        guard descriptor >= 0 else { throw .journal("cannot sync \(path): \(FileSystem.reason())") }
        defer { Glibc.close(descriptor) }
        guard fdatasync(descriptor) == 0 else { throw .journal("cannot sync \(path): \(FileSystem.reason())") }
    }

    /// Syncs (unless told not to) and closes; the lock is released.
    func close(sync: Bool = true) {
        state.withLock { state in
            if state.descriptor >= 0 {
                if sync { fdatasync(state.descriptor) }
                Glibc.close(state.descriptor)
                state.descriptor = -1
            }
            if state.lockDescriptor >= 0 {
                Glibc.close(state.lockDescriptor)
                state.lockDescriptor = -1
            }
        }
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws(HamonError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .journal("cannot write \(path): \(FileSystem.reason())")
            }
            offset += written
        }
    }

    /// Reads the journal: live events in order, unreadable lines counted, the next free number.
    static func replay(_ path: String) throws(HamonError) -> ([Record], Int, Int) {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return ([], 0, 0) }
            throw .journal("cannot read \(path): \(FileSystem.reason())")
        }
        defer { Glibc.close(descriptor) }
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { if errno == EINTR { continue }; throw .journal("cannot read \(path): \(FileSystem.reason())") }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        var live: [Int: [UInt8]] = [:]
        var order: [Int] = []
        var skipped = 0
        var nextSeq = 0
        var start = 0
        while start < bytes.count {
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                skipped += 1  // a record torn by a crash mid-write
                break
            }
            let line = bytes[start..<end]
            start = end + 1
            guard let kind = line.first, let space = line.firstIndex(of: UInt8(ascii: " ")),
                let number = Int(String(decoding: line[(line.startIndex + 1)..<space], as: UTF8.self))
            else { skipped += 1; continue }
            let rest = line[(space + 1)...]
            switch kind {
            case UInt8(ascii: "+"):
                guard rest.first == UInt8(ascii: "{"), rest.last == UInt8(ascii: "}") else { skipped += 1; continue }
                if live.updateValue(Array(rest), forKey: number) == nil { order.append(number) }
                nextSeq = max(nextSeq, number + 1)
            case UInt8(ascii: "-"):
                guard let last = Int(String(decoding: rest, as: UTF8.self)) else { skipped += 1; continue }
                for seq in number...max(number, last) { live[seq] = nil }
            default:
                skipped += 1
            }
        }
        let records = order.sorted().compactMap { seq in live[seq].map { Record(seq: seq, json: $0) } }
        return (records, skipped, nextSeq)
    }
}

/// Directory creation and error text for the engine's own files.
enum FileSystem {
    static func makeDirectories(_ path: String) throws(HamonError) {
        guard !path.isEmpty else { return }
        var partial = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o700) != 0 && errno != EEXIST {
                throw .journal("cannot create directory \(partial): \(reason())")
            }
        }
    }

    static func reason() -> String { String(cString: strerror(errno)) }
}
