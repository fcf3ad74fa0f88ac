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
        // Most items are plainly valid from their separator alone; making the item (two Strings,
        // and the JSON of `:=`) to throw it away is paid by every item of every `http` line, each
        // checked again at run time (the CPU s per 1,000 requests of scripts/bench/load_bench.py).
        if text.utf8.withContiguousStorageIfAvailable(isPlainlyValid) == true { return nil }
        if case .failure(let problem) = parse(text) { return problem.expected }
        return nil
    }

    /// Whether the item is valid without making it: `false` when it is not, or when only
    /// reading its value can tell (`:=`'s JSON).
    private static func isPlainlyValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let at = bytes.firstIndex(where: isSeparatorByte), at > 0 else { return false }
        let separator = separator(in: bytes, at: at)
        let valueLength = bytes.count - at - separator.utf8.count
        switch separator {
        case ":", "==", "=": return true
        case ";": return valueLength == 0
        case "=@", ":=@": return valueLength > 0
        default: return false
        }
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
        guard let at = bytes.firstIndex(where: isSeparatorByte) else {
            return .failure(Problem(expected: expectedItem))
        }
        let separator = separator(in: bytes, at: at)
        guard at > 0 else { return .failure(Problem(expected: "a name before '\(separator)'")) }
        return item(
            name: String(decoding: bytes[..<at], as: UTF8.self),
            separator: separator,
            value: String(decoding: bytes[(at + separator.utf8.count)...], as: UTF8.self)
        )
    }

    /// The value of `text` when it is the text field `name=value`, the item `parse` reads as
    /// `.field(name, .value(.string(value)))`; `nil` otherwise. For a caller that knows the name
    /// the item had: compared in place, the name is not made again.
    package static func textFieldValue(_ text: String, named name: String) -> String? {
        var text = text
        var name = name
        return text.withUTF8 { bytes in
            name.withUTF8 { name -> String? in
                // A name holds no separator byte, so the first separator of `text` is right after it.
                let at = name.count
                guard at > 0, bytes.count > at, !name.contains(where: isSeparatorByte) else { return nil }
                // By index: `elementsEqual` goes through generic iterators (load_bench.py's CPU figure).
                for index in 0..<at where bytes[index] != name[index] { return nil }
                guard separator(in: bytes, at: at) == "=" else { return nil }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[(at + 1)...]), as: UTF8.self)
            }
        }
    }

    private static func isSeparatorByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ":") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: ";")
    }

    /// The separator starting at `at`, the longest where two start alike (`a:=1` is a JSON
    /// field, not the header `a` with value `=1`): `:=@`, `:=`, `=@`, `==`, `:`, `=` or `;`.
    /// Read byte by byte: `starts(with:)` over each candidate's UTF-8 view is paid for every
    /// item of every request (the CPU s per 1,000 requests of scripts/bench/load_bench.py).
    private static func separator(in bytes: UnsafeBufferPointer<UInt8>, at: Int) -> String {
        let next = at + 1 < bytes.count ? bytes[at + 1] : 0
        let after = at + 2 < bytes.count ? bytes[at + 2] : 0
        switch bytes[at] {
        case UInt8(ascii: ":"):
            guard next == UInt8(ascii: "=") else { return ":" }
            return after == UInt8(ascii: "@") ? ":=@" : ":="
        case UInt8(ascii: "="):
            if next == UInt8(ascii: "@") { return "=@" }
            return next == UInt8(ascii: "=") ? "==" : "="
        default:
            return ";"
        }
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
