import ArgumentParser
import LineEditing
import Platform
import SDKBenchCatalog
import Script
import Shell
import TestMode

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Builds the session from the environment and runs a source, the REPL or stdin.
/// The only place that reads the process environment and picks exit codes.
struct Launcher {
    let session: ShellSession
    private let watchdog: UnansweredSignalWatchdog

    init(global: GlobalOptions) throws(ValidationError) {
        try self.init(home: global.home, noColor: global.noColor)
    }

    init(home: String?, noColor: Bool) throws(ValidationError) {
        let environment = ProcessEnvironment.current()
        let interactive = Terminal.isInteractive
        let color = !noColor && environment["NO_COLOR"] == nil && isatty(2) != 0 && environment["TERM"] != "dumb"
        let paths: StatePaths
        do {
            paths = try StatePaths.resolve(home: home, environment: environment)
        } catch {
            throw ValidationError(error.message)
        }
        var sessions = SessionFactory(catalog: .standard)
        sessions.useColor = color
        sessions.isInteractive = interactive
        sessions.clock = environment["SDKBENCH_FAKE_CLOCK"].flatMap(SteppingClock.parse) ?? SystemClock()
        sessions.processEnvironment = environment
        session = sessions.make(paths: paths, output: Output(destination: .standardStreams, useColor: color))
        SignalTrap.install()
        watchdog = UnansweredSignalWatchdog(shutdownBudget: ShellSession.shutdownBudget.inSeconds)
        session.restorePendingWork()
    }

    /// Runs `-c` commands as one source, `<command-line>`.
    func runCommands(_ commands: [String]) -> ExitStatus {
        runSource(SourceFile(name: "<command-line>", text: commands.joined(separator: "\n")), options: RunOptions())
    }

    func runSource(_ source: SourceFile, options: RunOptions) -> ExitStatus {
        ScriptRunner(session: session).runBlocking(source, options: options).status
    }

    /// Runs each file in turn in this one session, every run told to `listeners` (the terminal
    /// when `nil`); the status is the first failed file's.
    func runFiles(
        _ files: [String],
        variables: [SuiteVariable],
        options: RunOptions,
        listeners: [any RunListener]? = nil
    ) -> ExitStatus {
        session.give(variables.map(\.given))
        var results: [RunResult] = []
        for file in files {
            let bytes: [UInt8]
            do {
                bytes = try ScriptFileReader.read(file, limit: session.scriptSizeLimit)
            } catch {
                session.output.writeError("sdkbench: cannot read '\(file)': \(error.reason)\n")
                return .usage
            }
            session.currentSourceDirectory = file.contains("/") ? String(file[..<file.lastIndex(of: "/")!]) : nil
            let result = ScriptRunner(session: session, listeners: listeners).runBlocking(
                SourceFile(name: file == ScriptFileReader.standardInput ? "<stdin>" : file, fileBytes: bytes),
                options: options
            )
            results.append(result)
            if result.status != .success, !options.keepGoing { break }
            if session.quitRequested { break }
        }
        return results.first { $0.status != .success }?.status ?? .success
    }

    func runRepl() -> ExitStatus {
        watchdog.enter(.repl)
        return Repl(session: session).run()
    }

    func runStandardInput() -> ExitStatus {
        let bytes: [UInt8]
        do {
            bytes = try ScriptFileReader.readStandardInput(limit: session.scriptSizeLimit)
        } catch {
            session.output.writeError("sdkbench: cannot read standard input: \(error.reason)\n")
            return .runtime
        }
        return runSource(SourceFile(name: "<stdin>", fileBytes: bytes), options: RunOptions())
    }

    /// Shuts the engines down and leaves with the status's exit code (143 after SIGTERM).
    ///
    /// Exits here rather than throwing `ExitCode` through ArgumentParser, whose error path
    /// casts dynamically and cost about 5% of `sdkbench -c help` in a profile.
    func finish(_ status: ExitStatus) -> Never {
        watchdog.enter(.shutdown)
        session.shutdownBlocking()
        Glibc.exit(SignalTrap.terminationRequested ? 143 : status.rawValue)
    }
}
