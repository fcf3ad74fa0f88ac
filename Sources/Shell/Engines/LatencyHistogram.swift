/// A latency distribution an engine measured in a session (Performance's timings per
/// `feature.layer`), handed to reports engine-neutrally: test mode's HTML page draws it.
public struct LatencyHistogram: Sendable, Equatable {
    /// One bar: how many timings fell in `lower...upper` milliseconds.
    public struct Bucket: Sendable, Equatable {
        public var lower: Double
        public var upper: Double
        public var count: Int

        public init(lower: Double, upper: Double, count: Int) {
            self.lower = lower
            self.upper = upper
            self.count = count
        }
    }

    /// What was timed, as the engine names it (`perf login.api`).
    public var name: String
    public var count: Int
    /// Milliseconds.
    public var p50: Double
    public var p99: Double
    public var max: Double
    public var buckets: [Bucket]

    public init(name: String, count: Int, p50: Double, p99: Double, max: Double, buckets: [Bucket]) {
        self.name = name
        self.count = count
        self.p50 = p50
        self.p99 = p99
        self.max = max
        self.buckets = buckets
    }
}
