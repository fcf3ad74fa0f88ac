/// A classified token of a command line.
package enum TokenKind: Sendable, Equatable {
    /// A plain word: a command name, sub-command or positional argument.
    case word(Word)
    /// `--name` or `--name=value`.
    case option(name: String, value: Word?)
    /// `key=value`, a string parameter.
    case parameter(key: String, value: Word)
    /// `key:=JSON`, a typed parameter; the JSON is checked at parse time when it holds no variables.
    case typedParameter(key: String, value: Word)
}
