extension WireJSON {
    /// Compact text with object keys sorted, each key once (the last, as `subscript` reads it):
    /// equal for two values that differ only in key order, so it can key a dictionary of values.
    var canonicalText: String {
        switch self {
        case .array(let items): return "[" + items.map(\.canonicalText).joined(separator: ",") + "]"
        case .object(let members):
            var last: [String: WireJSON] = [:]
            for member in members { last[member.key] = member.value }
            return "{" + last.keys.sorted().map { WireText.quote($0) + ":" + last[$0]!.canonicalText }.joined(separator: ",") + "}"
        default: return text
        }
    }
}
