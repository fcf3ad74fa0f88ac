import JSON
import LineEditing
import Script

/// How a script run behaves (`sdkbench run` flags).
public struct RunOptions: Sendable {
    public var keepGoing: Bool
    public var echo: Bool

    public init(keepGoing: Bool = false, echo: Bool = false) {
        self.keepGoing = keepGoing
        self.echo = echo
    }
}

/// Runs sources: parses the whole text, checks every command against the table, then runs them.
///
/// A script with a typo fails before its first line has any effect (exit 2); at run time the first
/// failure stops the run unless `keepGoing`, and every error is rendered once, located.
public final class ScriptRunner {
    public let session: ShellSession
    let binder: Binder
    private let resolver: SessionVariableResolver

    public init(session: ShellSession) {
        self.session = session
        self.binder = Binder(table: session.table)
        self.resolver = SessionVariableResolver(session: session)
    }

    /// Runs a whole source and returns the status the run ends with.
    ///
    /// Two passes over the text: the first parses and checks every statement and keeps only the
    /// errors, the second parses again and runs. Re-parsing is cheaper than holding a million
    /// statements in memory.
    public func run(_ source: SourceFile, options: RunOptions = RunOptions()) -> ExitStatus {
        let cores = ScriptCheck.cores(for: source)
        let check = ScriptCheck.run(source, cores: cores, binder: binder)
        // Literal secrets are masked from the start: a check error may quote a line holding one.
        for secret in check.secrets { session.output.secrets.add(secret) }
        if let parseError = check.parseError {
            session.output.report(ShellError(parseError), in: source)
            return .parse
        }
        for error in check.errors { session.output.report(error, in: source) }
        if check.failureCount > ScriptCheck.reportedLimit {
            session.output.writeError("... and \(check.failureCount - ScriptCheck.reportedLimit) more errors\n")
        }
        if check.failureCount > 0 { return .parse }
        guard cores > 1 else {
            var statements = Parser.Statements(source)
            // The first pass parsed this source without error, so `try?` loses nothing.
            return execute(next: { try? statements.next() }, in: source, options: options)
        }
        let feed = StatementFeed(source: source)
        defer { feed.finish() }
        var chunk: [Statement] = []
        var position = 0
        return execute(
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
            }, in: source, options: options)
    }

    /// Runs the statements of a checked source, stopping at the first failure unless `keepGoing`.
    func execute(next: () -> Statement?, in source: SourceFile, options: RunOptions) -> ExitStatus {
        var firstFailure: ExitStatus?
        let lines = options.echo ? source.text.split(separator: "\n", omittingEmptySubsequences: false) : []
        while let statement = next() {
            if session.quitRequested { break }
            if let stop = SignalCheck.pending() {
                session.output.report(ShellError(.interrupted, at: statement.range), in: source)
                return stop
            }
            if options.echo {
                let range = (statement.range.start.line - 1)..<min(statement.range.end.line, lines.count)
                session.output.line(lines[range].joined(separator: "\n"))
            }
            do {
                try run(statement, in: source)
            } catch {
                if case .reported = error.kind {} else { session.output.report(error, in: source) }
                firstFailure = firstFailure ?? error.status
                if !options.keepGoing { return error.status }
            }
        }
        return firstFailure ?? .success
    }

    /// Binds and runs one statement, updating `last`.
    @discardableResult
    public func run(_ statement: Statement, in source: SourceFile) throws(ShellError) -> Value {
        let bound = try binder.bind(statement, variables: resolver)
        session.output.secrets.harvest(bound)
        if session.environment.dryRun { return .null }
        session.output.setLocation((source, statement.range))
        defer { session.output.setLocation(nil) }
        let value: Value
        do {
            value = try bound.spec.handler(CommandContext(command: bound, session: session))
        } catch let error as ShellError {
            throw error
        } catch {
            throw ShellError.runtime("\(error)", at: statement.range)
        }
        if bound.spec.setsLast { session.variables.last = value }
        return value
    }
}

/// Turns a pending SIGINT or SIGTERM into the status a non-interactive run stops with.
enum SignalCheck {
    static func pending() -> ExitStatus? {
        if SignalTrap.terminationRequested || SignalTrap.takeInterrupt() { return .runtime }
        return nil
    }
}
