/// One test case of a file: an `expect`, or the command whose error ended the file.
public struct TestCase: Sendable, Equatable {
    /// The `# test: NAME` comment on the line before, else the expectation as written.
    public var name: String
    /// The file the command is in (a sourced file's name for its own commands).
    public var file: String
    /// The 1-based line of the command.
    public var line: Int
    public var duration: Duration
    public var outcome: TestCaseOutcome
    /// The exchanges that led to a failure or error, as the terminal's trace renders them (bodies cut
    /// at 4 KB, secrets masked): what the server did (`check`'s rules).
    public var evidence: [String] = []
    /// What went wrong without deciding the case: a request the server dropped and that was sent again.
    public var warnings: [String] = []

    public init(name: String, file: String, line: Int, duration: Duration, outcome: TestCaseOutcome) {
        self.name = name
        self.file = file
        self.line = line
        self.duration = duration
        self.outcome = outcome
    }
}
