import JSON

/// Why an `expect` failed, as values a report can show (JUnit's expected/actual) and as the
/// one line the terminal prints.
public struct ExpectationFailure: Sendable, Equatable {
    /// The expectation as written, e.g. `last.status == 200`.
    public var expression: String
    /// The value the left-hand side had, when there was one.
    public var actual: Value?
    /// The value it was compared with, when there was one.
    public var expected: Value?
    /// What the terminal prints after `expect failed: `.
    public var detail: String

    public init(expression: String, actual: Value? = nil, expected: Value? = nil, detail: String) {
        self.expression = expression
        self.actual = actual
        self.expected = expected
        self.detail = detail
    }
}
