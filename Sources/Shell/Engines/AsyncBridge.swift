import Dispatch
import Platform
import Script
import Synchronization

/// Where the shell's async runner meets threads and signals.
///
/// A command runs as async work: the runner awaits its handler, a handler awaits the engine
/// (`run`). A thread that needs a result (the REPL between entries, `sdkbench run`, a test job)
/// `drive`s the work: its task's jobs run on that very thread, so a script's statements make no
/// thread hop, and the engines' own tasks on the shared pool are never starved by it. A load
/// device is the same work as a task on an event loop, and nothing in it blocks.
package enum AsyncBridge {
    /// Awaits engine work for a command at `range`, optionally started on `executor` (the
    /// transport's event loop for a request). When the command's task was cancelled (Ctrl-C,
    /// SIGTERM, a device's stop), the work is still awaited (so a cancelled flush puts its events
    /// back first) and the command ends `interrupted`.
    package static func run<T>(
        at range: SourceRange?,
        on executor: (any TaskExecutor)? = nil,
        _ operation: () async -> T
    ) async throws(ShellError) -> T {
        if Task.isCancelled { throw ShellError(.interrupted, at: range) }
        let value: T
        if let executor {
            value = await withTaskExecutorPreference(executor) { await operation() }
        } else {
            value = await operation()
        }
        if Task.isCancelled { throw ShellError(.interrupted, at: range) }
        return value
    }

    /// Waits on this thread for work that never needs it: the embedded backend's start and stop,
    /// on the backend's own event loops. A signal cancels the work and, once it ended, the
    /// command ends `interrupted`. Anything that sends through a session's transport is awaited
    /// (`run`) instead: a load device's transport runs on the device's own loop.
    ///
    /// Not `drive`: a driven task's children keep its executor, this thread, and the backend's
    /// server runs in tasks made while it starts; they would stall whenever this thread is not
    /// driving (a Hamon deadline test waited 35 s for a 0.3 s timeout).
    package static func block<T: Sendable>(at range: SourceRange?, _ operation: @escaping @Sendable () async -> T) throws(ShellError) -> T {
        let box = ResultBox<T>()
        let wake = SignalWake()
        let task = Task.detached {
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

    /// `block` for a stop: waits until the work ends, or until a signal that arrives meanwhile
    /// abandons it (`false`).
    @discardableResult
    package static func blockUntilStopped(_ operation: @escaping @Sendable () async -> Void) -> Bool {
        guard case .done = drive(cancelling: .later, { await wait(operation) }) else { return false }
        return true
    }

    /// Runs `operation` to its end with its jobs on the calling thread, which sleeps between them.
    ///
    /// - Parameter cancelling: which signals cancel the work (it is awaited still, and its result
    ///   returned): `.pending`, a Ctrl-C, SIGTERM or the thread's `SessionStop` (a command run);
    ///   `.later`, only a signal that arrives after the start (a shutdown, which a second signal
    ///   cuts short).
    package static func drive<T>(cancelling: DriveCancellation = .pending, _ operation: @escaping () async -> T) -> T {
        let executor = WaitingThreadExecutor()
        let box = ResultBox<T>()
        let stop = SessionStop.current
        let signals = SignalTrap.count
        // The task's jobs run on this thread only (its executor is this thread's), while this
        // function waits: nothing of `operation` leaves the thread or outlives the call.
        nonisolated(unsafe) let operation = operation
        let task = Task.detached(executorPreference: executor) {
            let value = await SessionStop.$current.withValue(stop) { await operation() }
            box.set(value)
            executor.wake.signal()
        }
        var cancelled = false
        while !box.isSet {
            if executor.runQueued() { continue }
            if !cancelled, cancelling.applies(since: signals) {
                cancelled = true
                task.cancel()
                continue
            }
            executor.wake.wait(until: .distantFuture)
        }
        return box.take()
    }

    /// Which signals cancel a `drive`n operation.
    package enum DriveCancellation: Sendable {
        /// SIGINT, SIGTERM (also before the start), or the thread's `SessionStop`.
        case pending
        /// A signal that arrives after the start.
        case later

        fileprivate func applies(since count: Int) -> Bool {
            switch self {
            case .pending: SignalCheck.pending() != nil
            case .later: SignalTrap.count != count
            }
        }
    }

    /// Awaits shutdown work: the work decides when to stop, within its own budget, but the
    /// task's cancellation (a second Ctrl-C or SIGTERM) abandons it: `.interrupted`.
    ///
    /// - Parameters:
    ///   - budget: the time after which the work is cancelled and left behind (`outOfTime`);
    ///     `nil` leaves the deadline to the work.
    ///   - slow: called once when the work takes longer than a moment (300 ms), to say what is
    ///     being waited for and that a second signal leaves at once.
    package static func wait<T: Sendable>(
        budget: Duration? = nil,
        slow: (@Sendable () -> Void)? = nil,
        _ operation: @escaping @Sendable () async -> T
    ) async -> ShutdownWait<T> {
        let first = FirstOutcome<T>()
        let work = Task { first.settle(.done(await operation())) }
        let budgetTimer = budget.map { budget in
            Task {
                try? await Task.sleep(for: budget)
                if !Task.isCancelled { first.settle(.outOfTime) }
            }
        }
        let slowTimer = slow.map { slow in
            Task {
                try? await Task.sleep(for: .milliseconds(300))
                if !Task.isCancelled, !first.isSettled { slow() }
            }
        }
        let outcome = await withTaskCancellationHandler {
            await first.value()
        } onCancel: {
            first.settle(.interrupted)
        }
        budgetTimer?.cancel()
        slowTimer?.cancel()
        if case .done = outcome {} else { work.cancel() }
        return outcome
    }

    /// The first of several outcomes, handed to the one waiting for it.
    private final class FirstOutcome<T: Sendable>: Sendable {
        private enum State {
            case open
            case waiting(CheckedContinuation<ShutdownWait<T>, Never>)
            case settled(ShutdownWait<T>)
            case taken
        }

        private let state = Mutex(State.open)

        var isSettled: Bool {
            state.withLock { if case .open = $0 { false } else if case .waiting = $0 { false } else { true } }
        }

        func settle(_ outcome: ShutdownWait<T>) {
            let waiting = state.withLock { state -> CheckedContinuation<ShutdownWait<T>, Never>? in
                switch state {
                case .open:
                    state = .settled(outcome)
                    return nil
                case .waiting(let continuation):
                    state = .taken
                    return continuation
                case .settled, .taken:
                    return nil
                }
            }
            waiting?.resume(returning: outcome)
        }

        func value() async -> ShutdownWait<T> {
            await withCheckedContinuation { continuation in
                let settled = state.withLock { state -> ShutdownWait<T>? in
                    if case .settled(let outcome) = state {
                        state = .taken
                        return outcome
                    }
                    state = .waiting(continuation)
                    return nil
                }
                if let settled { continuation.resume(returning: settled) }
            }
        }
    }

    /// The result of driven work, set by its task and read by the driving thread after the flag.
    private final class ResultBox<T>: @unchecked Sendable {
        private var value: T?
        /// Read by the waiting loop on every turn: a flag, not the generic optional under a
        /// lock (guarded by the CPU s per 1,000 requests of scripts/bench/load_bench.py).
        private let done = Atomic(false)
        func set(_ result: T) {
            value = result
            done.store(true, ordering: .releasing)
        }
        var isSet: Bool { done.load(ordering: .acquiring) }
        func take() -> T { value.take()! }
    }
}
