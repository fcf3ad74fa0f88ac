/// An `--out` that names no output, or names one wrongly.
package struct LoadOutputSpecError: Error, Sendable, Equatable {
    /// The option as given: `--out xml=r.xml`.
    package var text: String
    package var reason: String

    package var message: String { "\(text): \(reason)" }
}
