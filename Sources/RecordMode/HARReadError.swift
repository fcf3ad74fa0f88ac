/// A HAR file that cannot be read, or is not a HAR: where, and why.
package struct HARReadError: Error, Sendable, Equatable, CustomStringConvertible {
    package var path: String
    /// From 1; `nil` when the file could not be read at all.
    package var line: Int?
    package var column: Int?
    package var reason: String

    package init(path: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.path = path
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `app.har:1:1: not JSON: a HAR file starts with '{'`.
    package var description: String {
        guard let line, let column else { return reason }
        return "\(path):\(line):\(column): \(reason)"
    }
}
