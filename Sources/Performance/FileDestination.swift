import Platform
import Synchronization
import SystemPackage

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Appends entries to daily `performance_YYYY-MM-DD.json` files in batches, removing files older
/// than seven days. A failed write is reported and the batch kept for the next flush.
package final class FileDestination: PerformanceDestination {
    package let directory: String
    package let batchSize: Int
    package let flushInterval: Double
    package let maxFileAgeDays: Int
    private let clock: any WallClock
    private let redact: (@Sendable (PerformanceEntry) -> PerformanceEntry)?
    private let state: Mutex<State>
    /// Serialises writes to the daily file, so batches land in order; the buffer's lock is not
    /// held while writing, so `log` and `bufferedCount` never wait on the disk.
    private let writing = Mutex(())

    private struct State {
        var buffer: [PerformanceEntry] = []
        var lastFlush: Double
    }

    /// - Parameter redact: applied to each entry before it is kept: the daily files are read by
    ///   people, so the shell masks secret metadata values here.
    package init(
        directory: String,
        batchSize: Int = 10,
        flushInterval: Double = 30,
        maxFileAgeDays: Int = 7,
        clock: any WallClock,
        redact: (@Sendable (PerformanceEntry) -> PerformanceEntry)? = nil
    ) {
        self.directory = directory
        self.redact = redact
        self.batchSize = max(1, batchSize)
        self.flushInterval = flushInterval
        self.maxFileAgeDays = maxFileAgeDays
        self.clock = clock
        state = Mutex(State(lastFlush: clock.now()))
    }

    package var description: String {
        "file \(directory) (batch \(batchSize), every \(ConsoleDestination.threeDecimals(flushInterval))s)"
    }

    /// Entries waiting to be written.
    package var bufferedCount: Int { state.withLock { $0.buffer.count } }

    package func log(_ entry: PerformanceEntry, emit: (PerformanceEvent) -> Void) {
        let entry = redact?(entry) ?? entry
        let full = state.withLock { state in
            state.buffer.append(entry)
            return state.buffer.count >= batchSize
        }
        if full { flush(emit: emit) }
    }

    package func tick(emit: (PerformanceEvent) -> Void) {
        let due = state.withLock { !$0.buffer.isEmpty && clock.now() - $0.lastFlush >= flushInterval }
        if due { flush(emit: emit) }
    }

    package func flush(emit: (PerformanceEvent) -> Void) {
        let now = clock.now()
        let result: Result<Int, FileError> = writing.withLock { _ in
            let batch = state.withLock { state in
                state.lastFlush = now
                defer { state.buffer.removeAll(keepingCapacity: true) }
                return state.buffer
            }
            guard !batch.isEmpty else { return .success(0) }
            do throws(FileError) {
                try DailyFile.append(batch, directory: directory, name: PerformanceStorage.fileName(forDayOf: now))
                return .success(batch.count)
            } catch {
                // Kept in front of what was logged meanwhile, for the next flush.
                state.withLock { $0.buffer.insert(contentsOf: batch, at: 0) }
                return .failure(error)
            }
        }
        switch result {
        case .success(let count):
            PerformanceStorage(directory: directory).removeFiles(olderThanDays: maxFileAgeDays, now: now)
            if count > 0 { emit(.flushed(destination: description, count: count)) }
        case .failure(let error):
            emit(
                .destinationFailed(
                    destination: "file",
                    message: "\(error.description); \(bufferedCount) \(bufferedCount == 1 ? "entry" : "entries") kept for the next flush"
                )
            )
        }
    }
}
