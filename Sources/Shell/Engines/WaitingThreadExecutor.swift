import LineEditing
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Runs Swift tasks on the thread that waits for them: a load-mode device's thread, bound as
/// `current` around its script, runs the engine work its commands wait for (`AsyncBridge.run`)
/// itself, between its statements. With `BlockingTransport` a request is sent and answered on
/// that one thread, and no other thread is woken for it.
///
/// A job enqueued from another thread (an answer from an event loop, an actor's reply) wakes the
/// waiting thread. Jobs run only while the owner waits in `AsyncBridge.run`.
package final class WaitingThreadExecutor: TaskExecutor {
    private struct State {
        var jobs: [UnownedJob] = []
        var next = 0
        /// The bridged task running now, cancelled by `stop`.
        var running: Task<Void, Never>?
        var stopped = false
    }

    private let state = Mutex(State())
    private let owner: pthread_t
    let wake = SignalWake()

    /// Where `AsyncBridge.run` runs its work on this thread; `nil`: on the transport's executor or
    /// the shared pool, the thread sleeping meanwhile.
    @TaskLocal package static var current: WaitingThreadExecutor?

    /// For the calling thread.
    package init() {
        owner = pthread_self()
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.jobs.append(job) }
        if !isOwnedByCurrentThread { wake.signal() }
    }

    /// Whether the calling thread is the one that runs this executor's jobs.
    var isOwnedByCurrentThread: Bool { pthread_equal(owner, pthread_self()) != 0 }

    /// Runs the queued jobs (and those they queue) on the owner's thread; whether there were any.
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

    /// Registers the task a bridge waits for; it is cancelled at once when the executor stopped.
    func begin(_ task: Task<Void, Never>) {
        let stopped = state.withLock { state in
            state.running = task
            return state.stopped
        }
        if stopped { task.cancel() }
    }

    func end() { state.withLock { $0.running = nil } }

    /// Whether `stop` was called.
    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Cancels the bridged work running now and any later (from any thread): the device was
    /// interrupted. A request blocked on its socket ends as cancelled.
    package func stop() {
        let running = state.withLock { state in
            state.stopped = true
            return state.running
        }
        running?.cancel()
        wake.signal()
    }
}
