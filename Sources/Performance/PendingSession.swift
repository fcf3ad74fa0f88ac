import Platform

/// A `start` still waiting for its `end`.
public struct PendingSession: Sendable, Equatable {
    public var feature: String
    public var layer: String
    /// Epoch seconds.
    public var startTime: Double
    public var metadata: [String: String]
}
