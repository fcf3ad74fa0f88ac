import Dispatch
import LineEditing
import Platform
import Script
import Shell
import Synchronization

/// Runs test files as isolated sessions inside this process, `jobs` at a time, and hands each
/// file's report on in the order the files were given.
///
/// Each file has its own session: variables, engines, state directory and, unless it configures
/// a host, embedded backend. Nothing a session needs is process-global, so load mode can run
/// thousands of them the same way. Each file runs on a thread of its own (never the cooperative
/// pool, which the engines' work needs while a command waits for it).
public struct TestDriver: Sendable {
    /// Files run at once.
    public var jobs: Int
    /// Stop starting files once one did not pass.
    public var failFast: Bool
    /// Makes a file's session with its state under `home`, writing to memory.
    public var makeSession: @Sendable (_ home: String) -> ShellSession

    public init(jobs: Int, failFast: Bool = false, makeSession: @escaping @Sendable (_ home: String) -> ShellSession) {
        self.jobs = max(1, jobs)
        self.failFast = failFast
        self.makeSession = makeSession
    }

    private struct Progress {
        var next = 0
        var stopped = false
        var reports: [TestFileReport?]
        var delivered = 0
    }

    /// Runs `files`, each session's state in a directory of its own under `workDirectory`;
    /// `fileFinished` hears each report in file order, one at a time.
    public func run(_ files: [String], workDirectory: String, fileFinished: @escaping @Sendable (TestFileReport) -> Void) -> TestRunReport {
        let clock = ContinuousClock()
        let start = clock.now
        let signals = SignalTrap.count
        let progress = Mutex(Progress(reports: Array(repeating: nil, count: files.count)))
        let group = DispatchGroup()
        for worker in 0..<min(jobs, files.count) {
            DispatchQueue(label: "sdkbench.test.\(worker)").async(group: group) {
                while let index = progress.withLock({ state -> Int? in
                    guard !state.stopped, state.next < files.count else { return nil }
                    defer { state.next += 1 }
                    return state.next
                }) {
                    let report = runFile(files[index], home: workDirectory + "/\(index)")
                    progress.withLock { state in
                        state.reports[index] = report
                        if SignalTrap.count != signals || (failFast && report.status != .passed) { state.stopped = true }
                        // Delivered under the lock: in order, and one at a time.
                        while state.delivered < files.count, let ready = state.reports[state.delivered] {
                            fileFinished(ready)
                            state.delivered += 1
                        }
                    }
                }
            }
        }
        group.wait()
        let reports = progress.withLock { $0.reports }
        let ran = reports.prefix { $0 != nil }.compactMap { $0 }
        return TestRunReport(files: ran, notRun: files.count - ran.count, duration: start.duration(to: clock.now))
    }

    /// One file in a session of its own, shut down before the report is made.
    private func runFile(_ file: String, home: String) -> TestFileReport {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.readBytes(file)
        } catch {
            return TestFileReport(file: file, status: .broken, checkErrors: ["cannot read '\(file)': \(error.reason)"])
        }
        let session = makeSession(home)
        session.currentSourceDirectory = file.contains("/") ? String(file[..<file.lastIndex(of: "/")!]) : nil
        let collector = TestCaseCollector(secrets: session.secrets)
        let terminal = TerminalRunListener(output: session.output)
        let result = ScriptRunner(session: session, listeners: [terminal, collector])
            .run(SourceFile(name: file, fileBytes: bytes), options: RunOptions(continuesPastFailedExpects: true))
        session.shutdown()
        let shown = session.output.captured()
        return TestFileReport(
            file: file, status: TestFileStatus(result.status), testCases: collector.testCases,
            checkErrors: collector.checkErrors.map { session.secrets.masked($0.message) }, commandCount: result.commandCount,
            duration: result.duration, stdout: shown.stdout, stderr: shown.stderr)
    }
}
