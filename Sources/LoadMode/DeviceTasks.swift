import Platform
import Synchronization

/// The devices' tasks of a run: how many started, and a wait for the last to end.
final class DeviceTasks: Sendable {
    private let running = Atomic(0)
    private let startedTotal = Atomic(0)
    private let unstartedTotal = Atomic(0)
    private let allEnded = SignalWake()

    func started() {
        running.add(1, ordering: .relaxed)
        startedTotal.add(1, ordering: .relaxed)
    }

    func ended() {
        if running.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { allEnded.signal() }
    }

    /// A device whose start was awaited (its ramp-up offset) ended before it started: the run
    /// was over by then.
    func endedUnstarted() {
        unstartedTotal.add(1, ordering: .relaxed)
        ended()
    }

    /// Devices started, those the open model added included.
    var startedCount: Int { startedTotal.load(ordering: .relaxed) - unstartedCount }

    /// Devices that never started (the run ended during their ramp-up offset).
    var unstartedCount: Int { unstartedTotal.load(ordering: .relaxed) }

    /// Blocks the calling thread until no device runs; the open model's scheduler has made its
    /// last device before this is called.
    func waitUntilAllEnded() {
        while running.load(ordering: .acquiring) > 0 { allEnded.wait(until: .distantFuture) }
    }
}
