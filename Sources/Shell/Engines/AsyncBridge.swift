import Dispatch
import LineEditing
import Script
import Synchronization

/// Runs async engine work from the shell's synchronous command loop.
///
/// The REPL and script loop run on their own thread, never on the cooperative pool, so waiting
/// here cannot starve the tasks being waited for. Ctrl-C or SIGTERM cancels the work, waits for
/// it to wind down (so a cancelled flush puts its events back first), and reports `interrupted`.
package enum AsyncBridge {
    package static func run<T: Sendable>(at range: SourceRange?, _ operation: @escaping @Sendable () async -> T) throws(ShellError) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let task = Task {
            box.set(await operation())
            done.signal()
        }
        var interrupted = false
        while done.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            if !interrupted, SignalCheck.pending() != nil {
                interrupted = true
                task.cancel()
            }
        }
        if interrupted { throw ShellError(.interrupted, at: range) }
        return box.take()
    }

    /// Like `run`, for shutdown: the work decides when to stop, within its own budget, but a
    /// signal that arrives while waiting (a second Ctrl-C or SIGTERM) abandons it: `nil`.
    ///
    /// - Parameter slow: called once when the work takes longer than a moment, to say what is
    ///   being waited for and that a second signal leaves at once.
    ///   - budget: seconds after which the work is cancelled and left behind (`outOfTime`);
    ///     `nil` leaves the deadline to the work.
    package static func wait<T: Sendable>(
        budget: Double? = nil, slow: (() -> Void)? = nil, _ operation: @escaping @Sendable () async -> T
    ) -> ShutdownWait<T> {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let task = Task {
            box.set(await operation())
            done.signal()
        }
        let signals = SignalTrap.count
        let deadline = budget.map { DispatchTime.now() + .milliseconds(Int($0 * 1000)) }
        var polls = 0
        while done.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            polls += 1
            if polls == 6 { slow?() }
            if SignalTrap.count != signals {
                task.cancel()
                return .interrupted
            }
            if let deadline, DispatchTime.now() >= deadline {
                task.cancel()
                return .outOfTime
            }
        }
        return .done(box.take())
    }

    private final class ResultBox<T: Sendable>: Sendable {
        private let value = Mutex<T?>(nil)
        func set(_ result: T) { value.withLock { $0 = result } }
        func take() -> T { value.withLock { $0! } }
    }
}
