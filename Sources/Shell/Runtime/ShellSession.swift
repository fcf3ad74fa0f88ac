import Script

/// The state of one sdkbench run: variables, `last`, output and the engines, created on first use.
///
/// Confined to the thread that runs commands (the REPL or script loop); only `output` and the
/// engines themselves are touched from the background ticker.
public final class ShellSession {
    public let table: CommandTable
    public let environment: ShellEnvironment
    public let output: Output
    public var variables = Variables()
    public var traceEnabled = false
    /// Set by `quit`; the loop ends after the current command.
    public internal(set) var quitRequested = false
    var sourceDepth = 0
    /// The directory relative `source` paths start from: the running script's, or the working directory.
    public var currentSourceDirectory: String?
    private var performanceHost: PerformanceHost?
    private var isShutDown = false

    public init(table: CommandTable = .standard, environment: ShellEnvironment, output: Output) {
        self.table = table
        self.environment = environment
        self.output = output
    }

    /// The Performance engine, started on first use so that `sdkbench -c help` pays nothing for it.
    var performance: PerformanceHost {
        if let performanceHost { return performanceHost }
        let host = PerformanceHost(environment: environment, output: output)
        performanceHost = host
        return host
    }

    /// Whether the Performance engine has been started (for `status`).
    var performanceIfStarted: PerformanceHost? { performanceHost }

    /// Shuts every engine down in order: pending work flushed, files closed. Idempotent.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        performanceHost?.shutdown()
        output.flush()
    }
}
