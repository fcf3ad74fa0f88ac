import Backend
import Ping
import Platform
import Script
import Transport

/// The state of one sdkbench run: variables, `last`, output and the engines, created on first use.
///
/// Confined to the thread that runs commands (the REPL or script loop); only `output` and the
/// engines themselves are touched from the background ticker.
package final class ShellSession {
    /// The engines this session has, and their commands.
    package let catalog: ShellCatalog
    /// The commands lines are bound against: the catalog's, unless a caller narrowed them.
    package let table: CommandTable
    /// The engines' context keeps it: one copy, not two, of a struct of about 300 bytes for
    /// every load device.
    package var environment: ShellEnvironment { engines.context.environment }
    /// The terminal: the terminal listener and, between commands, the background sink write here.
    package let output: Output
    /// Where what commands and engines show goes (see `ShellEventRouter`).
    package let events: ShellEventRouter
    /// Every secret value seen so far; whatever leaves the session masks them.
    package var secrets: SecretValues { output.secrets }
    package var variables = Variables()
    /// Whether every HTTP exchange is printed (`trace on`).
    package var traceEnabled: Bool {
        get { trace.isEnabled }
        set { trace.isEnabled = newValue }
    }
    package let trace: TraceSink
    /// The server services talk to: the configured host or the embedded backend.
    package let services: ServiceHost
    /// Cookies the `http` command keeps between requests, as the Ping client's jar.
    package let cookies = CookieJar()
    /// Set by `quit`; the loop ends after the current command.
    package internal(set) var quitRequested = false
    var sourceDepth = 0
    /// The files `source` is running now, as resolved paths, outermost first: a file already
    /// among them would source itself for ever.
    var sourceStack: [String] = []
    /// The source whose statement runs now (set by the runner around each step).
    var runningSource: SourceFile?
    /// The options of the run in progress, which `source` and `repeat` blocks run with too.
    var runOptions: RunOptions?
    /// The lines of the block about to run (`repeat`, `http on-response`), up to its `end`: the
    /// runner reads them ahead and the command that opened it takes them (`takeBlock`).
    var pendingBlock: [Statement]?
    /// The iterations of the `repeat` blocks running now, outermost first.
    var repeatIterations: [Int] = []
    /// The listeners of the script run in progress, which `source` hands its file's run too, so
    /// that a report sees a sourced file's commands; `nil` outside a run (the REPL's lines).
    package var runListeners: [any RunListener]?
    /// What commands keep between runs of the same line (`CommandMemos`).
    package let commandMemos = CommandMemos()
    /// The binding shapes this session's statements were found to have (`RunOptions.reusesBindings`).
    package var bindingShapes = BindingShape.SessionCache()
    /// The directory relative `source` paths start from: the running script's, or the working directory.
    package var currentSourceDirectory: String?
    /// How long an `http` line without `--timeout` waits for its answer: 15 s, or `check`'s
    /// `--request-timeout` (5 s), so that a server that never answers costs seconds, not minutes.
    package var defaultRequestTimeout: Double = 15
    /// The most bytes a script `source` reads may hold (`--max-script-size`).
    package var scriptSizeLimit = ScriptFileReader.defaultLimit
    /// Asks the user a yes/no question on the terminal (set by the REPL; `nil` in scripts).
    package var confirm: ((String) -> Bool)?
    /// The engines, started on first use, in the order status and shutdown follow.
    package let engines: EngineRegistry
    private var isShutDown = false

    package init(catalog: ShellCatalog, table: CommandTable? = nil, environment: ShellEnvironment, output: Output) {
        self.catalog = catalog
        self.table = table ?? catalog.table
        self.output = output
        events = ShellEventRouter(secrets: output.secrets) { output.show($0) }
        trace = TraceSink(events: events, transport: environment.transport, insecureTransport: environment.insecureTransport)
        services = ServiceHost(events: events, groups: catalog.backendGroups, loops: environment.backendLoops)
        engines = EngineRegistry(
            kinds: catalog.runtimes,
            context: EngineContext(environment: environment, events: events, trace: trace, server: services)
        )
    }

    /// Lets go of what commands memoized of lines, of the lines' last bindings and of the trace's
    /// last client: caches, made again at each line's next run. A load device asleep past
    /// `--idle-close` holds its state, not these (about 5.5 KB a device of the fleet's one
    /// `http` line, heaptrack).
    package func forgetMemos() {
        commandMemos.removeAll()
        bindingShapes = BindingShape.SessionCache()
        trace.forgetLastClient()
    }

    /// The engine of type `kind`, started now (restoring an earlier run's work) if it has not been.
    package func engine<Engine: EngineRuntime>(_ kind: Engine.Type, at range: SourceRange?) throws(ShellError) -> Engine {
        try engines.runtime(kind, at: range)
    }

    /// The engine of type `kind` if it has started, without starting it: a command that only
    /// reads what another set (`http` reading `http header set`'s headers) pays nothing otherwise.
    package func startedEngine<Engine: EngineRuntime>(_ kind: Engine.Type) -> Engine? { engines.ifStarted(kind) }

    /// The phone the session plays (`device set`).
    package var device: DeviceProfile { engines.context.device }

    /// The block the running command opened (the lines up to its `end`) and the source they are
    /// in, taken once; `nil` for a command not followed by its block's lines.
    package func takeBlock() -> (statements: [Statement], source: SourceFile)? {
        guard let block = pendingBlock, let source = runningSource else { return nil }
        pendingBlock = nil
        return (block, source)
    }

    /// Whether the run in progress goes on past a failed `expect` (`sdkbench test`, load mode).
    package var goesOnPastFailedExpects: Bool { runOptions?.continuesPastFailedExpects ?? false }

    /// Runs `statements` of `source` (a block a command took) once, told to the listeners of the
    /// run in progress, with its options: an `expect` that fails there does not stop a run that
    /// goes on past failed expects. Its status: `.success`, or what stopped it.
    package func runBlock(_ statements: [Statement], in source: SourceFile) async -> ExitStatus {
        await ScriptRunner(session: self, listeners: runListeners).runBlock(statements, in: source, options: runOptions ?? RunOptions()).status
    }

    /// Starts engines whose durable queues hold work from an earlier run, so it is restored
    /// (and announced) at start rather than at first use. A queue locked by another process is
    /// left to it.
    package func restorePendingWork() {
        engines.restorePendingWork { events.warn($0) }
    }

    /// Uses `backend` as the session's embedded backend, shared with other sessions and never
    /// stopped by this one (load mode's devices share one).
    package func shareEmbeddedBackend(_ backend: SharedEmbeddedBackend) { services.share(backend) }

    /// Sets the variables a run gives (`GivenVariable`), their secrets masked from now on.
    package func give(_ given: [GivenVariable]) {
        for variable in given {
            if variable.isSecret { secrets.add(variable.value) }
            variables.set(variable.name, .string(variable.value), secret: variable.isSecret)
        }
    }

    /// The latency distributions the started engines measured, in catalog order.
    package func latencyHistograms() -> [LatencyHistogram] { engines.running.flatMap { $0.latencyHistograms() } }

    /// How long the whole shutdown may take, every engine together; journals keep what is left.
    package static let shutdownBudget = Duration.seconds(5)

    /// Shuts every engine down in order within one budget: pending work flushed, files closed;
    /// the task's cancellation (a second Ctrl-C or SIGTERM while a thread waits for it, a load
    /// device's interruption) leaves at once. Idempotent.
    package func shutdown() async {
        guard !isShutDown else { return }
        isShutDown = true
        let clock = ContinuousClock()
        let deadline = clock.now + Self.shutdownBudget
        func remaining() -> Duration { max(.zero, clock.now.duration(to: deadline)) }
        if await engines.shutdown(remaining: remaining) { services.stop() }
        output.flush()
    }

    /// `shutdown()` from a thread that waits for it: a signal that arrives meanwhile cuts it short.
    package func shutdownBlocking() {
        AsyncBridge.drive(cancelling: .later) { await self.shutdown() }
    }
}
