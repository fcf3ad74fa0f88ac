/// A `--threshold` that does not parse.
package struct LoadThresholdError: Error, Sendable, Equatable {
    package var text: String
    package var reason: String

    package var message: String { "--threshold '\(text)': \(reason)" }
}
