import Script

/// Masks secrets before anything reaches a trace: Authorization and cookie values, headers,
/// query parameters and JSON members whose names say key, token, secret or password.
enum Redactor {
    static let mask = "••••••"

    static func isSecretName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower == "authorization" || lower == "proxy-authorization" || lower == "cookie" || lower == "set-cookie"
            || lower.contains("key") || lower.contains("token") || lower.contains("secret") || lower.contains("password")
    }

    /// A header value as a trace shows it: `Basic ••••••` keeps the scheme; cookies keep their names.
    static func header(name: String, value: String) -> String {
        let lower = name.lowercased()
        if lower == "cookie" {
            return value.split(separator: ";").map { pair in
                let name = pair.split(separator: "=", maxSplits: 1).first.map { String($0.filter { $0 != " " }) } ?? ""
                return "\(name)=\(mask)"
            }.joined(separator: "; ")
        }
        if lower == "set-cookie" {
            let name = value.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return "\(name)=\(mask)" + (value.firstIndex(of: ";").map { String(value[$0...]) } ?? "")
        }
        guard isSecretName(name) else { return value }
        if lower.hasSuffix("authorization"), let space = value.firstIndex(of: " ") { return String(value[..<space]) + " " + mask }
        return mask
    }

    /// A URL with the values of secret-named query parameters masked.
    static func url(_ url: String) -> String {
        guard let question = url.firstIndex(of: "?") else { return url }
        let query = url[url.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, isSecretName(String(parts[0])) else { return String(pair) }
            return parts[0] + "=" + mask
        }
        return String(url[...question]) + query.joined(separator: "&")
    }

    /// JSON text with secret-named members masked; other text as it is.
    static func body(_ text: String) -> String {
        guard let first = text.first, first == "{" || first == "[", let value = try? JSONParser.parse(text) else { return text }
        let masked = json(value)
        return masked == value ? text : JSONWriter.compact(masked)
    }

    static func json(_ value: Value) -> Value {
        switch value {
        case .object(let object):
            var result = JSONObject()
            for (key, item) in object {
                if isSecretName(key), item != .null { result[key] = .string(mask) } else { result[key] = json(item) }
            }
            return .object(result)
        case .array(let items): return .array(items.map(json))
        default: return value
        }
    }
}
