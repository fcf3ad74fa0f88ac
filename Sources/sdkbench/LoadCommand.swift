import ArgumentParser
import LoadMode
import Performance
import Platform
import SDKBenchCatalog
import Script
import Shell
import TestMode
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
        let scriptSizeLimit = scriptSize.limit
        let plan = planOptions.plan(segment: segment.flatMap(LoadSegment.init) ?? .whole)
        var sources: SourceAddresses?
        if let sourceAddresses {
            switch SourceAddresses.parse(sourceAddresses) {
            case .success(let parsed): sources = parsed
            case .failure(let error): throw ValidationError("--source-addresses: \(error.reason)")
            }
        }
        // Refused up front rather than run with the devices the system would make.
        DeviceCapacity.raiseDescriptorLimit()
        let devices = plan.segment.share(of: plan.rate == nil ? plan.devices : plan.maxDevices ?? plan.devices)
        if let refusal = DeviceCapacity.measure().refusal(
            devices: devices,
            sharded: plan.segment.count > 1,
            keepsConnections: plan.idleClose == nil,
            sourceAddresses: sources?.addresses.count ?? 1,
            heldShare: DeviceCapacity.heldShare(think: plan.think, idleClose: plan.idleClose, rampUp: plan.rampUp),
            closesWhenIdle: plan.idleClose.map { plan.think > $0 } ?? false
        ) {
            throw ValidationError("--devices: \(refusal)")
        }
        let specs = try outputSpecs()
        let terminal = Output(destination: LoadOutputChoice.reportTargets(specs).terminalDestination)
        for variable in suiteVariables where variable.isSecret { terminal.secrets.add(variable.value) }
        SignalTrap.install()
        // A signal from here on stops the run as soon as it begins.
        let signals = SignalTrap.count
        let watchdog = UnansweredSignalWatchdog(shutdownBudget: ShellSession.shutdownBudget.inSeconds)
        // One embedded backend for every device, started by the first that needs it: a script
        // that configures a host uses that host, and no backend starts.
        let backend = SharedEmbeddedBackend(groups: ShellCatalog.standard.backendGroups)
        // A test (and a user) seeing the run directory knows the devices are about to start.
        let work: TestWorkDirectory
        do {
            work = try TestWorkDirectory.make(under: paths.stateDirectory, folder: "load")
        } catch {
            terminal.writeError("sdkbench load: \(error.description)\n")
            Glibc.exit(ExitStatus.runtime.rawValue)
        }
        let catalog = ShellCatalog.standard
        var sessions = LoadDeviceSessions(catalog: catalog, stateStorage: keepState ? .files : .memory, backend: backend)
        sessions.factory.processEnvironment = environment
        sessions.factory.scriptSizeLimit = scriptSizeLimit
        sessions.factory.given = suiteVariables.map(\.given)
        var driver = LoadDriver(
            plan: plan,
            classify: { catalog.requestKind(method: $0, path: $1) },
            sourceAddresses: sources
        ) { [sessions] _, home, transport, insecure in
            sessions.make(home: home, transport: transport, insecure: insecure)
        }
        driver.leavesDevicesToExit = true
        let control = LoadControl()
        let outputs = LoadOutputs(specs, terminal: terminal, environment: environment)
        // Each second's histograms only for what shows them.
        let metrics = LoadMetrics(keepsIntervals: outputs.keepsIntervals)
        outputs.start(plan: plan, metrics: metrics, control: control)
        let checked = CheckedScript(SourceFile(name: script, fileBytes: bytes), table: catalog.table)
        // A kind is named by its line (`http GET /basic-auth/u/PASS -a u:PASS`): masked in the summary and every report.
        checked.registerSecrets(in: terminal.secrets)
        var report = driver.run(
            checked,
            workDirectory: work.path,
            metrics: metrics,
            control: control,
            signalsSince: signals
        )
        report.script = LoadScriptIdentity(name: script, sha256: UserHash.sha256Hex(String(decoding: bytes, as: UTF8.self)))
        outputs.stop()
        if keepState {
            do throws(FileError) {
                let kept = try work.keep()
                if !quiet { terminal.writeError("sdkbench load: the devices' state is kept in \(kept)\n") }
            } catch {
                terminal.writeError("sdkbench load: \(error.description); the devices' state stays in \(work.path)\n")
            }
        } else {
            work.remove()
        }
        backend.stop()
        watchdog.enter(.shutdown)
        if let refusal = control.refusal {
            terminal.writeError(refusal.map { "\($0)\n" }.joined() + "sdkbench load: '\(script)' does not check; nothing was measured\n")
            terminal.flush()
            Glibc.exit(ExitStatus.parse.rawValue)
        }
        let status = LoadReporting.finish(report, thresholds: thresholds, quiet: quiet, outputs: outputs, to: terminal)
        // Stopped early, the run did not do what was asked: not a success, whatever its thresholds
        // say (as `sdkbench run` stopped by a signal).
        if SignalTrap.terminationRequested { Glibc.exit(143) }
        Glibc.exit(report.interrupted ? ExitStatus.runtime.rawValue : status.rawValue)
    }
}
