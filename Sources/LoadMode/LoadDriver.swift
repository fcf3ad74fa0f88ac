import Dispatch
import JSON
import LineEditing
import LoopExecutor
import NIOCore
import NIOPosix
import Platform
import Script
import Shell
import Synchronization
import Transport

/// Runs one script as many simulated devices, each a session of its own in a task of its own on
/// one of the run's event loops (one per core), in a closed loop (an iteration, the think time,
/// the next), and counts what they did. No second runner: each iteration is `ScriptRunner.run`
/// over the device's session. A device waiting (for an answer, a think time, an arrival) is a
/// suspended task and a timer or a socket on its loop: no thread.
package struct LoadDriver: Sendable {
    package var plan: LoadPlan
    /// Makes device `index`'s session with its state under `home`; the driver sets `device` and
    /// hands it the measuring transports (`insecure` for hosts and lines with `--insecure`).
    package var makeSession: @Sendable (_ index: Int, _ home: String, _ transport: any HTTPTransport, _ insecure: any HTTPTransport) -> ShellSession
    /// Names an engine's exchange (`ShellCatalog.requestKind`).
    package var classify: @Sendable (_ method: String, _ path: String) -> String?
    /// The addresses devices send their `http://` requests from (`--source-addresses`).
    package var sourceAddresses: SourceAddresses?

    package init(
        plan: LoadPlan,
        classify: @escaping @Sendable (_ method: String, _ path: String) -> String?,
        sourceAddresses: SourceAddresses? = nil,
        makeSession: @escaping @Sendable (_ index: Int, _ home: String, _ transport: any HTTPTransport, _ insecure: any HTTPTransport) -> ShellSession
    ) {
        self.plan = plan
        self.classify = classify
        self.sourceAddresses = sourceAddresses
        self.makeSession = makeSession
    }

    /// How long iterations in flight may go on after SIGTERM: well within the 2 s after which the
    /// process leaves without a report (a busy machine takes most of a second more to write it).
    static let terminationBudget = Duration.milliseconds(500)

    /// What every device of a run shares.
    private struct Run: Sendable {
        var script: CheckedScript
        var kinds: LoadListener.ScriptKinds?
        var workDirectory: String
        var metrics: LoadMetrics
        var control: LoadControl
        var arrivals: ArrivalQueue?
        var deadline: ContinuousClock.Instant?
        var signals: Int
        var executors: [EventLoopTaskExecutor]
        var devices: DeviceTasks
    }

    /// Runs the devices until the plan's stop (or a signal, or `stop()`), each under
    /// `workDirectory/device-N`, then shuts each down within its budget. `script` is checked and
    /// parsed once for every device.
    ///
    /// - Parameter signalsSince: the signal count to compare with (`SignalTrap.count` when the
    ///   caller installed its handlers), so a signal during the set-up before this call counts;
    ///   `nil`: the count now.
    package func run(
        _ script: CheckedScript,
        workDirectory: String,
        metrics: LoadMetrics,
        control: LoadControl = LoadControl(),
        signalsSince: Int? = nil
    ) -> LoadRunReport {
        let clock = ContinuousClock()
        let started = clock.now
        let startedAt = SystemClock().now()
        let group = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)
        defer { try? group.syncShutdownGracefully() }
        let deadline: ContinuousClock.Instant? = if case .duration(let length) = plan.stop { started + length } else { nil }
        let run = Run(
            script: script,
            kinds: LoadListener.kinds(of: script.source),
            workDirectory: workDirectory,
            metrics: metrics,
            control: control,
            arrivals: plan.rate == nil ? nil : ArrivalQueue(),
            deadline: deadline,
            signals: signalsSince ?? SignalTrap.count,
            executors: group.makeIterator().map { EventLoopTaskExecutor($0) },
            devices: DeviceTasks()
        )
        let indexes = plan.segment.indexes(of: plan.devices)
        for index in indexes {
            // The open model ramps its rate up instead.
            let offset = plan.devices > 1 && run.arrivals == nil ? plan.rampUp * (Double(index) / Double(plan.devices)) : .zero
            // The open model's arrivals are timed by the scheduler.
            start(index, at: started + offset, due: run.arrivals == nil ? started + offset : nil, assigned: false, run: run)
        }
        // Signals wake every SignalWake. The first stops the devices starting iterations; those in
        // flight have the shutdown budget to finish, and a second signal ends them at once. This
        // thread answers the signals (takes the interrupt) for the devices, which may be waiting
        // for their answers; SIGTERM's budget ends before the process's own patience with it
        // (`SignalEscalation.patience`), so that the report is written.
        let signals = run.signals
        let watcher = DeviceThread.start {
            _ = control.pause(until: .distantFuture) { control.isFinished || SignalTrap.count != signals }
            guard !control.isFinished else { return }
            _ = SignalTrap.takeInterrupt()
            let first = SignalTrap.count
            control.stop()
            let budget = SignalTrap.terminationRequested ? Self.terminationBudget : ShellSession.shutdownBudget
            _ = control.pause(until: .after(budget), ignoringStop: true) {
                control.isFinished || SignalTrap.count != first
            }
            _ = SignalTrap.takeInterrupt()
            if !control.isFinished { control.interrupt() }
        }
        if let arrivals = run.arrivals, let rate = plan.rate {
            arrivals.waitUntilIdle(plan.segment.share(of: plan.devices), until: .after(.seconds(30)))
            schedule(rate: rate, arrivals: arrivals, start: started, run: run)
        }
        run.devices.waitUntilAllEnded()
        control.finish()
        watcher?.join()
        var report = LoadRunReport(
            metrics: metrics.snapshot(closingIntervals: true),
            duration: started.duration(to: clock.now),
            devices: run.devices.startedCount,
            devicesUnstarted: 0,
            interrupted: control.wasStopped,
            startedAt: startedAt
        )
        report.plan = plan
        return report
    }

    /// Starts device `index` as a task on its loop, beginning at `begin`.
    private func start(_ index: Int, at begin: ContinuousClock.Instant, due: ContinuousClock.Instant?, assigned: Bool, run: Run) {
        let executor = run.executors[index % run.executors.count]
        let cancel = DeviceCancellation()
        run.devices.started()
        let task = Task.detached(executorPreference: executor) {
            defer { run.devices.ended() }
            let wait = ContinuousClock.now.duration(to: begin)
            guard await run.control.pause(for: wait, on: executor.eventLoop) else { return }
            await runDevice(index, due: due, assigned: assigned, executor: executor, cancel: cancel, run: run)
        }
        cancel.set(task)
    }

    /// The open model's arrivals: the whole run's at `rate` per second (ramping up linearly over
    /// `plan.rampUp`), of which this segment takes its stripe (`LoadSegment`), each given to an
    /// idle device, else to a new one while the segment's share of `--max-devices` allows, else
    /// dropped; until the plan's stop.
    private func schedule(rate: Double, arrivals: ArrivalQueue, start: ContinuousClock.Instant, run: Run) {
        let ramp = plan.rampUp.inSeconds
        let segment = plan.segment
        let preallocated = segment.share(of: plan.devices)
        let most = segment.share(of: plan.maxDevices ?? plan.devices)
        let control = run.control
        let metrics = run.metrics
        var devices = preallocated
        // The whole run's arrival numbers; this segment's are every count-th from its own.
        var arrival = segment.index - 1
        while rate > 0 {
            // Arrival k at t with k = rate*t²/(2*ramp) while ramping, then at rate.
            let k = Double(arrival)
            let seconds = ramp > 0 && k < rate * ramp / 2 ? (2 * ramp * k / rate).squareRoot() : ramp / 2 + k / rate
            let due = start + .milliseconds(Int64((seconds * 1000).rounded()))
            if case .iterations(let count) = plan.stop, arrival >= count { break }
            if case .duration(let length) = plan.stop, due.duration(to: start + length) <= .zero { break }
            let wait = ContinuousClock.now.duration(to: due)
            if wait > .zero, !control.pause(until: .after(wait)) { break }
            if control.wasStopped || SignalTrap.count != run.signals { break }
            // The arrival's lateness is the scheduler's: handed over when due, or later; a dropped
            // arrival starts no iteration and has none.
            let lateness = due.duration(to: ContinuousClock.now)
            arrival += segment.count
            if arrivals.arrive() {
                metrics.iterationStarted(lateBy: lateness)
                continue
            }
            guard devices < most else {
                metrics.droppedIteration()
                continue
            }
            // A device past the segment's share, with an index no other segment uses.
            let index = plan.devices + (segment.index - 1) + segment.count * (devices - preallocated)
            devices += 1
            metrics.iterationStarted(lateBy: lateness)
            self.start(index, at: .now, due: nil, assigned: true, run: run)
        }
        arrivals.close()
    }

    /// Runs device `index`: in a closed loop, or (with `run.arrivals`) an iteration per arrival,
    /// the first at once when `assigned`. `due`: when the closed loop's first iteration should start.
    private func runDevice(
        _ index: Int,
        due firstDue: ContinuousClock.Instant?,
        assigned: Bool,
        executor: EventLoopTaskExecutor,
        cancel: DeviceCancellation,
        run: Run
    ) async {
        let control = run.control
        let metrics = run.metrics
        let script = run.script
        let label = RequestLabel()
        // The device's connections are on its loop: its requests are sent and answered there.
        let source = sourceAddresses?.address(forDevice: index)
        let plain = KeepAliveTransport(on: executor, verifiesCertificates: true, source: source)
        let plainInsecure = KeepAliveTransport(on: executor, verifiesCertificates: false, source: source)
        defer {
            plain.closeIdleConnections()
            plainInsecure.closeIdleConnections()
        }
        let measured = MeasuringTransport(inner: plain, metrics: metrics, label: label, classify: classify)
        let insecure = MeasuringTransport(inner: plainInsecure, metrics: metrics, label: label, classify: classify)
        let session = makeSession(index, run.workDirectory + "/device-\(index)", measured, insecure)
        session.variables.set("device", .object(["index": .int(index), "id": .string(DeviceIdentity.id(index: index, seed: plan.seed))]))
        let listener = LoadListener(metrics: metrics, label: label, scriptKinds: run.kinds)
        let stop = SessionStop()
        // An interrupted device's task is cancelled: what it awaits ends at once.
        stop.onRequest { cancel.cancel() }
        control.register(stop)
        control.deviceStarted()
        defer { control.deviceEnded() }
        var done = 0
        var due = firstDue
        // After a signal no iteration starts: each device reads the signal count itself, as the
        // watcher's stop may come late (a SIGTERM fails every iteration at its first line, and
        // devices looping on those once made tens of thousands of them before it did).
        let mayStart = { !control.wasStopped && SignalTrap.count == run.signals }
        while mayStart() {
            if let arrivals = run.arrivals {
                if !(assigned && done == 0), !(await arrivals.take()) { break }
                // An arrival taken while the signal came runs no iteration.
                if !mayStart() { break }
            } else {
                if case .iterations(let count) = plan.stop, done >= count { break }
                if let deadline = run.deadline, ContinuousClock.now >= deadline { break }
            }
            if let due { metrics.iterationStarted(lateBy: due.duration(to: ContinuousClock.now)) }
            // The first iteration reports the check (made once for all devices); later ones skip it.
            let options = RunOptions(continuesPastFailedExpects: true, checksFirst: done == 0, reusesBindings: true)
            let result = await Self.iteration(
                of: script,
                in: DeviceSession(session: session, listener: listener, stop: stop),
                options: options,
                on: executor
            )
            done += 1
            measured.flush()
            insecure.flush()
            switch result.status {
            case .parse, .usage:
                // The check pass refused the script: every device would; the run ends.
                let lines = result.checkErrors.map { session.secrets.masked($0.line(in: script.source.name)) }
                control.refuse(lines)
                metrics.iteration(error: ("check", lines.first ?? "\(script.source.name): does not check"))
            case .success, .expectation:
                metrics.iteration(error: nil)
            case .runtime:
                metrics.iteration(error: Self.iterationError(result, in: script.source.name, masking: session.secrets))
            }
            guard run.arrivals == nil else { continue }
            due = ContinuousClock.now + plan.think
            // A phone's connections close while it is idle: past --idle-close of think, the
            // device's sockets are closed, so mostly idle devices do not hold one each.
            if let idleClose = plan.idleClose, plan.think > idleClose {
                guard await control.pause(for: idleClose, on: executor.eventLoop) else { break }
                plain.closeIdleConnections()
                plainInsecure.closeIdleConnections()
                guard await control.pause(for: plan.think - idleClose, on: executor.eventLoop) else { break }
            } else if plan.think > .zero, !(await control.pause(for: plan.think, on: executor.eventLoop)) {
                break
            }
        }
        control.unregister(stop)
        await session.shutdown()
        // The shutdown's own exchanges (a last flush of queued events) are counted too.
        measured.flush()
        insecure.flush()
    }

    /// Runs one iteration as a child task on the device's loop. A task keeps the memory its
    /// deepest moment took for its async frames until it ends: run in the device's own task, the
    /// iterations left every idle device holding 9.2 KB of them (heaptrack, 10,000 devices).
    private static func iteration(
        of script: CheckedScript,
        in device: DeviceSession,
        options: RunOptions,
        on executor: EventLoopTaskExecutor
    ) async -> RunResult {
        await withTaskGroup(of: RunResult.self) { group in
            group.addTask(executorPreference: executor) {
                await SessionStop.$current.withValue(device.stop) {
                    await ScriptRunner(session: device.session, listeners: [device.listener]).run(script, options: options)
                }
            }
            return await group.next()!
        }
    }

    /// A device's session, handed to the child task that runs an iteration while the device's
    /// task waits for it: never used by both at once.
    private struct DeviceSession: @unchecked Sendable {
        var session: ShellSession
        var listener: LoadListener
        var stop: SessionStop
    }

    /// The error that ended an iteration: the failed command's words (`interrupted` for a signal)
    /// and its located message, secrets masked.
    static func iterationError(_ result: RunResult, in file: String, masking secrets: SecretValues) -> (kind: String, message: String) {
        // Failed expects go on (`continuesPastFailedExpects`): the last failure ended the iteration.
        guard let failure = result.failures.last else { return ("error", "\(file): the iteration ended by an error") }
        guard let error = failure.outcome.error else {
            return ("interrupted", "\(file):\(failure.range.start): interrupted by a signal before this line")
        }
        return (failure.command.isEmpty ? "error" : failure.command, secrets.masked(error.line(in: file)))
    }
}
