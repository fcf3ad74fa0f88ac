import HTTPTypes
import JSON
import Shell
import Transport

/// Writes an exchange no engine claimed as an `http` line with HTTPie items, then
/// `expect last.status == N`: headers an app set (not those the transport sets, and `Name:` for
/// the SDK's standard ones it did not send), a JSON object's fields as nested items
/// (`user[name]=x`) when they send the recorded bytes, any other text body as `--raw`. Secrets
/// (by header, query parameter, form field or JSON member name) become variables, values an
/// earlier answer produced become captures.
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
        // Before the URL: the password is then one secret wherever the request repeats it.
        let basic = basicCredentials(exchange, recording: &recording, correlations: &correlations)
        words.append(url(exchange.url, recording: &recording, correlations: &correlations).text)
        // Items only when the body they make is the recorded one: `1e2`, `-0`, a repeated key or
        // a blank between members would change on the way through a parsed object.
        let leaves = jsonObject(body).flatMap(Self.leaves)
        let asItems = leaves.map { Self.sendsExactly($0, body) } ?? false
        // HTTP/2 and HTTPFields keep each cookie a field of its own; the line sends them as one.
        let cookies = exchange.requestHeaders[values: .cookie].joined(separator: "; ")
        var cookieWritten = false
        for field in exchange.requestHeaders {
            let name = field.name.canonicalName
            if Self.transportHeaders.contains(name) { continue }
            if Self.sentByHTTP[name] == field.value.lowercased() { continue }
            if field.name == .authorization, basic != nil { continue }
            if field.name == .cookie {
                if !cookieWritten, let word = header("Cookie", cookies, recording: &recording, correlations: &correlations) { words.append(word) }
                cookieWritten = true
                continue
            }
            if name == "content-type", asItems, field.value.lowercased() == "application/json" { continue }
            if field.value.isEmpty {
                words.append(ScriptWord(field.name.rawName + ";").text)
                continue
            }
            guard let word = header(field.name.rawName, field.value, recording: &recording, correlations: &correlations) else { continue }
            words.append(word)
        }
        // A request its SDK's transport did not make carries none of its standard headers.
        for name in Self.standardHeaders where exchange.requestHeader(name) == nil { words.append(name + ":") }
        if let basic { words += ["-a", basic.text] }
        if let leaves, asItems {
            words += items(leaves, recording: &recording, correlations: &correlations)
        } else if !body.isEmpty {
            let text = String(decoding: body, as: UTF8.self)
            let type = exchange.requestHeader("Content-Type")?.lowercased() ?? ""
            let raw: ScriptWord
            if type.hasPrefix("application/x-www-form-urlencoded") {
                raw = form(text, recording: &recording, correlations: &correlations)
            } else if let boundary = MultipartSecrets.boundary(of: exchange.requestHeader("Content-Type")) {
                let pieces = MultipartSecrets.pieces(of: text, boundary: boundary, isSecret: RecordedSecrets.isSecretName)
                raw = secrets(in: pieces, what: "multipart field", recording: &recording, correlations: &correlations)
            } else if leaves != nil || type.hasPrefix("application/json") {
                raw = json(text, recording: &recording, correlations: &correlations)
            } else {
                raw = substituted(text, recording: &recording, correlations: &correlations)
            }
            words += ["--raw", raw.text]
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

    /// `Authorization: Basic base64(user:pass)` as `-a user:{{secret_password}}`, when `-a` sends that
    /// header as it was and it was not captured from an answer: the password is a secret the script
    /// then masks and writes as a variable wherever the request repeats it (a URL's path, as
    /// httpbin's `/basic-auth/USER/PASS`), where the base64 alone hid it from both.
    private func basicCredentials(_ exchange: RecordedExchange, recording: inout RecordingScript, correlations: inout Correlations) -> ScriptWord? {
        guard let value = exchange.requestHeader("Authorization"), correlations.variable(for: value) == nil,
            let pair = BasicCredentials.decoded(fromHeader: value), BasicCredentials.header(pair) == value,
            let colon = pair.firstIndex(of: ":")
        else { return nil }
        let password = String(pair[pair.index(after: colon)...])
        guard password.count >= 4 else { return nil }
        return ScriptWord(String(pair[...colon])) + recording.secret(password, named: "password", what: "the Basic credentials' password")
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
        guard let question = rest.firstIndex(of: "?") else { return word + pieces(rest[...], recording: &recording, correlations: &correlations) }
        word = word + pieces(rest[..<question], recording: &recording, correlations: &correlations) + "?"
        let fragment = rest[question...].firstIndex(of: "#") ?? rest.endIndex
        for (index, pair) in rest[rest.index(after: question)..<fragment].split(separator: "&", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { word = word + "&" }
            word = word + field(pair, what: "query parameter", recording: &recording, correlations: &correlations)
        }
        return word + pieces(rest[fragment...], recording: &recording, correlations: &correlations)
    }

    /// Path segments and query values one by one: an id in a path is a capture or a device's own.
    private func pieces(_ text: Substring, recording: inout RecordingScript, correlations: inout Correlations) -> ScriptWord {
        var word = ScriptWord("")
        var token = ""
        for character in text {
            if "/?&=#".contains(character) {
                word = word + leaf(token, recording: &recording, correlations: &correlations) + String(character)
                token = ""
            } else {
                token.append(character)
            }
        }
        return word + leaf(token, recording: &recording, correlations: &correlations)
    }

    /// One `name=value` of a query or a form body: a secret-named field's value as a variable.
    private func field(_ pair: Substring, what: String, recording: inout RecordingScript, correlations: inout Correlations) -> ScriptWord {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts.first.map { String($0).percentDecoded(plusAsSpace: true) } ?? ""
        guard parts.count == 2, !parts[1].isEmpty, RecordedSecrets.isSecretName(name) else {
            return pieces(pair, recording: &recording, correlations: &correlations)
        }
        let value = String(parts[1])
        let word = correlations.variable(for: value).map(ScriptWord.variable) ?? recording.secret(value, named: name, what: "the \(what) \(name)")
        return ScriptWord(String(parts[0]) + "=") + word
    }

    /// A form body (`a=1&password=x`) as it was, but for the values of secret-named fields and captures.
    private func form(_ text: String, recording: inout RecordingScript, correlations: inout Correlations) -> ScriptWord {
        var word = ScriptWord("")
        for (index, pair) in text.split(separator: "&", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { word = word + "&" }
            word = word + field(pair, what: "form field", recording: &recording, correlations: &correlations)
        }
        return word
    }

    /// A JSON body as it was, but for the values of secret-named members.
    private func json(_ text: String, recording: inout RecordingScript, correlations: inout Correlations) -> ScriptWord {
        secrets(
            in: JSONTextSecrets.pieces(of: text, isSecret: RecordedSecrets.isSecretName),
            what: "field",
            recording: &recording,
            correlations: &correlations
        )
    }

    /// A body cut around its secret-named fields' values: those as variables, the rest as it was.
    private func secrets(in pieces: [SecretPiece], what: String, recording: inout RecordingScript, correlations: inout Correlations) -> ScriptWord {
        var word = ScriptWord("")
        for piece in pieces {
            switch piece {
            case .text(let literal):
                word = word + substituted(literal, recording: &recording, correlations: &correlations)
            case .secret(let name, let value):
                word =
                    word
                    + (correlations.variable(for: value).map(ScriptWord.variable) ?? recording.secret(value, named: name, what: "the \(what) \(name)"))
            }
        }
        return word
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

    /// A JSON body's values as the items that name them (`user[tags][0]`): strings, and the rest
    /// typed (numbers, `true`, `null`, empty containers).
    struct Leaf {
        /// The item's name, `user[tags][0]`.
        var name: String
        /// The member it is the value of (`tags`), which says whether it is a secret.
        var key: String
        var top: Bool
        var value: Value
    }

    /// The object's leaves in order; `nil` when a key cannot be an item's name.
    static func leaves(_ object: JSONObject) -> [Leaf]? {
        var leaves: [Leaf] = []
        func add(_ value: Value, name: String, key: String, top: Bool) -> Bool {
            switch value {
            case .object(let members) where members.count > 0:
                for (member, value) in members {
                    guard ScriptWord.isPlainKey(member), add(value, name: name + "[" + member + "]", key: member, top: false) else { return false }
                }
            case .array(let elements) where !elements.isEmpty:
                for (index, element) in elements.enumerated() {
                    guard add(element, name: name + "[\(index)]", key: key, top: false) else { return false }
                }
            default:
                leaves.append(Leaf(name: name, key: key, top: top, value: value))
            }
            return true
        }
        for (key, value) in object {
            guard ScriptWord.isPlainKey(key), add(value, name: key, key: key, top: true) else { return nil }
        }
        return leaves
    }

    /// Whether the `http` command sends `body` itself for these items: it builds the object they
    /// name and writes it compact. A value starting with `@` would name a file to read.
    static func sendsExactly(_ leaves: [Leaf], _ body: [UInt8]) -> Bool {
        guard !leaves.isEmpty else { return false }
        var fields: [(String, Value)] = []
        for leaf in leaves {
            if case .string(let text) = leaf.value {
                guard !text.hasPrefix("@") else { return false }
                fields.append((leaf.name, leaf.value))
            } else {
                // Read back as the binder reads a `name:=JSON` parameter.
                let text = JSONWriter.compact(leaf.value)
                guard let typed = JSONParser.simpleScalar(text) ?? (try? JSONParser.parse(text, exactNumbers: true)) else { return false }
                fields.append((leaf.name, typed))
            }
        }
        guard let object = try? NestedJSONFields.object(fields) else { return false }
        var sent: [UInt8] = []
        JSONWriter.appendCompact(.object(object), to: &sent)
        return sent == body
    }

    /// The leaves as items, secret-named strings as variables.
    private func items(_ leaves: [Leaf], recording: inout RecordingScript, correlations: inout Correlations) -> [String] {
        var items: [String] = []
        for item in leaves {
            guard case .string(let text) = item.value else {
                let json = ScriptWord(JSONWriter.compact(item.value))
                items.append(item.top ? ScriptWord.parameter(item.name, typed: true, json) : (ScriptWord(item.name + ":=") + json).itemText)
                continue
            }
            var word: ScriptWord
            if let variable = correlations.variable(for: text) {
                word = .variable(variable)
            } else if RecordedSecrets.isSecretName(item.key), !text.isEmpty {
                word = recording.secret(text, named: item.key, what: "the field \(item.name)")
            } else {
                word = leaf(text, recording: &recording, correlations: &correlations)
            }
            items.append(item.top ? ScriptWord.parameter(item.name, word) : (ScriptWord(item.name + "=") + word).itemText)
        }
        return items
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
    /// `Accept-Encoding` is URLSession's, which the Ping transport sends as it does.
    private static let sentByHTTP: [String: String] = [
        "x-requested-with": "ping-sdk", "x-requested-platform": "ios", "accept-encoding": "gzip, deflate, br",
    ]

    /// The SDK's standard headers, which the `http` command sends unless a line removes them.
    private static let standardHeaders = ["X-Requested-With", "X-Requested-Platform"]

    private static let transportHeaders: Set<String> = [
        "host", "content-length", "connection", "keep-alive", "transfer-encoding", "te", "upgrade", "via",
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
