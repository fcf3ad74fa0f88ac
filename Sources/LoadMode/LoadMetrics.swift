import Synchronization

/// Everything a load run counts, shared by its devices' transports and listeners.
public final class LoadMetrics: Sendable {
    /// A copy of the figures at one moment.
    public struct Snapshot: Sendable {
        public var kinds: [String: KindFigures] = [:]
        public var checksPassed = 0
        public var checksFailed = 0
        public var iterations = 0
        /// Iterations a command's error ended early.
        public var iterationsFailed = 0
    }

    private let state = Mutex(Snapshot())

    public init() {}

    func exchange(kind: String, microseconds: UInt64, status: Int?, error: String?, sent: Int, received: Int) {
        state.withLock { state in
            var figures = state.kinds[kind] ?? KindFigures()
            _ = figures.latency.record(max(1, microseconds))
            if let status { figures.statuses[status, default: 0] += 1 }
            if let error { figures.errors[error, default: 0] += 1 }
            figures.bytesSent += sent
            figures.bytesReceived += received
            state.kinds[kind] = figures
        }
    }

    func check(passed: Bool) {
        state.withLock { state in
            if passed { state.checksPassed += 1 } else { state.checksFailed += 1 }
        }
    }

    func iteration(failed: Bool) {
        state.withLock { state in
            state.iterations += 1
            if failed { state.iterationsFailed += 1 }
        }
    }

    public func snapshot() -> Snapshot { state.withLock { $0 } }
}
