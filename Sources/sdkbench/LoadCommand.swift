import ArgumentParser
import LoadMode
import Platform
import SDKBenchCatalog
import Script
import Shell
import Transport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `sdkbench load SCRIPT`: one script as many simulated devices, each a session of its own, with
/// figures by SDK call, thresholds and a JSON report; `merge` and `k8s` for runs past one machine.
struct LoadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Run one .sdk script as many simulated devices; merge sharded runs; print a Kubernetes Job.",
        subcommands: [LoadRunCommand.self, LoadMergeCommand.self, LoadK8sCommand.self],
        defaultSubcommand: LoadRunCommand.self
    )
}

/// `sdkbench load [run] SCRIPT`: the devices of one machine (all, or a `--segment`).
struct LoadRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run one .sdk script as many simulated devices; latency and errors by SDK call, thresholds.",
        discussion: """
            Each device runs the script in a closed loop (an iteration, --think, the next) as a session of its own: \
            its own variables ({{device.index}} from 0, {{device.id}} a stable id from the index and --seed) and \
            engine state, held in memory (in files kept after the run with --keep-state), against the configured host or one \
            embedded backend all devices share. Every HTTP exchange is timed under the SDK call it is \
            (miataru.UpdateLocation, sift.upload, hamon.events, hamon.user, perf.analytics) or, for http, the line as \
            written (http GET /users/{{id}}). An expect is a check: it is counted, it does not stop the iteration. \
            With --segment K/N the plan's totals (devices, --iterations under --rate, the rate) are the whole run's and \
            this process takes its share, as k6's execution segments do: the segments' reports, merged, are the \
            unsharded run. After a signal no iteration starts. More devices than the system can start are refused up \
            front (with the limit found). Exit status: 0, or 4 when a --threshold fails, 2 when the script does not check, \
            3 on an error of the run itself or when Ctrl-C stopped it (143 for SIGTERM): \
            the summary and reports are written either way.
            """
    )

    @OptionGroup var global: GlobalOptions

    @OptionGroup var planOptions: LoadPlanOptions

    @OptionGroup var scriptSize: ScriptSizeOption

    @Option(help: ArgumentHelp("Run the K-th of N disjoint shares of the devices (same indexes and ids as the whole run).", valueName: "K/N"))
    var segment: String?

    @Option(
        name: .customLong("source-addresses"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "IPv4 addresses the devices send http:// requests from, device i from the (i mod count)-th: A, A-B or A,B (127.0.0.2-127.0.0.9 on loopback).",
            valueName: "ADDRESSES"
        )
    )
    var sourceAddresses: String?

    @Option(
        name: .customLong("threshold"),
        parsing: .singleValue,
        help: ArgumentHelp(
            "A rule the run must meet: KIND:p99<200ms, errors<1%, rate>=500/s, checks>99%, iteration_errors<1% (exit 4 when one fails).",
            valueName: "EXPR"
        )
    )
    var thresholds: [String] = []

    @Option(
        name: .customLong("out"),
        parsing: .singleValue,
        help: ArgumentHelp(LoadOutputRegistry.standard.help, valueName: "KIND=TARGET"),
        completion: .list(LoadOutputRegistry.standard.kinds.map { $0.target == .absent ? $0.name : $0.name + "=" })
    )
    var out: [String] = []

    @Option(
        name: .customLong("report-json"),
        help: ArgumentHelp("Write the JSON report (schema sdkbench-load-report, version 2): --out json=FILE.", valueName: "FILE"),
        completion: .file(extensions: ["json"])
    )
    var json: String?

    @Option(
        name: .customLong("hdr-log"),
        help: ArgumentHelp("Write HdrHistogram's interval log, a line per kind and second: --out hdr=FILE.", valueName: "FILE"),
        completion: .file(extensions: ["hlog"])
    )
    var hdrLog: String?

    @Option(
        name: .customLong("report-html"),
        help: ArgumentHelp("Write an HTML report, DIR/index.html (one page, nothing from a network): --out html=DIR.", valueName: "DIR"),
        completion: .directory
    )
    var html: String?

    @Flag(
        name: .customLong("keep-state"),
        help:
            "Keep the devices' engine state (queues, DeviceKeys, install ids) in files, each device's in its own directory, kept at the end in state/load/kept-PID-XXXXXX. Without it a device's state is in memory and no file is written."
    )
    var keepState = false

    @Flag(help: "Print only the thresholds' verdicts and what went wrong; no progress block unless --out progress.")
    var quiet = false

    @OptionGroup var given: GivenVariableOptions

    @Argument(help: ArgumentHelp("The script every device runs.", valueName: "SCRIPT"), completion: .file(extensions: ["sdk"]))
    var script: String

    func validate() throws {
        if let segment, LoadSegment(segment) == nil { throw ValidationError("--segment: expected K/N with 1 <= K <= N, got '\(segment)'") }
        for threshold in thresholds {
            do {
                _ = try LoadThreshold(threshold)
            } catch {
                throw ValidationError(error.message)
            }
        }
        try LoadOutputChoice.reportTargets(outputSpecs()).check()
    }

    /// The outputs asked for: the `--out`s, the report shorthands, and the progress block but with
    /// `--quiet` (the default is `--out progress`).
    func outputSpecs() throws(ValidationError) -> [LoadOutputSpec] {
        var specs = try LoadOutputChoice.specs(
            out: out,
            shorthands: [
                .init(option: "--report-json", kind: "json", target: json), .init(option: "--hdr-log", kind: "hdr", target: hdrLog),
                .init(option: "--report-html", kind: "html", target: html),
            ]
        )
        if !quiet, !specs.contains(where: { $0.kind.name == "progress" }) { specs += try LoadOutputChoice.specs(out: ["progress"], shorthands: []) }
        return specs
    }

    mutating func run() throws {
        let environment = ProcessEnvironment.current()
        let suiteVariables = try given.collect(environment: environment).all
        let bytes: [UInt8]
        do {
            bytes = try ScriptFileReader.read(script, limit: scriptSize.limit)
        } catch {
            throw ValidationError("cannot read '\(script)': \(error.reason)")
        }
        let paths: StatePaths
        do {
            paths = try StatePaths.resolve(home: global.home, environment: environment)
        } catch {
            throw ValidationError(error.message)
        }
        let thresholds = try LoadReporting.thresholds(thresholds)
        let plan = planOptions.plan(segment: segment.flatMap(LoadSegment.init) ?? .whole)
        var sources: SourceAddresses?
        if let sourceAddresses {
            switch SourceAddresses.parse(sourceAddresses) {
            case .success(let parsed): sources = parsed
            case .failure(let error): throw ValidationError("--source-addresses: \(error.reason)")
            }
        }
        var sessions = SessionFactory(catalog: .standard)
        sessions.processEnvironment = environment
        sessions.scriptSizeLimit = scriptSize.limit
        sessions.given = suiteVariables.map(\.given)
        var run = LoadRun(plan: plan, scriptName: script, scriptBytes: bytes, sessions: sessions)
        run.sourceAddresses = sources
        run.thresholds = thresholds
        run.outputs = try outputSpecs()
        run.keepsState = keepState
        run.quiet = quiet
        run.leavesDevicesToExit = true
        if let refusal = run.capacityRefusal() { throw ValidationError("--devices: \(refusal)") }
        let terminal = Output(destination: LoadOutputChoice.reportTargets(run.outputs).terminalDestination)
        for variable in suiteVariables where variable.isSecret { terminal.secrets.add(variable.value) }
        SignalTrap.install()
        // A signal from here on stops the run as soon as it begins.
        let signals = SignalTrap.count
        let watchdog = UnansweredSignalWatchdog(shutdownBudget: ShellSession.shutdownBudget.inSeconds)
        let status = run.run(terminal: terminal, stateDirectory: paths.stateDirectory, signalsSince: signals, watchdog: watchdog)
        terminal.flush()
        Glibc.exit(SignalTrap.terminationRequested ? 143 : status.rawValue)
    }
}
