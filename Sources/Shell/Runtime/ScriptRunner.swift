import JSON
import Script

/// Runs sources: parses the whole text, checks every command against the table, then runs them.
///
/// A script with a typo fails before its first line has any effect (exit 2); at run time the first
/// failure stops the run unless `keepGoing`. What happens is reported to listeners as values
/// (`CommandResult`, `RunResult`); the terminal rendering is one of them.
package final class ScriptRunner {
    package let session: ShellSession
    let binder: Binder
    private let resolver: SessionVariableResolver
    private let chosenListeners: [any RunListener]?
    private var listeners: [any RunListener] = []
    private var wantsOutput = false

    /// - Parameters:
    ///   - listeners: who is told about runs; `nil` is the terminal alone (errors rendered on
    ///     standard error, statements echoed when `RunOptions.echo`).
    package init(session: ShellSession, listeners: [any RunListener]? = nil) {
        self.session = session
        self.binder = Binder(table: session.table)
        self.resolver = SessionVariableResolver(session: session)
        chosenListeners = listeners
    }

    /// Runs a whole source and returns what it did.
    ///
    /// Two passes over the text: the first parses and checks every statement and keeps only the
    /// errors, the second parses again and runs. Re-parsing is cheaper than holding a million
    /// statements in memory.
    @discardableResult
    package func run(_ source: SourceFile, options: RunOptions = RunOptions()) async -> RunResult {
        await run(source, parsed: nil, checked: nil, options: options)
    }

    /// `run(_:options:)` from a thread that waits for it (`AsyncBridge.drive`): Ctrl-C, SIGTERM
    /// or the thread's `SessionStop` interrupt it.
    @discardableResult
    package func runBlocking(_ source: SourceFile, options: RunOptions = RunOptions()) -> RunResult {
        AsyncBridge.drive { await self.run(source, parsed: nil, checked: nil, options: options) }
    }

    /// Runs a script checked and parsed once already, as `run(_:options:)` runs its source:
    /// with `checksFirst`, the check's verdict is reported as that run would report it.
    @discardableResult
    package func run(_ script: CheckedScript, options: RunOptions = RunOptions()) async -> RunResult {
        await run(script.source, parsed: script.statements, checked: script.check, options: options)
    }

    /// `run(_:options:)` of a checked script from a thread that waits for it.
    @discardableResult
    package func runBlocking(_ script: CheckedScript, options: RunOptions = RunOptions()) -> RunResult {
        AsyncBridge.drive { await self.run(script.source, parsed: script.statements, checked: script.check, options: options) }
    }

    private func run(_ source: SourceFile, parsed: [Statement]?, checked: ScriptCheck?, options: RunOptions) async -> RunResult {
        takeListeners(echo: options.echo)
        let outerListeners = session.runListeners
        let outerOptions = session.runOptions
        session.runListeners = listeners
        session.runOptions = options
        defer {
            session.runListeners = outerListeners
            session.runOptions = outerOptions
        }
        let clock = ContinuousClock()
        let started = clock.now
        let cores = ScriptCheck.cores(for: source)
        if options.checksFirst, let refused = refusal(source, checked: checked, cores: cores, started: started) { return refused }
        var result: RunResult
        if let parsed {
            var statements = parsed.makeIterator()
            result = await execute(next: { statements.next() }, in: source, options: options)
        } else if cores > 1 {
            result = await executeParsingAhead(source, options: options)
        } else {
            var statements = Parser.Statements(source)
            // The first pass parsed this source without error, so `try?` loses nothing.
            result = await execute(next: { try? statements.next() }, in: source, options: options)
        }
        result.duration = started.duration(to: clock.now)
        notify { $0.runFinished(result, in: source) }
        return result
    }

    /// The check pass (or the one `checked` already), its literal secrets registered; the run's
    /// result when it refuses the source, told to the listeners. Out of line, as is the
    /// parallel parse below, so the frame that runs the statements stays small.
    @inline(never)
    private func refusal(_ source: SourceFile, checked: ScriptCheck?, cores: Int, started: ContinuousClock.Instant) -> RunResult? {
        let check = checked ?? ScriptCheck.run(source, cores: cores, binder: binder)
        // Literal secrets are masked from the start: a check error may quote a line holding one.
        for secret in check.secrets { session.secrets.add(secret) }
        let (checkErrors, more) = check.reported
        guard !checkErrors.isEmpty else { return nil }
        notify { $0.checkFailed(checkErrors, more: more, in: source) }
        let result = RunResult(source: source.name, status: .parse, duration: started.duration(to: .now), checkErrors: checkErrors)
        notify { $0.runFinished(result, in: source) }
        return result
    }

    /// Runs a large source parsed ahead on other cores (`StatementFeed`).
    @inline(never)
    private func executeParsingAhead(_ source: SourceFile, options: RunOptions) async -> RunResult {
        let feed = StatementFeed(source: source)
        defer { feed.finish() }
        var chunk: [Statement] = []
        var position = 0
        return await execute(
            next: {
                if position == chunk.count {
                    if !chunk.isEmpty { feed.recycle(chunk) }
                    chunk = []
                    guard let next = feed.nextChunk() else { return nil }
                    chunk = next
                    position = 0
                }
                position += 1
                return chunk[position - 1]
            },
            in: source,
            options: options
        )
    }

    /// Tells every listener, serialised against events engines emit from their own tasks.
    private func notify(_ body: (any RunListener) -> Void) {
        session.events.notify { for listener in listeners { body(listener) } }
    }

    /// Runs a block's checked statements once, told to the run's listeners.
    func runBlock(_ statements: [Statement], in source: SourceFile, options: RunOptions) async -> RunResult {
        takeListeners(echo: options.echo)
        var statements = statements.makeIterator()
        return await execute(next: { statements.next() }, in: source, options: options)
    }

    /// The listeners given, or the terminal alone.
    @inline(never)
    private func takeListeners(echo: Bool) {
        listeners = chosenListeners ?? [TerminalRunListener(output: session.output, echo: echo)]
        wantsOutput = listeners.contains { $0.wantsOutput }
    }

    /// The statements after a block's opener, up to its matching `end` (consumed, not returned).
    private func block(after next: () -> Statement?) -> [Statement] {
        var block: [Statement] = []
        var depth = 1
        while let statement = next() {
            if session.table.blockOpener(statement) != nil { depth += 1 }
            if CommandTable.closesBlock(statement) {
                depth -= 1
                if depth == 0 { break }
            }
            block.append(statement)
        }
        return block
    }

    /// Runs the statements of a checked source, stopping at the first failure unless `keepGoing`.
    ///
    /// This, `step` and `run(_:in:command:)` hold async frames (twice inside a `repeat`) while a
    /// command waits, in every load device's iteration: what only some paths need is kept in
    /// functions of its own (`interrupt`, `stops`, `outcome`), which took the frames of a device
    /// waiting in a `repeat` from 15.7 to 9.0 KiB when devices were threads (gdb on a load device
    /// waiting for its answer), with `ShellErrorKind` boxed and `http` cut in three.
    func execute(next: () -> Statement?, in source: SourceFile, options: RunOptions) async -> RunResult {
        var result = RunResult(source: source.name, status: .success)
        while let statement = next() {
            if session.quitRequested { break }
            // A cancelled task is a signal a driving thread took for it, or a load device's stop.
            if let stop = SignalCheck.pending() ?? (Task.isCancelled ? .runtime : nil) {
                interrupt(statement, stop, into: &result, in: source)
                return result
            }
            if session.table.blockOpener(statement) != nil { session.pendingBlock = block(after: next) }
            let stopsHere = stops(after: await step(statement, in: source), into: &result, options: options)
            session.pendingBlock = nil
            if stopsHere { return result }
        }
        // Only failed commands reach `failures` here: an interruption returned above.
        result.status = result.failures.first?.outcome.error?.status ?? .success
        return result
    }

    /// A signal or a stop came before `statement`: told as an interrupted command, and the run's status.
    @inline(never)
    private func interrupt(_ statement: Statement, _ stop: ExitStatus, into result: inout RunResult, in source: SourceFile) {
        let interrupted = CommandResult(
            command: "",
            range: statement.range,
            duration: .zero,
            outcome: .interrupted,
            iterations: session.repeatIterations
        )
        notify { $0.commandFinished(interrupted, in: source) }
        tally(interrupted, into: &result)
        result.status = stop
    }

    /// Counts `command` into `result`; whether the run stops at it (its status set).
    @inline(never)
    private func stops(after command: CommandResult, into result: inout RunResult, options: RunOptions) -> Bool {
        tally(command, into: &result)
        guard let error = command.outcome.error, !options.keepGoing else { return false }
        if options.goesOnPastExpectation(error.status) { return false }
        result.status = error.status
        return true
    }

    private func tally(_ command: CommandResult, into result: inout RunResult) {
        result.commandCount += 1
        if !command.outcome.passed { result.failures.append(command) }
    }

    /// Runs one statement with its listeners told before and after, and what it shows routed to them.
    private func step(_ statement: Statement, in source: SourceFile) async -> CommandResult {
        let outerSource = session.runningSource
        session.runningSource = source
        defer { session.runningSource = outerSource }
        notify { $0.commandStarting(statement, in: source) }
        session.events.commandStarted(listeners: listeners, recording: wantsOutput)
        let started = ContinuousClock.now
        var command = ""
        var shown: (any CommandView)?
        let outcome = await outcome(of: statement, in: source, command: &command, shown: &shown)
        let duration = started.duration(to: .now)
        let result = CommandResult(
            command: command,
            range: statement.range,
            duration: duration,
            outcome: outcome,
            output: session.events.commandEnded(shown: shown),
            iterations: session.repeatIterations,
            shown: shown
        )
        notify { $0.commandFinished(result, in: source) }
        return result
    }

    /// How `statement` ended: its value, or its error sorted into an outcome; what it returned in `shown`.
    @inline(never)
    private func outcome(
        of statement: Statement,
        in source: SourceFile,
        command: inout String,
        shown: inout (any CommandView)?
    ) async -> CommandOutcome {
        do {
            let (view, value) = try await run(statement, in: source, command: &command)
            shown = view
            return .ok(value)
        } catch {
            return CommandOutcome(error)
        }
    }

    /// Runs one statement of an interactive entry (the REPL's), with the listeners a script's
    /// run has: the terminal shows what it shows and renders its failure.
    package func runEntry(_ statement: Statement, in source: SourceFile) -> CommandResult {
        takeListeners(echo: false)
        let outerListeners = session.runListeners
        session.runListeners = listeners
        defer { session.runListeners = outerListeners }
        return AsyncBridge.drive { await self.step(statement, in: source) }
    }

    /// Runs a REPL entry that holds a block (`repeat` … `end`, `http on-response` … `end`) as a
    /// script runs its statements: in order, each block handed to its opener, stopping at the
    /// first failure.
    package func runEntries(_ statements: [Statement], in source: SourceFile) {
        takeListeners(echo: false)
        let outerListeners = session.runListeners
        session.runListeners = listeners
        defer { session.runListeners = outerListeners }
        AsyncBridge.drive {
            var remaining = statements.makeIterator()
            _ = await self.execute(next: { remaining.next() }, in: source, options: RunOptions())
        }
    }

    /// Binds and runs one statement, naming in `command` the table entry it bound to; what it
    /// returned, and its value.
    @inline(never)
    private func run(_ statement: Statement, in source: SourceFile, command: inout String) async throws(ShellError) -> (any CommandView, Value) {
        let bound = try bind(statement)
        command = bound.spec.name
        if session.environment.dryRun { return (Value.null, .null) }
        let shown: any CommandView
        let lastBefore = session.variables.lastVersion
        do {
            shown = try await handle(bound, at: statement.range)
        } catch {
            // `last` is this command's failure, never the value of a command before it: an
            // `expect last.status == 200` after a refused request must not read an older answer.
            // A command that set `last` itself as it failed (`http --check-status`) keeps that.
            if bound.spec.setsLast, session.variables.lastVersion == lastBefore { session.variables.last = Self.failure(error, of: bound) }
            throw error
        }
        // Read once: a view may build its value from what it holds.
        let value = shown.value
        if bound.spec.setsLast { session.variables.last = value }
        return (shown, value)
    }

    /// What `last` holds after `bound` failed: `{"error": MESSAGE, "command": NAME}`.
    static func failure(_ error: ShellError, of bound: BoundCommand) -> Value {
        var object = JSONObject()
        object["error"] = .string(error.message)
        object["command"] = .string(bound.spelling)
        return .object(object)
    }

    /// `statement` bound to its table entry, the secrets it holds harvested.
    @inline(never)
    private func bind(_ statement: Statement) throws(ShellError) -> BoundCommand {
        guard session.runOptions?.reusesBindings == true else {
            let bound = try binder.bind(statement, variables: resolver)
            session.secrets.harvest(bound)
            return bound
        }
        let (bound, shape, variableSecrets) = try binder.bindReusingShape(statement, variables: resolver, shapes: &session.bindingShapes)
        if let shape, let variableSecrets {
            for secret in shape.literalSecrets + variableSecrets { session.secrets.add(secret) }
        } else {
            session.secrets.harvest(bound)
        }
        return bound
    }

    /// Runs `bound`'s handler; an engine's own error is located at `range`.
    private func handle(_ bound: BoundCommand, at range: SourceRange) async throws(ShellError) -> any CommandView {
        do {
            return try await bound.spec.handler(CommandContext(command: bound, session: session))
        } catch let error as ShellError {
            throw error
        } catch {
            throw ShellError.engine(error, at: range)
        }
    }
}
