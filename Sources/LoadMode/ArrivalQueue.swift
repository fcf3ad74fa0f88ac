import Dispatch
import Synchronization

/// The open model's hand-over: the arrival schedule gives each iteration to an idle device, and a
/// device waits here between iterations. An arrival no device is free for is the scheduler's to
/// place (a new device, or dropped).
final class ArrivalQueue: Sendable {
    private struct State {
        var idle = 0
        /// Arrivals given to a device that has not woken for them yet: they run even after `close`.
        var pending = 0
        var closed = false
        /// The scheduler waiting for this many devices to be idle before the first arrival.
        var waiter: (count: Int, semaphore: DispatchSemaphore)?
    }

    private let state = Mutex(State())
    private let arrivals = DispatchSemaphore(value: 0)

    /// Gives an iteration to an idle device; `false` when none is idle.
    func arrive() -> Bool {
        let taken = state.withLock { state -> Bool in
            guard state.idle > 0, !state.closed else { return false }
            state.idle -= 1
            state.pending += 1
            return true
        }
        if taken { arrivals.signal() }
        return taken
    }

    /// A device waits for its next iteration; `false` when the run is over.
    func take() -> Bool {
        let (open, ready) = state.withLock { state -> (Bool, DispatchSemaphore?) in
            guard !state.closed else { return (false, nil) }
            state.idle += 1
            guard let waiter = state.waiter, state.idle >= waiter.count else { return (true, nil) }
            state.waiter = nil
            return (true, waiter.semaphore)
        }
        ready?.signal()
        guard open else { return false }
        arrivals.wait()
        // Each wake is an arrival or `close`'s: an arrival given before the close still runs.
        return state.withLock { state in
            guard state.pending > 0 else { return false }
            state.pending -= 1
            return true
        }
    }

    /// Waits until `count` devices wait for arrivals (they start their sessions first), or `deadline`:
    /// arrivals before that would find none idle.
    func waitUntilIdle(_ count: Int, until deadline: DispatchTime) {
        let semaphore = DispatchSemaphore(value: 0)
        let waiting = state.withLock { state -> Bool in
            guard state.idle < count else { return false }
            state.waiter = (count, semaphore)
            return true
        }
        if waiting { _ = semaphore.wait(timeout: deadline) }
        state.withLock { $0.waiter = nil }
    }

    /// No more arrivals: wakes every waiting device to leave.
    func close() {
        let waiting = state.withLock { state -> Int in
            state.closed = true
            defer { state.idle = 0 }
            return state.idle
        }
        for _ in 0..<waiting { arrivals.signal() }
    }
}
