import Script

/// The terminal's view of a run: what commands show, on standard output and error; each failure
/// rendered once, located, on standard error; with `--echo`, each statement's source lines
/// before it runs.
package final class TerminalRunListener: RunListener {
    private let output: Output
    private let echo: Bool
    private var echoSource: String?
    private var lines: [Substring] = []

    package init(output: Output, echo: Bool = false) {
        self.output = output
        self.echo = echo
    }

    package func checkFailed(_ errors: [ShellError], more: Int, in source: SourceFile) {
        for error in errors { output.report(error, in: source) }
        if more > 0 { output.writeError("... and \(more) more errors\n") }
    }

    package func commandStarting(_ statement: Statement, in source: SourceFile) {
        // Warnings, an engine's too, are located at the command that runs.
        output.setLocation((source, statement.range))
        guard echo else { return }
        if echoSource != source.name {
            echoSource = source.name
            lines = source.text.split(separator: "\n", omittingEmptySubsequences: false)
        }
        let range = (statement.range.start.line - 1)..<min(statement.range.end.line, lines.count)
        output.line(lines[range].joined(separator: "\n"))
    }

    package func emitted(_ shown: any Renderable) { output.show(shown) }

    package func commandFinished(_ result: CommandResult, in source: SourceFile) {
        // Rendered while the command's location stands: its warnings are located at it.
        if let shown = result.shown { output.show(shown) }
        output.setLocation(nil)
        switch result.outcome {
        case .ok: return
        case .interrupted: output.report(ShellError(.interrupted, at: result.range), in: source)
        case .expectationFailed(_, let error), .error(let error):
            // A sourced file's failure was rendered where it happened.
            if case .reported = error.kind { return }
            output.report(error, in: source)
        }
    }
}
