import Histogram

/// One bar of a duration histogram: `[lower, upper]` seconds and how many timings fell in it.
package struct HistogramBucket: Sendable, Equatable {
    package var lower: Double
    package var upper: Double
    package var count: Int
}
