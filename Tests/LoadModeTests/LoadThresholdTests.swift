import Testing

@testable import LoadMode

/// `--threshold` as a user writes it, and its verdict over a run's figures.
struct LoadThresholdTests {
    @Test func thresholdsParse() throws {
        let p99 = try LoadThreshold("miataru.UpdateLocation:p99<200ms")
        #expect(p99.kind == "miataru.UpdateLocation" && p99.metric == .latency(percentile: 99) && p99.comparison == .less && p99.limit == 200)
        #expect(try LoadThreshold("p99.9<=1.5s").limit == 1500)
        #expect(try LoadThreshold("errors<1%").metric == .errors)
        #expect(try LoadThreshold("rate>=500/s").comparison == .greaterOrEqual)
        #expect(try LoadThreshold("checks>99%").limit == 99)
        #expect(try LoadThreshold("iteration_errors<1%").metric == .iterationErrors)
        #expect(try LoadThreshold("http GET /users/{{id}}:max<2s").kind == "http GET /users/{{id}}")
        for (text, reason) in [
            ("p99", "expected METRIC<VALUE"), ("errors<1", "errors is a percentage"), ("p101<1ms", "unknown metric 'p101'"),
            ("p99<fast", "is not a duration"), ("hamon.events:checks>99%", "checks are counted for the whole run"), ("rate>=-1/s", "is not a number"),
            ("hamon.events:iteration_errors<1%", "iteration_errors are counted for the whole run"),
        ] {
            #expect(throws: LoadThresholdError.self, "\(text)") { try LoadThreshold(text) }
            do {
                _ = try LoadThreshold(text)
            } catch {
                #expect(error.message.contains(reason), "\(text): \(error.message)")
            }
        }
    }

    @Test func thresholdsJudgeTheFigures() throws {
        var fast = KindFigures()
        for value in 1...100 { _ = fast.latency.record(UInt64(value) * 1000) }
        fast.statuses = [200: 99, 500: 1]
        var metrics = LoadMetrics.Snapshot()
        metrics.kinds = ["hamon.events": fast]
        metrics.checksPassed = 999
        metrics.checksFailed = 1
        let report = LoadRunReport(metrics: metrics, duration: .seconds(2), devices: 1, devicesUnstarted: 0, interrupted: false)
        #expect(try LoadThreshold("hamon.events:p50<=51ms").holds(in: report))
        #expect(try !LoadThreshold("hamon.events:p99<90ms").holds(in: report))
        #expect(try LoadThreshold("errors<=1%").holds(in: report) && !LoadThreshold("errors<1%").holds(in: report))
        #expect(try LoadThreshold("rate>=50/s").holds(in: report) && !LoadThreshold("rate>50/s").holds(in: report))
        #expect(try LoadThreshold("checks>=99.9%").holds(in: report))
        #expect(try !LoadThreshold("sift.upload:p99<1s").holds(in: report), "a kind that never happened does not hold")
    }

    /// Iterations a command's error ended fail `iteration_errors`, though every exchange succeeded
    /// (`errors<1%` holds at 0%).
    @Test func failedIterationsCanFailTheRun() throws {
        var fine = KindFigures()
        _ = fine.latency.record(1000)
        fine.statuses = [200: 10]
        var metrics = LoadMetrics.Snapshot()
        metrics.kinds = ["http GET /x": fine]
        metrics.iterations = 100
        metrics.iterationsFailed = 3
        let report = LoadRunReport(metrics: metrics, duration: .seconds(1), devices: 1, devicesUnstarted: 0, interrupted: false)
        #expect(try LoadThreshold("errors<1%").holds(in: report))
        #expect(try LoadThreshold("iteration_errors<1%").value(in: report) == 3)
        #expect(try !LoadThreshold("iteration_errors<1%").holds(in: report) && LoadThreshold("iteration_errors<=3%").holds(in: report))
    }
}
