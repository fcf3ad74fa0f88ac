import HTTPTypes
import JSON
import Shell
import Transport

/// Writes an exchange no engine claimed as an `http` line with HTTPie items, then
/// `expect last.status == N`: headers an app set (not those the transport sets), a JSON
/// object's fields as nested items (`user[name]=x`), any other text body as `--raw`. Secrets
/// become variables, values an earlier answer produced become captures.
struct HTTPLineWriter {
    /// The server's origin, written as `{{server}}`.
    let server: String
    /// The script's server is `local` (the embedded backend), which an engine's `server` command
    /// takes but a URL cannot hold: the server's URLs are written as paths, which `http` sends to
    /// the embedded backend when no host is configured.
    let pathsOnly: Bool
    /// Cookies the answers set, which the `http` command's jar sends again by itself.
    private var jar: [String: String] = [:]

    init(server: String, pathsOnly: Bool = false) {
        self.server = server
        self.pathsOnly = pathsOnly
    }

    /// Why the exchange cannot be an `http` line; `nil` when it was written.
    mutating func write(_ exchange: RecordedExchange, into recording: inout RecordingScript, correlations: inout Correlations) -> String? {
        let body = exchange.requestBody
        let gzipped = exchange.requestHeader("Content-Encoding")?.lowercased() == "gzip"
        if gzipped { return "a gzip request body no engine reads" }
        if !body.isEmpty, String(validating: body, as: UTF8.self) == nil { return "a binary request body (not UTF-8)" }
        var words = ["http", exchange.method]
        words.append(url(exchange.url, recording: &recording, correlations: &correlations).text)
        let json = jsonObject(body)
        // HTTP/2 and HTTPFields keep each cookie a field of its own; the line sends them as one.
        let cookies = exchange.requestHeaders[values: .cookie].joined(separator: "; ")
        var cookieWritten = false
        for field in exchange.requestHeaders {
            let name = field.name.canonicalName
            if Self.transportHeaders.contains(name) { continue }
            if Self.sentByHTTP[name] == field.value.lowercased() { continue }
            if field.name == .cookie {
                if !cookieWritten, let word = header("Cookie", cookies, recording: &recording, correlations: &correlations) { words.append(word) }
                cookieWritten = true
                continue
            }
            if name == "content-type", json != nil, field.value.lowercased().hasPrefix("application/json") { continue }
            if field.value.isEmpty {
                words.append(ScriptWord(field.name.rawName + ";").text)
                continue
            }
            guard let word = header(field.name.rawName, field.value, recording: &recording, correlations: &correlations) else { continue }
            words.append(word)
        }
        if let json {
            words += items(json, recording: &recording, correlations: &correlations)
        } else if !body.isEmpty {
            let text = String(decoding: body, as: UTF8.self)
            words += ["--raw", substituted(text, recording: &recording, correlations: &correlations).text]
        }
        recording.append(words.joined(separator: " "))
        if let status = exchange.status { recording.append("expect last.status == \(status)") }
        for field in exchange.responseHeaders where field.name == .setCookie {
            let pair = field.value.prefix { $0 != ";" }
            if let equals = pair.firstIndex(of: "=") {
                jar[String(pair[..<equals]).trimmed] = String(pair[pair.index(after: equals)...]).trimmed
            }
        }
        return nil
    }

    /// `{{server}}/path?query` for the server's URLs, the URL itself for another origin.
    private func url(_ text: String, recording: inout RecordingScript, correlations: inout Correlations) -> ScriptWord {
        let parsed = try? ParsedURL(text)
        var word = ScriptWord("")
        var rest = text
        if text.hasPrefix("/") {
            word = pathsOnly ? ScriptWord("") : .variable("server")
        } else if let parsed, parsed.origin == server {
            word = pathsOnly ? ScriptWord("") : .variable("server")
            rest = parsed.pathAndQuery
        } else if let parsed {
            word = ScriptWord(parsed.origin)
            rest = parsed.pathAndQuery
        } else {
            return ScriptWord(text)
        }
        // Path segments and query values one by one: an id in a path is a capture or a device's own.
        var token = ""
        for character in rest {
            if "/?&=#".contains(character) {
                word = word + leaf(token, recording: &recording, correlations: &correlations) + String(character)
                token = ""
            } else {
                token.append(character)
            }
        }
        return word + leaf(token, recording: &recording, correlations: &correlations)
    }

    /// `Name:value`, a secret header's value as a variable; `nil` for a cookie the jar sends.
    private mutating func header(_ name: String, _ value: String, recording: inout RecordingScript, correlations: inout Correlations) -> String? {
        let lower = name.lowercased()
        var word: ScriptWord
        if lower == "cookie" {
            var parts: [ScriptWord] = []
            for cookie in value.split(separator: ";") {
                let pair = cookie.trimmed
                guard let equals = pair.firstIndex(of: "=") else { continue }
                let cookieName = String(pair[..<equals])
                let cookieValue = String(pair[pair.index(after: equals)...])
                if jar[cookieName] == cookieValue { continue }
                let valueWord =
                    correlations.variable(for: cookieValue).map(ScriptWord.variable)
                    ?? recording.secret(cookieValue, named: "cookie_" + cookieName, what: "the cookie \(cookieName)")
                parts.append(ScriptWord(cookieName + "=") + valueWord)
            }
            guard !parts.isEmpty else { return nil }
            word = parts.dropFirst().reduce(parts[0]) { $0 + "; " + $1 }
        } else if let variable = correlations.variable(for: value) {
            word = .variable(variable)
        } else if RecordedSecrets.isSecretName(name) {
            // Keep an auth scheme in sight: `Authorization:"Bearer {{secret_authorization}}"`.
            let scheme = value.split(separator: " ", maxSplits: 1)
            if scheme.count == 2, ["bearer", "basic", "token", "digest"].contains(scheme[0].lowercased()) {
                let secret = String(scheme[1])
                word =
                    ScriptWord(String(scheme[0]) + " ")
                    + (correlations.variable(for: secret).map(ScriptWord.variable)
                        ?? recording.secret(secret, named: lower, what: "the \(name) header's credentials"))
            } else {
                word = recording.secret(value, named: lower, what: "the \(name) header")
            }
        } else {
            word = substituted(value, recording: &recording, correlations: &correlations)
        }
        return (ScriptWord(name + ":") + word).itemText
    }

