/// The iterations a command's error ended, of one kind (the command that failed, `interrupted`
/// for a signal): how many, and the first one's located message.
package struct IterationError: Sendable, Equatable {
    /// The failing command's words (`miataru location update`), or `interrupted`.
    package var kind: String
    package var count: Int
    /// `flow.sdk:3:1: connection refused`, secrets masked.
    package var first: String

    package init(kind: String, count: Int, first: String) {
        self.kind = kind
        self.count = count
        self.first = first
    }
}
