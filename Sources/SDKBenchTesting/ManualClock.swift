import Platform
import Synchronization

/// A clock that moves only when a test says so.
///
/// `sleep` waits until `advance` passes its deadline, so a test drives the 10-second and
/// 2-second rules step by step; or, with `sleepsPassAtOnce`, every sleep returns at once (time
/// standing still), for tests of whole flows where a retry's pause would only slow them down.
/// The Miataru backend's tests read it in milliseconds (`millisecondsSinceEpoch`).
package final class ManualClock: WallClock {
    private struct Sleeper {
        var deadline: Double
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Double
        var nextID = 0
        var sleepers: [Int: Sleeper] = [:]
        var sleeperWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>
    private let sleepsPassAtOnce: Bool

    /// - Parameters:
    ///   - start: seconds since the epoch (the default is 2024-11-18T10:58:03.234Z).
    ///   - sleepsPassAtOnce: whether `sleep` returns at once instead of waiting for `advance`.
    package init(_ start: Double = 1_731_927_483.234, sleepsPassAtOnce: Bool = false) {
        state = Mutex(State(now: start))
        self.sleepsPassAtOnce = sleepsPassAtOnce
    }

    package func now() -> Double { state.withLock { $0.now } }

    package func sleep(for duration: Duration) async throws {
        if sleepsPassAtOnce { return try Task.checkCancellation() }
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>]? in
                    if Task.isCancelled { return nil }
                    state.sleepers[id] = Sleeper(deadline: state.now + duration.inSeconds, continuation: continuation)
                    defer { state.sleeperWaiters = [] }
                    return state.sleeperWaiters
                }
                guard let waiters else { return continuation.resume(throwing: CancellationError()) }
                for waiter in waiters { waiter.resume() }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes the sleepers whose deadline passed.
    package func advance(by duration: Duration) {
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now += duration.inSeconds
            let ready = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in ready.keys { state.sleepers[id] = nil }
            return ready.values.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }

    /// Returns once some task is sleeping on this clock.
    package func waitForSleeper() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if !state.sleepers.isEmpty { return true }
                state.sleeperWaiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// What the earliest sleeper still has to wait, if any sleeps.
    package var pendingSleep: Duration? {
        state.withLock { state in state.sleepers.values.map { $0.deadline - state.now }.min().map { Duration.seconds($0) } }
    }

    /// Milliseconds since the epoch, as the Miataru backend's state reads its clock.
    package var millisecondsSinceEpoch: Int64 { Int64((now() * 1000).rounded()) }
}
