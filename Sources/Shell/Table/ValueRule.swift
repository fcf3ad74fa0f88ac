/// A rule a command's value must follow, known without running anything: the binder applies it
/// to literal values while the whole script is checked (exit 2, nothing done) and to
/// substituted values when the line runs, so both passes give the same error.
package struct ValueRule: Sendable, Equatable {
    /// Names the rule; two rules are the same rule when their names are.
    package let name: String
    /// What a valid value looks like, for the error message.
    package let expected: String
    /// Values TAB offers and help shows; other valid values are accepted too.
    package let suggestions: [String]
    /// A category of names the session learns as it runs (device ids seen), which TAB offers too.
    package let sessionNames: String?
    private let accepts: @Sendable (String) -> Bool

    package init(
        name: String,
        expected: String,
        suggestions: [String] = [],
        sessionNames: String? = nil,
        accepts: @escaping @Sendable (String) -> Bool
    ) {
        self.name = name
        self.expected = expected
        self.suggestions = suggestions
        self.sessionNames = sessionNames
        self.accepts = accepts
    }

    package func isValid(_ text: String) -> Bool { accepts(text) }

    package static func == (lhs: ValueRule, rhs: ValueRule) -> Bool { lhs.name == rhs.name }
}
