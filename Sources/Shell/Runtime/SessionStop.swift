import Platform
import Synchronization

/// A request that the session running on this thread stop, as a Ctrl-C would stop it, given to
/// one session alone: `sdkbench test`'s per-file `--timeout`, or every running file's session
/// when a signal arrives during a parallel run.
///
/// The runner reads it between statements, and a command waiting for engine work or sleeping
/// reads it when woken; `request` wakes every such wait.
package final class SessionStop: Sendable {
    private let requested = Atomic(false)
    private let because = Mutex<String?>(nil)
    private let actions = Mutex<[@Sendable () -> Void]>([])

    package init() {}

    /// Asks the session to stop at its next check (from any thread); `reason` says why, where
    /// the stop is not a signal's (`timed out after 30.000 s`).
    package func request(because reason: String? = nil) {
        because.withLock { $0 = $0 ?? reason }
        requested.store(true, ordering: .releasing)
        SignalWake.wakeAll()
        for action in actions.withLock({ $0 }) { action() }
    }

    /// Runs `action` when the stop is requested (at once when it was already): what a wake cannot
    /// reach, such as a request blocked on its socket.
    package func onRequest(_ action: @escaping @Sendable () -> Void) {
        actions.withLock { $0.append(action) }
        if isRequested { action() }
    }

    package var isRequested: Bool { requested.load(ordering: .acquiring) }

    /// Why the stop was asked for, when it was not a signal.
    package var reason: String? { because.withLock { $0 } }

    /// The stop of the run on this thread (bound by `withValue` around the run).
    @TaskLocal package static var current: SessionStop?
}
