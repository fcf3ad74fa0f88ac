import Histogram
import Testing

@testable import LoadMode

struct HdrHistogramEncodingTests {
    /// Every recorded value and its count, as the histogram iterates them.
    private func counts(_ histogram: Histogram<UInt64>) -> [[UInt64]] {
        histogram.recordedValues().map { [$0.value, UInt64($0.count)] }
    }

    @Test func anEncodingDecodesToTheSameCounts() throws {
        var histogram = KindFigures.newHistogram()
        var generator = SystemRandomNumberGenerator()
        // Runs of empty buckets of every length, values at both ends, and repeated values.
        for _ in 0..<3000 { _ = histogram.record(UInt64.random(in: 1...3_600_000_000, using: &generator) >> UInt64.random(in: 0...31)) }
        _ = histogram.record(1, count: 7)
        _ = histogram.record(2047, count: 3)
        _ = histogram.record(3_600_000_000)
        let encoded = try HdrHistogramEncoding.encode(histogram, highestTrackableValue: LoadMetrics.highestMicroseconds)
        let decoded = try #require(HdrHistogramEncoding.decode(encoded))
        #expect(decoded.totalCount == histogram.totalCount)
        #expect(counts(decoded) == counts(histogram))
    }

    @Test func anEmptyHistogramEncodesToNoCounts() throws {
        let encoded = try HdrHistogramEncoding.encode(KindFigures.newHistogram(), highestTrackableValue: LoadMetrics.highestMicroseconds)
        let decoded = try #require(HdrHistogramEncoding.decode(encoded))
        #expect(decoded.totalCount == 0)
    }
}
