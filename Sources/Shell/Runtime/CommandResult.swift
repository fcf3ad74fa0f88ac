import Script

/// What one command of a run did: where it is, how long it took, how it ended, what it wrote.
package struct CommandResult: Sendable {
    /// The command's words in the table (`perf start`), or the first word when it did not bind.
    package var command: String
    /// Where the statement is in its source.
    package var range: SourceRange
    package var duration: Duration
    package var outcome: CommandOutcome
    /// What it wrote to standard output and error (secrets masked), when a listener asked for
    /// output (`RunListener.wantsOutput`); otherwise empty.
    package var output: String
    /// The iterations of the `repeat` blocks it ran in, outermost first (from 1); empty outside one.
    package var iterations: [Int]
    /// What it returned, for listeners to render (the terminal does); `nil` unless it ran.
    package var shown: (any CommandView)?

    package init(
        command: String,
        range: SourceRange,
        duration: Duration,
        outcome: CommandOutcome,
        output: String = "",
        iterations: [Int] = [],
        shown: (any CommandView)? = nil
    ) {
        self.shown = shown
        self.iterations = iterations
        self.command = command
        self.range = range
        self.duration = duration
        self.outcome = outcome
        self.output = output
    }
}
