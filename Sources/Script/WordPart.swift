/// One piece of a word: literal text or a variable to substitute when the command runs.
package enum WordPart: Sendable, Equatable {
    case literal(String)
    case variable(VariableReference)
}
