import LineEditing
import Platform
import Script

/// The interactive loop: libedit line editing, history, TAB completion, Ctrl-C and Ctrl-D.
package final class Repl {
    let session: ShellSession
    let runner: ScriptRunner

    package init(session: ShellSession) {
        self.session = session
        self.runner = ScriptRunner(session: session)
    }

    /// Runs until `quit`, Ctrl-D or SIGTERM; returns the status to exit with.
    package func run() -> ExitStatus {
        let session = self.session
        let completer = Completer(
            table: session.table,
            variableNames: { [unowned session] in session.variables.names },
            sessionNames: { [unowned session] category in session.engines.running.flatMap { $0.knownNames(category) } },
            home: session.environment.processEnvironment["HOME"]
        )
        let editor = LineEditor(
            programName: "sdkbench",
            historyFile: session.environment.paths.historyFile,
            completer: { completer.complete($0) }
        )
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
        var scrubbedGeneration = session.output.secrets.generation
        editor.removeFromHistory { session.output.secrets.occurs(in: $0) }
        while !session.quitRequested {
            session.output.flush()
            session.output.divertErrors { LineEditor.interject($0) }
            let read = editor.readLine(prompt: entry.prompt)
            session.output.divertErrors(to: nil)
            let late = LineEditor.takeNotices()
            if !late.isEmpty { session.output.writeError(late) }
            switch read {
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
                if opensUnclosedBlock(whole) {
                    entry.keep(whole)
                    continue
                }
                let fillsSecretPosition = handle(whole)
                let holdsSecret = fillsSecretPosition || session.output.secrets.occurs(in: whole)
                if HistoryPolicy.shouldRecord(whole, containsSecret: holdsSecret) {
                    editor.addToHistory(whole)
                }
                // A value that became secret while the entry ran (`set k V`, then `sift beacon {{k}}`)
                // leaves the lines already saved with it.
                let generation = session.output.secrets.generation
                if generation != scrubbedGeneration {
                    scrubbedGeneration = generation
                    editor.removeFromHistory { session.output.secrets.occurs(in: $0) }
                }
                session.output.flush()
            }
        }
        return .success
    }

    /// Parses and runs one entry, reporting errors as `<repl>`; tells whether it filled a secret
    /// position. Its secrets are registered before anything runs or is reported, so neither an
    /// error excerpt nor the history shows them, whatever mistake the line holds.
    private func handle(_ entry: String) -> Bool {
        let source = SourceFile(name: "<repl>", text: entry)
        let scan = SecretScan(table: session.table)
        let statements: [Statement]
        do {
            statements = try Parser.parse(source)
        } catch {
            let finding = scan.finding(inUnparsable: source.line(error.range.start.line) ?? entry, errorColumn: error.range.start.column)
            for secret in finding.all(in: SourceFile(name: source.name, text: source.line(error.range.start.line) ?? entry)) {
                session.output.secrets.add(secret)
            }
            session.output.report(ShellError(error), in: source)
            return finding.fillsSecretPosition
        }
        var fillsSecretPosition = false
        for statement in statements {
            let finding = scan.finding(in: statement, binder: runner.binder)
            for secret in finding.all(in: source) { session.output.secrets.add(secret) }
            if finding.fillsSecretPosition { fillsSecretPosition = true }
        }
        if statements.contains(where: { session.table.blockOpener($0) != nil }) {
            _ = SignalTrap.takeInterrupt()
            runner.runEntries(statements, in: source)
            return fillsSecretPosition
        }
        for statement in statements {
            _ = SignalTrap.takeInterrupt()
            if !runner.runEntry(statement, in: source).outcome.passed { break }
            if session.quitRequested { break }
        }
        return fillsSecretPosition
    }

    /// Whether `entry` opens more blocks than it ends, so the lines that follow belong to it; an
    /// entry that does not parse is run, to report its error.
    private func opensUnclosedBlock(_ entry: String) -> Bool {
        guard let statements = try? Parser.parse(SourceFile(name: "<repl>", text: entry)) else { return false }
        var depth = 0
        for statement in statements {
            if session.table.blockOpener(statement) != nil { depth += 1 }
            if CommandTable.closesBlock(statement), depth > 0 { depth -= 1 }
        }
        return depth > 0
    }
}
