import JSON
import Shell
import Transport

/// What `sdkbench proxy` shows of each exchange: one line as the engine that recognizes it
/// decodes it (`hamon.events … 3 events (purchase, open, open) → 200 12 ms`), else
/// `GET /path → 200 3 ms`; with `verbose`, the decoded bodies under it; or one NDJSON object.
///
/// Secrets are masked in all of them: by name (Authorization, cookies, secret-named headers,
/// query parameters and JSON members), and by value (every such value seen so far, and the
/// `--secret` values), so a token echoed in a body is masked too.
package final class ProxyLineGenerator: Sendable {
    private let recognizers: [EngineRecognizer]
    private let keys: RecognizerKeys
    private let secrets: SecretValues

    /// The bytes of each body `verbose` shows before cutting it.
    static let bodyLimit = 2048

    /// - Parameters:
    ///   - recognizers: the engines' recognizers, in catalog order (the first that knows an exchange names it).
    ///   - keys: what they may decode with (`hamon.key`).
    ///   - secrets: values masked wherever they appear; the values of secret-named headers are
    ///     added as exchanges show them.
    package init(recognizers: [EngineRecognizer], keys: RecognizerKeys = RecognizerKeys(), secrets: SecretValues) {
        self.recognizers = recognizers
        self.keys = keys
        self.secrets = secrets
    }

    /// The exchange's line (and, when `verbose`, its decoded bodies on the lines after it), masked.
    package func text(_ event: ProxyEvent, verbose: Bool) -> String {
        switch event {
        case .refused(let client, let status, let reason):
            return secrets.masked("(not HTTP from \(client)) → \(status) \(reason)")
        case .exchange(let proxied):
            learnSecrets(of: proxied.exchange)
            let call = recognize(proxied.exchange)
            var line = call?.summary ?? "\(proxied.exchange.method) \(Redactor.url(proxied.exchange.path(withQuery: true)))"
            if proxied.exchange.status == nil || call == nil { line += " → " + (proxied.statusSent.map(String.init) ?? "no answer") }
            line += " " + Self.milliseconds(proxied.exchange.duration)
            if let problem = proxied.outcome.problem { line += " (\(problem))" }
            if verbose { line += details(proxied, call: call) }
            return secrets.masked(line)
        }
    }

    /// One NDJSON object (no newline), masked.
    package func json(_ event: ProxyEvent) -> String {
        var members = JSONObject()
        switch event {
        case .refused(let client, let status, let reason):
            members["refused"] = .bool(true)
            members["client"] = .string(client)
            members["status"] = .int(status)
            members["problem"] = .string(reason)
        case .exchange(let proxied):
            let exchange = proxied.exchange
            learnSecrets(of: exchange)
            let call = recognize(exchange)
            members["kind"] = call.map { .string($0.kind) } ?? .null
            members["method"] = .string(exchange.method)
            members["url"] = .string(Redactor.url(exchange.url))
            members["status"] = proxied.statusSent.map(Value.int) ?? .null
            members["upstreamStatus"] = exchange.status.map(Value.int) ?? .null
            members["durationMs"] = .double(Self.rounded(exchange.duration))
            members["startedAt"] = exchange.startedAt.map(Value.double) ?? .null
            members["client"] = .string(proxied.client)
            members["requestBytes"] = .int(proxied.requestBodySize)
            members["responseBytes"] = .int(proxied.responseBodySize)
            members["summary"] = .string(call?.summary ?? "\(exchange.method) \(Redactor.url(exchange.path(withQuery: true)))")
            members["problem"] = proxied.outcome.problem.map(Value.string) ?? .null
            members["decoded"] = call.map { Redactor.json($0.value) } ?? .null
        }
        return secrets.masked(JSONWriter.compact(.object(members)))
    }

    private func recognize(_ exchange: RecordedExchange) -> RecognizedCall? {
        for recognizer in recognizers { if let call = recognizer.recognize(exchange, keys: keys) { return call } }
        return nil
    }

    /// The decoded view when an engine recognized the exchange; else each body as text (JSON
    /// members and form fields with secret names masked), cut at `bodyLimit`.
    private func details(_ proxied: ProxiedExchange, call: RecognizedCall?) -> String {
        if let call { return "\n  " + JSONWriter.compact(Redactor.json(call.value)) }
        var out = ""
        let exchange = proxied.exchange
        if !exchange.requestBody.isEmpty {
            out += "\n  > " + Self.body(exchange.requestBody, total: proxied.requestBodySize, contentType: exchange.requestHeader("Content-Type"))
        }
        if !exchange.responseBody.isEmpty {
            out += "\n  < " + Self.body(exchange.responseBody, total: proxied.responseBodySize, contentType: exchange.responseHeaders[.contentType])
        }
        return out
    }

    private static func body(_ bytes: [UInt8], total: Int, contentType: String?) -> String {
        if ExchangeGenerator.isBinary(bytes) { return "(\(total) bytes of binary data)" }
        let text = String(decoding: bytes, as: UTF8.self)
        let shown = (try? JSONParser.parse(text)).map { JSONWriter.compact(Redactor.json($0)) } ?? Redactor.body(text, contentType: contentType)
        guard shown.utf8.count > bodyLimit || total > bytes.count else { return shown }
        return String(decoding: shown.utf8.prefix(bodyLimit), as: UTF8.self) + "… (\(total) bytes)"
    }

    /// The values of secret-named headers (a bearer token, a cookie), query parameters, form
    /// fields and JSON members become secrets masked everywhere, as a session's are: a server may
    /// echo them in a body.
    private func learnSecrets(of exchange: RecordedExchange) {
        for fields in [exchange.requestHeaders, exchange.responseHeaders] {
            for field in fields where Redactor.isSecretName(field.name.rawName) {
                let lower = field.name.canonicalName
                if lower == "cookie" || lower == "set-cookie" {
                    let pairs = Array(field.value.split(separator: ";").prefix(lower == "cookie" ? Int.max : 1))
                    for pair in pairs {
                        if let equals = pair.firstIndex(of: "=") { learn(String(pair[pair.index(after: equals)...])) }
                    }
                    continue
                }
                learn(field.value)
                if let space = field.value.firstIndex(of: " ") { learn(String(field.value[field.value.index(after: space)...])) }
                // The password inside `Basic base64(user:pass)`, which a URL or an echo may show bare.
                if let pair = BasicCredentials.decoded(fromHeader: field.value), pair.split(separator: ":", maxSplits: 1).last?.count ?? 0 >= 4 {
                    secrets.addBasicCredentials(pair)
                }
            }
        }
        var fields = exchange.path(withQuery: true).split(separator: "?", maxSplits: 1).dropFirst().first.map { [$0] } ?? []
        if exchange.requestHeader("Content-Type")?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            fields.append(Substring(String(decoding: exchange.requestBody, as: UTF8.self)))
        }
        for pair in fields.flatMap({ $0.split(separator: "&") }) {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, Redactor.isSecretName(String(parts[0]).percentDecoded(plusAsSpace: true)) else { continue }
            learn(String(parts[1]))
            learn(String(parts[1]).percentDecoded(plusAsSpace: true))
        }
        let body = exchange.requestBody
        if body.count <= Self.learnedBodyLimit, let boundary = MultipartSecrets.boundary(of: exchange.requestHeader("Content-Type")) {
            let text = String(decoding: body, as: UTF8.self)
            for case .secret(_, let value) in MultipartSecrets.pieces(of: text, boundary: boundary, isSecret: Redactor.isSecretName) { learn(value) }
        }
        if body.count <= Self.learnedBodyLimit, body.first == UInt8(ascii: "{") || body.first == UInt8(ascii: "["),
            let json = try? JSONParser.parse(String(decoding: body, as: UTF8.self))
        {
            learnMembers(of: json)
        }
    }

    /// The largest request body whose secret-named JSON members are learned: every exchange is
    /// read for them, shown or not.
    static let learnedBodyLimit = 1 << 20

    private func learnMembers(of value: Value) {
        switch value {
        case .object(let object):
            for (key, member) in object {
                if case .string(let text) = member, Redactor.isSecretName(key) { learn(text) } else { learnMembers(of: member) }
            }
        case .array(let elements):
            for element in elements { learnMembers(of: element) }
        default:
            break
        }
    }

    /// A guessed secret shorter than this would mask too much of every line (as `SecretValues`' own rule).
    private func learn(_ value: String) {
        if value.count >= 4 { secrets.add(value) }
    }

    static func milliseconds(_ duration: Duration?) -> String {
        guard let duration else { return "" }
        let millis = rounded(duration)
        return millis < 10 ? "\(millis) ms" : "\(Int(millis.rounded())) ms"
    }

    private static func rounded(_ duration: Duration?) -> Double {
        guard let duration else { return 0 }
        let (seconds, attoseconds) = duration.components
        let millis = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return (millis * 100).rounded() / 100
    }
}

extension RecordedExchange {
    /// The path with its query, as the client asked for it.
    func path(withQuery: Bool) -> String {
        guard withQuery else { return path }
        if url.hasPrefix("/") { return url }
        return (try? ParsedURL(url))?.pathAndQuery ?? url
    }
}
