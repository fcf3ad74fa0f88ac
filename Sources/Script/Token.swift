/// A token with where it was written.
package struct Token: Sendable, Equatable {
    package var kind: TokenKind
    package var range: SourceRange

    package init(kind: TokenKind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// The word, when this token is a plain one.
    package var word: Word? {
        if case .word(let word) = kind { return word }
        return nil
    }
}
