import Histogram

/// One bar of a duration histogram: `[lower, upper]` seconds and how many timings fell in it.
public struct HistogramBucket: Sendable, Equatable {
    public var lower: Double
    public var upper: Double
    public var count: Int
}
