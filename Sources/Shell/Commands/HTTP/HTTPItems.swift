import JSON
import Script
import Transport

/// HTTPie's request items, sorted out of a command's words and parameters: `Header:value`,
/// `Header:` (remove), `Header;` (empty), `name==query`, `field=value`, `field:=JSON`,
/// `field=@FILE` and `field:=@FILE.json`.
package struct HTTPItems {
    /// Header edits in the order written: a value sets the header, `nil` removes it.
    var headers: [(name: String, value: String?)] = []
    var query: [(String, String)] = []
    /// Body fields in the order written, whether they came as parameters or words.
    var fields: [HTTPField] = []

    /// What one word means.
    enum Item: Equatable {
        case header(String, String?)
        case query(String, String)
        case field(String, HTTPField.Source)
    }

    /// Why a word is not an item, as the "expected …" of an invalid-value error.
    struct Problem: Error, Equatable {
        var expected: String
    }

    static let expectedItem = "Header:value, Header;, name==query, field=value, field:=JSON, field=@FILE or field:=@FILE.json"

    /// Sorts the words (what the script parser left as words: headers, queries, `:=@` and any
    /// item whose name is not a plain key) and the parameters (`field=value`, `field:=JSON`).
    init(words: [BoundValue], parameters: [(key: String, value: BoundValue)]) throws(ShellError) {
        for word in words {
            switch Self.parse(word.text) {
            case .failure(let problem):
                throw ShellError(.invalidValue(name: "ITEM", value: word.text, expected: problem.expected), at: word.range)
            case .success(.header(let name, let value)): headers.append((name, value))
            case .success(.query(let name, let value)): query.append((name, value))
            case .success(.field(let name, let source)): fields.append(HTTPField(name: name, source: source, range: word.range))
            }
        }
        for (key, bound) in parameters {
            // `field=@FILE` arrives as the text "@FILE"; a quoted '@…' is the text itself.
            if case .string(let text) = bound.value, text.hasPrefix("@"), !bound.isQuoted {
                fields.append(HTTPField(name: key, source: .textFile(String(text.dropFirst())), range: bound.range))
            } else {
                fields.append(HTTPField(name: key, source: .value(bound.value), range: bound.range))
            }
        }
        fields.sort { $0.range.start < $1.range.start }
    }

    /// What is wrong with an item's text, or `nil` when it is one: the binder's check pass
    /// calls this for every literal ITEM, so a malformed one stops a script before it starts.
    static func problem(in text: String) -> String? {
        if case .failure(let problem) = parse(text) { return problem.expected }
        return nil
    }

    /// Reads one item; the separator that comes first wins, the longer one at the same place
    /// (`a:=1` is a JSON field, not the header `a` with value `=1`).
    static func parse(_ text: String) -> Result<Item, Problem> {
        let separators = [":=@", ":=", "=@", "==", ":", "=", ";"]
        var index = text.startIndex
        while index < text.endIndex {
            let rest = text[index...]
            if let separator = separators.first(where: { rest.hasPrefix($0) }) {
                let name = String(text[..<index])
                let value = String(rest.dropFirst(separator.count))
                guard !name.isEmpty else { return .failure(Problem(expected: "a name before '\(separator)'")) }
                return item(name: name, separator: separator, value: value)
            }
            index = text.index(after: index)
        }
        return .failure(Problem(expected: expectedItem))
    }

    private static func item(name: String, separator: String, value: String) -> Result<Item, Problem> {
        switch separator {
        case ":":
            let trimmed = value.trimmingLeadingSpaces
            return .success(.header(name, trimmed.isEmpty ? nil : trimmed))
        case ";":
            guard value.isEmpty else { return .failure(Problem(expected: "nothing after ';' (Header; sends an empty header)")) }
            return .success(.header(name, ""))
        case "==": return .success(.query(name, value))
        case "=": return .success(.field(name, .value(.string(value))))
        case ":=":
            do throws(JSONParser.Failure) {
                return .success(.field(name, .value(try JSONParser.parse(value))))
            } catch {
                return .failure(Problem(expected: "JSON after ':=' (\(error.reason))"))
            }
        default:
            guard !value.isEmpty else { return .failure(Problem(expected: "a file after '\(separator)'")) }
            return .success(.field(name, separator == "=@" ? .textFile(value) : .jsonFile(value)))
        }
    }

    /// The full URL: `:3000/x` is localhost, a bare host gets `http://`, `/path` goes to `host`.
    package static func url(_ typed: String, defaultHost: () throws(ShellError) -> ServiceServer.Setting) throws(ShellError) -> String {
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
