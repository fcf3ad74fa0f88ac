import JSON
import Script

/// An argument, option value or parameter after variable substitution, with where it was written.
public struct BoundValue: Sendable {
    public var value: Value
    public var range: SourceRange
    /// Whether it was written in quotes: `"3"` is text where `3` is a number.
    public var isQuoted = false
    /// Whether the value is what the command will get: false only while a script is checked,
    /// for a word that holds a `{{variable}}` (its text is then the word as written).
    public var isKnown = true

    /// The value as text: strings bare, other values as JSON.
    public var text: String { value.plainText }
}

/// A statement matched to its command, its words assigned to arguments and options.
public struct BoundCommand: Sendable {
    public var spec: CommandSpec
    public var range: SourceRange
    public var arguments = BoundArguments()
    public var options = SmallMap<BoundValue>()
    public var parameters: [(key: String, value: BoundValue)] = []
    /// Whether any argument or option of kind `secret` was given: such a line never reaches history.
    public var containsSecret = false
    /// The values of secret-kind arguments and options that are known at binding: all of them
    /// at run time, the literal ones when a script is checked.
    public var secretValues: [String] = []
    /// Where the words in secret positions were written: their written form (quotes, escapes)
    /// can differ from their value, and an excerpt shows the written form.
    public var secretRanges: [SourceRange] = []

    mutating func noteSecret(_ value: BoundValue, known: Bool) {
        containsSecret = true
        secretRanges.append(value.range)
        if known { secretValues.append(value.text) }
    }

    init(spec: CommandSpec, range: SourceRange) {
        self.spec = spec
        self.range = range
    }
}

/// What a handler is given: its bound command and the session it runs in.
public struct CommandContext {
    public let command: BoundCommand
    public let session: ShellSession

    /// The first value of a positional argument.
    public func argument(_ name: String) -> BoundValue? { command.arguments.first(name) }

    /// The text of a required positional argument (the binder guarantees it is there).
    public func string(_ name: String) -> String { argument(name)?.text ?? "" }

    /// Every value given to a (variadic) argument.
    public func values(_ name: String) -> [BoundValue] { command.arguments.all(name) }

    /// The value of a `--name VALUE` option.
    public func option(_ name: String) -> BoundValue? { command.options[name] }

    /// Whether a `--flag` was given.
    public func flag(_ name: String) -> Bool { command.options[name] != nil }

    /// `key=value` parameters as strings, later keys winning.
    public var stringParameters: [String: String] {
        var result: [String: String] = [:]
        for (key, value) in command.parameters { result[key] = value.text }
        return result
    }

    /// A runtime failure located at this command.
    public func failure(_ message: String) -> ShellError { .runtime(message, at: command.range) }

    /// A runtime failure located at one argument.
    public func failure(_ message: String, at value: BoundValue?) -> ShellError {
        .runtime(message, at: value?.range ?? command.range)
    }
}
