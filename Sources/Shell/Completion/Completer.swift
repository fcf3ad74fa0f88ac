import LineEditing
import Script

/// Context-aware TAB completion from the command table: command words, then sub-commands,
/// then argument values by kind (choices, names, files, variables), and options.
public struct Completer {
    public let table: CommandTable
    /// The variable names to offer after `{{` and for name arguments.
    public var variableNames: () -> [String]

    public init(table: CommandTable, variableNames: @escaping () -> [String] = { [] }) {
        self.table = table
        self.variableNames = variableNames
    }

    /// Candidates for the word before the cursor.
    public func complete(_ request: CompletionRequest) -> CompletionResponse {
        let words = CompletionWords(request.line)
        if let open = words.openVariablePrefix {
            let names = (variableNames() + ["last"]).filter { $0.hasPrefix(open.partial) }.sorted()
            return CompletionResponse(
                replaceLength: words.currentRaw.count, candidates: names.map { open.before + "{{" + $0 + "}}" },
                appendSpace: false)
        }
        let (candidates, isDirectory) = candidates(for: words)
        let matching = candidates.filter { $0.hasPrefix(words.current) }
        let unique = Array(Set(matching)).sorted()
        return CompletionResponse(
            replaceLength: words.currentRaw.count, candidates: unique,
            appendSpace: !(unique.count == 1 && isDirectory(unique[0])))
    }

    /// Full replacements for a whole command typed as one shell word (`sdkbench -c 'perf st<TAB>`).
    public func completeWholeLine(_ prefix: String) -> [String] {
        let response = complete(CompletionRequest(line: prefix, fullLine: prefix))
        let kept = String(prefix.dropLast(response.replaceLength))
        return response.candidates.map { kept + $0 }
    }

    private func candidates(for words: CompletionWords) -> ([String], (String) -> Bool) {
        let notDirectory: (String) -> Bool = { _ in false }
        var path: [String] = []
        for word in words.completed {
            guard table.isKnownPrefix(path + [word]) else { break }
            path.append(word)
        }
        let spec = table.spec(named: path.joined(separator: " "))
        if path.count == words.completed.count {
            var result = table.nextWords(after: path)
            if let spec, let first = spec.arguments.first, !words.current.hasPrefix("-") {
                result += values(for: first.kind, previous: [], current: words.current)
            }
            if let spec, words.current.hasPrefix("-") { result += spec.options.map { "--" + $0.name } }
            return (result, { $0.hasSuffix("/") })
        }
        guard let spec else { return ([], notDirectory) }
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
            return (values(for: kind, previous: [], current: words.current), { $0.hasSuffix("/") })
        }
        let options = spec.options.filter { !usedOptions.contains($0.name) }.map { "--" + $0.name }
        if words.current.hasPrefix("-") { return (options, notDirectory) }
        let argument: ArgumentSpec?
        if positionals.count < spec.arguments.count {
            argument = spec.arguments[positionals.count]
        } else if let last = spec.arguments.last, last.isVariadic {
            argument = last
        } else {
            argument = nil
        }
        guard let argument else { return (words.current.isEmpty ? options : [], notDirectory) }
        let variadicWords = argument.isVariadic ? Array(positionals.dropFirst(spec.arguments.count - 1)) : []
        return (values(for: argument.kind, previous: variadicWords, current: words.current), { $0.hasSuffix("/") })
    }

    private func values(for kind: ArgumentKind, previous: [String], current: String) -> [String] {
        switch kind {
        case .choice(let choices): return choices
        case .identifier(let suggestions): return suggestions
        case .file(let extensions): return PathCompletion.candidates(for: current, extensions: extensions, directoriesOnly: false)
        case .directory: return PathCompletion.candidates(for: current, extensions: [], directoriesOnly: true)
        case .variableName: return variableNames()
        case .valuePath, .expression: return ["last"] + variableNames()
        case .commandName: return table.nextWords(after: previous)
        case .duration: return ["250ms", "1s", "5s", "1m"]
        case .rule(let rule): return rule.suggestions
        case .text, .number, .integer, .secret, .httpItem: return []
        }
    }
}
