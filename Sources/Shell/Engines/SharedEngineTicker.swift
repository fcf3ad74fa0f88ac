import Dispatch
import Synchronization

/// The one-second ticker of engines' time rules: a session's own, or one for many sessions (a
/// load run's devices) in place of a Dispatch timer each: 100,000 devices of the Hamon or Sift flow had 100,000 timers waking
/// Dispatch threads every second, and the fleet spent more time in the kernel than in user
/// space (161 s system against 188 s user, Hamon against nginx, load_bench.py's fleet). A
/// session adds its engines' ticks when its first engine with time rules starts and takes them
/// out when it shuts down or goes away.
package final class SharedEngineTicker: Sendable {
    private struct State {
        /// An array, not a dictionary: a tick takes it whole in O(1) (a copy of 100,000 devices'
        /// lists, retained one by one, was 4.5% of the Sift fleet's CPU; perf).
        var lists: [TickList] = []
        var positions: [ObjectIdentifier: Int] = [:]
        var timer: DispatchSourceTimer?
    }

    private let state = Mutex(State())
    private let timed: Bool

    /// - Parameter timed: whether a timer ticks it each second; tests call `tick` themselves.
    package init(timed: Bool = true) { self.timed = timed }

    deinit {
        state.withLock { $0.timer?.cancel() }
    }

    /// How many sessions it ticks (tests).
    package var sessions: Int { state.withLock { $0.lists.count } }

    func add(_ list: TickList) {
        state.withLock { state in
            guard state.positions[ObjectIdentifier(list)] == nil else { return }
            state.positions[ObjectIdentifier(list)] = state.lists.count
            state.lists.append(list)
            guard timed, state.timer == nil else { return }
            let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
            timer.schedule(deadline: .now() + 1, repeating: 1, leeway: .milliseconds(100))
            // Weak: the ticker goes when the run lets it go, its timer with it.
            timer.setEventHandler { [weak self] in self?.tick() }
            timer.resume()
            state.timer = timer
        }
    }

    func remove(_ list: TickList) {
        state.withLock { state in
            guard let position = state.positions.removeValue(forKey: ObjectIdentifier(list)) else { return }
            // The last list takes the removed one's place: removal in O(1), order not kept.
            let last = state.lists.removeLast()
            if position < state.lists.count {
                state.lists[position] = last
                state.positions[ObjectIdentifier(last)] = position
            }
            if state.lists.isEmpty {
                state.timer?.cancel()
                state.timer = nil
            }
        }
    }

    /// Runs every session's ticks, as each session's own ticker would.
    package func tick() {
        for list in state.withLock({ $0.lists }) { list.run() }
    }
}
