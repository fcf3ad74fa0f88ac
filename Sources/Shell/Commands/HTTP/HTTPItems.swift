import Script
import Transport

/// HTTPie's request items, sorted out of a command's words and parameters:
/// `Header:value`, `name==query`, `field=value` and `field:=JSON`.
struct HTTPItems {
    var headers: [(String, String)] = []
    var query: [(String, String)] = []
    var fields: [(String, Value)] = []
    /// `-v` among the items, as HTTPie spells verbose.
    var verbose = false

    /// Sorts the words (which the script parser left as words: headers, queries, `-v`) and the
    /// parameters (fields).
    init(words: [BoundValue], parameters: [(key: String, value: BoundValue)]) throws(ShellError) {
        for word in words {
            let text = word.text
            if text == "-v" {
                verbose = true
                continue
            }
            guard let separator = Self.separator(in: text) else {
                throw ShellError(
                    .invalidValue(name: "ITEM", value: text, expected: "Header:value, name==query, field=value or field:=JSON"),
                    at: word.range)
            }
            let name = String(text[..<separator.lowerBound])
            let value = String(text[separator.upperBound...])
            guard !name.isEmpty else {
                throw ShellError(.invalidValue(name: "ITEM", value: text, expected: "a name before ':' or '=='"), at: word.range)
            }
            if text[separator].count == 2 { query.append((name, value)) } else { headers.append((name, value.trimmingLeadingSpaces)) }
        }
        for (key, value) in parameters { fields.append((key, value.value)) }
    }

    /// The first `:` or `==`, whichever comes first.
    private static func separator(in text: String) -> Range<String.Index>? {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == ":" { return index..<text.index(after: index) }
            if text[index] == "=", text.index(after: index) < text.endIndex, text[text.index(after: index)] == "=" {
                return index..<text.index(index, offsetBy: 2)
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// The full URL: `:3000/x` is localhost, a bare host gets `http://`, `/path` goes to `host`.
    static func url(_ typed: String, defaultHost: () throws(ShellError) -> ServiceHost.Setting) throws(ShellError) -> String {
        if typed.hasPrefix("http://") || typed.hasPrefix("https://") { return typed }
        if typed.hasPrefix(":") { return "http://localhost" + typed }
        if typed.hasPrefix("/") {
            let host = try defaultHost()
            return (host.https ? "https://" : "http://") + host.host + typed
        }
        return "http://" + typed
    }
}

extension String {
    var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
