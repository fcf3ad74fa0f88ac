import Synchronization

/// Cancels a device's task from outside it (its session's stop, when the run is interrupted).
final class DeviceCancellation: Sendable {
    private let task = Mutex<Task<Void, Never>?>(nil)
    private let cancelled = Atomic(false)

    /// The task, cancelled at once when `cancel` came first.
    func set(_ task: Task<Void, Never>) {
        self.task.withLock { $0 = task }
        if cancelled.load(ordering: .acquiring) { task.cancel() }
    }

    func cancel() {
        cancelled.store(true, ordering: .releasing)
        task.withLock { $0 }?.cancel()
    }
}
