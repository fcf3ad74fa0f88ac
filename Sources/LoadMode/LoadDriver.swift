import Dispatch
import JSON
import LoopExecutor
import NIOCore
import NIOPosix
import Platform
import Script
import Shell
import Synchronization
import Transport

/// Runs one script as many simulated devices, each a session of its own on one of the run's
/// event loops (one per core), in a closed loop (an iteration, the think time, the next), and
/// counts what they did. No second runner: each iteration is `ScriptRunner.run` over the
/// device's session. A device waiting (for an answer, a think time, an arrival) is a suspended
/// task and a timer or a socket on its loop: no thread; one thinking past `--idle-close` is a
/// timer alone (`Device`).
package struct LoadDriver: Sendable {
    package var plan: LoadPlan
    /// Makes device `index`'s session with its state under `home`; the driver sets `device` and
    /// hands it the measuring transports (`insecure` for hosts and lines with `--insecure`).
    package var makeSession: @Sendable (_ index: Int, _ home: String, _ transport: any HTTPTransport, _ insecure: any HTTPTransport) -> ShellSession
    /// Names an engine's exchange (`ShellCatalog.requestKind`).
    package var classify: @Sendable (_ method: String, _ path: String) -> String?
    /// The addresses devices send their `http://` requests from (`--source-addresses`).
    package var sourceAddresses: SourceAddresses?
    /// Whether an ended device's memory is left for the process's exit to give back (clang's
    /// `-disable-free`): `sdkbench load` exits once the report is out, and freeing 100,000
    /// devices' sessions one by one kept both loops busy 5 s past the deadline (perf of the Sift
    /// fleet's last seconds: `swift_release`, glibc's `unlink_chunk` and `malloc_consolidate`).
    /// A caller that lives on (the tests) keeps the default.
    package var leavesDevicesToExit = false

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

    /// What every device of a run shares. A class: each device's task holds a reference, not a
    /// copy (the struct was 512 bytes of every device's closure context).
    final class Run: Sendable {
        let driver: LoadDriver
        let script: CheckedScript
        let kinds: LoadListener.ScriptKinds?
        let workDirectory: String
        let metrics: LoadMetrics
        let control: LoadControl
        let arrivals: ArrivalQueue?
        let deadline: ContinuousClock.Instant?
        let signals: Int
        let executors: [EventLoopTaskExecutor]
        let devices: DeviceTasks

        init(
            driver: LoadDriver,
            script: CheckedScript,
            workDirectory: String,
            metrics: LoadMetrics,
            control: LoadControl,
            deadline: ContinuousClock.Instant?,
            signals: Int,
            executors: [EventLoopTaskExecutor]
        ) {
            self.driver = driver
            self.script = script
            kinds = LoadListener.kinds(of: script.source)
            self.workDirectory = workDirectory
            self.metrics = metrics
            self.control = control
            arrivals = driver.plan.rate == nil ? nil : ArrivalQueue()
            self.deadline = deadline
            self.signals = signals
            self.executors = executors
            devices = DeviceTasks()
        }
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
            driver: self,
            script: script,
            workDirectory: workDirectory,
            metrics: metrics,
            control: control,
            deadline: deadline,
            signals: signalsSince ?? SignalTrap.count,
            executors: group.makeIterator().map { EventLoopTaskExecutor($0) }
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
            // Not woken by the duration's end (`ignoringStop`): that is no signal's stop.
            _ = control.pause(until: .distantFuture, ignoringStop: true) {
                control.isFinished || control.wasStopped || SignalTrap.count != signals
            }
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
        // `--duration` is a deadline: what waits ends then; what is in flight has the graceful stop.
        if let deadline {
            let loop = group.next()
            let gracefulStop = plan.gracefulStop
            loop.scheduleTask(in: TimeAmount(clock.now.duration(to: deadline))) {
                control.endAtDeadline()
                loop.scheduleTask(in: TimeAmount(gracefulStop)) { if !control.isFinished { control.cut() } }
            }
        }
        if let arrivals = run.arrivals, let rate = plan.rate {
            arrivals.waitUntilIdle(plan.segment.share(of: plan.devices), until: .after(.seconds(30)))
            schedule(rate: rate, arrivals: arrivals, start: started, run: run)
        }
        run.devices.waitUntilAllEnded()
        // Each device reads the signal count itself: all of them may have ended on a signal before
        // the watcher's thread took it (a loaded machine, short iterations), and the run was
        // still stopped by it (its report says so, its status is 3). Seen once in the full suite.
        if SignalTrap.count != run.signals, !control.wasStopped {
            _ = SignalTrap.takeInterrupt()
            control.stop()
        }
        control.finish()
        watcher?.join()
        var report = LoadRunReport(
            metrics: metrics.snapshot(closingIntervals: true),
            duration: started.duration(to: clock.now),
            devices: run.devices.startedCount,
            devicesUnstarted: run.devices.unstartedCount,
            interrupted: control.wasStopped,
            startedAt: startedAt
        )
        report.plan = plan
        return report
    }

    /// Starts device `index` on its loop at `begin`: until then it is a timer there.
    private func start(_ index: Int, at begin: ContinuousClock.Instant, due: ContinuousClock.Instant?, assigned: Bool, run: Run) {
        let executor = run.executors[index % run.executors.count]
        run.devices.started()
        run.control.pause(for: ContinuousClock.now.duration(to: begin), on: executor.eventLoop) { starts in
            guard starts else { return run.devices.endedUnstarted() }
            // Made on its loop, whichever thread's timer or arrival started it.
            executor.eventLoop.execute { Device(index, due: due, assigned: assigned, executor: executor, run: run).resume() }
        }
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
