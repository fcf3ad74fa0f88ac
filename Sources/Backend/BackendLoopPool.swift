import NIOPosix
import Synchronization

/// One-thread event loop groups for embedded backends, kept for the life of the process: a
/// backend takes one when it starts and gives it back when it stops, and none is ever shut down.
///
/// A group shut down when its backend stopped still had Hummingbird's channels and tasks
/// scheduling on it, and NIO printed "Cannot schedule tasks on an EventLoop that has already
/// shut down" at exit (4 of 60 runs). One group for every backend instead made backends that run
/// side by side share a thread, and the flow tests' short timeouts failed on a loaded machine
/// (3 `yes` processes on 2 cores: 3 to 5 failures a run, none with a group each). So: a group
/// each, as many as ever ran at once, reused.
final class BackendLoopPool: Sendable {
    static let shared = BackendLoopPool()

    private let idle = Mutex<[MultiThreadedEventLoopGroup]>([])

    /// An idle group, or a new one.
    func take() -> MultiThreadedEventLoopGroup {
        idle.withLock { $0.popLast() } ?? MultiThreadedEventLoopGroup(numberOfThreads: 1)
    }

    /// `group`'s backend has stopped; a later backend may use it (late work of the old one still
    /// runs on it harmlessly).
    func giveBack(_ group: MultiThreadedEventLoopGroup) {
        idle.withLock { $0.append(group) }
    }
}
