/// A whole test run: every file's report in the order the files were given, whatever the timing.
package struct TestRunReport: Sendable {
    package var files: [TestFileReport]
    /// Files left unrun: `--fail-fast` stopped the run, or a signal did.
    package var notRun: Int
    /// Wall time of the whole run.
    package var duration: Duration

    package init(files: [TestFileReport], notRun: Int = 0, duration: Duration) {
        self.files = files
        self.notRun = notRun
        self.duration = duration
    }

    /// How many files ended so.
    package func count(_ status: TestFileStatus) -> Int { files.count { $0.status == status } }

    package var assertions: [TestCase] { files.flatMap(\.assertions) }

    package var assertionCount: Int { files.reduce(0) { $0 + $1.assertions.count } }

    /// How many `expect`s did not hold, in every file.
    package var failedAssertionCount: Int { files.reduce(0) { $0 + $1.failedAssertionCount } }

    /// The worst file's status (broken over error over failed); an interrupted run is an error.
    package var status: TestFileStatus {
        let worst = files.map(\.status).max { $0.severity < $1.severity } ?? .passed
        return notRun > 0 && worst == .passed ? .error : worst
    }
}
