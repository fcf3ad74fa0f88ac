import JSON

/// HAR entries read from the project's JSON values instead of through Codable: Foundation's
/// `JSONDecoder` took 43% of `import har` (perf, a 20,000-entry HAR of
/// scripts/bench/import_bench.py), most of it in Codable's containers, not in scanning. Only the
/// fields an exchange is made of are read; the others (cookies, timings, cache) may be anything.
extension HARArchive.Entry {
    /// - Throws: the first field that is missing or of the wrong type, by its path
    ///   (`no request.method`), as a skipped entry's reason.
    init(json: Value) throws(HARSkipReason) {
        let entry = try HARFields(json, path: "")
        let request = try entry.object("request").required("request")
        let response = try entry.object("response")
        let post = try request.object("postData")
        let content = try response?.object("content")
        self.init(
            startedDateTime: try entry.string("startedDateTime"),
            time: try entry.number("time"),
            request: HARArchive.Request(
                method: try request.string("method").required("request.method"),
                url: try request.string("url").required("request.url"),
                httpVersion: try request.string("httpVersion"),
                headers: try request.headers("headers"),
                postData: try post.map { (post) throws(HARSkipReason) in
                    HARArchive.PostData(
                        mimeType: try post.string("mimeType"),
                        text: try post.string("text"),
                        encoding: try post.string("encoding"),
                        params: try post.params("params")
                    )
                }
            ),
            response: try response.map { (response) throws(HARSkipReason) in
                HARArchive.Response(
                    status: try response.integer("status").required("response.status"),
                    httpVersion: try response.string("httpVersion"),
                    headers: try response.headers("headers"),
                    content: try content.map { (content) throws(HARSkipReason) in
                        HARArchive.Content(text: try content.string("text"), encoding: try content.string("encoding"))
                    }
                )
            }
        )
    }
}

/// One JSON object of an entry and where it is, reading fields as Codable's `decodeIfPresent`
/// would: absent or `null` is `nil`, another type is an error naming the field.
private struct HARFields {
    let object: JSONObject
    let path: String

    init(_ value: Value, path: String) throws(HARSkipReason) {
        guard case .object(let object) = value else {
            throw HARSkipReason(reason: path.isEmpty ? "not a HAR entry: not an object" : "not a HAR entry: \(path) is not an object")
        }
        self.object = object
        self.path = path
    }

    private func place(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    private func mismatch(_ key: String, _ type: String) -> HARSkipReason {
        HARSkipReason(reason: "not a HAR entry: \(place(key)) is not \(type)")
    }

    func object(_ key: String) throws(HARSkipReason) -> HARFields? {
        guard let value = object[key], value != .null else { return nil }
        return try HARFields(value, path: place(key))
    }

    func string(_ key: String) throws(HARSkipReason) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw mismatch(key, "a string")
        }
    }

    func number(_ key: String) throws(HARSkipReason) -> Double? {
        switch object[key] {
        case nil, .null?: return nil
        case .int(let number)?: return Double(number)
        case .double(let number)?: return number
        default: throw mismatch(key, "a number")
        }
    }

    func integer(_ key: String) throws(HARSkipReason) -> Int? {
        switch object[key] {
        case nil, .null?: return nil
        case .int(let number)?: return number
        case .double(let number)? where number.rounded() == number && abs(number) < 1e15: return Int(number)
        default: throw mismatch(key, "a number")
        }
    }

    private func array(_ key: String) throws(HARSkipReason) -> [HARFields]? {
        switch object[key] {
        case nil, .null?: return nil
        case .array(let items)?:
            var fields: [HARFields] = []
            fields.reserveCapacity(items.count)
            for (index, item) in items.enumerated() { fields.append(try HARFields(item, path: place(key) + "[\(index)]")) }
            return fields
        default: throw mismatch(key, "an array")
        }
    }

    func headers(_ key: String) throws(HARSkipReason) -> [HARArchive.Header]? {
        guard let items = try array(key) else { return nil }
        var headers: [HARArchive.Header] = []
        headers.reserveCapacity(items.count)
        for item in items {
            headers.append(
                HARArchive.Header(
                    name: try item.string("name").required(item.place("name")),
                    value: try item.string("value").required(item.place("value"))
                )
            )
        }
        return headers
    }

    func params(_ key: String) throws(HARSkipReason) -> [HARArchive.Param]? {
        guard let items = try array(key) else { return nil }
        var params: [HARArchive.Param] = []
        for item in items {
            params.append(HARArchive.Param(name: try item.string("name").required(item.place("name")), value: try item.string("value")))
        }
        return params
    }
}

extension Optional {
    /// The value, or the skip reason that names the missing field.
    fileprivate func required(_ place: String) throws(HARSkipReason) -> Wrapped {
        guard let self else { throw HARSkipReason(reason: "not a HAR entry: no \(place)") }
        return self
    }
}
