import LoopExecutor
import Platform
import Script
import Shell
import Transport

extension LoadDriver {
    /// One device of a run: its session, its transports and the loop of its iterations, on one
    /// event loop. A class, and its loop awaits one small step at a time: a task keeps the async
    /// frames of its deepest moment until it ends, and the loop written as one function held
    /// 1,840 bytes of locals, three slabs of the task's memory (3.9 KB a device, idle or not;
    /// heaptrack, 10,000 devices of load_bench.py's fleet). A device that thinks past
    /// `--idle-close` has no task at all: a timer on its loop resumes it in a new one.
    ///
    /// Used by one task at a time: its current one, or the iteration's child while that waits.
    final class Device: @unchecked Sendable {
        private let shared: Run
        private let executor: EventLoopTaskExecutor
        /// The open model: this device was made for an arrival, whose iteration it runs at once.
        private let assigned: Bool
        private let plain: KeepAliveTransport
        private let plainInsecure: KeepAliveTransport
        private let measured: MeasuringTransport
        private let insecure: MeasuringTransport
        private let session: ShellSession
        private let listener: LoadListener
        private let stop = SessionStop()
        /// Cancels the device's task in progress when the run is interrupted.
        private let cancel = DeviceCancellation()
        private var done = 0
        /// When the closed loop's next iteration should start (its lateness is measured from it).
        private var due: ContinuousClock.Instant?

        /// Device `index`, its connections on `executor`'s loop (its requests are sent and
        /// answered there).
        init(_ index: Int, due: ContinuousClock.Instant?, assigned: Bool, executor: EventLoopTaskExecutor, run: Run) {
            self.due = due
            self.assigned = assigned
            self.executor = executor
            shared = run
            let driver = run.driver
            let label = RequestLabel()
            let source = driver.sourceAddresses?.address(forDevice: index)
            plain = KeepAliveTransport(on: executor, verifiesCertificates: true, source: source)
            plainInsecure = KeepAliveTransport(on: executor, verifiesCertificates: false, source: source)
            measured = MeasuringTransport(inner: plain, metrics: run.metrics, label: label, classify: driver.classify)
            insecure = MeasuringTransport(inner: plainInsecure, metrics: run.metrics, label: label, classify: driver.classify)
            session = driver.makeSession(index, run.workDirectory + "/device-\(index)", measured, insecure)
            session.variables.set("device", .object(["index": .int(index), "id": .string(DeviceIdentity.id(index: index, seed: driver.plan.seed))]))
            listener = LoadListener(metrics: run.metrics, label: label, scriptKinds: run.kinds)
            // An interrupted device's task is cancelled: what it awaits ends at once.
            stop.onRequest { [cancel] in cancel.cancel() }
            run.control.register(stop)
            run.control.deviceStarted()
        }

        /// Runs the device in a task of its own on its loop, from where it stopped: its first
        /// iteration, or the next after a think it slept through.
        func resume() {
            cancel.run(on: executor) { await self.runActive() }
        }

        /// Iterations in a closed loop, or (with the run's arrivals) one per arrival, the first at
        /// once when `assigned`, until the device sleeps through a think (its task ends, a timer
        /// resumes it) or ends.
        private func runActive() async {
            iterations: while await mayIterate() {
                await iterate()
                switch await think() {
                case .again: continue
                case .asleep: return
                case .stopped: break iterations
                }
            }
            await end()
        }

        /// Shuts the device's session down and lets its connections go.
        private func end() async {
            let control = shared.control
            control.unregister(stop)
            await session.shutdown()
            // The shutdown's own exchanges (a last flush of queued events) are counted too.
            measured.flush()
            insecure.flush()
            control.deviceEnded()
            plain.closeIdleConnections()
            plainInsecure.closeIdleConnections()
            // Never released: the process's exit takes the memory back (`leavesDevicesToExit`).
            if shared.driver.leavesDevicesToExit { _ = Unmanaged.passRetained(self) }
            shared.devices.ended()
        }

