import Testing

@testable import LoadMode

/// Exchanges arrive in batches from each device, a little late: each is still counted in the
/// second it ended, and every one in the run's figures.
struct LoadMetricsTests {
    private func exchange(_ second: Int, _ microseconds: UInt64 = 1000, status: Int? = 200) -> LoadMetrics.Exchange {
        LoadMetrics.Exchange(kind: "k", second: second, microseconds: microseconds, status: status, error: nil, sent: 10, received: 20)
    }

    @Test func aBatchThatComesASecondLateIsCountedInItsOwnSecond() {
        let metrics = LoadMetrics()
        metrics.record([exchange(0), exchange(0)])
        metrics.record([exchange(1)])
        metrics.record([exchange(2, status: 500)])
        // A device's batch from second 1, given after another device's from second 2.
        metrics.record([exchange(1), exchange(1)])
        // Seconds 3 and 5 later: second 2 closes with its one exchange, 3 and 4 as they are.
        metrics.record([exchange(3)])
        metrics.record([exchange(5)])
        let snapshot = metrics.snapshot(closingIntervals: true)
        #expect(snapshot.intervals.map { [$0.second, $0.count, $0.failed] } == [[0, 2, 0], [1, 3, 0], [2, 1, 1], [3, 1, 0], [5, 1, 0]])
        let figures = snapshot.kinds["k"]
        #expect(figures?.count == 8 && figures?.failed == 1)
        #expect(figures?.bytesSent == 80 && figures?.bytesReceived == 160)
    }

    /// An exchange's latency and second come from the clock's readings in nanoseconds: whole
    /// microseconds between two, whole seconds since the run began; the clock is the one
    /// `ContinuousClock` reads.
    @Test func readingsGiveMicrosecondsAndTheRunsSecond() {
        #expect(MonotonicNanoseconds.microseconds(from: 1_000, to: 2_501_999) == 2_500)
        #expect(MonotonicNanoseconds.microseconds(from: 5_000, to: 4_000) == 0)
        let metrics = LoadMetrics()
        let now = MonotonicNanoseconds.now()
        #expect(metrics.second(at: 0) == 0)
        #expect(metrics.second(at: now + 2_500_000_000) == 2)
        let start = (ContinuousClock.now, MonotonicNanoseconds.now())
        while ContinuousClock.now - start.0 < .milliseconds(20) {}
        let elapsed = MonotonicNanoseconds.now() - start.1
        #expect(elapsed >= 20_000_000 && elapsed < 2_000_000_000, "\(elapsed) ns")
    }

    @Test func anExchangeOlderThanTheOpenSecondsGoesToTheOlderOne() {
        let metrics = LoadMetrics()
        metrics.record([exchange(4)])
        metrics.record([exchange(0)])
        let snapshot = metrics.snapshot(closingIntervals: true)
        #expect(snapshot.intervals.map { [$0.second, $0.count] } == [[3, 1], [4, 1]])
    }

    /// Without intervals kept, the whole run's figures are the same and no second is kept.
    @Test func withoutIntervalsOnlyTheWholeRunIsCounted() {
        let kept = LoadMetrics()
        let unkept = LoadMetrics(keepsIntervals: false)
        for metrics in [kept, unkept] {
            metrics.record([exchange(0), exchange(1), exchange(3)])
            metrics.record([exchange(4)])
        }
        let (withSeconds, without) = (kept.snapshot(closingIntervals: true), unkept.snapshot(closingIntervals: true))
        #expect(!withSeconds.intervals.isEmpty && without.intervals.isEmpty)
        #expect(without.kinds.mapValues(\.count) == withSeconds.kinds.mapValues(\.count) && without.kinds.values.first?.count == 4)
        #expect(without.kinds.values.first?.latency.totalCount == 4)
    }

    @Test func theMeanIsTheHistogramsOwn() {
        var figures = KindFigures()
        #expect(figures.meanMilliseconds == 0)
        // Values across many buckets, some with several counts, up to the hour the histogram tracks.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5000 { _ = figures.latency.record(UInt64.random(in: 1...3_600_000_000, using: &generator) >> UInt64.random(in: 0...30)) }
        _ = figures.latency.record(1234, count: 40)
        let expected = figures.latency.mean / 1000
        #expect(abs(figures.meanMilliseconds - expected) <= expected * 1e-12)
    }

    @Test func thePercentilesAreTheHistogramsOwn() {
        var figures = KindFigures()
        #expect(figures.milliseconds(atPercentile: 50) == 0)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5000 { _ = figures.latency.record(UInt64.random(in: 1...3_600_000_000, using: &generator) >> UInt64.random(in: 0...30)) }
        _ = figures.latency.record(1234, count: 400)
        // In no order, repeated, at the ends and past them.
        let percentiles =
            [99, 0, 0.1, 1, 25, 50, 50.5, 50, 90, 99.9, 99.99, 100, 120] + (0..<40).map({ _ in Double.random(in: 0...100, using: &generator) })
        let values = KindFigures.values(atPercentiles: percentiles, of: figures.latency)
        #expect(values == percentiles.map { figures.latency.valueAtPercentile($0) }, "\(percentiles)")
        #expect(figures.milliseconds(atPercentile: 99) == Double(figures.latency.valueAtPercentile(99)) / 1000)
    }
}
