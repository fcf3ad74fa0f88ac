/// One command: the tokens of a logical line (continuations joined).
public struct Statement: Sendable, Equatable {
    public var tokens: [Token]
    public var range: SourceRange

    public init(tokens: [Token], range: SourceRange) {
        self.tokens = tokens
        self.range = range
    }
}
