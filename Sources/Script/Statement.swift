/// One command: the tokens of a logical line (continuations joined).
package struct Statement: Sendable, Equatable {
    package var tokens: [Token]
    package var range: SourceRange

    package init(tokens: [Token], range: SourceRange) {
        self.tokens = tokens
        self.range = range
    }
}
