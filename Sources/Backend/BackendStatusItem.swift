/// One fact a service adds to `backend status`: a member of its JSON result and a line of text.
package struct BackendStatusItem: Sendable, Equatable {
    /// The JSON member's name, e.g. `sift_auth`.
    package let key: String
    /// The member's value, a string.
    package let value: String
    /// The line `backend status` prints, label padded to the command's column.
    package let line: String

    package init(key: String, value: String, line: String) {
        self.key = key
        self.value = value
        self.line = line
    }
}
