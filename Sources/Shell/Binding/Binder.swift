import JSON
import Script

/// Matches a statement to a command of the table and assigns its tokens.
///
/// Without a resolver it only checks what can be checked before running (command names,
/// options, argument counts, literal values): scripts are checked whole before their first line runs.
package struct Binder: Sendable {
    package let table: CommandTable

    package init(table: CommandTable) { self.table = table }

    package func bind(_ statement: Statement, variables: (any VariableResolving)?) throws(ShellError) -> BoundCommand {
        var recorder: BindingRecorder?
        return try bind(statement, variables: variables, recorder: &recorder)
    }

    /// Binds `statement` as `bind` does, reusing what an earlier binding of the same statement
    /// decided from its literal words (its `BindingShape`): only the words holding variables are
    /// substituted and checked again, in the order `bind` takes them, so the result and any
    /// error are `bind`'s. The first binding records the shape.
    ///
    /// - Returns: the command; and, when a shape was used, the shape and the secrets the values
    ///   bound from variables reveal, for the caller to register (the shape's `literalSecrets`
    ///   are the rest).
    func bindReusingShape(
        _ statement: Statement,
        variables: any VariableResolving,
        shapes: inout BindingShape.SessionCache
    ) throws(ShellError) -> (bound: BoundCommand, shape: BindingShape?, variableSecrets: [FoundSecret]?) {
        let key = BindingShape.Key(table: table.identity, statement: statement)
        switch BindingShape.cached(key, statement: statement, session: &shapes) {
        case .reusable(let shape, let entry):
            if let last = entry.last, Self.sameVersions(of: shape.roots, as: last.versions, in: variables) {
                return (last.bound, shape, last.variableSecrets)
            }
            var versions: [UInt64]? = []
            versions?.reserveCapacity(shape.roots.count)
            for root in shape.roots {
                // A variable without a version (undefined, or a resolver that keeps none) is read anew each time.
                guard let version = variables.version(of: root) else {
                    versions = nil
                    break
                }
                versions?.append(version)
            }
            // The statement's last binding, taken out of its entry so that its storage is this
            // binding's alone: from the template, each binding copied the template's arrays at
            // its first change. Every word it holds is the template's but the slots', all bound anew.
            var start = shape.template
            if let last = entry.last {
                entry.last = nil
                swap(&start, &last.bound)
            }
            // Consumed: a copy left here would make the binding copy its storage all the same.
            var (bound, variablePart) = try bind(using: shape, from: consume start, variables: variables)
            let variableSecrets = FoundSecret.all(in: variablePart)
            // Not kept (a variable without a version), it has no identity, whatever `start` had.
            bound.reuseIdentity = versions == nil ? 0 : BindingShape.nextReuseIdentity()
            entry.last = versions.map { BindingShape.LastBinding(versions: $0, bound: bound, variableSecrets: variableSecrets) }
            return (bound, shape, variableSecrets)
        case .notReusable:
            return (try bind(statement, variables: variables), nil, nil)
        case .unknown:
            var recorder: BindingRecorder? = BindingRecorder()
            let bound = try bind(statement, variables: variables, recorder: &recorder)
            BindingShape.store(recorder.flatMap { BindingShape(bound: bound, recorder: $0) }, of: statement, for: key, session: &shapes)
            return (bound, nil, nil)
        }
    }

    /// Whether each of `roots` has a version, the one in `versions` at its place: compared in
    /// place, without an array of the versions now (an allocation at every binding).
    private static func sameVersions(of roots: [String], as versions: [UInt64], in variables: any VariableResolving) -> Bool {
        guard roots.count == versions.count else { return false }
        for (root, kept) in zip(roots, versions) where variables.version(of: root) != kept { return false }
        return true
    }

    /// `start` (the shape's template, or a binding made from it) with the shape's slots bound anew,
    /// and the part of it bound from variables.
    private func bind(
        using shape: BindingShape,
        from bound: consuming BoundCommand,
        variables: any VariableResolving
    ) throws(ShellError)
        -> (BoundCommand, BoundCommand)
    {
        var variablePart = BoundCommand(spec: bound.spec, range: bound.range)
        for slot in shape.slots {
            switch slot.target {
            case .parameter(let index, let key, let typed):
                let value = try parameterValue(slot.word, key: key, typed: typed, variables: variables)
                bound.parameters[index].value = value
                variablePart.parameters.append((key, value))
            case .option(let name, let kind):
                let value = try self.value(of: slot.word, kind: kind, name: "--\(name)", variables: variables)
                bound.options[name] = value
                variablePart.options[name] = value
            case .argument(let index, let name, let kind):
                let value = try self.value(of: slot.word, kind: kind, name: name, variables: variables)
                bound.arguments.replaceValue(at: index, with: value)
                variablePart.arguments.append(name, value)
            }
        }
        try finish(bound)
        return (bound, variablePart)
    }

    private func bind(
        _ statement: Statement,
        variables: (any VariableResolving)?,
        recorder: inout BindingRecorder?
    ) throws(ShellError)
        -> BoundCommand
    {
        let tokens = statement.tokens
        let spec: (spec: CommandSpec, length: Int)
        do {
            spec = try resolveCommand(tokens)
        } catch {
            // `miataru key --help`: a group asked for its help is not an incomplete command.
            if let help = helpStatement(for: statement) { return try bind(help, variables: variables, recorder: &recorder) }
            throw error
        }
        var bound = BoundCommand(spec: spec.spec, range: statement.range)
        if !spec.spec.coreForms.isEmpty {
            bound.spelling = tokens.prefix(spec.length).compactMap(Self.plainLiteral).joined(separator: " ")
        }
        var positionals: [(Word, SourceRange)] = []
        var index = spec.length
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            let name: String
            let inline: Word?
            switch token.kind {
            case .word(let word):
                guard !word.isQuoted, let literal = word.literal, let short = spec.spec.option(short: literal) else {
                    positionals.append((word, token.range))
                    continue
                }
                (name, inline) = (short.name, nil)
            case .option(let longName, let value):
                (name, inline) = (longName, value)
            case .parameter(let key, let word), .typedParameter(let key, let word):
                let typed = if case .typedParameter = token.kind { true } else { false }
                guard spec.spec.parameters != nil else {
                    // Commands without parameters read `a=b` as a plain word (e.g. `expect x == a=b`).
                    let joined = Word(
                        parts: [.literal(key + (typed ? ":=" : "="))] + word.parts,
                        range: token.range,
                        isQuoted: word.isQuoted
                    )
                    positionals.append((joined, token.range))
                    continue
                }
                let parameter = try parameterValue(word, key: key, typed: typed, variables: variables)
                if recorder != nil, word.literal == nil {
                    recorder?.slots.append(.init(target: .parameter(bound.parameters.count, key: key, typed: typed), word: word))
                }
                bound.parameters.append((key, parameter))
                continue
            }
            guard let option = spec.spec.option(named: name) else {
                if name == "help", inline == nil, let help = helpStatement(for: statement) {
                    return try bind(help, variables: variables, recorder: &recorder)
                }
                let names = spec.spec.options.map(\.name)
                throw ShellError(
                    .unknownOption(command: bound.spelling, option: name, suggestion: Suggestions.closest(to: name, in: names)),
                    at: token.range
                )
            }
            guard bound.options[name] == nil else { throw ShellError(.duplicateOption(option: name), at: token.range) }
            guard let kind = option.valueKind else {
                if inline != nil { throw ShellError(.optionTakesNoValue(option: name), at: token.range) }
                bound.options[name] = BoundValue(value: .bool(true), range: token.range)
                continue
            }
            let valueWord: Word
            if let inline {
                valueWord = inline
            } else if index < tokens.count, let next = tokens[index].word {
                valueWord = next
                index += 1
            } else {
                throw ShellError(.missingOptionValue(option: name, valueName: option.valueName), at: token.range)
            }
            let optionValue = try value(of: valueWord, kind: kind, name: "--\(name)", variables: variables)
            if recorder != nil, valueWord.literal == nil { recorder?.slots.append(.init(target: .option(name, kind: kind), word: valueWord)) }
            if kind == .secret {
                recorder = nil
                bound.noteSecret(optionValue, known: variables != nil || valueWord.literal != nil)
            }
            bound.options[name] = optionValue
        }
        try assign(positionals, to: &bound, variables: variables, recorder: &recorder)
        try finish(bound)
        return bound
    }

    /// The checks of a whole bound command; a failure carries the command's secrets for masking.
    private func finish(_ bound: BoundCommand) throws(ShellError) {
        do {
            try SecretLength.check(bound)
            for alternatives in bound.spec.alternatives { try alternatives.check(bound) }
            try bound.spec.check?(bound)
        } catch {
            var failure = error
            failure.secrets = bound.secretValues
            throw failure
        }
    }

    /// The command named by the leading literal words, or a located "unknown command".
    private func resolveCommand(_ tokens: [Token]) throws(ShellError) -> (spec: CommandSpec, length: Int) {
        // One word past the longest path is enough to tell a group from a misspelt sub-command.
        let literals = tokens.prefix(table.longestPath + 1).lazy.map(Self.plainLiteral).prefix { $0 != nil }.map { $0! }
        // Read by index, not through a lazy sequence: every line of a script is bound twice
        // (guarded by the lines/s of `sdkbench run` in scripts/bench/bench.py).
        if let found = table.resolve(wordCount: min(tokens.count, table.longestPath + 1), word: { Self.plainLiteral(tokens[$0]) }) {
            // `queue clr` when `queue` takes no arguments: the user meant a sub-command.
            if found.spec.arguments.isEmpty {
                let words = Array(literals)
                // As typed: `queue` is `hamon queue` spelt short.
                let typed = Array(words.prefix(found.length))
                if table.isGroup(typed), found.length < words.count {
                    throw subcommandError(prefix: typed, word: words[found.length], range: tokens[found.length].range)
                }
            }
            return found
        }
        let words = Array(literals)
        guard let first = words.first else {
            let token = tokens[0]
            let shown = token.word?.displayText ?? "option"
            throw ShellError(.unknownCommand(shown, suggestion: nil), at: token.range)
        }
        var prefix: [String] = []
        for (offset, word) in words.enumerated() {
            let next = table.nextWords(after: prefix)
            if !table.isKnownPrefix(prefix + [word]) {
                if prefix.isEmpty {
                    throw ShellError(.unknownCommand(first, suggestion: Suggestions.closest(to: first, in: next)), at: tokens[0].range)
                }
                throw subcommandError(prefix: prefix, word: word, range: tokens[offset].range)
            }
            prefix.append(word)
        }
        let range = tokens[words.count - 1].range
        throw ShellError(
            .incompleteCommand(group: prefix.joined(separator: " "), choices: table.nextWords(after: prefix)),
            at: range
        )
    }

    /// `COMMAND … --help` as `help COMMAND`: people type it out of habit, and it must run nothing.
    /// The command is the longest run of leading words the table knows; `nil` when there is none
    /// (an unknown command keeps its own error) or no `--help`.
    private func helpStatement(for statement: Statement) -> Statement? {
        let tokens = statement.tokens
        let asksForHelp = tokens.dropFirst().contains { token in
            if case .option(name: "help", value: nil) = token.kind { true } else { false }
        }
        guard asksForHelp else { return nil }
        var path: [Token] = []
        var words: [String] = []
        for token in tokens {
            guard let word = Self.plainLiteral(token), table.isKnownPrefix(words + [word]) else { break }
            words.append(word)
            path.append(token)
        }
        guard let first = path.first else { return nil }
        let help = Token(kind: .word(Word(literal: "help", range: first.range, isQuoted: false)), range: first.range)
        return Statement(tokens: [help] + path, range: statement.range)
    }

    /// The text of an unquoted word without variables: what can name a command.
    private static func plainLiteral(_ token: Token) -> String? {
        guard case .word(let word) = token.kind, !word.isQuoted else { return nil }
        return word.literal
    }

    private func subcommandError(prefix: [String], word: String, range: SourceRange) -> ShellError {
        let choices = table.nextWords(after: prefix)
        return ShellError(
            .unknownSubcommand(
                group: prefix.joined(separator: " "),
                word: word,
                choices: choices,
                suggestion: Suggestions.closest(to: word, in: choices)
            ),
            at: range
        )
    }

    private func assign(
        _ positionals: [(Word, SourceRange)],
        to bound: inout BoundCommand,
        variables: (any VariableResolving)?,
        recorder: inout BindingRecorder?
    ) throws(ShellError) {
        /// Appends a positional's value, recording it as a slot when it holds variables.
        func append(_ argument: ArgumentSpec, _ word: Word, recorder: inout BindingRecorder?) throws(ShellError) {
            if recorder != nil, word.literal == nil {
                recorder?.slots.append(.init(target: .argument(bound.arguments.count, name: argument.name, kind: argument.kind), word: word))
            }
            bound.arguments.append(argument.name, try value(of: word, kind: argument.kind, name: argument.name, variables: variables))
        }
        let arguments = bound.spec.arguments
        bound.arguments.reserve(positionals.count)
        var cursor = 0
        for (position, argument) in arguments.enumerated() {
            if case .choice = argument.kind, argument.isOptional, !argument.isVariadic,
                arguments[(position + 1)...].contains(where: { !$0.isOptional })
            {
                // Decided by the word's value: a shape holds only what literal words decide.
                if recorder != nil, positionals.indices.contains(cursor), positionals[cursor].0.literal == nil { recorder = nil }
                if !takesOptionalChoice(positionals[cursor...], after: arguments[(position + 1)...], kind: argument.kind, variables: variables) {
                    continue
                }
            }
            if argument.kind == .secret, cursor < positionals.count {
                recorder = nil
                bound.containsSecret = true
                bound.secretRanges.append(positionals[cursor].1)
                if variables != nil || positionals[cursor].0.literal != nil {
                    bound.secretValues.append(try value(of: positionals[cursor].0, kind: .secret, name: argument.name, variables: variables).text)
                }
            }
            if argument.isVariadic {
                if cursor == positionals.count, !argument.isOptional {
                    throw ShellError(.missingArgument(name: argument.name, usage: bound.spec.usage(as: bound.spelling)), at: missingRange(bound))
                }
                while cursor < positionals.count {
                    try append(argument, positionals[cursor].0, recorder: &recorder)
                    cursor += 1
                }
                continue
            }
            guard cursor < positionals.count else {
                if argument.isOptional { continue }
                throw ShellError(.missingArgument(name: argument.name, usage: bound.spec.usage(as: bound.spelling)), at: missingRange(bound))
            }
            try append(argument, positionals[cursor].0, recorder: &recorder)
            cursor += 1
        }
        if cursor < positionals.count {
            throw ShellError(.tooManyArguments(usage: bound.spec.usage(as: bound.spelling)), at: positionals[cursor].1)
        }
    }

    /// Whether an optional choice before a required argument (`http [METHOD] URL`) takes the next
    /// word: only when it is one of the choices and words remain for what is required after it.
    /// A word whose value is not known yet (check pass, variables) is taken when words remain.
    private func takesOptionalChoice(
        _ words: ArraySlice<(Word, SourceRange)>,
        after rest: ArraySlice<ArgumentSpec>,
        kind: ArgumentKind,
        variables: (any VariableResolving)?
    ) -> Bool {
        guard let word = words.first?.0, words.count > rest.filter({ !$0.isOptional }).count else { return false }
        return (try? value(of: word, kind: kind, name: "", variables: variables)) != nil
    }

    /// Points just past the statement, where the missing argument should have been.
    private func missingRange(_ bound: BoundCommand) -> SourceRange {
        .at(bound.range.end)
    }

    private func value(
        of word: Word,
        kind: ArgumentKind,
        name: String,
        variables: (any VariableResolving)?
    ) throws(ShellError)
        -> BoundValue
    {
        guard let variables else {
            let value: Value = .string(word.literal ?? word.displayText)
            if word.literal != nil { try ArgumentValidator.check(value, kind: kind, name: name, range: word.range) }
            return BoundValue(value: value, range: word.range, isQuoted: word.isQuoted, isKnown: word.literal != nil)
        }
        let value = try substitute(word, variables: variables)
        try ArgumentValidator.check(value, kind: kind, name: name, range: word.range)
        return BoundValue(value: value, range: word.range, isQuoted: word.isQuoted)
    }

    private func parameterValue(
        _ word: Word,
        key: String,
        typed: Bool,
        variables: (any VariableResolving)?
    ) throws(ShellError)
        -> BoundValue
    {
        guard let variables else { return BoundValue(value: .string(word.displayText), range: word.range, isKnown: word.literal != nil) }
        if typed, let reference = word.soleVariable {
            return BoundValue(value: try variables.resolve(reference), range: word.range)
        }
        let text = try substitute(word, variables: variables).plainText
        // Quoting is kept so `http` can tell `f=@FILE` from the text `f='@x'` or `f:='"@x"'`.
        guard typed else { return BoundValue(value: .string(text), range: word.range, isQuoted: word.isQuoted) }
        if let scalar = JSONParser.simpleScalar(text) { return BoundValue(value: scalar, range: word.range) }
        do throws(JSONParser.Failure) {
            return BoundValue(value: try JSONParser.parse(text, exactNumbers: true), range: word.range, isQuoted: word.isQuoted)
        } catch {
            throw ShellError(.script(ScriptError(range: word.range, kind: .invalidJSON(key: key, reason: error.reason))), at: word.range)
        }
    }

    /// The word's value: a sole `{{var}}` keeps its type; anything else is text.
    package func substitute(_ word: Word, variables: any VariableResolving) throws(ShellError) -> Value {
        if let reference = word.soleVariable { return try variables.resolve(reference) }
        if let literal = word.literal { return .string(literal) }
        var text = ""
        for part in word.parts {
            switch part {
            case .literal(let piece): text += piece
            case .variable(let reference): text += try variables.resolve(reference).plainText
            }
        }
        return .string(text)
    }
}
