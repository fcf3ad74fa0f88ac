import LineEditing
import Synchronization

/// A request that the session running on this thread stop, as a Ctrl-C would stop it, given to
/// one session alone: `sdkbench test`'s per-file `--timeout`, or every running file's session
/// when a signal arrives during a parallel run.
///
/// The runner reads it between statements, and a command waiting for engine work or sleeping
/// reads it when woken; `request` wakes every such wait.
public final class SessionStop: Sendable {
    private let requested = Atomic(false)

    public init() {}

    /// Asks the session to stop at its next check (from any thread).
    public func request() {
        requested.store(true, ordering: .releasing)
        SignalWake.wakeAll()
    }

    public var isRequested: Bool { requested.load(ordering: .acquiring) }

    /// The stop of the run on this thread (bound by `withValue` around the run).
    @TaskLocal public static var current: SessionStop?
}
