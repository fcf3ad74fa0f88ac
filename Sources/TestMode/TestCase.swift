/// One test case of a file: an `expect`, or the command whose error ended the file.
package struct TestCase: Sendable, Equatable {
    /// The `# test: NAME` comment on the line before, else the expectation as written.
    package var name: String
    /// The file the command is in (a sourced file's name for its own commands).
    package var file: String
    /// The 1-based line of the command.
    package var line: Int
    package var duration: Duration
    package var outcome: TestCaseOutcome
    /// The exchanges that led to a failure or error, as the terminal's trace renders them (bodies cut
    /// at 4 KB, secrets masked): what the server did (`check`'s rules).
    package var evidence: [String] = []
    /// Of `evidence`, the exchanges the lines that did not hold read: for each, the last one
    /// before it (`check`'s terminal shows these; `--verbose`, all).
    package var showingEvidence: [String] = []
    /// What went wrong without deciding the case: a request the server dropped and that was sent again.
    package var warnings: [String] = []

    package init(name: String, file: String, line: Int, duration: Duration, outcome: TestCaseOutcome) {
        self.name = name
        self.file = file
        self.line = line
        self.duration = duration
        self.outcome = outcome
    }
}
