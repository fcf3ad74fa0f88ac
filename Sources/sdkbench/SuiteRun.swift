import Platform
import SDKBenchCatalog
import Shell
import TestMode

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `test` and `check`'s options as a `TestRun` (TestMode), which does the run; then the process
/// exits with its status.
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
        let destination = options.reportTargets.terminalDestination
        let color =
            !global.noColor && environment["NO_COLOR"] == nil && isatty(destination == .standardStreams ? 1 : 2) != 0
            && environment["TERM"] != "dumb"
        let terminal = Output(destination: destination, useColor: color)
        for variable in variables where variable.isSecret { terminal.secrets.add(variable.value) }
        SignalTrap.install()
        let watchdog = UnansweredSignalWatchdog(shutdownBudget: ShellSession.shutdownBudget.inSeconds)
        let seconds = { (text: String) in DurationParser.duration(text)! }
        var sessions = SessionFactory(catalog: .standard)
        sessions.clock = environment["SDKBENCH_FAKE_CLOCK"].flatMap(SteppingClock.parse) ?? SystemClock()
        sessions.processEnvironment = environment
        sessions.given = variables.map(\.given)
        sessions.requestTimeout = requestTimeout
        sessions.scriptSizeLimit = scriptSizeLimit
        var run = TestRun(command: command, sessions: sessions, jobs: options.jobs ?? max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        run.failFast = options.failFast
        run.timeout = options.timeout.map(seconds)
        run.retries = options.retry
        run.retryInterval = seconds(options.retryInterval)
        run.sources = sources
        run.keepGoing = keepGoing
        run.countsRules = countsRules
        run.transform = transform
        run.rerun = rerun
        run.quiet = options.quiet
        run.verbose = options.verbose
        run.useColor = color
        run.showsProgress = isatty(2) != 0 && environment["TERM"] != "dumb"
        run.reports = TestReportPaths(junit: options.junit, tap: options.tap, json: options.json, html: options.html)
        let status = run.run(files, terminal: terminal, stateDirectory: paths.stateDirectory)
        watchdog.enter(.shutdown)
        terminal.flush()
        Glibc.exit(SignalTrap.terminationRequested ? 143 : status.rawValue)
    }
}
