import JSON

/// Why an `expect` failed, as values a report can show (JUnit's expected/actual) and as the
/// one line the terminal prints.
package struct ExpectationFailure: Sendable, Equatable {
    /// The expectation as written, e.g. `last.status == 200`.
    package var expression: String
    /// The value the left-hand side had, when there was one.
    package var actual: Value?
    /// The value it was compared with, when there was one.
    package var expected: Value?
    /// What the terminal prints after `expect failed: `.
    package var detail: String

    package init(expression: String, actual: Value? = nil, expected: Value? = nil, detail: String) {
        self.expression = expression
        self.actual = actual
        self.expected = expected
        self.detail = detail
    }
}
