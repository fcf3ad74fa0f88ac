import Dispatch
import LoopExecutor
import NIOCore
import Platform
import Shell
import Synchronization

/// The run's stop switch, shared by its devices: a signal, the check pass refusing the script or
/// the caller stops the devices starting iterations and wakes those that wait; `interrupt` also
/// stops the iterations in flight (each session's `SessionStop`).
package final class LoadControl: Sendable {
    private struct State {
        var stopped = false
        /// The plan's duration ended: as `stopped` for the devices, but no signal's (`wasStopped` stays false).
        var ended = false
        var interrupted = false
        var cut = false
        var finished = false
        var refusal: [String]?
        var running: [ObjectIdentifier: SessionStop] = [:]
        /// The waits in progress (a ramp-up, a think time, the signal watcher), each woken by `stop`.
        var waits: [ObjectIdentifier: SignalWake] = [:]
        /// The devices' waits in progress (`pause(for:on:)`), each ended by `stop`.
        var pauses: [Int: @Sendable (Bool) -> Void] = [:]
        var nextPause = 0
    }

    private let active = Atomic(0)

    /// Devices running an iteration or thinking now (not those still ramping up, nor finished).
    package var activeDevices: Int { active.load(ordering: .relaxed) }

    func deviceStarted() { active.add(1, ordering: .relaxed) }

    func deviceEnded() { active.subtract(1, ordering: .relaxed) }

    private let state = Mutex(State())

    package init() {}

    /// No device starts another iteration; those in flight finish.
    package func stop() { halt { $0.stopped = true } }

    /// The run's `--duration` ended: what waits (a think, a ramp-up offset, an idle-close
    /// window) ends at once and no iteration starts, as after `stop`; the run is not one a
    /// signal stopped.
    func endAtDeadline() { halt { $0.ended = true } }

    /// Marks the state with `mark`, then wakes every wait and ends every pause.
    private func halt(_ mark: (inout State) -> Void) {
        let (waits, pauses) = state.withLock { state in
            mark(&state)
            defer { state.pauses = [:] }
            return (Array(state.waits.values), Array(state.pauses.values))
        }
        for wait in waits { wait.signal() }
        for pause in pauses { pause(false) }
    }

    /// Whether the run is over for its devices: stopped, or its duration ended.
    var isOver: Bool { state.withLock { $0.stopped || $0.ended } }

    /// Whether iterations in flight were cut at the end of `--graceful-stop`.
    var wasCut: Bool { state.withLock { $0.cut } }

    /// Past the deadline's `--graceful-stop`: the iterations still in flight are ended where
    /// they are, and counted as cut (not as a signal's interruption).
    func cut() {
        let running = state.withLock { state -> [SessionStop] in
            state.cut = true
            return Array(state.running.values)
        }
        for stop in running { stop.request() }
    }

    /// Stops as `stop` does, and interrupts the iterations in flight where they are.
    package func interrupt() {
        stop()
        let running = state.withLock { state -> [SessionStop] in
            state.interrupted = true
            return Array(state.running.values)
        }
        for stop in running { stop.request() }
    }

    package var wasStopped: Bool { state.withLock { $0.stopped } }

    /// Why the script did not check, when it did not.
    package var refusal: [String]? { state.withLock { $0.refusal } }

    func refuse(_ errors: [String]) {
        state.withLock { state in
            if state.refusal == nil { state.refusal = errors }
        }
        interrupt()
    }

    func register(_ stop: SessionStop) {
        let interrupted = state.withLock { state -> Bool in
            state.running[ObjectIdentifier(stop)] = stop
            return state.interrupted
        }
        if interrupted { stop.request() }
    }

    func unregister(_ stop: SessionStop) { state.withLock { _ = $0.running.removeValue(forKey: ObjectIdentifier(stop)) } }

    /// Waits until `deadline` (or `condition`); `false` when the run was stopped meanwhile (unless
    /// `ignoringStop`) or `condition` held.
    func pause(until deadline: DispatchTime, ignoringStop: Bool = false, orUntil condition: () -> Bool = { false }) -> Bool {
        let wake = SignalWake()
        let key = ObjectIdentifier(wake)
        state.withLock { state in state.waits[key] = wake }
        defer { state.withLock { _ = $0.waits.removeValue(forKey: key) } }
        while DispatchTime.now() < deadline {
            if (!ignoringStop && isOver) || condition() { return false }
            wake.wait(until: deadline)
        }
        return !isOver
    }

    /// A device waits `duration` on its event loop (a ramp-up offset, a think time): a timer
    /// there, no thread; `false` when the run was stopped before or meanwhile.
    func pause(for duration: Duration, on loop: any EventLoop) async -> Bool {
        guard duration > .zero else { return !isOver }
        return await withCheckedContinuation { continuation in
            pause(for: duration, on: loop) { continuation.resume(returning: $0) }
        }
    }

    /// `pause(for:on:)` for a device with no task while it waits (its task's memory let go):
    /// `then` is called with `true` on the loop once `duration` has passed, with `false` at
    /// once when the run has stopped or when it stops meanwhile.
    func pause(for duration: Duration, on loop: any EventLoop, then: @escaping @Sendable (Bool) -> Void) {
        guard duration > .zero else { return then(!isOver) }
        let key = state.withLock { state -> Int? in
            guard !state.stopped, !state.ended else { return nil }
            state.nextPause += 1
            state.pauses[state.nextPause] = then
            return state.nextPause
        }
        guard let key else { return then(false) }
        wakeups(on: loop).schedule(in: TimeAmount(duration)) { [self] in
            state.withLock { $0.pauses.removeValue(forKey: key) }?(true)
        }
    }

    /// Each loop's waits, one SwiftNIO timer for all of them (`LoopWakeups` says why).
    private let loopWakeups = Mutex<[ObjectIdentifier: LoopWakeups]>([:])

    private func wakeups(on loop: any EventLoop) -> LoopWakeups {
        loopWakeups.withLock { all in
            if let made = all[ObjectIdentifier(loop)] { return made }
            let made = LoopWakeups(loop: loop)
            all[ObjectIdentifier(loop)] = made
            return made
        }
    }

    var isFinished: Bool { state.withLock { $0.finished } }

    func finish() {
        let waits = state.withLock { state -> [SignalWake] in
            state.finished = true
            return Array(state.waits.values)
        }
        for wait in waits { wait.signal() }
    }
}
