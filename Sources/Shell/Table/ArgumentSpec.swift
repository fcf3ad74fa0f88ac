import Script

/// A positional argument of a command.
package struct ArgumentSpec: Sendable {
    package var name: String
    package var kind: ArgumentKind
    package var summary: String
    package var isOptional: Bool
    package var isVariadic: Bool
    /// The values TAB offers when they depend on the arguments before this one (a device fact's
    /// values after its name); `nil` completes by `kind` alone.
    package var completions: (@Sendable (_ earlierArguments: [String]) -> [String])?

    package init(
        _ name: String,
        _ kind: ArgumentKind,
        _ summary: String,
        optional: Bool = false,
        variadic: Bool = false,
        completions: (@Sendable (_ earlierArguments: [String]) -> [String])? = nil
    ) {
        self.name = name
        self.kind = kind
        self.summary = summary
        self.isOptional = optional
        self.isVariadic = variadic
        self.completions = completions
    }
}
