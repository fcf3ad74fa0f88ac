import LineEditing

extension Completer {
    /// Full replacements for a whole command typed as one shell word (`sdkbench -c 'perf st<TAB>`).
    ///
    /// Readline closes an open quote after a lone match, which would end `-c '…` after its first
    /// word. So a lone match that more words may follow is offered as what can follow it, or
    /// beside itself plus a space: bash inserts the candidates' common prefix and leaves the
    /// quote open.
    ///
    /// - Parameters:
    ///   - prefix: the shell word up to the cursor as the shell passes it, an opening quote or
    ///     backslashes included.
    ///   - keepingQuoteOpen: never answer one candidate that more words may follow (bash).
    /// - Returns: whole command lines, unquoted for the shell (the script's own escapes kept).
    package func completeWholeLine(_ prefix: String, keepingQuoteOpen: Bool = false) -> [String] {
        let line = ShellWord.unquoted(prefix)
        let (lines, appendSpace) = wholeLines(completing: line)
        guard keepingQuoteOpen, lines.count == 1, let only = lines.first else { return lines }
        let base = appendSpace ? only + " " : only
        let next = wholeLines(completing: base).lines.filter { $0 != base && $0.hasPrefix(base) }
        switch next.count {
        case 0: return appendSpace && mayContinue(only) ? [only, base] : [only]
        case 1: return [base, next[0]]
        default: return next
        }
    }

    private func wholeLines(completing line: String) -> (lines: [String], appendSpace: Bool) {
        let response = complete(CompletionRequest(line: line, fullLine: line))
        let kept = String(line.dropLast(response.replaceLength))
        return (response.candidates.map { kept + $0 }, response.appendSpace)
    }

    /// Whether `line` can take another word: false only for a whole command that takes nothing.
    private func mayContinue(_ line: String) -> Bool {
        let words = CompletionWords(line + " ").completed
        guard let resolved = table.resolve(words), resolved.length == words.count else { return true }
        let spec = resolved.spec
        return !spec.arguments.isEmpty || !spec.options.isEmpty || spec.parameters != nil
            || !table.nextWords(after: words).isEmpty
    }
}
