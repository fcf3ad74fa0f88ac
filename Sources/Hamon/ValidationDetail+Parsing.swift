import JSON

extension ValidationDetail {
    /// The details of a FastAPI 422 body; the body itself when it has another shape.
    package static func parse(_ body: String) -> [ValidationDetail] {
        guard case .object(let object)? = try? JSONParser.parse(body) else {
            return [ValidationDetail(field: "body", message: body.isEmpty ? "(empty 422 answer)" : String(body.prefix(300)))]
        }
        guard case .array(let items)? = object["detail"] else {
            if case .string(let text)? = object["detail"] { return [ValidationDetail(field: "body", message: text)] }
            return [ValidationDetail(field: "body", message: String(body.prefix(300)))]
        }
        return items.map { item in
            guard case .object(let entry) = item else { return ValidationDetail(field: "body", message: item.plainText) }
            var field = "body"
            if case .array(let location)? = entry["loc"] { field = location.map(\.plainText).joined(separator: ".") }
            let message = entry["msg"]?.plainText ?? "(no message)"
            var type: String?
            if case .string(let text)? = entry["type"] { type = text }
            return ValidationDetail(field: field, message: message, type: type)
        }
    }
}
