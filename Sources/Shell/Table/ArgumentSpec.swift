import Script

/// A positional argument of a command.
public struct ArgumentSpec: Sendable {
    public var name: String
    public var kind: ArgumentKind
    public var summary: String
    public var isOptional: Bool
    public var isVariadic: Bool
    /// The values TAB offers when they depend on the arguments before this one (a device fact's
    /// values after its name); `nil` completes by `kind` alone.
    public var completions: (@Sendable (_ earlierArguments: [String]) -> [String])?

    public init(
        _ name: String, _ kind: ArgumentKind, _ summary: String, optional: Bool = false, variadic: Bool = false,
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
