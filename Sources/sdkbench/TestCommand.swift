import ArgumentParser
import LineEditing
import Platform
import SDKBenchCatalog
import Shell
import TestMode

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run .sdk files as tests, each in isolation; report each expect (JUnit, TAP, JSON).",
        discussion: """
            Every file given, and every .sdk file under a directory given (recursive, sorted), runs in a session \
            of its own: its own variables, engine state, state directory and embedded backend. A file passed \
            (every expect held), failed (an expect did not hold), had an error (a command failed) or is broken \
            (it does not parse or check: nothing of it ran). Exit status: 0 when all passed, else 2 if any is \
            broken, else 3 if any had an error, else 4. An expect's test case is named by a '# test: NAME' \
            comment on the line before it, else by the expect as written.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Keep only the files whose name (or path, for a pattern with '/') matches.", valueName: "PATTERN"))
    var glob: String?

    @Option(help: ArgumentHelp("Files run at once (default: the number of cores).", valueName: "N"))
    var jobs: Int?

    @Flag(name: .customLong("fail-fast"), help: "Start no more files once one did not pass.")
    var failFast = false

    @Option(help: ArgumentHelp("How long one file may run (250ms, 30s, 2m); past it the file is an error.", valueName: "DURATION"))
    var timeout: String?

    @Option(help: ArgumentHelp("Run a file that failed or had an error again, up to N more times.", valueName: "N"))
    var retry: Int = 0

    @Option(name: .customLong("retry-interval"), help: ArgumentHelp("The pause before each retry (default 1s).", valueName: "DURATION"))
    var retryInterval: String = "1s"

    @Option(name: .customLong("report-junit"), help: ArgumentHelp("Write a JUnit XML report ('-': standard output).", valueName: "FILE"),
            completion: .file(extensions: ["xml"]))
    var junit: String?

    @Option(name: .customLong("report-tap"), help: ArgumentHelp("Write a TAP version 13 report.", valueName: "FILE"), completion: .file())
    var tap: String?

    @Option(name: .customLong("report-json"), help: ArgumentHelp("Write a JSON report.", valueName: "FILE"), completion: .file(extensions: ["json"]))
    var json: String?

    @Option(name: .customLong("report-html"), help: ArgumentHelp("Write an HTML report, DIR/index.html (one page, nothing from a network).", valueName: "DIR"),
            completion: .directory)
    var html: String?

    @Option(name: .customLong("var"), parsing: .singleValue,
            help: ArgumentHelp("Set a variable in every file's session.", valueName: "NAME=VALUE"))
    var variables: [String] = []

    @Option(name: .customLong("secret"), parsing: .singleValue,
            help: ArgumentHelp("Set a secret variable in every file's session: masked as *** in every output and report.", valueName: "NAME=VALUE"))
    var secrets: [String] = []

    @Option(name: .customLong("vars-file"), parsing: .singleValue,
            help: ArgumentHelp("Set the variables of a file of NAME=VALUE lines ('#' comments).", valueName: "FILE"), completion: .file())
    var varsFiles: [String] = []

    @Option(name: .customLong("secrets-file"), parsing: .singleValue,
            help: ArgumentHelp("Like --vars-file, each value a secret.", valueName: "FILE"), completion: .file())
    var secretsFiles: [String] = []

    @Flag(help: "Show only the files that did not pass, and the summary.")
    var quiet = false

    @Flag(help: "Show what each file printed, too.")
    var verbose = false

    @Argument(help: ArgumentHelp("Test files and directories.", valueName: "FILE|DIR"), completion: .file(extensions: ["sdk"]))
    var paths: [String]

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
        if quiet, verbose { throw ValidationError("give --quiet or --verbose, not both") }
        if retry < 0 { throw ValidationError("--retry must be 0 or more, got \(retry)") }
        if let timeout, DurationParser.seconds(timeout) == nil { throw ValidationError("--timeout: expected a duration (250ms, 30s, 2m), got '\(timeout)'") }
        if DurationParser.seconds(retryInterval) == nil {
            throw ValidationError("--retry-interval: expected a duration (250ms, 1s, 2m), got '\(retryInterval)'")
        }
    }

    mutating func run() throws {
        let environment = ProcessEnvironment.current()
        let suiteVariables = try collectVariables(environment: environment).all
        let paths: StatePaths
        do {
            paths = try StatePaths.resolve(home: global.home, environment: environment)
        } catch {
            throw ValidationError(error.message)
        }
        let files: [String]
        do {
            files = try TestFiles.expand(self.paths, glob: glob)
        } catch {
            throw ValidationError(error.message)
        }
        guard !files.isEmpty else { throw ValidationError("no .sdk files to run in \(self.paths.joined(separator: " "))") }
        let color = !global.noColor && environment["NO_COLOR"] == nil && isatty(1) != 0 && environment["TERM"] != "dumb"
        let terminal = Output(destination: .standardStreams, useColor: color)
        for variable in suiteVariables where variable.isSecret { terminal.secrets.add(variable.value) }
        SignalTrap.install()
        let watchdog = UnansweredSignalWatchdog(shutdownBudget: ShellSession.shutdownBudget.inSeconds)
        let work: TestWorkDirectory
        do {
            work = try TestWorkDirectory.make(under: paths.stateDirectory)
        } catch {
            terminal.writeError("sdkbench test: \(error.description)\n")
            Glibc.exit(ExitStatus.runtime.rawValue)
        }
        let clock: any WallClock = environment["SDKBENCH_FAKE_CLOCK"].flatMap(SteppingClock.parse) ?? SystemClock()
        let seconds = { (text: String) in Duration.milliseconds(Int64((DurationParser.seconds(text)! * 1000).rounded())) }
        let driver = TestDriver(
            jobs: jobs ?? max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))), failFast: failFast, timeout: timeout.map(seconds), retries: retry,
            retryInterval: seconds(retryInterval)
        ) { home in
            let session = ShellSession(
                catalog: .standard,
                environment: ShellEnvironment(
                    paths: StatePaths(stateDirectory: home + "/state", configDirectory: home + "/config"), clock: clock,
                    processEnvironment: environment, keepsState: false),
                output: Output(destination: .memory))
            for variable in suiteVariables {
                if variable.isSecret { session.secrets.add(variable.value) }
                session.variables.set(variable.name, .string(variable.value), secret: variable.isSecret)
            }
            return session
        }
        let printer = TestTerminalPrinter(
            output: terminal, quiet: quiet, verbose: verbose, useColor: color,
            showsProgress: isatty(2) != 0 && environment["TERM"] != "dumb")
        let report = driver.run(files, workDirectory: work.path, progressChanged: { printer.progressChanged($0) }) { printer.fileFinished($0) }
        work.remove()
        printer.summary(report)
        var status = report.status.exitStatus
        for (path, generate) in [(junit, JUnitReportGenerator.generate), (tap, TAPReportGenerator.generate), (json, JSONReportGenerator.generate)] {
            guard let path else { continue }
            do {
                try OutputFile.write(Array(terminal.secrets.masked(generate(report)).utf8), to: path)
            } catch {
                terminal.writeError("sdkbench test: \(error.description)\n")
                status = .runtime
            }
        }
        if let html {
            do {
                try HTMLReportDirectory.write(terminal.secrets.masked(HTMLReportGenerator.generate(report)), into: html)
            } catch {
                terminal.writeError("sdkbench test: \(error.description)\n")
                status = .runtime
            }
        }
        watchdog.enter(.shutdown)
        terminal.flush()
        Glibc.exit(SignalTrap.terminationRequested ? 143 : status.rawValue)
    }

    /// Every variable from the options, their files and the environment.
    private func collectVariables(environment: [String: String]) throws(ValidationError) -> SuiteVariables {
        var given: [SuiteVariable] = []
        for (texts, option) in [(variables, "--var"), (secrets, "--secret")] {
            for text in texts {
                // Split only: SuiteVariables checks the name, as it does a file's.
                let assignment = try VariableAssignment.split(text, option: option)
                given.append(SuiteVariable(name: assignment.name, value: assignment.value, isSecret: option == "--secret", origin: option))
            }
        }
        var collected = SuiteVariables()
        do throws(SuiteVariablesError) {
            try collected.addEnvironment(environment)
            for (files, secret) in [(varsFiles, false), (secretsFiles, true)] {
                for file in files {
                    let text: String
                    do {
                        text = try FileReader.readText(file)
                    } catch {
                        throw SuiteVariablesError(message: "cannot read '\(file)': \(error.reason)")
                    }
                    try collected.addFile(text, named: file, secret: secret)
                }
            }
            for variable in given { try collected.add(variable) }
        } catch {
            throw ValidationError(error.message)
        }
        return collected
    }
}
