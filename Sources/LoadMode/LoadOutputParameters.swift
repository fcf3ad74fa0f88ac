import Shell

/// What a `LoadOutputKind` makes its output from, as k6's `output.Params`.
public struct LoadOutputParameters: Sendable {
    /// `TARGET` as given (`-` for standard output); `nil` for a kind without one.
    public var target: String?
    /// The terminal: a live display draws on its standard error.
    public var terminal: Output
    /// The process's environment (`TERM`).
    public var environment: [String: String]

    public init(target: String?, terminal: Output, environment: [String: String]) {
        self.target = target
        self.terminal = terminal
        self.environment = environment
    }
}
