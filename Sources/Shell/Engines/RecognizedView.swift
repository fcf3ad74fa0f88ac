import JSON

/// What a recognizer decoded of one exchange: a JSON view and a line that says what it was.
package struct RecognizedView: Sendable, Equatable {
    /// What the call carried, decoded, secrets masked (`***`).
    package var value: Value
    /// One line, e.g. `3 events for user u-1`.
    package var summary: String

    package init(value: Value, summary: String) {
        self.value = value
        self.summary = summary
    }
}