    /// The object's fields as items; `nil` items (a raw body) when a key cannot be an item name.
    private func items(_ object: JSONObject, recording: inout RecordingScript, correlations: inout Correlations) -> [String] {
        var items: [String] = []
        var fits = true
        func add(_ value: Value, name: String, key: String, top: Bool) {
            switch value {
            case .string(let text):
                var word: ScriptWord
                if let variable = correlations.variable(for: text) {
                    word = .variable(variable)
                } else if RecordedSecrets.isSecretName(key), !text.isEmpty {
                    word = recording.secret(text, named: key, what: "the field \(name)")
                } else {
                    word = leaf(text, recording: &recording, correlations: &correlations)
                }
                items.append(top ? ScriptWord.parameter(name, word) : (ScriptWord(name + "=") + word).itemText)
            case .object(let members) where members.count > 0:
                for (member, value) in members {
                    guard ScriptWord.isPlainKey(member) else {
                        fits = false
                        return
                    }
                    add(value, name: name + "[" + member + "]", key: member, top: false)
                }
            case .array(let elements) where !elements.isEmpty:
                for (index, element) in elements.enumerated() { add(element, name: name + "[\(index)]", key: key, top: false) }
            default:
                let json = ScriptWord(JSONWriter.compact(value))
                items.append(top ? ScriptWord.parameter(name, typed: true, json) : (ScriptWord(name + ":=") + json).itemText)
            }
        }
        for (key, value) in object {
            guard ScriptWord.isPlainKey(key) else { return rawBody(object, recording: &recording, correlations: &correlations) }
            add(value, name: key, key: key, top: true)
            if !fits { return rawBody(object, recording: &recording, correlations: &correlations) }
        }
        return items
    }

    private func rawBody(_ object: JSONObject, recording: inout RecordingScript, correlations: inout Correlations) -> [String] {
        [
            "Content-Type:application/json", "--raw",
            substituted(JSONWriter.compact(.object(object)), recording: &recording, correlations: &correlations).text,
        ]
    }

    private func jsonObject(_ body: [UInt8]) -> JSONObject? {
        guard body.first == UInt8(ascii: "{"), case .object(let object)? = try? JSONParser.parse(String(decoding: body, as: UTF8.self)) else {
            return nil
        }
        return object
    }

    /// One value as a whole: a capture, a secret or a device's id when it is one, else itself
    /// with any known secret inside it replaced.
    private func leaf(_ text: String, recording: inout RecordingScript, correlations: inout Correlations) -> ScriptWord {
        if let variable = correlations.variable(for: text) { return .variable(variable) }
        if let identity = recording.knownIdentity(text) { return identity }
        return substituted(text, recording: &recording, correlations: &correlations)
    }

    /// `text` with each secret in it (given, or already taken from the recording) as its variable.
    private func substituted(_ text: String, recording: inout RecordingScript, correlations: inout Correlations) -> ScriptWord {
        var parts = [ScriptWord.Part.literal(text)]
        for known in recording.givenSecrets + recording.secrets where known.value.utf8.count >= 4 && text.containsBytes(of: known.value) {
            guard case .variable(let replacement) = recording.secret(known.value, named: known.variable, what: known.what).parts.first else {
                continue
            }
            let value = known.value
            parts = parts.flatMap { part -> [ScriptWord.Part] in
                guard case .literal(let literal) = part, literal.containsBytes(of: value) else { return [part] }
                var split: [ScriptWord.Part] = []
                for (index, piece) in literal.split(separator: value, omittingEmptySubsequences: false).enumerated() {
                    if index > 0 { split.append(.variable(replacement)) }
                    if !piece.isEmpty { split.append(.literal(String(piece))) }
                }
                return split
            }
        }
        return ScriptWord(parts: parts)
    }

    /// Headers the `http` command's transport sets itself, or a proxy added.
    /// The SDK's standard headers with the values the `http` command sends by itself: written
    /// again they are noise on every line (another platform's value is kept).
    private static let sentByHTTP: [String: String] = ["x-requested-with": "ping-sdk", "x-requested-platform": "ios"]

    private static let transportHeaders: Set<String> = [
        "host", "content-length", "connection", "keep-alive", "transfer-encoding", "te", "upgrade", "accept-encoding", "via",
        "x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", "proxy-connection", "proxy-authorization", "content-encoding",
    ]
}

extension ScriptWord {
    /// An HTTPie item as one word (`Header:value`, `a[b]=x`): bare when it reads back as itself.
    var itemText: String {
        let sample = sampleText
        if sample.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !"'\"\\{#".utf8.contains($0) }) && !sample.hasPrefix("-") {
            return valueText
        }
        return text
    }
}

extension StringProtocol {
    fileprivate var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
