/// A report `load merge` cannot take.
public struct LoadMergeError: Error, Sendable, Equatable {
    public var file: String
    public var reason: String

    public var message: String { "\(file): \(reason)" }
}
