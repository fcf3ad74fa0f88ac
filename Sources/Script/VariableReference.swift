/// A reference to a variable inside a word: `{{name}}` or `{{last.json.id}}`.
package struct VariableReference: Sendable, Equatable {
    package var path: ValuePath
    package var range: SourceRange
}
