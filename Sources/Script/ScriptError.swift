/// A located error from the tokenizer or parser.
package struct ScriptError: Error, Equatable, Sendable {
    package var range: SourceRange
    package var kind: ScriptErrorKind

    package init(range: SourceRange, kind: ScriptErrorKind) {
        self.range = range
        self.kind = kind
    }

    /// One line of English; the renderer adds the location, source line and caret.
    package var message: String {
        switch kind {
        case .unterminatedQuote(let quote):
            return "unterminated \(quote == "'" ? "single" : "double")-quoted string"
        case .unterminatedVariable:
            return "unterminated variable reference: '{{' without '}}'"
        case .invalidVariableName(let name):
            return "invalid variable reference '{{\(name)}}': expected a name like 'id' or a path like 'last.json.id'"
        case .unknownEscape(let character):
            return "unknown escape '\\\(character)' in double quotes (known: \\\\ \\\" \\n \\t \\r \\{ \\$)"
        case .invalidJSON(let key, let reason):
            return "invalid JSON after '\(key):=': \(reason)"
        case .controlCharacter(let scalar):
            let hex = String(scalar, radix: 16, uppercase: true)
            return "unexpected control character U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)"
        case .danglingContinuation:
            return "line continuation '\\' at the end of the input"
        }
    }
}
