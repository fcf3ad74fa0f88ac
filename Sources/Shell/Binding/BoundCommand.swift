import JSON
import Script

/// A statement matched to its command, its words assigned to arguments and options.
package struct BoundCommand: Sendable {
    package var spec: CommandSpec
    package var range: SourceRange
    /// The command's words as the line spelt them (`log` for `hamon log`), for error messages.
    package var spelling: String
    package var arguments = BoundArguments()
    package var options = SmallMap<BoundValue>()
    package var parameters: [(key: String, value: BoundValue)] = []
    /// Whether any argument or option of kind `secret` was given: such a line never reaches history.
    package var containsSecret = false
    /// The values of secret-kind arguments and options that are known at binding: all of them
    /// at run time, the literal ones when a script is checked.
    package var secretValues: [String] = []
    /// Where the words in secret positions were written: their written form (quotes, escapes)
    /// can differ from their value, and an excerpt shows the written form.
    package var secretRanges: [SourceRange] = []
    /// Non-zero when the binding is kept for reuse (`BindingShape.SessionCache.lastBindings`): a
    /// number unique in the process that every use of that one binding carries, so that a
    /// command can tell its words are the same ones without comparing them.
    package internal(set) var reuseIdentity: UInt64 = 0

    mutating func noteSecret(_ value: BoundValue, known: Bool) {
        containsSecret = true
        secretRanges.append(value.range)
        if known { secretValues.append(value.text) }
    }

    init(spec: CommandSpec, range: SourceRange) {
        self.spec = spec
        self.range = range
        spelling = spec.name
    }
}
