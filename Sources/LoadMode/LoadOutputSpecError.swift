/// An `--out` that names no output, or names one wrongly.
public struct LoadOutputSpecError: Error, Sendable, Equatable {
    /// The option as given: `--out xml=r.xml`.
    public var text: String
    public var reason: String

    public var message: String { "\(text): \(reason)" }
}
