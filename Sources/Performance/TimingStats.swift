import Histogram

/// Distribution of one feature.layer's durations, in seconds.
package struct TimingStats: Sendable, Equatable {
    /// `feature.layer`.
    package var key: String
    package var feature: String
    package var layer: String
    package var count: Int
    package var min: Double
    package var p50: Double
    package var p90: Double
    package var p99: Double
    package var max: Double
}
