import Performance
import Platform
import Script
import Transport

/// The state of one sdkbench run: variables, `last`, output and the engines, created on first use.
///
/// Confined to the thread that runs commands (the REPL or script loop); only `output` and the
/// engines themselves are touched from the background ticker.
public final class ShellSession {
    public let table: CommandTable
    public let environment: ShellEnvironment
    public let output: Output
    public var variables = Variables()
    /// Whether every HTTP exchange is printed (`trace on`).
    public var traceEnabled: Bool {
        get { trace.isEnabled }
        set { trace.isEnabled = newValue }
    }
    let trace: TraceSink
    /// The shared host and the embedded backend.
    let services: ServiceHost
    /// Cookies the `http` command keeps between requests, as the Ping client's jar.
    let cookies = CookieJar()
    /// Set by `quit`; the loop ends after the current command.
    public internal(set) var quitRequested = false
    var sourceDepth = 0
    /// The directory relative `source` paths start from: the running script's, or the working directory.
    public var currentSourceDirectory: String?
    private var performanceHost: PerformanceHost?
    private var hamonHost: HamonHost?
    private var detectedDevice: DeviceContext?
    private var isShutDown = false

    public init(table: CommandTable = .standard, environment: ShellEnvironment, output: Output) {
        self.table = table
        self.environment = environment
        self.output = output
        trace = TraceSink(output: output, transport: environment.transport)
        services = ServiceHost(output: output)
    }

    /// The machine engines report as their device: the environment's, else this one (read once).
    var machine: MachineFacts { environment.machine ?? .local }

    /// The Performance kit's view of `machine`, built once.
    var device: DeviceContext {
        if let detectedDevice { return detectedDevice }
        let device = DeviceContext(machine: machine, appVersion: SDKBenchVersion.current, buildNumber: SDKBenchVersion.build)
        detectedDevice = device
        return device
    }

    /// The Hamon engine, started on first use: its queue journal is opened (and an earlier run's
    /// events restored) then.
    func hamon(at range: SourceRange?) throws(ShellError) -> HamonHost {
        if let hamonHost { return hamonHost }
        // Tried once per run: a queue another process holds stays held, and each retry would
        // wait for its lock again.
        if hamonUnavailable != nil { throw ShellError.runtime("Hamon could not start in this run (see the first error)", at: range) }
        do {
            let host = try HamonHost(environment: environment, services: services, trace: trace, output: output, machine: machine)
            hamonHost = host
            return host
        } catch {
            hamonUnavailable = error.message
            throw ShellError.runtime(error.message, at: range)
        }
    }

    /// Why the Hamon engine could not start in this run, once it failed (told in full once).
    private var hamonUnavailable: String?

    /// Whether the Hamon engine has been started (for `status`).
    var hamonIfStarted: HamonHost? { hamonHost }

    /// Starts engines whose durable queues hold work from an earlier run, so it is restored
    /// (and announced) at start rather than at first use. A queue locked by another process is
    /// left to it.
    public func restorePendingWork() {
        if performanceHost == nil,
            !AnalyticsJournal.pendingEndpoints(in: PerformanceHost.analyticsJournalDirectory(environment.paths)).isEmpty
        {
            performance.restoreAnalytics()
        }
        guard hamonHost == nil, FileSize.of(HamonHost.journalPath(environment.paths)) > 0 else { return }
        do {
            _ = try hamon(at: nil)
        } catch {
            output.warn(error.message)
        }
    }

    /// The Performance engine, started on first use so that `sdkbench -c help` pays nothing for it.
    var performance: PerformanceHost {
        if let performanceHost { return performanceHost }
        let host = PerformanceHost(environment: environment, output: output, device: device, trace: trace)
        performanceHost = host
        return host
    }

    /// Whether the Performance engine has been started (for `status`).
    var performanceIfStarted: PerformanceHost? { performanceHost }

    /// Seconds the whole shutdown may take, every engine together; journals keep what is left.
    public static let shutdownBudget = 5.0

    /// Shuts every engine down in order within one budget: pending work flushed, files closed;
    /// a second Ctrl-C or SIGTERM while waiting leaves at once. Idempotent.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(Self.shutdownBudget)
        func remaining() -> Double {
            let left = clock.now.duration(to: deadline).components
            return max(0, Double(left.seconds) + Double(left.attoseconds) / 1e18)
        }
        var patient = hamonHost?.shutdown(budget: remaining()) ?? true
        if let performanceHost { patient = performanceHost.shutdown(budget: patient ? remaining() : 0) && patient }
        if patient { services.stop() }
        output.flush()
    }
}
