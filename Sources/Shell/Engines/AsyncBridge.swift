import Dispatch
import LineEditing
import Platform
import Script
import Synchronization

/// Runs async engine work from the shell's synchronous command loop.
///
/// The REPL and script loop run on their own thread, never on the cooperative pool, so waiting
/// here cannot starve the tasks being waited for. Ctrl-C or SIGTERM cancels the work, waits for
/// it to wind down (so a cancelled flush puts its events back first), and reports `interrupted`.
/// The thread sleeps on a `SignalWake`: the work's end or a signal wakes it, nothing polls.
package enum AsyncBridge {
    ///
    /// - Parameter executor: where the work starts (the transport's event loop for a request),
    ///   rather than the global pool: a load run's every request hopped through a pool thread
    ///   first, 12.6% of its CPU (perf, the Miataru flow of scripts/bench/load_bench.py).
    package static func run<T: Sendable>(
        at range: SourceRange?,
        on executor: (any TaskExecutor)? = nil,
        _ operation: @escaping @Sendable () async -> T
    ) throws(ShellError) -> T {
        if let here = WaitingThreadExecutor.current, here.isOwnedByCurrentThread { return try run(at: range, here: here, operation) }
        let box = ResultBox<T>()
        let wake = SignalWake()
        // Detached: the work reads no task-local of this thread (the session's stop is read here,
        // on this thread), and copying them gave every request's task a slab of its own, 1 KB
        // for each of a load run's devices (heaptrack, 2,000 devices).
        let task = Task.detached(executorPreference: executor) {
            box.set(await operation())
            wake.signal()
        }
        var interrupted = false
        while !box.isSet {
            if !interrupted, SignalCheck.pending() != nil {
                interrupted = true
                task.cancel()
            }
            wake.wait(until: .distantFuture)
        }
        if interrupted { throw ShellError(.interrupted, at: range) }
        return box.take()
    }

    /// Runs `operation` on this thread, without a task, when it is a load device's thread
    /// (`WaitingThreadExecutor.current`) and the device was not stopped: for work that needs no
    /// task, such as a request on the device's own blocking connection, whose transport the
    /// device's stop interrupts. `nil` on any other thread, or when `operation` declines (`nil`).
    /// A stop before or during the work ends it as `run` ends cancelled work: interrupted.
    package static func runHere<T>(at range: SourceRange?, _ operation: () -> T?) throws(ShellError) -> T? {
        guard let here = WaitingThreadExecutor.current, here.isOwnedByCurrentThread else { return nil }
        if here.isStopped { throw ShellError(.interrupted, at: range) }
        guard let result = operation() else { return nil }
        if here.isStopped { throw ShellError(.interrupted, at: range) }
        return result
    }

    /// `run` on a thread that runs its own tasks: this thread runs the work's jobs until it ends.
    @inline(never)
    private static func run<T: Sendable>(
        at range: SourceRange?,
        here: WaitingThreadExecutor,
        _ operation: @escaping @Sendable () async -> T
    ) throws(ShellError) -> T {
        let box = ResultBox<T>()
        let task = Task.detached(executorPreference: here) {
            box.set(await operation())
            if !here.isOwnedByCurrentThread { here.wake.signal() }
        }
        here.begin(task)
        defer { here.end() }
        var interrupted = false
        while !box.isSet {
            if here.runQueued() { continue }
            if !interrupted, SignalCheck.pending() != nil {
                interrupted = true
                task.cancel()
                continue
            }
            here.wake.wait(until: .distantFuture)
        }
        // Cancelled by a signal seen here or by the device's stop (`WaitingThreadExecutor.stop`).
        if interrupted || task.isCancelled { throw ShellError(.interrupted, at: range) }
        return box.take()
    }

    /// Like `run`, for shutdown: the work decides when to stop, within its own budget, but a
    /// signal that arrives while waiting (a second Ctrl-C or SIGTERM) abandons it: `nil`.
    ///
    /// - Parameters:
    ///   - budget: the time after which the work is cancelled and left behind (`outOfTime`);
    ///     `nil` leaves the deadline to the work.
    ///   - slow: called once when the work takes longer than a moment (300 ms), to say what is
    ///     being waited for and that a second signal leaves at once.
    package static func wait<T: Sendable>(
        budget: Duration? = nil,
        slow: (() -> Void)? = nil,
        _ operation: @escaping @Sendable () async -> T
    ) -> ShutdownWait<T> {
        let box = ResultBox<T>()
        let wake = SignalWake()
        let task = Task {
            box.set(await operation())
            wake.signal()
        }
        let signals = SignalTrap.count
        let start = DispatchTime.now()
        let deadline = budget.map(DispatchTime.after)
        var slowAt: DispatchTime? = slow == nil ? nil : start + .milliseconds(300)
        while !box.isSet {
            if SignalTrap.count != signals {
                task.cancel()
                return .interrupted
            }
            let now = DispatchTime.now()
            if let deadline, now >= deadline {
                task.cancel()
                return .outOfTime
            }
            if let due = slowAt, now >= due {
                slowAt = nil
                slow?()
            }
            wake.wait(until: [deadline, slowAt].compactMap { $0 }.min() ?? .distantFuture)
        }
        return .done(box.take())
    }

    private final class ResultBox<T: Sendable>: Sendable {
        private let value = Mutex<T?>(nil)
        /// Read by the waiting loop on every turn: a flag, not the generic optional under the
        /// lock (guarded by the CPU s per 1,000 requests of scripts/bench/load_bench.py).
        private let done = Atomic(false)
        func set(_ result: T) {
            value.withLock { $0 = result }
            done.store(true, ordering: .releasing)
        }
        var isSet: Bool { done.load(ordering: .acquiring) }
        func take() -> T { value.withLock { $0.take()! } }
    }
}
