import JSON

/// One of HTTPie's request items as written: `Header:value`, `Header:` (remove), `Header;`
/// (empty), `name==query`, `field=value`, `field:=JSON`, `field=@FILE` and `field:=@FILE.json`.
/// The binder checks literal items with it (the `.httpItem` kind) before a script runs.
package enum RequestItem: Equatable {
    case header(String, String?)
    case query(String, String)
    case field(String, FieldSource)

    /// Where a body field's value comes from: read only when the command runs.
    package enum FieldSource: Equatable {
        case value(Value)
        case textFile(String)
        case jsonFile(String)
    }

    /// Why a word is not an item, as the "expected …" of an invalid-value error.
    package struct Problem: Error, Equatable {
        package var expected: String
    }

    package static let expectedItem = "Header:value, Header;, name==query, field=value, field:=JSON, field=@FILE or field:=@FILE.json"

    /// What is wrong with an item's text, or `nil` when it is one: the binder's check pass
    /// calls this for every literal ITEM, so a malformed one stops a script before it starts.
    package static func problem(in text: String) -> String? {
        if case .failure(let problem) = parse(text) { return problem.expected }
        return nil
    }

    /// Reads one item; the separator that comes first wins, the longer one at the same place
    /// (`a:=1` is a JSON field, not the header `a` with value `=1`).
    package static func parse(_ text: String) -> Result<RequestItem, Problem> {
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

    private static func item(name: String, separator: String, value: String) -> Result<RequestItem, Problem> {
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
}

extension String {
    fileprivate var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
