/// One HTTP exchange of a test file, kept for the report: the command's place and the exchange as
/// the trace renders it, secrets masked.
package struct TestExchange: Sendable, Equatable {
    package var file: String
    /// The 1-based line of the command that made it.
    package var line: Int
    /// Request and answer (or why none came), bodies cut at `TestExchange.bodyLimit` bytes.
    package var text: String
    /// Set when the exchange went wrong without failing: the server dropped a kept-alive connection
    /// and the request was sent again on a fresh one.
    package var warning: String?

    package init(file: String, line: Int, text: String, warning: String? = nil) {
        self.file = file
        self.line = line
        self.text = text
        self.warning = warning
    }

    /// A body's bytes shown in evidence before it is cut.
    package static let bodyLimit = 4096

    /// The warning of a request sent again after the server closed its kept-alive connection unanswered.
    static func droppedConnection(_ method: String, _ path: String) -> String {
        "the server closed a kept-alive connection without answering, after its last answer said Connection: keep-alive; "
            + "\(method) \(path) was sent again on a fresh connection"
    }
}
