import Synchronization

/// Cancels a device's task in progress from outside it (its session's stop, when the run is
/// interrupted). A device runs one task after another (a timer resumes it after a think), and
/// none is kept once it has ended: a task's handle keeps the task and its memory (1.3 KB).
final class DeviceCancellation: Sendable {
    private struct State {
        var task: Task<Void, Never>?
        /// The task `run` made last, and the last that ended.
        var started = 0
        var ended = 0
    }

    private let state = Mutex(State())
    private let cancelled = Atomic(false)

    /// Runs `operation` as the device's task in progress, on `executor`, cancelled at once when
    /// `cancel` came first; the task.
    @discardableResult
    func run(on executor: (any TaskExecutor)?, _ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        let generation = state.withLock { state -> Int in
            state.started += 1
            return state.started
        }
        let task = Task.detached(executorPreference: executor) { [self] in
            await operation()
            state.withLock { state in
                state.ended = generation
                if state.started == generation { state.task = nil }
            }
        }
        // A task that ended before this is not kept.
        state.withLock { state in
            if state.ended != generation, state.started == generation { state.task = task }
        }
        if cancelled.load(ordering: .acquiring) { task.cancel() }
        return task
    }

    func cancel() {
        cancelled.store(true, ordering: .releasing)
        state.withLock { $0.task }?.cancel()
    }
}
