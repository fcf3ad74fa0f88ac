import Platform
import Synchronization
import SystemPackage

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A queue's durable copy: an append-only file of items and acknowledgements, shared by the
/// engines that must not lose what they queued (Hamon's events, Performance's analytics timings).
///
/// `+<seq> <bytes>` adds an item; `-<first> <last>` removes the items numbered first…last once
/// they were delivered. Each record is one `write(2)`, so a record is in the kernel's hands
/// before `append` returns and a killed process loses nothing; `sync` (fdatasync) is for the
/// caller's flushes and shutdown, never per item. When nothing is left the file is truncated;
/// when dead records dominate it is rewritten. A torn last line (a crash mid-write) is ignored
/// on restore. An exclusive `flock` keeps a second process out.
///
/// The journal has its own lock, held while it writes; callers keep their own state under
/// theirs and never hold it across a journal call. Where the file and the caller's queue must
/// agree (an append and its place in the queue; a rewrite and the queue it copies), the caller's
/// closure runs under the journal's lock, so no append can fall between the two.
///
/// With `StateStorage.memory` (a load device's) the journal writes nothing: it numbers the
/// items and the caller's queue holds them, and they are gone with the session.
///
/// ```swift
/// let (journal, restored, skipped) = try Journal.open(path: path)
/// let seq = try journal.append(bytes) { seq in queue.append((seq, bytes)); return seq }
/// try journal.acknowledge(first, last, count: count)
/// ```
package final class Journal: Sendable {
    package typealias Record = JournalRecord

    package let path: String
    private let lockPath: String
    private let state: Mutex<State>
    /// `false` for a journal in memory, which writes no file.
    private let keepsFile: Bool

    private struct State {
        var descriptor: Int32
        var lockDescriptor: Int32
        var nextSeq: Int
        var deadRecords = 0
    }

    /// Opens (creating directories and file as needed), locks and replays the journal.
    ///
    /// - Parameters:
    ///   - path: the journal file; `<path>.lock` is its lock file.
    ///   - storage: `.memory` opens no file and restores nothing.
    ///   - accepts: whether a replayed item's bytes are well-formed; others are skipped and counted.
    /// - Returns: the journal and the items it still holds, oldest first, plus how many lines were unreadable.
    /// - Throws: `JournalError` when the directory or file cannot be used, or another process holds the lock.
    package static func open(
        path: String,
        storage: StateStorage = .files,
        accepts: ([UInt8]) -> Bool = { _ in true }
    ) throws(JournalError) -> (journal: Journal, restored: [Record], skipped: Int) {
        let lockPath = path + ".lock"
        if storage == .memory {
            return (Journal(path: path, lockPath: lockPath, lockDescriptor: -1, nextSeq: 0, keepsFile: false), [], 0)
        }
        let lockDescriptor: Int32
        do throws(FileError) {
            try Directories.create(Directories.parent(of: path), mode: .ownerReadWriteExecute)
            lockDescriptor = try FileDescriptor.opening(lockPath, .readWrite, options: .create, permissions: .ownerReadWrite).rawValue
        } catch {
            throw JournalError(error)
        }
        guard lock(lockDescriptor) else {
            Glibc.close(lockDescriptor)
            throw JournalError("the queue at \(path) is in use by another sdkbench process (use --home to give this run its own state)")
        }
        let (records, skipped, nextSeq) = try replay(path, accepts: accepts)
        let journal = Journal(path: path, lockPath: lockPath, lockDescriptor: lockDescriptor, nextSeq: nextSeq, keepsFile: true)
        try journal.rewrite { records }
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

    private init(path: String, lockPath: String, lockDescriptor: Int32, nextSeq: Int, keepsFile: Bool) {
        self.path = path
        self.lockPath = lockPath
        self.keepsFile = keepsFile
        state = Mutex(State(descriptor: -1, lockDescriptor: lockDescriptor, nextSeq: nextSeq))
    }

    /// Appends an item (one line: `bytes` must hold no newline), then calls `queued` with its
    /// sequence number while the journal is still locked, so the caller's queue takes it in the
    /// file's order.
    /// - Returns: what `queued` returns.
    /// - Throws: `JournalError` when the write fails; `queued` is then not called.
    package func append<T>(_ bytes: [UInt8], queued: (Int) -> T) throws(JournalError) -> T {
        try state.withLock { state throws(JournalError) in
            let seq = state.nextSeq
            guard keepsFile else {
                state.nextSeq += 1
                return queued(seq)
            }
            var line = [UInt8]()
            line.reserveCapacity(bytes.count + 24)
            line.append(UInt8(ascii: "+"))
            line.append(contentsOf: String(seq).utf8)
            line.append(UInt8(ascii: " "))
            line.append(contentsOf: bytes)
            line.append(UInt8(ascii: "\n"))
            try Self.writeAll(state.descriptor, line, path: path)
            state.nextSeq += 1
            return queued(seq)
        }
    }

    /// Records that the items numbered `first…last` were delivered (`count` of them were live).
    package func acknowledge(_ first: Int, _ last: Int, count: Int) throws(JournalError) {
        guard keepsFile else { return }
        try state.withLock { state throws(JournalError) in
            let line = Array("-\(first) \(last)\n".utf8)
            try Self.writeAll(state.descriptor, line, path: path)
            state.deadRecords += count + 1
        }
    }

    /// Whether rewriting would shrink the file a lot: many dead records, few live ones.
    package func wantsCompaction(live: Int) -> Bool {
        state.withLock { $0.deadRecords > Self.compactionThreshold && $0.deadRecords > live * 2 }
    }

    /// Dead records tolerated before a rewrite is worth its cost.
    package static let compactionThreshold = 4096

    /// How many acknowledged or superseded records the file still carries.
    package var deadRecordCount: Int { state.withLock { $0.deadRecords } }

    /// Replaces the file with just the records `live` returns (written, synced, renamed over the
    /// old one); `live` runs under the journal's lock, so no append falls between the caller's
    /// snapshot and the file.
    package func rewrite(_ live: () -> [Record]) throws(JournalError) {
        try state.withLock { state throws(JournalError) in
            let records = live()
            guard keepsFile else { return }
            if records.isEmpty, state.descriptor >= 0 {
                guard ftruncate(state.descriptor, 0) == 0 else { throw JournalError(FileError.current(path, "cannot truncate")) }
                state.deadRecords = 0
                return
            }
            var bytes = [UInt8]()
            for record in records {
                bytes.append(UInt8(ascii: "+"))
                bytes.append(contentsOf: String(record.seq).utf8)
                bytes.append(UInt8(ascii: " "))
                bytes.append(contentsOf: record.bytes)
                bytes.append(UInt8(ascii: "\n"))
            }
            let descriptor: FileDescriptor
            do throws(FileError) {
                descriptor = try AtomicFile.replaceKeepingOpen(path, mode: .ownerReadWrite) { descriptor throws(FileError) in
                    try AtomicFile.writeAll(descriptor, bytes, path: path)
                }
            } catch {
                throw JournalError(error)
            }
            if state.descriptor >= 0 { Glibc.close(state.descriptor) }
            state.descriptor = descriptor.rawValue
            state.deadRecords = 0
        }
    }

    /// Pushes what was written to the disk (fdatasync), without holding up appends meanwhile.
    package func sync() throws(JournalError) {
        guard keepsFile else { return }
        let descriptor = state.withLock { dup($0.descriptor) }
        guard descriptor >= 0 else { throw JournalError(FileError.current(path, "cannot sync")) }
        defer { Glibc.close(descriptor) }
        guard fdatasync(descriptor) == 0 else { throw JournalError(FileError.current(path, "cannot sync")) }
    }

    /// Syncs (unless told not to) and closes; the lock is released.
    package func close(sync: Bool = true) {
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

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws(JournalError) {
        do throws(FileError) {
            try AtomicFile.writeAll(FileDescriptor(rawValue: descriptor), bytes, path: path)
        } catch {
            throw JournalError(error)
        }
    }

    /// Reads the journal: live items in order, unreadable lines counted, the next free number.
    static func replay(_ path: String, accepts: ([UInt8]) -> Bool) throws(JournalError) -> ([Record], Int, Int) {
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try FileReader.readBytes(path)
        } catch let error where error.code == ENOENT {
            return ([], 0, 0)
        } catch {
            throw JournalError(error)
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
            else {
                skipped += 1
                continue
            }
            let rest = line[(space + 1)...]
            switch kind {
            case UInt8(ascii: "+"):
                guard !rest.isEmpty, accepts(Array(rest)) else {
                    skipped += 1
                    continue
                }
                if live.updateValue(Array(rest), forKey: number) == nil { order.append(number) }
                nextSeq = max(nextSeq, number + 1)
            case UInt8(ascii: "-"):
                guard let last = Int(String(decoding: rest, as: UTF8.self)) else {
                    skipped += 1
                    continue
                }
                for seq in number...max(number, last) { live[seq] = nil }
            default:
                skipped += 1
            }
        }
        let records = order.sorted().compactMap { seq in live[seq].map { Record(seq: seq, bytes: $0) } }
        return (records, skipped, nextSeq)
    }
}
