import FoundationEssentials

/// A `DecodingError` of one HAR entry in words: which field, what was wrong.
enum HARDecodingProblem {
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not a HAR entry: \(error)" }
        switch error {
        case .keyNotFound(let key, let context): return "not a HAR entry: no \(path(context.codingPath + [key]))"
        case .valueNotFound(_, let context): return "not a HAR entry: \(path(context.codingPath)) is null"
        case .typeMismatch(let type, let context): return "not a HAR entry: \(path(context.codingPath)) is not a \(typeName(type))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON" : "not a HAR entry: \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "not a HAR entry"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined().drop { $0 == "." }.description
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "string"
        case is Int.Type, is Double.Type: "number"
        default: "\(type)".lowercased()
        }
    }
}