        /// After a signal no iteration starts: each device reads the signal count itself, as the
        /// watcher's stop may come late (a SIGTERM fails every iteration at its first line, and
        /// devices looping on those once made tens of thousands of them before it did).
        private var mayStart: Bool { !shared.control.isOver && SignalTrap.count == shared.signals }

        /// Whether another iteration starts now: an arrival taken (the open model), or the plan's
        /// count and deadline not reached; its start's lateness is counted.
        private func mayIterate() async -> Bool {
            guard mayStart else { return false }
            if let arrivals = shared.arrivals {
                if !(assigned && done == 0), !(await arrivals.take()) { return false }
                // An arrival taken while the signal came runs no iteration.
                guard mayStart else { return false }
            } else {
                if case .iterations(let count) = shared.driver.plan.stop, done >= count { return false }
                if let deadline = shared.deadline, ContinuousClock.now >= deadline { return false }
            }
            if let due { shared.metrics.iterationStarted(lateBy: due.duration(to: ContinuousClock.now)) }
            return true
        }

        /// Runs one iteration as a child task on the device's loop, which counts it: the child's
        /// async frames (the runner's, the command's, the transport's) end with it, and an idle
        /// device keeps none of them (they were 9.2 KB a device, heaptrack, 10,000 devices).
        private func iterate() async {
            // The first iteration reports the check (made once for all devices); later ones skip it.
            let options = RunOptions(continuesPastFailedExpects: true, checksFirst: done == 0, reusesBindings: true)
            await withTaskGroup(of: Void.self) { group in
                group.addTask(executorPreference: executor) {
                    let result = await SessionStop.$current.withValue(self.stop) {
                        await ScriptRunner(session: self.session, listeners: [self.listener]).run(self.shared.script, options: options)
                    }
                    self.count(result)
                }
                await group.waitForAll()
            }
        }

        /// Counts an iteration's result; a script the check refused ends the run.
        private func count(_ result: RunResult) {
            done += 1
            measured.flush()
            insecure.flush()
            let script = shared.script
            let metrics = shared.metrics
            // Cut at the end of --graceful-stop: neither a success nor an error of the script's.
            if result.status == .runtime, shared.control.wasCut, !shared.control.wasStopped {
                metrics.iterationCut()
                return
            }
            switch result.status {
            case .parse, .usage:
                // The check pass refused the script: every device would; the run ends.
                let lines = result.checkErrors.map { session.secrets.masked($0.line(in: script.source.name)) }
                shared.control.refuse(lines)
                metrics.iteration(error: ("check", lines.first ?? "\(script.source.name): does not check"))
            case .success, .expectation:
                metrics.iteration(error: nil)
            case .runtime:
                metrics.iteration(error: LoadDriver.iterationError(result, in: script.source.name, masking: session.secrets))
            }
        }

        /// What a device does after its think time.
        private enum AfterThink { case again, asleep, stopped }

        /// The think time after an iteration (the closed loop's; the open model's devices wait
        /// for arrivals instead). A phone's connections close while it is idle: past
        /// `--idle-close` of think the device's sockets are closed, so mostly idle devices do not
        /// hold one each. A device whose think is longer than that lets go at once of what its
        /// session memoized of its lines and of its task (`.asleep`): it is a timer that closes
        /// its connections, then one that resumes it. A fleet's idle devices hold their state,
        /// not their caches nor a task (load_bench.py's fleet: 100,000 devices' peak RSS).
        private func think() async -> AfterThink {
            guard shared.arrivals == nil else { return .again }
            let plan = shared.driver.plan
            let control = shared.control
            let loop = executor.eventLoop
            due = ContinuousClock.now + plan.think
            if let idleClose = plan.idleClose, plan.think > idleClose {
                session.forgetMemos()
                control.pause(for: idleClose, on: loop) { goesOn in
                    // Stopped meanwhile, the device resumes at once to end.
                    guard goesOn else { return self.resume() }
                    self.plain.closeIdleConnections()
                    self.plainInsecure.closeIdleConnections()
                    control.pause(for: plan.think - idleClose, on: loop) { _ in self.resume() }
                }
                return .asleep
            }
            guard plan.think > .zero else { return .again }
            return await control.pause(for: plan.think, on: loop) ? .again : .stopped
        }
    }
}
