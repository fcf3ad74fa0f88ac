import JSON

/// How one test case ended.
package enum TestCaseOutcome: Sendable, Equatable {
    case passed
    /// An `expect` did not hold: what the terminal says after `expect failed: `, with the two
    /// sides when the expectation compared values (secrets masked).
    case failed(message: String, actual: String?, expected: String?)
    /// A command stopped with an error (or was interrupted): the file's run ended there.
    case error(message: String)
}
