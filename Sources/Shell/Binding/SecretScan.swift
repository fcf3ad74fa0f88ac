import Script

/// The secrets of a line that did not bind or did not parse, found before its error is shown.
///
/// A bound line reveals its secrets through `FoundSecret.all(in:)`; a line with a mistake never
/// binds, and its excerpt printed the secret it held (21 of 23 mistaken lines tried did). The
/// scan reads positions as the binder would but forgives what the binder refuses: it takes the
/// command and the options a did-you-mean would name, ignores surplus words, and reads a line
/// with an unterminated quote as if the quote closed at the end of the line, so a secret option
/// followed by an open quote masks the rest of the line.
struct SecretScan: Sendable {
    let table: CommandTable

    /// What a scan found: values to register, and whether any secret position was filled at
    /// all (with a `{{variable}}` too), which keeps the line out of history.
    struct Finding: Sendable {
        var secrets: [FoundSecret] = []
        var fillsSecretPosition = false

        static func + (lhs: Finding, rhs: Finding) -> Finding {
            Finding(secrets: lhs.secrets + rhs.secrets, fillsSecretPosition: lhs.fillsSecretPosition || rhs.fillsSecretPosition)
        }
    }

    /// What a statement holds in secret positions, whether it binds or not.
    func finding(in statement: Statement, binder: Binder) -> Finding {
        if let bound = try? binder.bind(statement, variables: nil) {
            return Finding(secrets: FoundSecret.all(in: bound), fillsSecretPosition: bound.containsSecret)
        }
        return finding(in: statement)
    }

    /// What a line that does not parse holds in secret positions: the line is read again with its
    /// open quote or variable closed at its end, or cut where the error is.
    func finding(inUnparsable line: String, errorColumn: Int) -> Finding {
        let cut = String(String.UnicodeScalarView(line.unicodeScalars.prefix(max(0, errorColumn - 1))))
        for text in [line, cut] {
            for closer in ["\"", "'", "}}", "}}\"", "}}'"] {
                guard let statements = try? Parser.parse(text + closer) else { continue }
                return statements.reduce(Finding()) { $0 + finding(in: $1) }
            }
        }
        return Finding()
    }

    /// The scan proper, for a statement the binder refused.
    func finding(in statement: Statement) -> Finding {
        let tokens = statement.tokens
        var result = Finding()
        for token in tokens { result.secrets += Self.urlPasswords(in: token) }
        guard let (spec, length) = command(named: tokens) else { return result }
        let readsItems = spec.arguments.contains { $0.kind == .httpItem }
        var positionals: [Word] = []
        var index = length
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            let option: OptionSpec?
            let inline: Word?
            switch token.kind {
            case .word(let word):
                guard !word.isQuoted, let literal = word.literal, let short = spec.option(short: literal) else {
                    positionals.append(word)
                    continue
                }
                (option, inline) = (short, nil)
            case .option(let name, let value):
                let named = spec.option(named: name) ?? Suggestions.closest(to: name, in: spec.options.map(\.name)).flatMap(spec.option(named:))
                (option, inline) = (named, value)
            case .parameter(let key, let word), .typedParameter(let key, let word):
                if let text = word.literal, Redactor.isSecretName(key), text != "null" {
                    result.secrets.append(FoundSecret(value: text, kind: .guessed))
                }
                continue
            }
            guard let option, let kind = option.valueKind else { continue }
            var value = inline
            if value == nil, index < tokens.count, let next = tokens[index].word {
                value = next
                index += 1
            }
            guard kind == .secret else { continue }
            result.fillsSecretPosition = true
            if let text = value?.literal { result.secrets += Self.secretOption(text) }
        }
        for (position, argument) in spec.arguments.enumerated() where argument.kind == .secret && position < positionals.count {
            result.fillsSecretPosition = true
            if let text = positionals[position].literal { result.secrets.append(FoundSecret(value: text, kind: .explicit)) }
        }
        if readsItems {
            for word in positionals {
                if let text = word.literal { result.secrets += FoundSecret.inItem(text) }
            }
        }
        return result
    }

    /// A secret option's value; `USER:PASS` (`--auth`) also gives its password alone.
    private static func secretOption(_ text: String) -> [FoundSecret] {
        var found = [FoundSecret(value: text, kind: .explicit)]
        if let colon = text.firstIndex(of: ":"), text.index(after: colon) < text.endIndex {
            found.append(FoundSecret(value: String(text[text.index(after: colon)...]), kind: .explicit))
        }
        return found
    }

    /// The password of any URL the token holds, as written (a `{{variable}}` elsewhere in the
    /// word does not hide it).
    private static func urlPasswords(in token: Token) -> [FoundSecret] {
        let word: Word? =
            switch token.kind {
            case .word(let word): word
            case .option(_, let value): value
            case .parameter(_, let value), .typedParameter(_, let value): value
            }
        guard let text = word?.displayText, let password = FoundSecret.urlPassword(text), !password.contains("{{") else { return [] }
        return [FoundSecret(value: password, kind: .explicit)]
    }

    /// The command the leading words name, or would name after a did-you-mean, with how many
    /// words it took.
    private func command(named tokens: [Token]) -> (CommandSpec, Int)? {
        var path: [String] = []
        var best: (CommandSpec, Int)?
        var index = 0
        while index < tokens.count, index < table.longestPath, case .word(let word) = tokens[index].kind, !word.isQuoted,
            let text = word.literal
        {
            let choices = table.nextWords(after: path)
            let chosen = table.isKnownPrefix(path + [text]) ? text : Suggestions.closest(to: text, in: choices)
            guard let chosen else { break }
            path.append(chosen)
            index += 1
            if let found = table.resolve(path), found.length == path.count { best = (found.spec, index) }
            if !table.isGroup(path) { break }
        }
        return best
    }
}
