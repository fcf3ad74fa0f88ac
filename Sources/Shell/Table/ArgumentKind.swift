import Script

/// What an argument or option value is, which drives validation, help and TAB completion.
package enum ArgumentKind: Sendable, Equatable {
    /// Free text.
    case text
    /// An identifier-like name; `suggestions` complete by TAB, other valid names are accepted.
    case identifier(suggestions: [String])
    /// One of a fixed set of words.
    case choice([String])
    /// A file path; `extensions` (without dots) narrow completion, directories always complete.
    case file(extensions: [String])
    /// A directory path.
    case directory
    /// `250ms`, `1.5s`, `2m`, `1h`, or plain seconds, within `DurationParser.bounds`.
    case duration
    /// A decimal number.
    case number
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// A value following a rule of its own (a timing name, a host).
    case rule(ValueRule)
    /// A value that must never reach history, logs, traces or error messages in clear.
    case secret
    /// The name of a shell variable.
    case variableName
    /// A path into a value: `last.json.id`.
    case valuePath
    /// A word of an `expect` expression.
    case expression
    /// A command name, for `help`.
    case commandName
    /// An HTTPie request item of `http` (`Header:value`, `name==query`, `field:=@FILE.json`…).
    case httpItem

    /// The placeholder shown in usage lines when the argument has no name of its own.
    var isSecret: Bool { self == .secret }
}
