/// One statement of an SDK's contract about what a server must do, or must not do, and the rules
/// of its conformance suite that check it (`sdkbench check --coverage`). A statement no call of
/// the API can show says why in `unchecked` instead of naming rules.
package struct ConformanceCoverage: Sendable, Equatable {
    /// Where the statement is written: `wire notes`, `seed 004`, `API 1.1`.
    package let source: String
    /// The statement, in a line.
    package let statement: String
    /// The ids of the rules that check it.
    package let rules: [String]
    /// Why no rule checks it (no call of the API shows it), when `rules` is empty.
    package let unchecked: String?

    package init(_ source: String, _ statement: String, rules: [String]) {
        self.source = source
        self.statement = statement
        self.rules = rules
        self.unchecked = nil
    }

    package init(_ source: String, _ statement: String, unchecked: String) {
        self.source = source
        self.statement = statement
        self.rules = []
        self.unchecked = unchecked
    }
}
