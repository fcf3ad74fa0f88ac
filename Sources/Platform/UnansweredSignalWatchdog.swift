import Dispatch
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Reads the signal flags ten times a second and carries out `SignalEscalation`'s verdicts, so
/// that SIGINT and SIGTERM end work that computes without looking at them (a check pass over a
/// huge script, a blocking read of standard input, a pattern that would run for minutes).
package final class UnansweredSignalWatchdog: Sendable {
    private struct State {
        var escalation: SignalEscalation
        var phase: SignalEscalation.Phase = .run
    }

    private let state: Mutex<State>
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    /// Set up and resumed in `init`, never touched again.
    nonisolated(unsafe) private let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .userInitiated))

    /// Starts reading the flags at once: a Dispatch source released before it was resumed traps.
    package init(shutdownBudget: Double) {
        state = Mutex(State(escalation: SignalEscalation(shutdownBudget: shutdownBudget)))
        start = clock.now
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100), leeway: .milliseconds(20))
        timer.setEventHandler { [self] in check() }
        timer.resume()
    }

    /// What the process does from now on.
    package func enter(_ phase: SignalEscalation.Phase) {
        state.withLock { $0.phase = phase }
    }

    private func check() {
        let now = start.duration(to: clock.now).inSeconds
        let reading = SignalEscalation.Reading.now()
        let action = state.withLock { state in state.escalation.observe(reading, in: state.phase, at: now) }
        switch action {
        case .none:
            return
        case .warn(let message):
            say(message)
        case .leave(let status, let message):
            say(message)
            // `_exit`, not `exit`: the main thread is still running and may hold the locks that
            // atexit handlers and stdio take.
            _exit(status)
        }
    }

    private func say(_ message: String) {
        let line = Array((message + "\n").utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
