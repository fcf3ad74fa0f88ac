import LineEditing
import Script

/// Context-aware TAB completion from the command table: command words, then sub-commands,
/// then argument values by kind (choices, names, files, variables), and options.
package struct Completer {
    package let table: CommandTable
    /// The variable names to offer after `{{` and for name arguments.
    package var variableNames: () -> [String]
    /// Names the session has learned, by `ValueRule.sessionNames` category.
    package var sessionNames: (String) -> [String]
    /// What `~` in a path stands for: the session's `HOME`, as commands expand it when they run.
    package var home: String?

    package init(
        table: CommandTable,
        variableNames: @escaping () -> [String] = { [] },
        sessionNames: @escaping (String) -> [String] = { _ in [] },
        home: String? = nil
    ) {
        self.table = table
        self.variableNames = variableNames
        self.sessionNames = sessionNames
        self.home = home
    }

    /// Candidates for the word before the cursor.
    package func complete(_ request: CompletionRequest) -> CompletionResponse {
        let words = CompletionWords(request.line)
        if let open = words.openVariablePrefix {
            let names = (variableNames() + ["last"]).filter { $0.hasPrefix(open.partial) }.sorted()
            return CompletionResponse(
                replaceLength: words.currentRaw.count,
                candidates: names.map { open.before + "{{" + $0 + "}}" },
                appendSpace: false
            )
        }
        let (candidates, paths) = candidates(for: words)
        let matching = candidates.filter { $0.hasPrefix(words.current) }
        let unique = Array(Set(matching)).sorted()
        let isDirectory = unique.count == 1 && paths.contains(unique[0]) && unique[0].hasSuffix("/")
        // Matching is on what the words mean; what replaces the typed word must read back as that.
        let written = unique.map { paths.contains($0) ? PathCompletion.written($0) : $0 }
        return CompletionResponse(replaceLength: words.currentRaw.count, candidates: written, appendSpace: !isDirectory)
    }

    /// Candidates for the current word, unescaped, and which of them are file paths.
    private func candidates(for words: CompletionWords) -> ([String], Set<String>) {
        var path: [String] = []
        for word in words.completed {
            guard table.isKnownPrefix(path + [word]) else { break }
            path.append(word)
        }
        let spec = table.spec(named: path.joined(separator: " "))
        if path.count == words.completed.count {
            var result = table.nextWords(after: path)
            var paths: Set<String> = []
            if let spec, let first = spec.arguments.first, !words.current.hasPrefix("-") {
                let (values, arePaths) = values(for: first.kind, previous: [], current: words.current)
                result += values
                if arePaths { paths = Set(values) }
            }
            if let spec, words.current.hasPrefix("-") { result += spec.options.map { "--" + $0.name } }
            return (result, paths)
        }
        guard let spec else { return ([], []) }
        var positionals: [String] = []
        var pendingOption: OptionSpec?
        var usedOptions: Set<String> = []
        for word in words.completed.dropFirst(path.count) {
            if let option = pendingOption {
                pendingOption = nil
                _ = option
                continue
            }
            if word.hasPrefix("--") {
                let name = String(word.dropFirst(2).prefix { $0 != "=" })
                usedOptions.insert(name)
                if let option = spec.option(named: name), option.valueKind != nil, !word.contains("=") { pendingOption = option }
                continue
            }
            if let option = spec.option(short: word) {
                usedOptions.insert(option.name)
                if option.valueKind != nil { pendingOption = option }
                continue
            }
            if spec.parameters != nil, word.contains("="), !word.hasPrefix("=") { continue }
            positionals.append(word)
        }
        if let option = pendingOption, let kind = option.valueKind {
            return tagged(values(for: kind, previous: [], current: words.current))
        }
        let options = spec.options.filter { !usedOptions.contains($0.name) }.map { "--" + $0.name }
        if words.current.hasPrefix("-") { return (options, []) }
        let argument: ArgumentSpec?
        if positionals.count < spec.arguments.count {
            argument = spec.arguments[positionals.count]
        } else if let last = spec.arguments.last, last.isVariadic {
            argument = last
        } else {
            argument = nil
        }
        guard let argument else { return (words.current.isEmpty ? options : [], []) }
        if let completions = argument.completions { return (completions(positionals), []) }
        let variadicWords = argument.isVariadic ? Array(positionals.dropFirst(spec.arguments.count - 1)) : []
        return tagged(values(for: argument.kind, previous: variadicWords, current: words.current))
    }

    private func tagged(_ values: (values: [String], arePaths: Bool)) -> ([String], Set<String>) {
        (values.values, values.arePaths ? Set(values.values) : [])
    }

    private func values(for kind: ArgumentKind, previous: [String], current: String) -> (values: [String], arePaths: Bool) {
        switch kind {
        case .choice(let choices): return (choices, false)
        case .identifier(let suggestions): return (suggestions, false)
        case .file(let extensions):
            return (PathCompletion.candidates(for: current, extensions: extensions, directoriesOnly: false, home: home), true)
        case .directory: return (PathCompletion.candidates(for: current, extensions: [], directoriesOnly: true, home: home), true)
        case .variableName: return (variableNames(), false)
        case .valuePath, .expression: return (["last"] + variableNames(), false)
        case .commandName: return (table.nextWords(after: previous), false)
        case .duration: return (["250ms", "1s", "5s", "1m"], false)
        case .rule(let rule): return (rule.suggestions + (rule.sessionNames.map(sessionNames) ?? []), false)
        case .text, .number, .integer, .secret, .httpItem: return ([], false)
        }
    }
}
