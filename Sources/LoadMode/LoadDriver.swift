import Dispatch
import JSON
import LineEditing
import Platform
import Script
import Shell
import Synchronization
import Transport

/// Runs one script as many simulated devices, each a session of its own on a thread of its own,
/// in a closed loop (an iteration, the think time, the next), and counts what they did. No second
/// runner: each iteration is `ScriptRunner.run` over the device's session.
package struct LoadDriver: Sendable {
    package var plan: LoadPlan
    /// Makes device `index`'s session with its state under `home`; the driver sets `device` and
    /// hands it the measuring transports (`insecure` for hosts and lines with `--insecure`).
    package var makeSession: @Sendable (_ index: Int, _ home: String, _ transport: any HTTPTransport, _ insecure: any HTTPTransport) -> ShellSession
    /// The transport the devices' exchanges go through, measured.
    package var transport: any HTTPTransport
    /// The one for `--insecure`, which accepts any certificate, measured too.
    package var insecureTransport: any HTTPTransport
    /// Names an engine's exchange (`ShellCatalog.requestKind`).
    package var classify: @Sendable (_ method: String, _ path: String) -> String?
    /// The addresses devices send their `http://` requests from (`--source-addresses`).
    package var sourceAddresses: SourceAddresses?

    package init(
        plan: LoadPlan,
        transport: any HTTPTransport,
        insecureTransport: any HTTPTransport,
        classify: @escaping @Sendable (_ method: String, _ path: String) -> String?,
        sourceAddresses: SourceAddresses? = nil,
        makeSession: @escaping @Sendable (_ index: Int, _ home: String, _ transport: any HTTPTransport, _ insecure: any HTTPTransport) -> ShellSession
    ) {
        self.plan = plan
        self.transport = transport
        self.insecureTransport = insecureTransport
        self.classify = classify
        self.sourceAddresses = sourceAddresses
        self.makeSession = makeSession
    }

    /// How long iterations in flight may go on after SIGTERM: well within the 2 s after which the
    /// process leaves without a report (a busy machine takes most of a second more to write it).
    static let terminationBudget = Duration.milliseconds(500)

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
        let signals = signalsSince ?? SignalTrap.count
        let deadline: ContinuousClock.Instant? = if case .duration(let length) = plan.stop { started + length } else { nil }
        var threads: [DeviceThread] = []
        var unstarted = 0
        let indexes = plan.segment.indexes(of: plan.devices)
        let arrivals = plan.rate == nil ? nil : ArrivalQueue()
        let kinds = LoadListener.kinds(of: script.source)
        for index in indexes {
            let plan = plan
            let body: @Sendable () -> Void = { [self] in
                // The open model ramps its rate up instead.
                let offset = plan.devices > 1 && arrivals == nil ? plan.rampUp * (Double(index) / Double(plan.devices)) : .zero
                guard control.pause(until: .after(offset)) else { return }
                runDevice(
                    index,
                    // The open model's arrivals are timed by the scheduler.
                    due: arrivals == nil ? started + offset : nil,
                    script: script,
                    kinds: kinds,
                    home: workDirectory + "/device-\(index)",
                    deadline: deadline,
                    metrics: metrics,
                    control: control,
                    arrivals: arrivals,
                    assigned: false,
                    signals: signals
                )
            }
            if let thread = DeviceThread.start(body) { threads.append(thread) } else { unstarted += 1 }
        }
        // Signals wake every SignalWake. The first stops the devices starting iterations; those in
        // flight have the shutdown budget to finish, and a second signal ends them at once. This
        // thread answers the signals (takes the interrupt) for the devices, which may be blocked on
        // their sockets; SIGTERM's budget ends before the process's own patience with it
        // (`SignalEscalation.patience`), so that the report is written.
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
        if let arrivals, let rate = plan.rate {
            arrivals.waitUntilIdle(threads.count, until: .after(.seconds(30)))
            let made = schedule(
                rate: rate,
                arrivals: arrivals,
                script: script,
                kinds: kinds,
                workDirectory: workDirectory,
                metrics: metrics,
                control: control,
                start: started,
                signals: signals
            )
            threads += made.threads
            unstarted += made.unstarted
        }
        for thread in threads { thread.join() }
        control.finish()
        watcher?.join()
        var report = LoadRunReport(
            metrics: metrics.snapshot(closingIntervals: true),
            duration: started.duration(to: clock.now),
            devices: threads.count,
            devicesUnstarted: unstarted,
            interrupted: control.wasStopped,
            startedAt: startedAt
        )
        report.plan = plan
        return report
    }

    /// The open model's arrivals: the whole run's at `rate` per second (ramping up linearly over
    /// `plan.rampUp`), of which this segment takes its stripe (`LoadSegment`), each given to an
    /// idle device, else to a new one while the segment's share of `--max-devices` allows, else
    /// dropped; until the plan's stop. Returns the devices it made.
    private func schedule(
        rate: Double,
        arrivals: ArrivalQueue,
        script: CheckedScript,
        kinds: LoadListener.ScriptKinds?,
        workDirectory: String,
        metrics: LoadMetrics,
        control: LoadControl,
        start: ContinuousClock.Instant,
        signals: Int
    ) -> (threads: [DeviceThread], unstarted: Int) {
        let ramp = plan.rampUp.inSeconds
        let segment = plan.segment
        let preallocated = segment.share(of: plan.devices)
        let most = segment.share(of: plan.maxDevices ?? plan.devices)
        var made: [DeviceThread] = []
        var unstarted = 0
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
            if control.wasStopped || SignalTrap.count != signals { break }
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
            let body: @Sendable () -> Void = { [self] in
                runDevice(
                    index,
                    due: nil,
                    script: script,
                    kinds: kinds,
                    home: workDirectory + "/device-\(index)",
                    deadline: nil,
                    metrics: metrics,
                    control: control,
                    arrivals: arrivals,
                    assigned: true,
                    signals: signals
                )
            }
            if let thread = DeviceThread.start(body) {
                made.append(thread)
                metrics.iterationStarted(lateBy: lateness)
            } else {
                // Its arrival is lost with it.
                unstarted += 1
                metrics.droppedIteration()
            }
        }
        arrivals.close()
        return (made, unstarted)
    }

    /// Runs device `index`: in a closed loop, or (with `arrivals`) an iteration per arrival, the
    /// first at once when `assigned`. `due`: when the closed loop's first iteration should start.
    private func runDevice(
        _ index: Int,
        due firstDue: ContinuousClock.Instant?,
        script: CheckedScript,
        kinds: LoadListener.ScriptKinds?,
        home: String,
        deadline: ContinuousClock.Instant?,
        metrics: LoadMetrics,
        control: LoadControl,
        arrivals: ArrivalQueue?,
        assigned: Bool,
        signals: Int
    ) {
        let label = RequestLabel()
        // The device's thread sends its own http:// requests and runs the work its commands wait for.
        let here = WaitingThreadExecutor()
        let source = sourceAddresses?.address(forDevice: index)
        let plain = BlockingTransport(fallback: transport, source: source)
        let plainInsecure = BlockingTransport(fallback: insecureTransport, source: source)
        defer {
            plain.close()
            plainInsecure.close()
        }
        let measured = MeasuringTransport(inner: plain, metrics: metrics, label: label, classify: classify)
        let insecure = MeasuringTransport(inner: plainInsecure, metrics: metrics, label: label, classify: classify)
        let session = makeSession(index, home, measured, insecure)
        session.variables.set("device", .object(["index": .int(index), "id": .string(DeviceIdentity.id(index: index, seed: plan.seed))]))
        let listener = LoadListener(metrics: metrics, label: label, scriptKinds: kinds)
        let stop = SessionStop()
        stop.onRequest {
            here.stop()
            // A request sent on this thread without a task (`AsyncBridge.runHere`) is ended by its transport.
            plain.stop()
            plainInsecure.stop()
        }
        control.register(stop)
        control.deviceStarted()
        defer { control.deviceEnded() }
        var done = 0
        var due = firstDue
        // After a signal no iteration starts: each device reads the signal count itself, as the
        // watcher's stop may come late (a SIGTERM fails every iteration at its first line, and
        // devices looping on those once made tens of thousands of them before it did).
        let mayStart = { !control.wasStopped && SignalTrap.count == signals }
        while mayStart() {
            if let arrivals {
                if !(assigned && done == 0), !arrivals.take() { break }
                // An arrival taken while the signal came runs no iteration.
                if !mayStart() { break }
            } else {
                if case .iterations(let count) = plan.stop, done >= count { break }
                if let deadline, ContinuousClock.now >= deadline { break }
            }
            if let due { metrics.iterationStarted(lateBy: due.duration(to: ContinuousClock.now)) }
            let result = WaitingThreadExecutor.$current.withValue(here) {
                SessionStop.$current.withValue(stop) {
                    // The first iteration reports the check (made once for all devices); later ones skip it.
                    let runner = ScriptRunner(session: session, listeners: [listener])
                    let options = RunOptions(continuesPastFailedExpects: true, checksFirst: done == 0, reusesBindings: true)
                    return runner.run(script, options: options)
                }
            }
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
            guard arrivals == nil else { continue }
            due = ContinuousClock.now + plan.think
            // A phone's connections close while it is idle: past --idle-close of think, the
            // device's sockets are closed, so mostly idle devices do not hold one each.
            if let idleClose = plan.idleClose, plan.think > idleClose {
                guard control.pause(until: .after(idleClose)) else { break }
                plain.close()
                plainInsecure.close()
                guard control.pause(until: .after(plan.think - idleClose)) else { break }
            } else if plan.think > .zero, !control.pause(until: .after(plan.think)) {
                break
            }
        }
        control.unregister(stop)
        session.shutdown()
        // The shutdown's own exchanges (a last flush of queued events) are counted too.
        measured.flush()
        insecure.flush()
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
