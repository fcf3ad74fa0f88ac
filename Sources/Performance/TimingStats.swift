import Histogram

/// Distribution of one feature.layer's durations, in seconds.
public struct TimingStats: Sendable, Equatable {
    /// `feature.layer`.
    public var key: String
    public var feature: String
    public var layer: String
    public var count: Int
    public var min: Double
    public var p50: Double
    public var p90: Double
    public var p99: Double
    public var max: Double
}
