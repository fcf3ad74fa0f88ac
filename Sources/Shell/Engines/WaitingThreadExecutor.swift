import Platform
import Synchronization

/// Runs Swift tasks on the thread that waits for them (`AsyncBridge.drive`): the REPL's, a
/// script's, a test job's. A job enqueued from another thread (an answer from an event loop, an
/// actor's reply, a timer) wakes the waiting thread.
package final class WaitingThreadExecutor: TaskExecutor {
    private struct State {
        var jobs: [UnownedJob] = []
        var next = 0
    }

    private let state = Mutex(State())
    let wake = SignalWake()

    package init() {}

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.jobs.append(job) }
        wake.signal()
    }

    /// Runs the queued jobs (and those they queue) on the calling thread; whether there were any.
    func runQueued() -> Bool {
        var ran = false
        while let job = state.withLock({ state -> UnownedJob? in
            guard state.next < state.jobs.count else {
                state.jobs.removeAll(keepingCapacity: true)
                state.next = 0
                return nil
            }
            defer { state.next += 1 }
            return state.jobs[state.next]
        }) {
            job.runSynchronously(on: asUnownedTaskExecutor())
            ran = true
        }
        return ran
    }
}
