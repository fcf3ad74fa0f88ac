import Shell

/// What a `LoadOutputKind` makes its output from, as k6's `output.Params`.
package struct LoadOutputParameters: Sendable {
    /// `TARGET` as given (`-` for standard output); `nil` for a kind without one.
    package var target: String?
    /// The terminal: a live display draws on its standard error.
    package var terminal: Output
    /// The process's environment (`TERM`).
    package var environment: [String: String]

    package init(target: String?, terminal: Output, environment: [String: String]) {
        self.target = target
        self.terminal = terminal
        self.environment = environment
    }
}
