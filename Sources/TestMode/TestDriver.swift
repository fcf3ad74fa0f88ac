import Dispatch
import Platform
import Script
import Shell
import Synchronization
import Transport

/// Runs test files as isolated sessions inside this process, `jobs` at a time, and hands each
/// file's report on in the order the files were given.
///
/// Each file has its own session: variables, engines, state directory and, unless it configures
/// a host, embedded backend. Nothing a session needs is process-global, so load mode can run
/// thousands of them the same way. Each file runs on a thread of its own (never the cooperative
/// pool, which the engines' work needs while a command waits for it), and each worker has a
/// `WorkerLoop` its sessions send and serve on, so workers share no thread. A signal stops every
/// running file (each session has its own `SessionStop`), and starts no more.
package struct TestDriver: Sendable {
    /// Files run at once.
    package var jobs: Int
    /// Stop starting files once one did not pass.
    package var failFast: Bool
    /// How long one try of a file may run; past it the file is an error.
    package var timeout: Duration?
    /// How many times a file that failed or had an error runs again.
    package var retries: Int
    /// The pause before each retry.
    package var retryInterval: Duration
    /// Makes a file's session with its state under `home`, writing to memory, sending and
    /// serving on `loop` (`ShellEnvironment.run(on:)`).
    package var makeSession: @Sendable (_ home: String, _ loop: WorkerLoop) -> ShellSession
    /// Files read from memory instead of the disk, by the name they are given as (`check`'s
    /// suites, which the binary carries).
    package var sources: [String: String] = [:]
    /// Go on past a command that failed (`check`: one rule's error must not hide the next rules).
    package var keepGoing = false
    /// Keep every exchange of a file in its report (`check`, whose rules show theirs as evidence);
    /// otherwise a case keeps only the few before it.
    package var keepsEveryExchange = false
    /// Stop a file at the first request that finds no server (nothing listens, or no answer in
    /// time): `check`, whose every later rule would wait its timeout out for nothing.
    package var stopsWhenServerIsDead = false
    /// The most bytes a test file may hold (`--max-script-size`).
    package var scriptSizeLimit = ScriptFileReader.defaultLimit

    package init(
        jobs: Int,
        failFast: Bool = false,
        timeout: Duration? = nil,
        retries: Int = 0,
        retryInterval: Duration = .seconds(1),
        makeSession: @escaping @Sendable (_ home: String, _ loop: WorkerLoop) -> ShellSession
    ) {
        self.jobs = max(1, jobs)
        self.failFast = failFast
        self.timeout = timeout
        self.retries = max(0, retries)
        self.retryInterval = retryInterval
        self.makeSession = makeSession
    }

    private struct Progress {
        var next = 0
        var stopped = false
        var reports: [TestFileReport?]
        var delivered = 0
        /// Kept as files end: counting the reports at each change copied every report under
        /// the lock every worker takes, twice per file (quadratic in the files).
        var done = 0
        var notPassed = 0
        /// The stops of the sessions running now, by file index.
        var running: [Int: SessionStop] = [:]
    }

    /// Whether the workers are done.
    private final class Flag: Sendable {
        let raised = Atomic(false)
    }

    /// Runs `files`, each session's state in a directory of its own under `workDirectory`;
    /// `fileFinished` hears each report in file order, one at a time, and `progressChanged`
    /// where the run is whenever a file starts or ends.
    package func run(
        _ files: [String],
        workDirectory: String,
        progressChanged: (@Sendable (TestProgress) -> Void)? = nil,
        fileFinished: @escaping @Sendable (TestFileReport) -> Void
    ) -> TestRunReport {
        let clock = ContinuousClock()
        let start = clock.now
        let signals = SignalTrap.count
        let progress = Mutex(Progress(reports: Array(repeating: nil, count: files.count)))
        let group = DispatchGroup()
        let loops = (0..<min(jobs, files.count)).map { _ in WorkerLoop() }
        for (worker, loop) in loops.enumerated() {
            DispatchQueue(label: "sdkbench.test.\(worker)").async(group: group) {
                while let index = progress.withLock({ state -> Int? in
                    guard !state.stopped, state.next < files.count else { return nil }
                    defer {
                        state.next += 1
                        progressChanged?(Self.progress(state, total: files.count))
                    }
                    return state.next
                }) {
                    let report = runFile(files[index], index: index, home: workDirectory + "/\(index)", loop: loop, progress: progress)
                    progress.withLock { state in
                        state.reports[index] = report
                        state.done += 1
                        if report.status != .passed { state.notPassed += 1 }
                        if failFast && report.status != .passed { state.stopped = true }
                        // Delivered under the lock: in order, and one at a time.
                        while state.delivered < files.count, let ready = state.reports[state.delivered] {
                            fileFinished(ready)
                            state.delivered += 1
                        }
                        progressChanged?(Self.progress(state, total: files.count))
                    }
                }
            }
        }
        waitStoppingOnSignals(group, progress: progress, signals: signals)
        _ = AsyncBridge.drive(cancelling: .later) {
            await AsyncBridge.wait(budget: ShellSession.shutdownBudget) {
                for loop in loops { await loop.shutdown() }
            }
        }
        let reports = progress.withLock { $0.reports }
        let ran = reports.prefix { $0 != nil }.compactMap { $0 }
        return TestRunReport(files: ran, notRun: files.count - ran.count, duration: start.duration(to: clock.now))
    }

    private static func progress(_ state: Progress, total: Int) -> TestProgress {
        TestProgress(done: state.done, total: total, running: state.next - state.done, notPassed: state.notPassed)
    }

    /// Waits for the workers; a signal meanwhile stops every running session and starts no more.
    private func waitStoppingOnSignals(_ group: DispatchGroup, progress: borrowing Mutex<Progress>, signals: Int) {
        let wake = SignalWake()
        let done = Flag()
        group.notify(queue: .global()) {
            done.raised.store(true, ordering: .releasing)
            wake.signal()
        }
        var told = false
        while !done.raised.load(ordering: .acquiring) {
            if !told, SignalTrap.count != signals {
                told = true
                progress.withLock { state in
                    state.stopped = true
                    for stop in state.running.values { stop.request() }
                }
            }
            wake.wait(until: .distantFuture)
        }
    }

    /// A file's tries: again while it fails or errs and tries are left (never when broken or stopped).
    private func runFile(_ file: String, index: Int, home: String, loop: WorkerLoop, progress: borrowing Mutex<Progress>) -> TestFileReport {
        var tries: [TestTry] = []
        while true {
            let stop = SessionStop()
            let stopped = progress.withLock { state in
                state.running[index] = stop
                return state.stopped
            }
            if stopped { stop.request() }
            var report = runOnce(file, home: home + "-\(tries.count + 1)", loop: loop, stop: stop)
            progress.withLock { _ = $0.running.removeValue(forKey: index) }
            tries.append(TestTry(status: report.status, duration: report.duration))
            let again =
                (report.status == .failed || report.status == .error) && tries.count <= retries && !stop.isRequested
                && !progress.withLock({ $0.stopped })
            if !again {
                if tries.count > 1 { report.tries = tries }
                return report
            }
            let wake = SignalWake()
            let until = DispatchTime.after(retryInterval)
            while DispatchTime.now() < until, !progress.withLock({ $0.stopped }) { wake.wait(until: until) }
        }
    }

    /// One try of a file in a session of its own, shut down before the report is made.
    private func runOnce(_ file: String, home: String, loop: WorkerLoop, stop: SessionStop) -> TestFileReport {
        let bytes: [UInt8]
        do {
            if let source = sources[file] { bytes = Array(source.utf8) } else { bytes = try ScriptFileReader.read(file, limit: scriptSizeLimit) }
        } catch {
            return TestFileReport(file: file, status: .broken, checkErrors: ["cannot read '\(file)': \(error.reason)"])
        }
        let session = makeSession(home, loop)
        session.currentSourceDirectory = SourceCommand.directory(of: file)
        session.scriptSizeLimit = scriptSizeLimit
        session.trace.keepExchanges()
        let collector = TestCaseCollector(
            secrets: session.secrets,
            stop: stop,
            keepsEveryExchange: keepsEveryExchange,
            stopsWhenServerIsDead: stopsWhenServerIsDead
        ) {
            session.trace.takeExchanges()
        }
        let terminal = TerminalRunListener(output: session.output)
        let timer = timeout.map { timeout in
            let item = DispatchWorkItem { stop.request(because: "timed out after \(ReportSeconds.text(timeout)) s") }
            DispatchQueue.global().asyncAfter(deadline: .after(timeout), execute: item)
            return item
        }
        let result = SessionStop.$current.withValue(stop) {
            ScriptRunner(session: session, listeners: [terminal, collector])
                .runBlocking(SourceFile(name: file, fileBytes: bytes), options: RunOptions(keepGoing: keepGoing, continuesPastFailedExpects: true))
        }
        timer?.cancel()
        let latencies = session.latencyHistograms()
        session.shutdownBlocking()
        let shown = session.output.captured()
        var stderr = shown.stderr
        if let reason = stop.reason, result.status != .success { stderr += "\(file): \(reason)\n" }
        var report = TestFileReport(
            file: file,
            status: TestFileStatus(result.status),
            testCases: collector.testCases,
            checkErrors: collector.checkErrors.map { error in
                session.secrets.masked(error.line(in: file))
            },
            commandCount: result.commandCount,
            duration: result.duration,
            stdout: shown.stdout,
            stderr: stderr,
            latencies: latencies,
            exchanges: collector.exchanges,
            warnings: collector.warnings
        )
        if result.status != .success { report.stoppedBecause = stop.reason }
        return report
    }
}
