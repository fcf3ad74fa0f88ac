import CSignals
import Dispatch
import Synchronization

/// A thread's blocking wait that ends when the work it waits for signals it, when SIGINT,
/// SIGTERM or SIGHUP arrives, or at a deadline, whichever is first: no polling.
///
/// One thread sleeps on the signal handlers' semaphore and wakes every registered wait; a
/// wait registers before its caller first checks the flags, so a signal is never missed.
package final class SignalWake: Sendable {
    private struct Registry {
        var nextID = 0
        var semaphores: [Int: DispatchSemaphore] = [:]
    }

    private static let registry = Mutex(Registry())
    private static let watching: Bool = sdk_signals_watch { SignalWake.wakeAll() } == 0

    private let semaphore = DispatchSemaphore(value: 0)
    private let id: Int

    package init() {
        _ = Self.watching
        let semaphore = semaphore
        id = Self.registry.withLock { registry in
            registry.nextID += 1
            registry.semaphores[registry.nextID] = semaphore
            return registry.nextID
        }
    }

    deinit {
        let id = id
        _ = Self.registry.withLock { $0.semaphores.removeValue(forKey: id) }
    }

    /// Ends the wait (from any thread): what it waits for is done.
    package func signal() { semaphore.signal() }

    /// Blocks until `signal()`, a signal's arrival or `deadline`; spurious returns are possible,
    /// so the caller checks what it waits for again.
    ///
    /// - Returns: `false` when the deadline passed.
    @discardableResult
    package func wait(until deadline: DispatchTime) -> Bool { semaphore.wait(timeout: deadline) == .success }

    /// Wakes every wait (they check what they wait for again): a session was asked to stop.
    package static func wakeAll() {
        let semaphores = registry.withLock { Array($0.semaphores.values) }
        for semaphore in semaphores { semaphore.signal() }
    }
}
