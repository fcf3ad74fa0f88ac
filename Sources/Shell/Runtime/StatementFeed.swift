import Dispatch
import Script
import Synchronization

/// The statements of a checked source for the second pass, parsed on another core a few
/// thousand statements ahead of the command running, with memory bounded.
///
/// Chunks that have run go back to the parsing thread to be freed there: memory freed on the
/// thread that allocated it stays cheap, while freeing another thread's allocations costs more
/// than the parse it saves.
///
/// Kept on this figure: a 1,000,000-line script runs at 399,000-472,000 lines/s in 37-42 MiB
/// (scripts/bench.sh, "1,000,000-line script" line), where holding every statement took 680 MB.
final class StatementFeed: Sendable {
    // Long statements (a dozen parameters) hold kilobytes each: a thousand ahead keeps memory
    // small while the hand-over still happens only once per thousand statements.
    private static let chunkSize = 1024
    private static let chunksAhead = 3

    private struct State {
        var ready: [[Statement]] = []
        var used: [[Statement]] = []
    }

    private let state = Mutex(State())
    private let items = DispatchSemaphore(value: 0)
    // Starts at 0 and is signalled up: libdispatch traps when a semaphore is freed below its
    // initial value, which an early stop leaves it at.
    private let slots = DispatchSemaphore(value: 0)
    private let cancelled = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    init(source: SourceFile) {
        for _ in 0..<Self.chunksAhead { slots.signal() }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            produce(Parser.Statements(source))
            finished.signal()
        }
    }

    /// The next chunk in source order, `nil` at the end; hand the previous one back with `recycle`.
    func nextChunk() -> [Statement]? {
        items.wait()
        let chunk: [Statement]? = state.withLock { $0.ready.isEmpty ? nil : $0.ready.removeFirst() }
        if chunk != nil { slots.signal() }
        return chunk
    }

    /// Returns a chunk that has run, to be freed on the parsing thread.
    func recycle(_ chunk: [Statement]) {
        state.withLock { $0.used.append(chunk) }
    }

    /// Stops the parsing thread (the run ended early or completed) and waits for it.
    func finish() {
        cancelled.store(true, ordering: .relaxed)
        slots.signal()
        finished.wait()
    }

    private func produce(_ statements: Parser.Statements) {
        var statements = statements
        var chunk: [Statement] = []
        chunk.reserveCapacity(Self.chunkSize)
        // The first pass parsed this source without error, so `try?` loses nothing.
        while !cancelled.load(ordering: .relaxed), let statement = try? statements.next() {
            chunk.append(statement)
            if chunk.count == Self.chunkSize {
                push(chunk)
                chunk = []
                chunk.reserveCapacity(Self.chunkSize)
            }
        }
        if !chunk.isEmpty, !cancelled.load(ordering: .relaxed) { push(chunk) }
        // One signal past the last chunk: `nextChunk` then finds nothing ready and returns nil.
        items.signal()
        freeUsed()
    }

    private func push(_ chunk: [Statement]) {
        freeUsed()
        slots.wait()
        guard !cancelled.load(ordering: .relaxed) else { return }
        state.withLock { $0.ready.append(chunk) }
        items.signal()
    }

    private func freeUsed() {
        let used = state.withLock { state -> [[Statement]] in
            defer { state.used = [] }
            return state.used
        }
        _ = used  // dropped here, on this thread
    }
}
