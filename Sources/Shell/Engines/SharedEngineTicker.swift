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
        var lists: [ObjectIdentifier: TickList] = [:]
        var timer: DispatchSourceTimer?
    }

    private let state = Mutex(State())

    package init() {}

    deinit {
        state.withLock { $0.timer?.cancel() }
    }

    /// How many sessions it ticks (tests).
    package var sessions: Int { state.withLock { $0.lists.count } }

    func add(_ list: TickList) {
        state.withLock { state in
            state.lists[ObjectIdentifier(list)] = list
            guard state.timer == nil else { return }
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
            state.lists[ObjectIdentifier(list)] = nil
            if state.lists.isEmpty {
                state.timer?.cancel()
                state.timer = nil
            }
        }
    }

    /// Runs every session's ticks, as each session's own ticker would.
    package func tick() {
        for list in state.withLock({ Array($0.lists.values) }) { list.run() }
    }
}
