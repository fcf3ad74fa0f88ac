/// A report `load merge` cannot take, or a set of reports that are not one run's segments.
public struct LoadMergeError: Error, Sendable, Equatable {
    /// The report at fault; `nil` when the set is (segments missing).
    public var file: String?
    public var reason: String

    public init(file: String?, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var message: String { (file.map { "\($0): " } ?? "") + reason }
}
