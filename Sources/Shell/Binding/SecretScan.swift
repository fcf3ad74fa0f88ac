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
        /// Where the secret-position words were written (see `written(in:)`).
        var ranges: [SourceRange] = []

        static func + (lhs: Finding, rhs: Finding) -> Finding {
            Finding(
                secrets: lhs.secrets + rhs.secrets,
                fillsSecretPosition: lhs.fillsSecretPosition || rhs.fillsSecretPosition,
                ranges: lhs.ranges + rhs.ranges
            )
        }

        /// The secrets with the secret-position words as written in `source`: `"S3CRET "a` is the
        /// value `S3CRET a`, which the excerpt of its line does not show verbatim.
        func all(in source: SourceFile) -> [FoundSecret] {
            secrets + SecretScan.written(ranges, in: source)
        }
    }

    /// The source text of each one-line range, as an explicit secret.
    static func written(_ ranges: [SourceRange], in source: SourceFile) -> [FoundSecret] {
        ranges.compactMap { range in
            guard range.start.line == range.end.line, let line = source.line(range.start.line) else { return nil }
            let scalars = Array(line.unicodeScalars)
            let start = max(0, range.start.column - 1)
            let end = min(scalars.count, range.end.column - 1)
            guard start < end else { return nil }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[start..<end])
            return FoundSecret(value: text, kind: .explicit)
        }
    }

    /// What a statement holds in secret positions, whether it binds or not.
    func finding(in statement: Statement, binder: Binder) -> Finding {
        if let bound = try? binder.bind(statement, variables: nil) {
            return Finding(secrets: FoundSecret.all(in: bound), fillsSecretPosition: bound.containsSecret, ranges: bound.secretRanges)
        }
        return finding(in: statement)
    }

    /// What a line that does not parse holds in secret positions: the line is read again with its
    /// open quote or variable closed at its end, else cut where the error is, else cut a word at a
    /// time from its end until what is left parses.
    func finding(inUnparsable line: String, errorColumn: Int) -> Finding {
        var texts = [line, String(String.UnicodeScalarView(line.unicodeScalars.prefix(max(0, errorColumn - 1))))]
        var shorter = Substring(line)
        for _ in 0..<Self.wordsCutAtMost {
            guard let blank = shorter.lastIndex(where: { $0 == " " || $0 == "\t" }) else { break }
            shorter = shorter[..<blank]
            texts.append(String(shorter))
        }
        for text in texts {
            for closer in ["", "\"", "'", "}}", "}}\"", "}}'"] {
                guard let statements = try? Parser.parse(text + closer) else { continue }
                return statements.reduce(Finding()) { $0 + finding(in: $1) }
            }
        }
        return Finding()
    }

    /// How many trailing words a line that does not parse may lose to become readable.
    static let wordsCutAtMost = 32

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
            if let value { result.ranges.append(value.range) }
            if let text = value?.literal {
                result.secrets += Self.secretOption(text)
            } else if let value {
                result.secrets += Self.literalPieces(of: value)
            }
        }
        for (position, argument) in spec.arguments.enumerated() where argument.kind == .secret && position < positionals.count {
            result.fillsSecretPosition = true
            let word = positionals[position]
            result.ranges.append(word.range)
            if let text = word.literal {
                result.secrets.append(FoundSecret(value: text, kind: .explicit))
            } else {
                result.secrets += Self.literalPieces(of: word)
            }
        }
        if readsItems {
            for word in positionals {
                if let text = word.literal { result.secrets += FoundSecret.inItem(text) }
            }
        }
        return result
    }

    /// The written pieces of a secret word that also holds a `{{variable}}`: parts of the secret
    /// all the same (`"S3CRET {{v}}"`).
    private static func literalPieces(of word: Word) -> [FoundSecret] {
        word.parts.compactMap { part in
            guard case .literal(let text) = part else { return nil }
            let piece = String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            return piece.isEmpty ? nil : FoundSecret(value: piece, kind: .explicit)
        }
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
