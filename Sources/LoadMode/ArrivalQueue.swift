import Dispatch
import Synchronization

/// The open model's hand-over: the arrival schedule gives each iteration to an idle device, and a
/// device waits here between iterations (a suspended task, no thread). An arrival no device is
/// free for is the scheduler's to place (a new device, or dropped).
final class ArrivalQueue: Sendable {
    private struct State {
        /// The idle devices, first come first given.
        var idle: [CheckedContinuation<Bool, Never>] = []
        var closed = false
        /// The scheduler waiting for this many devices to be idle before the first arrival.
        var waiter: (count: Int, semaphore: DispatchSemaphore)?
    }

    private let state = Mutex(State())

    /// Gives an iteration to an idle device; `false` when none is idle.
    func arrive() -> Bool {
        let device = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard !state.closed, !state.idle.isEmpty else { return nil }
            return state.idle.removeFirst()
        }
        device?.resume(returning: true)
        return device != nil
    }

    /// A device waits for its next iteration; `false` when the run is over.
    func take() async -> Bool {
        await withCheckedContinuation { continuation in
            let (open, ready) = state.withLock { state -> (Bool, DispatchSemaphore?) in
                guard !state.closed else { return (false, nil) }
                state.idle.append(continuation)
                guard let waiter = state.waiter, state.idle.count >= waiter.count else { return (true, nil) }
                state.waiter = nil
                return (true, waiter.semaphore)
            }
            ready?.signal()
            if !open { continuation.resume(returning: false) }
        }
    }

    /// Waits until `count` devices wait for arrivals (they start their sessions first), or `deadline`:
    /// arrivals before that would find none idle.
    func waitUntilIdle(_ count: Int, until deadline: DispatchTime) {
        let semaphore = DispatchSemaphore(value: 0)
        let waiting = state.withLock { state -> Bool in
            guard state.idle.count < count else { return false }
            state.waiter = (count, semaphore)
            return true
        }
        if waiting { _ = semaphore.wait(timeout: deadline) }
        state.withLock { $0.waiter = nil }
    }

    /// No more arrivals: every waiting device leaves.
    func close() {
        let waiting = state.withLock { state in
            state.closed = true
            defer { state.idle = [] }
            return state.idle
        }
        for device in waiting { device.resume(returning: false) }
    }
}
