/// A `--threshold` that does not parse.
public struct LoadThresholdError: Error, Sendable, Equatable {
    public var text: String
    public var reason: String

    public var message: String { "--threshold '\(text)': \(reason)" }
}
