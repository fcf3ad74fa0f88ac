/// A latency distribution an engine measured in a session (Performance's timings per
/// `feature.layer`), handed to reports engine-neutrally: test mode's HTML page draws it.
package struct LatencyHistogram: Sendable, Equatable {
    /// One bar: how many timings fell in `lower...upper` milliseconds.
    package struct Bucket: Sendable, Equatable {
        package var lower: Double
        package var upper: Double
        package var count: Int

        package init(lower: Double, upper: Double, count: Int) {
            self.lower = lower
            self.upper = upper
            self.count = count
        }
    }

    /// What was timed, as the engine names it (`perf login.api`).
    package var name: String
    package var count: Int
    /// Milliseconds.
    package var p50: Double
    package var p99: Double
    package var max: Double
    package var buckets: [Bucket]

    package init(name: String, count: Int, p50: Double, p99: Double, max: Double, buckets: [Bucket]) {
        self.name = name
        self.count = count
        self.p50 = p50
        self.p99 = p99
        self.max = max
        self.buckets = buckets
    }
}
