import LineEditing
import Script

/// The interactive loop: libedit line editing, history, TAB completion, Ctrl-C and Ctrl-D.
public final class Repl {
    let session: ShellSession
    let runner: ScriptRunner

    public init(session: ShellSession) {
        self.session = session
        self.runner = ScriptRunner(session: session)
    }

    /// Runs until `quit`, Ctrl-D or SIGTERM; returns the status to exit with.
    public func run() -> ExitStatus {
        let session = self.session
        let completer = Completer(
            table: session.table, variableNames: { [unowned session] in session.variables.names },
            sessionNames: { [unowned session] category in session.engines.running.flatMap { $0.knownNames(category) } },
            home: session.environment.processEnvironment["HOME"])
        let editor = LineEditor(
            programName: "sdkbench", historyFile: session.environment.paths.historyFile,
            completer: { completer.complete($0) })
        defer { editor.close() }
        // The answer is read like a line but never recorded in the history.
        session.confirm = { prompt in
            guard case .line(let answer) = editor.readLine(prompt: prompt) else { return false }
            return ["y", "yes"].contains(answer.lowercased().filter { !$0.isWhitespace })
        }
        defer { session.confirm = nil }
        session.output.line("sdkbench \(SDKBenchVersion.current): type 'help' for commands, Ctrl-D to leave.")
        session.output.flush()
        var entry = ContinuedEntry()
        while !session.quitRequested {
            switch editor.readLine(prompt: entry.prompt) {
            case .endOfFile:
                session.output.line("")
                return .success
            case .terminated:
                return .success
            case .interrupted:
                entry.cancel()
                continue
            case .line(let text):
                guard let whole = entry.add(text) else { continue }
                let statements = handle(whole)
                let holdsSecret = statements.containsSecret || session.output.secrets.occurs(in: whole)
                if HistoryPolicy.shouldRecord(whole, containsSecret: holdsSecret) {
                    editor.addToHistory(whole)
                }
                session.output.flush()
            }
        }
        return .success
    }

    /// Parses and runs one entry, reporting errors as `<repl>`; tells whether it held a secret.
    private func handle(_ entry: String) -> (ran: Bool, containsSecret: Bool) {
        let source = SourceFile(name: "<repl>", text: entry)
        let statements: [Statement]
        do {
            statements = try Parser.parse(source)
        } catch {
            session.output.report(ShellError(error), in: source)
            return (false, mentionsSecretCommand(entry))
        }
        var containsSecret = false
        for statement in statements {
            do {
                if try runner.binder.bind(statement, variables: nil).containsSecret { containsSecret = true }
            } catch {
                // A mistyped line (`set t X --secret`) may still hold the secret it meant to set.
                if mentionsSecretCommand(entry) { containsSecret = true }
            }
        }
        for statement in statements {
            _ = SignalTrap.takeInterrupt()
            do {
                try runner.run(statement, in: source)
            } catch {
                session.output.report(error, in: source)
                break
            }
            if session.quitRequested { break }
        }
        return (true, containsSecret)
    }

    /// For a line that does not parse or bind: whether its command has a secret argument, or it
    /// names a secret option, to keep it out of history.
    private func mentionsSecretCommand(_ entry: String) -> Bool {
        let words = CompletionWords(entry + " ").completed
        guard let found = session.table.resolve(words) else { return false }
        if found.spec.arguments.contains(where: { $0.kind == .secret }) { return true }
        return found.spec.options.contains { option in
            option.valueKind == .secret && words.contains { $0 == "--" + option.name || $0.hasPrefix("--" + option.name + "=") }
        }
    }
}
