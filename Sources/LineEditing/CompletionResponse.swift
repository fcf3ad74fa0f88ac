/// The completer's answer: how many characters before the cursor to replace, and with what.
public struct CompletionResponse: Sendable, Equatable {
    /// Characters (not bytes) before the cursor that the candidates replace.
    public var replaceLength: Int
    public var candidates: [String]
    /// Whether a single candidate is followed by a space (not after a directory or a `{{var}}`).
    public var appendSpace: Bool

    public init(replaceLength: Int, candidates: [String], appendSpace: Bool) {
        self.replaceLength = replaceLength
        self.candidates = candidates
        self.appendSpace = appendSpace
    }

    public static let none = CompletionResponse(replaceLength: 0, candidates: [], appendSpace: false)

    /// The longest text every candidate starts with.
    public var commonPrefix: String {
        guard var prefix = candidates.first else { return "" }
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }
}
