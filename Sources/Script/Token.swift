/// A token with where it was written.
public struct Token: Sendable, Equatable {
    public var kind: TokenKind
    public var range: SourceRange

    public init(kind: TokenKind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// The word, when this token is a plain one.
    public var word: Word? {
        if case .word(let word) = kind { return word }
        return nil
    }
}
