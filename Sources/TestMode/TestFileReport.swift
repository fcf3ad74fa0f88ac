import Shell

/// What one file of a test run did, secrets masked: the values every report is made from.
package struct TestFileReport: Sendable {
    /// The file's path as given or found.
    package var file: String
    package var status: TestFileStatus
    /// Its `expect`s in the order they ran, and the command whose error ended it, if any.
    package var testCases: [TestCase]
    /// Why it is broken: each error of the check pass, `FILE:LINE:COLUMN: message`.
    package var checkErrors: [String]
    /// Commands that ran.
    package var commandCount: Int
    package var duration: Duration
    /// What it wrote, as the terminal would have shown it.
    package var stdout: String
    package var stderr: String
    /// Every try, the last one this report's, when `--retry` ran the file more than once.
    package var tries: [TestTry] = []
    /// The latency distributions its engines measured (its `perf` timings).
    package var latencies: [LatencyHistogram] = []
    /// Every exchange its commands made, in order, with the line of the command that made it, when
    /// the driver keeps them (`TestDriver.keepsEveryExchange`).
    package var exchanges: [TestExchange] = []
    /// What went wrong without failing it, each `FILE:LINE: warning: …`.
    package var warnings: [String] = []
    /// Why the run stopped before its end, when something other than a signal stopped it
    /// (`timed out after 30.000 s`, a server that does not answer).
    package var stoppedBecause: String?

    package init(
        file: String,
        status: TestFileStatus,
        testCases: [TestCase] = [],
        checkErrors: [String] = [],
        commandCount: Int = 0,
        duration: Duration = .zero,
        stdout: String = "",
        stderr: String = "",
        latencies: [LatencyHistogram] = [],
        exchanges: [TestExchange] = [],
        warnings: [String] = []
    ) {
        self.latencies = latencies
        self.exchanges = exchanges
        self.warnings = warnings
        self.file = file
        self.status = status
        self.testCases = testCases
        self.checkErrors = checkErrors
        self.commandCount = commandCount
        self.duration = duration
        self.stdout = stdout
        self.stderr = stderr
    }

    /// Its `expect`s (every test case but an error's).
    package var assertions: [TestCase] { testCases.filter { if case .error = $0.outcome { false } else { true } } }

    /// How many of its `expect`s did not hold.
    package var failedAssertionCount: Int { testCases.count { if case .failed = $0.outcome { true } else { false } } }
}
