import Platform
import SDKBenchCatalog
import Shell
import TestMode

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// One run of `test` or `check`: the files through the test driver, each in a session of its
/// own, the terminal's lines and summary, the reports; then the process exits with the run's
/// status.
struct SuiteRun {
    /// `test` or `check`, as its errors begin.
    var command: String
    var options: SuiteOptions
    var global: GlobalOptions
    var environment: [String: String]
    var variables: [SuiteVariable]
    /// Files read from memory (`check`'s suites), by name.
    var sources: [String: String] = [:]
    var keepGoing = false
    /// How long an `http` line without `--timeout` waits (`check --request-timeout`); `nil`: the session's default.
    var requestTimeout: Double?
    /// The most bytes a test file, or a file it sources, may hold.
    var scriptSizeLimit = ScriptFileReader.defaultLimit
    /// The summary counts rules (`check`) rather than assertions, and each rule shows its exchanges.
    var countsRules = false
    /// What a file's report becomes before it is shown and reported (`check` folds a suite's
    /// expects into its rules).
    var transform: @Sendable (TestFileReport) -> TestFileReport = { $0 }
    /// The command line that checks one rule of a file again (`check`); `nil`: files show what they printed.
    var rerun: (@Sendable (_ file: String, _ ruleID: String) -> String)?

    func execute(_ files: [String], paths: StatePaths) -> Never {
        let options = options
        let destination = options.reportTargets.terminalDestination
        let color =
            !global.noColor && environment["NO_COLOR"] == nil && isatty(destination == .standardStreams ? 1 : 2) != 0
            && environment["TERM"] != "dumb"
        let terminal = Output(destination: destination, useColor: color)
        for variable in variables where variable.isSecret { terminal.secrets.add(variable.value) }
        SignalTrap.install()
        let watchdog = UnansweredSignalWatchdog(shutdownBudget: ShellSession.shutdownBudget.inSeconds)
        let work: TestWorkDirectory
        do {
            work = try TestWorkDirectory.make(under: paths.stateDirectory)
        } catch {
            terminal.writeError("sdkbench \(command): \(error.description)\n")
            Glibc.exit(ExitStatus.runtime.rawValue)
        }
        let clock: any WallClock = environment["SDKBENCH_FAKE_CLOCK"].flatMap(SteppingClock.parse) ?? SystemClock()
        let seconds = { (text: String) in DurationParser.duration(text)! }
        var sessions = SessionFactory(catalog: .standard)
        sessions.clock = clock
        sessions.processEnvironment = environment
        sessions.given = variables.map(\.given)
        sessions.requestTimeout = requestTimeout
        var driver = TestDriver(
            jobs: options.jobs ?? max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))),
            failFast: options.failFast,
            timeout: options.timeout.map(seconds),
            retries: options.retry,
            retryInterval: seconds(options.retryInterval)
        ) { [sessions] home, loop in
            // `--reveal` does not unmask here: what a file prints goes into the reports.
            sessions.make(home: home, output: Output(destination: .memory, revealsSecrets: false)) { $0.run(on: loop) }
        }
        driver.sources = sources
        driver.keepGoing = keepGoing
        driver.scriptSizeLimit = scriptSizeLimit
        driver.keepsEveryExchange = countsRules
        driver.stopsWhenServerIsDead = countsRules
        let printer = TestTerminalPrinter(
            output: terminal,
            quiet: options.quiet,
            verbose: options.verbose,
            useColor: color,
            showsProgress: isatty(2) != 0 && environment["TERM"] != "dumb",
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
        var status = report.status.exitStatus
        for (path, generate) in [
            (options.junit, JUnitReportGenerator.generate), (options.tap, TAPReportGenerator.generate), (options.json, JSONReportGenerator.generate),
        ] {
            guard let path else { continue }
            do {
                try OutputFile.write(Array(terminal.secrets.masked(generate(report)).utf8), to: path)
            } catch {
                terminal.writeError("sdkbench \(command): \(error.description)\n")
                status = .runtime
            }
        }
        if let html = options.html {
            do {
                try HTMLReportDirectory.write(terminal.secrets.masked(HTMLReportGenerator.generate(report)), into: html)
            } catch {
                terminal.writeError("sdkbench \(command): \(error.description)\n")
                status = .runtime
            }
        }
        watchdog.enter(.shutdown)
        terminal.flush()
        Glibc.exit(SignalTrap.terminationRequested ? 143 : status.rawValue)
    }
}
