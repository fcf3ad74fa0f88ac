import Script

/// A secret a script writes as it is, where a `{{variable}}` could stand: `set t --secret VALUE`,
/// `sift beacon KEY`, `miataru key set KEY`, `http -a user:PASS`, a URL's password, a
/// secret-named header, field or query item.
///
/// A script handed to others (`load k8s` puts it in a ConfigMap, which anyone who can read the
/// namespace can read) must not carry one; `CheckedScript.literalSecrets(table:)` finds them.
package struct LiteralSecret: Sendable {
    /// The value, for masking the line an error quotes.
    package var value: String
    /// The word that holds it.
    package var range: SourceRange
    /// The command as the line spelt it (`sift beacon`).
    package var command: String

    /// The secrets `bound` (bound without variables) holds as written, one per word.
    static func all(in bound: BoundCommand) -> [LiteralSecret] {
        let positions = bound.spec.secretPositions
        var found: [LiteralSecret] = []
        func add(_ value: BoundValue, _ secret: String) {
            guard !found.contains(where: { $0.range == value.range }) else { return }
            found.append(LiteralSecret(value: secret, range: value.range, command: bound.spelling))
        }
        for name in positions.argumentNames {
            for value in bound.arguments.all(name) where value.isKnown && !value.text.isEmpty { add(value, value.text) }
        }
        for name in positions.optionNames {
            // `-a user:{{pw}}` is a reference; `-a user` alone sends an empty password.
            if let value = bound.options[name], value.isKnown, name != "auth" || value.text.contains(":") { add(value, value.text) }
        }
        if positions.hasURL, let url = bound.arguments.first("URL"), let password = FoundSecret.urlPassword(url.text), !password.contains("{{") {
            add(url, password)
        }
        if positions.hasURL, let url = bound.arguments.first("URL"), url.isKnown,
            let secret = FoundSecret.secretQueryValues(url.text).first(where: { $0.count >= SecretValues.guessedMinimumLength })
        {
            add(url, secret)
        }
        if positions.hasParameters {
            for (key, parameter) in bound.parameters where parameter.isKnown && Redactor.isSecretName(key) && parameter.value != .null {
                if parameter.text.count >= SecretValues.guessedMinimumLength { add(parameter, parameter.text) }
            }
        }
        for name in positions.httpItemArgumentNames {
            for item in bound.arguments.all(name) where item.isKnown {
                if let secret = FoundSecret.inItem(item.text).first(where: { $0.value.count >= SecretValues.guessedMinimumLength }) {
                    add(item, secret.value)
                }
            }
        }
        if let reveal = bound.spec.revealsSecrets {
            for value in reveal(bound) where value.isKnown && value.text.count >= SecretValues.guessedMinimumLength { add(value, value.text) }
        }
        return found
    }
}

extension CheckedScript {
    /// The secrets the script writes as they are (see `LiteralSecret`), in source order; none when
    /// it does not parse (its check errors say why).
    package func literalSecrets(table: CommandTable) -> [LiteralSecret] {
        let binder = Binder(table: table)
        return (statements ?? []).flatMap { statement in
            (try? binder.bind(statement, variables: nil)).map(LiteralSecret.all) ?? []
        }
    }

    /// Where the script runs `command` (`source`: a file the script names, which a copy of the
    /// script alone does not carry).
    package func uses(of command: String, table: CommandTable) -> [SourceRange] {
        let binder = Binder(table: table)
        return (statements ?? []).compactMap { statement in
            guard let bound = try? binder.bind(statement, variables: nil), bound.spec.name == command else { return nil }
            return statement.range
        }
    }

    /// Registers what the script's lines reveal as secret (`-a user:PASS`, `password=…`) in
    /// `secrets`: a run's reports name its lines (`load`'s kinds), and must mask them too.
    package func registerSecrets(in secrets: SecretValues) {
        for secret in check.secrets { secrets.add(secret) }
    }

    /// Reports the check's errors on `output` as a run that checks first reports them, the
    /// script's literal secrets masked in the lines they quote.
    ///
    /// - Returns: `true` when the script does not check.
    package func reportCheckErrors(to output: Output) -> Bool {
        registerSecrets(in: output.secrets)
        let (errors, more) = check.reported
        guard !errors.isEmpty else { return false }
        TerminalRunListener(output: output).checkFailed(errors, more: more, in: source)
        return true
    }
}
