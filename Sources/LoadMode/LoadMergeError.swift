/// A report `load merge` cannot take, or a set of reports that are not one run's segments.
package struct LoadMergeError: Error, Sendable, Equatable {
    /// The report at fault; `nil` when the set is (segments missing).
    package var file: String?
    package var reason: String

    package init(file: String?, reason: String) {
        self.file = file
        self.reason = reason
    }

    package var message: String { (file.map { "\($0): " } ?? "") + reason }
}
