import Platform

/// A `start` still waiting for its `end`.
package struct PendingSession: Sendable, Equatable {
    package var feature: String
    package var layer: String
    /// Epoch seconds.
    package var startTime: Double
    package var metadata: [String: String]
}
