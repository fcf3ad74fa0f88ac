import Testing

@testable import LoadMode

/// A fleet that failed says so (issue 51 §4): the run exits 0 without thresholds, as k6's does,
/// but 90,226 failed iterations of 104,133 were a line among others at the end of the summary.
struct LoadSummaryTests {
    static func report(iterations: Int, failed: Int) -> LoadRunReport {
        var metrics = LoadMetrics.Snapshot()
        metrics.iterations = iterations
        metrics.iterationsFailed = failed
        return LoadRunReport(metrics: metrics, duration: .seconds(120), devices: 100_000, devicesUnstarted: 0, interrupted: false)
    }

    @Test func mostIterationsFailedIsTheSummarysFirstLine() {
        let text = LoadSummary.text(Self.report(iterations: 104_133, failed: 90_226), thresholds: [])
        #expect(text.hasPrefix("90226 of 104133 iterations failed (86.6%)\n\n"), "\(text)")
    }

    @Test func oneInAHundredOrFewerIsNotAHeadline() {
        #expect(LoadSummary.failureHeadline(Self.report(iterations: 1000, failed: 10)) == nil)
        #expect(LoadSummary.failureHeadline(Self.report(iterations: 1000, failed: 11)) == "11 of 1000 iterations failed (1.1%)")
        #expect(LoadSummary.failureHeadline(Self.report(iterations: 0, failed: 0)) == nil)
        #expect(LoadSummary.text(Self.report(iterations: 1000, failed: 0), thresholds: []).hasPrefix("kind "))
    }
}
