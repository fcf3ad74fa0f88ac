import Histogram

/// What load mode measured of one kind of exchange (`miataru.UpdateLocation`, `http GET /x`).
package struct KindFigures: Sendable {
    /// Latency in microseconds, 1 µs to 1 hour at three significant digits.
    package var latency = KindFigures.newHistogram()
    /// Exchanges that got an answer, by status.
    package var statuses: [Int: Int] = [:]
    /// Exchanges that got none, by what went wrong (`timeout`, `connection refused`).
    package var errors: [String: Int] = [:]
    package var bytesSent = 0
    package var bytesReceived = 0

    package init() {}

    /// Figures of a latency-like histogram alone (the iterations' start lateness), for its
    /// percentiles.
    package init(latency: Histogram<UInt64>) { self.latency = latency }

    /// 1 µs to 1 hour at three significant digits: the layout `HdrHistogramEncoding` writes.
    static func newHistogram() -> Histogram<UInt64> {
        Histogram(lowestDiscernibleValue: 1, highestTrackableValue: LoadMetrics.highestMicroseconds, numberOfSignificantValueDigits: .three)
    }

    /// Every exchange, answered or not.
    package var count: Int { statuses.values.reduce(0, +) + errors.values.reduce(0, +) }

    /// Exchanges with no answer or a 4xx/5xx.
    package var failed: Int { errors.values.reduce(0, +) + statuses.filter { $0.key >= 400 }.values.reduce(0, +) }

    /// A latency percentile in milliseconds.
    package func milliseconds(atPercentile percentile: Double) -> Double {
        milliseconds(atPercentiles: [percentile])[0]
    }

    /// Latency percentiles in milliseconds, in the order asked, from one pass over the histogram.
    package func milliseconds(atPercentiles percentiles: [Double]) -> [Double] {
        guard latency.totalCount > 0 else { return percentiles.map { _ in 0 } }
        return Self.values(atPercentiles: percentiles, of: latency).map { Double($0) / 1000 }
    }

    /// `Histogram.valueAtPercentile` of each percentile, over one pass of the iteration
    /// specialised here: the library's reads each count through generic conversions, which a
    /// JSON report's four percentiles for each kind pay over every bucket (guarded by the CPU s per 1,000 requests of scripts/bench/load_bench.py,
    /// whose runs write the JSON report).
    static func values(atPercentiles percentiles: [Double], of histogram: Histogram<UInt64>) -> [UInt64] {
        var values = [UInt64](repeating: 0, count: percentiles.count)
        // The count each percentile reaches, as the library takes it: one ulp off, so that
        // rounding up does not reach the next bucket.
        var pending: [(position: Int, count: UInt64)] = []
        for (position, percentile) in percentiles.enumerated() {
            if percentile == 0 {
                values[position] = histogram.min
            } else if percentile >= 100 {
                values[position] = histogram.maxRecorded
            } else {
                let requested = Swift.min(Swift.max(percentile.nextDown, 0), 100)
                pending.append((position, Swift.max(1, UInt64((requested * Double(histogram.totalCount) / 100).rounded(.up)))))
            }
        }
        guard !pending.isEmpty else { return values }
        pending.sort { $0.count < $1.count }
        var next = 0
        for recorded in histogram.recordedValues() {
            while next < pending.count, recorded.totalCountToThisValue >= pending[next].count {
                values[pending[next].position] = Swift.max(Swift.min(recorded.value, histogram.maxRecorded), histogram.min)
                next += 1
            }
            if next == pending.count { break }
        }
        return values
    }

    package var maxMilliseconds: Double { latency.totalCount == 0 ? 0 : Double(latency.max) / 1000 }

    /// The mean latency in milliseconds, as `Histogram.mean` takes it (each value at the middle of
    /// its equivalent range), over the iteration specialised here for these counts: the library's
    /// generic `mean` walks every bucket through generic conversions (the CPU s per 1,000 requests of scripts/bench/load_bench.py).
    package var meanMilliseconds: Double {
        guard latency.totalCount > 0 else { return 0 }
        var total: Double = 0
        for recorded in latency.recordedValues() {
            total +=
                Double(latency.lowestEquivalentForValue(recorded.value) + latency.sizeOfEquivalentRangeForValue(recorded.value) >> 1)
                * Double(recorded.count)
        }
        return total / Double(latency.totalCount) / 1000
    }

    mutating func merge(_ other: KindFigures) {
        latency.add(other.latency)
        statuses.merge(other.statuses, uniquingKeysWith: +)
        errors.merge(other.errors, uniquingKeysWith: +)
        bytesSent += other.bytesSent
        bytesReceived += other.bytesReceived
    }
}
