/// A reference to a variable inside a word: `{{name}}` or `{{last.json.id}}`.
public struct VariableReference: Sendable, Equatable {
    public var path: ValuePath
    public var range: SourceRange
}
