/// The completer's answer: how many characters before the cursor to replace, and with what.
package struct CompletionResponse: Sendable, Equatable {
    /// Characters (not bytes) before the cursor that the candidates replace.
    package var replaceLength: Int
    package var candidates: [String]
    /// Whether a single candidate is followed by a space (not after a directory or a `{{var}}`).
    package var appendSpace: Bool

    package init(replaceLength: Int, candidates: [String], appendSpace: Bool) {
        self.replaceLength = replaceLength
        self.candidates = candidates
        self.appendSpace = appendSpace
    }

    package static let none = CompletionResponse(replaceLength: 0, candidates: [], appendSpace: false)

    /// The longest text every candidate starts with.
    package var commonPrefix: String {
        guard var prefix = candidates.first else { return "" }
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }
}
