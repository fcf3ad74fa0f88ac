import Platform
import Shell

/// One run of `test` or `check`, whole: the files through the test driver, each in a session
/// of its own (`sessions`), the terminal's lines and summary, then the reports. The executable
/// parses its options into this and calls `run`; it holds no orchestration of its own.
package struct TestRun: Sendable {
    /// `test` or `check`, as its errors begin.
    package var command: String
    /// How each file's session is made; `--reveal` never unmasks here: what a file prints goes
    /// into the reports.
    package var sessions: SessionFactory
    package var jobs: Int
    package var failFast = false
    /// The longest a file may run; `nil`: no limit.
    package var timeout: Duration?
    package var retries = 0
    package var retryInterval: Duration = .seconds(1)
    /// Files read from memory (`check`'s suites), by name.
    package var sources: [String: String] = [:]
    package var keepGoing = false
    /// The summary counts rules (`check`) rather than assertions, and each rule shows its exchanges.
    package var countsRules = false
    /// What a file's report becomes before it is shown and reported (`check` folds a suite's
    /// expects into its rules).
    package var transform: @Sendable (TestFileReport) -> TestFileReport = { $0 }
    /// The command line that checks one rule of a file again (`check`); `nil`: files show what they printed.
    package var rerun: (@Sendable (_ file: String, _ ruleID: String) -> String)?
    package var quiet = false
    package var verbose = false
    package var useColor = false
    /// Whether the terminal shows a progress line (a terminal that is not `dumb`).
    package var showsProgress = false
    /// The reports asked for, each written at the end.
    package var reports = TestReportPaths()

    package init(command: String, sessions: SessionFactory, jobs: Int) {
        self.command = command
        self.sessions = sessions
        self.jobs = jobs
    }

    /// Runs `files` with their work under `stateDirectory`, told on `terminal`; the run's status
    /// (`.runtime` when its work directory or a report cannot be written).
    package func run(_ files: [String], terminal: Output, stateDirectory: String) -> ExitStatus {
        let work: RunWorkDirectory
        do {
            work = try RunWorkDirectory.make(under: stateDirectory)
        } catch {
            terminal.writeError("sdkbench \(command): \(error.description)\n")
            return .runtime
        }
        var driver = TestDriver(jobs: jobs, failFast: failFast, timeout: timeout, retries: retries, retryInterval: retryInterval) {
            [sessions] home, loop in
            sessions.make(home: home, output: Output(destination: .memory, revealsSecrets: false)) { $0.run(on: loop) }
        }
        driver.sources = sources
        driver.keepGoing = keepGoing
        driver.scriptSizeLimit = sessions.scriptSizeLimit
        driver.keepsEveryExchange = countsRules
        driver.stopsWhenServerIsDead = countsRules
        let printer = TestTerminalPrinter(
            output: terminal,
            quiet: quiet,
            verbose: verbose,
            useColor: useColor,
            showsProgress: showsProgress,
            countsRules: countsRules,
            rerun: rerun
        )
        let transform = transform
        var report = driver.run(files, workDirectory: work.path, progressChanged: { printer.progressChanged($0) }) {
            printer.fileFinished(transform($0))
        }
        report.files = report.files.map(transform)
        work.remove()
        printer.summary(report)
        return reports.write(report, secrets: terminal.secrets) { terminal.writeError("sdkbench \(command): \($0)\n") }
            ? report.status.exitStatus : .runtime
    }
}
