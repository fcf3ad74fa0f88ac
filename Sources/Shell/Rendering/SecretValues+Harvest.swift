import Script

/// A value a bound command reveals as secret, and how sure that is.
struct FoundSecret: Sendable {
    enum Kind: Sendable {
        /// Given as a secret: masked at any length.
        case explicit
        /// Named like a secret (`password=…`): masked when long enough to mask safely.
        case guessed
        /// An `Authorization`-style value: the whole value and the part after its scheme.
        case credential
        /// `USER:PASS` sent as Basic authentication (`-a`, a URL's userinfo): the password, and
        /// the base64 of the pair and the header value a server may echo.
        case basicCredentials
    }

    var value: String
    var kind: Kind

    /// What a bound command reveals: its secret-kind values, and the known values of
    /// secret-named parameters (`password=…`), headers (`Authorization:…`, `X-Api-Key:…`) and
    /// query items (`token==…`).
    static func all(in bound: BoundCommand) -> [FoundSecret] {
        var found = bound.secretValues.map { FoundSecret(value: $0, kind: .explicit) }
        let positions = bound.spec.secretPositions
        if positions.hasAuth, let auth = bound.options["auth"], auth.isKnown {
            found.append(FoundSecret(value: auth.text, kind: .basicCredentials))
        }
        if positions.hasParameters {
            for (key, parameter) in bound.parameters where parameter.isKnown && Redactor.isSecretName(key) && parameter.value != .null {
                found.append(FoundSecret(value: parameter.text, kind: .guessed))
            }
        }
        // `?api_key=…` in the URL is masked by name where the URL is shown; an echo of it must be too.
        if positions.hasURL, let url = bound.arguments.first("URL"), url.isKnown {
            for value in secretQueryValues(url.text) { found.append(FoundSecret(value: value, kind: .guessed)) }
        }
        // A URL not known yet (`http://b:pw@host/{{path}}` while checking) shows its password as written.
        if positions.hasURL, let url = bound.arguments.first("URL"), let password = urlPassword(url.text), url.isKnown || !password.contains("{{") {
            found.append(FoundSecret(value: password, kind: .explicit))
            if url.isKnown, let userinfo = urlUserinfo(url.text) { found.append(FoundSecret(value: userinfo, kind: .basicCredentials)) }
        }
        for name in positions.httpItemArgumentNames {
            for item in bound.arguments.all(name) where item.isKnown { found += inItem(item.text) }
        }
        if let reveal = bound.spec.revealsSecrets {
            for value in reveal(bound) where value.isKnown { found.append(FoundSecret(value: value.text, kind: .credential)) }
        }
        return found
    }

    /// The values of the secret-named parameters of a URL's query (`?api_key=…&page=2`), as
    /// written and percent-decoded; none without a `?` (most URLs: checked on bytes).
    static func secretQueryValues(_ url: String) -> [String] {
        guard url.utf8.contains(UInt8(ascii: "?")), let question = url.firstIndex(of: "?") else { return [] }
        let query = url[url.index(after: question)...].prefix { $0 != "#" }
        var values: [String] = []
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[1].isEmpty, Redactor.isSecretName(String(parts[0]).percentDecoded(plusAsSpace: true)) else { continue }
            values.append(String(parts[1]))
        }
        return values
    }

    /// The password of `scheme://user:password@host/…`, as written.
    static func urlPassword(_ text: String) -> String? {
        Redactor.passwordRange(in: text).map { String(text[$0]) }
    }

    /// The `user:password` of `scheme://user:password@host/…`, percent-decoded as it is sent.
    static func urlUserinfo(_ text: String) -> String? {
        guard let password = Redactor.passwordRange(in: text), let start = text.firstRange(of: "://")?.upperBound else { return nil }
        return String(text[start..<password.upperBound]).percentDecoded(plusAsSpace: false)
    }

    /// `Name:value` or `name==value` as HTTPie writes request items.
    static func inItem(_ text: String) -> [FoundSecret] {
        switch firstSeparator(text) {
        case .query(let at)?:
            let name = String(text[..<at])
            guard Redactor.isSecretName(name) else { return [] }
            return [FoundSecret(value: String(text[text.utf8.index(at, offsetBy: 2)...]), kind: .guessed)]
        case .header(let colon)?:
            let name = text[..<colon].lowercased()
            guard Redactor.isSecretName(name) else { return [] }
            let value = String(text[text.index(after: colon)...].drop { $0 == " " })
            var found = [FoundSecret(value: value, kind: .credential)]
            if name == "cookie" {
                for pair in value.split(separator: ";") {
                    if let equals = pair.firstIndex(of: "=") {
                        found.append(FoundSecret(value: String(pair[pair.index(after: equals)...]), kind: .guessed))
                    }
                }
            }
            return found
        case nil:
            return []
        }
    }

    private enum ItemSeparator {
        case query(String.Index)
        case header(String.Index)
    }

    /// The first `:` or `==`, whichever comes first, found on UTF-8 bytes: searching the
    /// Characters of every item with `firstRange(of:)` was a large share of a load run's CPU.
    /// On the contiguous buffer rather than through `String.UTF8View`'s indexes, whose index
    /// arithmetic is paid for every byte. Guarded by the CPU s per 1,000 requests of
    /// scripts/bench/load_bench.py.
    private static func firstSeparator(_ text: String) -> ItemSeparator? {
        let found = text.utf8.withContiguousStorageIfAvailable(firstSeparator) ?? Array(text.utf8).withUnsafeBufferPointer(firstSeparator)
        guard let (offset, isQuery) = found else { return nil }
        let index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        return isQuery ? .query(index) : .header(index)
    }

    /// The offset of the first `:` or `==`, and whether it is `==`.
    /// By index: through `enumerated()`, carrying the previous byte, every byte cost more
    /// (load_bench.py's CPU s per 1,000 requests).
    private static func firstSeparator(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Bool)? {
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: ":") { return (offset, false) }
            if byte == UInt8(ascii: "="), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "=") { return (offset, true) }
            offset += 1
        }
        return nil
    }
}

extension SecretValues {
    /// Registers what a bound command reveals as secret.
    func harvest(_ bound: BoundCommand) {
        for secret in FoundSecret.all(in: bound) { add(secret) }
    }

    func add(_ secret: FoundSecret) {
        switch secret.kind {
        case .explicit: add(secret.value)
        case .guessed: addGuessed(secret.value)
        case .credential: addCredential(secret.value)
        case .basicCredentials: addBasicCredentials(secret.value)
        }
    }
}
