import JSON
import Script
import Shell
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

    /// Sorts the words (what the script parser left as words: headers, queries, `:=@` and any
    /// item whose name is not a plain key) and the parameters (`field=value`, `field:=JSON`).
    init(words: [BoundValue], parameters: [(key: String, value: BoundValue)], memo: HTTPLineMemo? = nil) throws(ShellError) {
        fields.reserveCapacity(words.count + parameters.count)
        for (position, word) in words.enumerated() {
            switch memo?.item(word.text, at: position) ?? RequestItem.parse(word.text) {
            case .failure(let problem):
                throw ShellError(.invalidValue(name: "ITEM", value: word.text, expected: problem.expected), at: word.range)
            case .success(.header(let name, let value)): headers.append((name, value))
            case .success(.query(let name, let value)): query.append((name, value))
            case .success(.field(let name, let source)): fields.append(HTTPField(name: name, source: source, range: word.range))
            }
        }
        for (key, bound) in parameters {
            if let path = Self.fileNamed(by: bound) {
                fields.append(HTTPField(name: key, source: .textFile(path), range: bound.range))
            } else {
                fields.append(HTTPField(name: key, source: .value(bound.value), range: bound.range))
            }
        }
        fields.sort { $0.range.start < $1.range.start }
    }

    /// The file a parameter's value names: `field=@FILE` arrives as the text "@FILE"; a quoted
    /// '@…' is the text itself.
    static func fileNamed(by bound: BoundValue) -> String? {
        guard case .string(let text) = bound.value, text.hasPrefix("@"), !bound.isQuoted else { return nil }
        return String(text.dropFirst())
    }
}
