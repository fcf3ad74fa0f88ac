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
        // On UTF-8 bytes: every separator is ASCII and starts with ':', '=' or ';', so the first
        // such byte is where the item splits. Walking Characters with hasPrefix for each separator
        // was 36% of a load run's CPU (perf, the Miataru flow of scripts/bench/load_bench.py); on
        // bytes, that run (8 devices x 25 flows, 2,400 requests) takes 0.60x the CPU and 0.68x the
        // wall time (farm-bench -n 6, paired, against the Character walk).
        if let found = text.utf8.withContiguousStorageIfAvailable(split) { return found }
        return Array(text.utf8).withUnsafeBufferPointer(split)
    }

    private static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<RequestItem, Problem> {
        guard let at = bytes.firstIndex(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ";") }) else {
            return .failure(Problem(expected: expectedItem))
        }
        let separator = separators.first { bytes[at...].starts(with: $0.utf8) }!
        guard at > 0 else { return .failure(Problem(expected: "a name before '\(separator)'")) }
        return item(
            name: String(decoding: bytes[..<at], as: UTF8.self), separator: separator,
            value: String(decoding: bytes[(at + separator.utf8.count)...], as: UTF8.self))
    }

    /// Longest first where two start alike (`a:=1` is a JSON field, not the header `a` with value `=1`).
    private static let separators = [":=@", ":=", "=@", "==", ":", "=", ";"]

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
