/// A word as written, after quote removal, with its variables still unresolved.
package struct Word: Sendable, Equatable {
    /// Nearly every word is one literal piece, kept without an array: a statement of nine such
    /// words made ten allocations instead of one, and their frees were a quarter of the parsing thread.
    private enum Storage: Sendable, Equatable {
        case literal(String)
        case parts([WordPart])
    }

    private var storage: Storage
    package var range: SourceRange
    /// Whether any part of the word was quoted: `"3"` is the string 3, not the number.
    package var isQuoted: Bool

    package init(parts: [WordPart], range: SourceRange, isQuoted: Bool) {
        if parts.count == 1, case .literal(let text) = parts[0] {
            storage = .literal(text)
        } else {
            storage = .parts(parts)
        }
        self.range = range
        self.isQuoted = isQuoted
    }

    /// A word of one literal piece.
    package init(literal: String, range: SourceRange, isQuoted: Bool) {
        storage = .literal(literal)
        self.range = range
        self.isQuoted = isQuoted
    }

    /// The pieces in order.
    package var parts: [WordPart] {
        switch storage {
        case .literal(let text): [.literal(text)]
        case .parts(let parts): parts
        }
    }

    /// The text when the word holds no variables.
    package var literal: String? {
        switch storage {
        case .literal(let text):
            return text
        case .parts(let parts):
            // Looked for first: a word with a variable is asked this on every binding, and
            // joining its pieces before meeting the variable made a String to throw away.
            for part in parts { if case .variable = part { return nil } }
            var text = ""
            for part in parts { if case .literal(let piece) = part { text += piece } }
            return text
        }
    }

    /// The variable when the word is exactly one `{{…}}`, which keeps its type when substituted.
    package var soleVariable: VariableReference? {
        guard case .parts(let parts) = storage, parts.count == 1, case .variable(let reference) = parts[0] else { return nil }
        return reference
    }

    /// A readable form for echo and messages, variables shown as written.
    package var displayText: String {
        guard case .parts(let parts) = storage else { return literal ?? "" }
        return parts.map { part in
            switch part {
            case .literal(let text): return text
            case .variable(let reference): return "{{\(reference.path)}}"
            }
        }.joined()
    }
}
