import Script

/// What one command of a run did: where it is, how long it took, how it ended, what it wrote.
public struct CommandResult: Sendable {
    /// The command's words in the table (`perf start`), or the first word when it did not bind.
    public var command: String
    /// Where the statement is in its source.
    public var range: SourceRange
    public var duration: Duration
    public var outcome: CommandOutcome
    /// What it wrote to standard output and error (secrets masked), when a listener asked for
    /// output (`RunListener.wantsOutput`); otherwise empty.
    public var output: String
    /// The iterations of the `repeat` blocks it ran in, outermost first (from 1); empty outside one.
    public var iterations: [Int]
    /// What it returned, for listeners to render (the terminal does); `nil` unless it ran.
    public var shown: (any CommandView)?

    public init(
        command: String, range: SourceRange, duration: Duration, outcome: CommandOutcome, output: String = "", iterations: [Int] = [],
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
