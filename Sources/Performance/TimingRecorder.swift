import Histogram

/// HDR histograms per feature.layer, in microseconds with three significant digits.
struct TimingRecorder {
    private struct Series {
        /// The timings themselves until there are `sampleLimit` of them, then the histogram: an
        /// HDR histogram over a day at three digits holds ~216 KB of counts, and a load run of
        /// 10,000 devices timing one feature each peaked at 2.5 GB for them.
        var samples: [UInt64] = []
        var recorded: Histogram<UInt64>?
        var count = 0
        var min = Double.infinity
        var max = 0.0

        static let sampleLimit = 256

        static func newHistogram() -> Histogram<UInt64> {
            Histogram<UInt64>(highestTrackableValue: 86_400_000_000, numberOfSignificantValueDigits: .three)
        }

        mutating func add(micros: UInt64, seconds: Double) {
            if recorded != nil {
                _ = recorded!.record(micros)
            } else if samples.count < Self.sampleLimit {
                samples.append(micros)
            } else {
                var histogram = Self.newHistogram()
                for sample in samples { _ = histogram.record(sample) }
                _ = histogram.record(micros)
                recorded = histogram
                samples = []
            }
            count += 1
            min = Swift.min(min, seconds)
            max = Swift.max(max, seconds)
        }

        /// The histogram of every timing: the kept one, or one made from the samples.
        var histogram: Histogram<UInt64> {
            if let recorded { return recorded }
            var histogram = Self.newHistogram()
            for sample in samples { _ = histogram.record(sample) }
            return histogram
        }
    }

    private var series: [PendingSessions.Key: Series] = [:]

    mutating func record(feature: String, layer: String, duration: Double) {
        let micros = UInt64(Swift.min(Swift.max(duration, 0) * 1_000_000, 86_400_000_000).rounded())
        series[PendingSessions.Key(feature: feature, layer: layer), default: Series()].add(micros: micros, seconds: duration)
    }

    /// One row per feature.layer, sorted by key. Extremes are exact; percentiles are within 0.1%.
    func stats() -> [TimingStats] {
        series.map { key, series in
            let histogram = series.histogram
            func percentile(_ value: Double) -> Double {
                let micros = Double(histogram.valueAtPercentile(value)) / 1_000_000
                return Swift.min(Swift.max(micros, series.min), series.max)
            }
            return TimingStats(
                key: key.feature + "." + key.layer,
                feature: key.feature,
                layer: key.layer,
                count: series.count,
                min: series.min,
                p50: percentile(50),
                p90: percentile(90),
                p99: percentile(99),
                max: series.max
            )
        }.sorted { $0.key < $1.key }
    }

    /// `buckets` equal-width bars from the fastest to the slowest timing of `feature.layer`.
    func histogram(feature: String, layer: String, buckets: Int) -> [HistogramBucket] {
        guard let series = series[PendingSessions.Key(feature: feature, layer: layer)], series.count > 0, buckets > 0 else {
            return []
        }
        let histogram = series.histogram
        let low = UInt64((series.min * 1_000_000).rounded())
        let high = UInt64((series.max * 1_000_000).rounded())
        let width = Swift.max(1, (high - low + UInt64(buckets)) / UInt64(buckets))
        var bars: [HistogramBucket] = []
        var lower = low
        var counted: UInt64 = 0
        while lower <= high && bars.count < buckets {
            let upper = bars.count == buckets - 1 ? high : Swift.min(high, lower + width - 1)
            // Equivalent-value ranges can straddle bar edges: count each recorded value once.
            let through = histogram.count(within: 0...histogram.highestEquivalentForValue(upper))
            let inBar = through - counted
            counted = through
            bars.append(HistogramBucket(lower: Double(lower) / 1_000_000, upper: Double(upper) / 1_000_000, count: Int(inBar)))
            lower = upper + 1
        }
        if let last = bars.indices.last { bars[last].count += Int(histogram.totalCount - counted) }
        return bars
    }

    mutating func removeAll() { series.removeAll() }
}
