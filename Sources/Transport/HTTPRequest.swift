import HTTPTypes
import JSON

/// A request under construction: the Ping contract's builder as a Swift value.
///
/// Setting a body picks the method the seed pairs with it (`post(json:)` is a POST, `form` is a
/// POST); `setMethod` changes it afterwards. Mistakes that can only be seen when the request is
/// sent (a URL that does not parse, JSON text that is not JSON) surface then as
/// `NetworkError.invalidRequest`.
///
/// ```swift
/// var request = HTTPRequest(url: "https://api.example.com/search")
/// request.setParameter(name: "q", value: "swift")
/// request.post(json: .object(["name": "Ada"]))
/// ```
package struct HTTPRequest: Sendable {
    /// The URL before query parameters are appended.
    package var url: String
    package private(set) var method: HTTPMethod = .get
    /// In the order set, in the spelling first given, lookups ignoring case.
    package var headers: HTTPFields = [:]
    package private(set) var parameters: [(name: String, value: String)] = []
    package private(set) var body: HTTPBody = .none
    /// Labelled views of the request for traces only (a decrypted payload, say); never sent.
    package var traceNotes: [(label: String, text: String)] = []
    /// A problem found while building, reported when the request is sent.
    package private(set) var buildError: String?
    /// Headers the client must not add (a standard header, the jar's `Cookie`).
    package private(set) var omittedHeaders: [HTTPField.Name] = []
    /// Whether a body in a `Content-Encoding` comes back decoded, as URLSession hands it to an
    /// app; `false` (`http --no-decode`): the bytes as they came.
    package var decodesBody = true

    package init(url: String = "") { self.url = url }

    /// Appends a query parameter; existing parameters and any query already in `url` are kept.
    package mutating func setParameter(name: String, value: String) { parameters.append((name, value)) }

    /// Sets a header, replacing any of the same name (names are case-insensitive) where the first
    /// stood. A name that is not an RFC 9110 token, or a value with a line break or NUL (which
    /// would start a header of its own), makes the request invalid.
    package mutating func setHeader(name: String, value: String) {
        guard let field = HTTPField.Name(name) else {
            buildError = "'\(name)' is not a header name"
            return
        }
        // HTTPField(name:lenientValue:) would turn these into spaces; a request that asked for them is refused instead.
        guard !value.utf8.contains(where: { $0 == 0 || $0 == 0x0A || $0 == 0x0D }) else {
            buildError = "the value of header '\(name)' has a line break or NUL in it"
            return
        }
        headers.replace(field, with: value)
        omittedHeaders.removeAll { $0 == field }
    }

    /// Removes a header and keeps the client from adding one of that name, as HTTPie's `Header:`
    /// takes away a default header. A name that is not a header name has nothing to remove.
    package mutating func removeHeader(name: String) {
        guard let field = HTTPField.Name(name) else { return }
        headers[fields: field] = []
        omittedHeaders.append(field)
    }

    /// Whether `removeHeader` took this name (any case) away.
    package func omits(_ name: HTTPField.Name) -> Bool { omittedHeaders.contains(name) }

    package mutating func setMethod(_ method: HTTPMethod) { self.method = method }

    package mutating func get() { method = .get }
    package mutating func delete() { method = .delete }

    /// POST with a JSON body (`{}` for an empty object) and `Content-Type: application/json`.
    package mutating func post(json: Value) { setJSON(json, method: .post) }

    /// PUT with a JSON body and `Content-Type: application/json`.
    package mutating func put(json: Value) { setJSON(json, method: .put) }

    /// PATCH with a JSON body and `Content-Type: application/json`.
    package mutating func patch(json: Value) { setJSON(json, method: .patch) }

    /// A JSON body given as text; text that is not JSON makes the request invalid.
    package mutating func setJSON(text: String, method: HTTPMethod) {
        do throws(JSONParser.Failure) {
            _ = try JSONParser.parse(text)
            setRawBody(Array(text.utf8), contentType: "application/json", method: method)
        } catch {
            buildError = "body is not valid JSON: \(error.reason) at offset \(error.offset)"
        }
    }

    package mutating func setJSON(_ json: Value, method: HTTPMethod) {
        if let problem = Self.nonFiniteNumber(in: json) {
            buildError = "body is not valid JSON: \(problem)"
            return
        }
        // Written straight into the body's bytes, with room for a typical body, not through a
        // String and a copy of it (the CPU s per 1,000 requests of scripts/bench/load_bench.py).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        JSONWriter.appendCompact(json, to: &bytes)
        setRawBody(bytes, contentType: "application/json", method: method)
    }

    /// Adds form fields; repeated calls accumulate (`a=1&b=2&a=3`). The method becomes POST.
    package mutating func form(_ fields: [(String, String)]) {
        var all: [(String, String)] = []
        if case .form(let existing) = body { all = existing }
        all.append(contentsOf: fields)
        body = .form(all)
        method = .post
        headers.replace(.contentType, with: "application/x-www-form-urlencoded")
    }

    /// Any bytes with their content type.
    package mutating func setRawBody(_ bytes: [UInt8], contentType: String?, method: HTTPMethod) {
        body = .bytes(bytes)
        self.method = method
        if let contentType { headers.replace(.contentType, with: contentType) }
    }

    /// The body's bytes replaced, the rest kept (its `Content-Type` among the headers): the same
    /// request made again with new values in the same body fields.
    package mutating func replaceBodyBytes(_ bytes: [UInt8]) { body = .bytes(bytes) }

    /// Whether `other` goes on the wire with the same head as this one: the same method, URL,
    /// query, headers and headers left out, both bodies bytes (so sent with a `Content-Length`),
    /// neither invalid nor with trace notes. A client adds the same to both.
    package func hasSameHead(as other: HTTPRequest) -> Bool {
        guard case .bytes = body, case .bytes = other.body, buildError == nil, other.buildError == nil, traceNotes.isEmpty,
            other.traceNotes.isEmpty, method == other.method, url == other.url, parameters.count == other.parameters.count,
            headers == other.headers, omittedHeaders == other.omittedHeaders, decodesBody == other.decodesBody
        else { return false }
        for (mine, theirs) in zip(parameters, other.parameters) where mine.name != theirs.name || mine.value != theirs.value { return false }
        return true
    }

    /// The URL with the query parameters appended (`?` or `&` as the URL needs).
    package var fullURL: String {
        guard !parameters.isEmpty else { return url }
        let query = parameters.map { FormEncoding.escape($0.name) + "=" + FormEncoding.escape($0.value) }.joined(separator: "&")
        if let last = url.last, last == "?" || last == "&" { return url + query }
        return url + (url.contains("?") ? "&" : "?") + query
    }

    /// The bytes that go on the wire.
    package var bodyBytes: [UInt8]? {
        switch body {
        case .none: return nil
        case .bytes(let bytes): return bytes
        case .form(let fields): return Array(FormEncoding.encode(fields).utf8)
        }
    }

    private static func nonFiniteNumber(in value: Value) -> String? {
        switch value {
        case .double(let number) where !number.isFinite: return "\(number) is not a JSON number"
        // Plain loops, not lazy compactMaps: every body of a load run goes through here (load_bench.py's CPU figure).
        case .array(let items):
            for item in items { if let problem = nonFiniteNumber(in: item) { return problem } }
            return nil
        case .object(let object):
            for (_, item) in object { if let problem = nonFiniteNumber(in: item) { return problem } }
            return nil
        default: return nil
        }
    }
}
