import Testing

@testable import LoadMode

/// `load merge` adds up only the segments of one run: each JSON report records its segment K/N,
/// script and plan, and a set that is not one run's segments is refused, saying why.
struct LoadReportMergeTests {
    static let plan = LoadPlan(devices: 8, stop: .iterations(3), seed: 42)
    static let script = LoadScriptIdentity(name: "flow.sdk", sha256: String(repeating: "ab", count: 32))

    /// Segment `k` of `n` of a run: `devices` devices that made `iterations` iterations (one
    /// failed by `source`), as `load --report-json` writes it.
    static func report(
        _ k: Int,
        of n: Int,
        plan: LoadPlan = plan,
        script: LoadScriptIdentity = script,
        devices: Int = 2,
        iterations: Int = 6
    ) -> String {
        var metrics = LoadMetrics.Snapshot()
        // Segment k's iterations started k × 100 ms late.
        for _ in 0..<iterations { metrics.iterationStartLateness.record(UInt64(k) * 100_000) }
        metrics.iterations = iterations
        metrics.iterationsFailed = 1
        metrics.iterationErrors = [IterationError(kind: "source", count: 1, first: "flow.sdk:2:1: cannot read 'x.sdk' (segment \(k))")]
        var report = LoadRunReport(metrics: metrics, duration: .seconds(1), devices: devices, devicesUnstarted: 0, interrupted: false)
        var segmented = plan
        segmented.segment = LoadSegment(index: k, count: n)
        report.plan = segmented
        report.script = script
        return LoadJSONReport.generate(report, thresholds: [])
    }

    private func refusal(_ reports: [(String, String)], allowingPartial: Bool = false) -> String? {
        do {
            _ = try LoadReportMerge.merge(reports.map { (name: $0.0, text: $0.1) }, allowingPartial: allowingPartial)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func theSegmentsOfOneRunAddUp() throws {
        let merged = try LoadReportMerge.merge((1...4).map { (name: "s\($0).json", text: Self.report($0, of: 4)) })
        #expect(merged.devices == 8 && merged.metrics.iterations == 24 && merged.metrics.iterationsFailed == 4)
        #expect(merged.metrics.iterationErrors == [IterationError(kind: "source", count: 4, first: "flow.sdk:2:1: cannot read 'x.sdk' (segment 1)")])
        #expect(merged.mergedSegments?.held == [1, 2, 3, 4] && merged.mergedSegments?.count == 4)
        #expect(merged.plan?.devices == 8 && merged.plan?.segment == .whole && merged.script == Self.script)
        #expect(LoadSummary.text(merged, thresholds: []).contains("segments:   4 of 4\n"))
        #expect(merged.metrics.iterationStartLateness.totalCount == 24, "the segments' start lateness adds up")
        #expect((399_000...401_000).contains(merged.metrics.iterationStartLateness.max))
        #expect(
            LoadHTMLReport.generate(merged, thresholds: []).contains("data-kind=\"source\" data-count=\"4\">4 × source: flow.sdk:2:1: cannot read "),
            "the HTML report lists the iterations' errors too"
        )
        // The merged report says what it holds, and is not itself a segment to merge again.
        let text = LoadJSONReport.generate(merged, thresholds: [])
        #expect(text.contains("\"segments\"") && !text.contains("\"segment\":"))
        #expect(
            refusal([("merged.json", text), ("s1.json", Self.report(1, of: 4))]) == "merged.json: a merged report; merge the segments' own reports"
        )
    }

    @Test func aSegmentTwiceIsRefused() {
        #expect(
            refusal([("a.json", Self.report(1, of: 2)), ("b.json", Self.report(1, of: 2))])
                == "b.json: segment 1/2 again (a.json is it too): its figures would count twice"
        )
    }

    @Test func mixedSegmentCountsAreRefused() {
        #expect(
            refusal([("a.json", Self.report(1, of: 2)), ("b.json", Self.report(1, of: 3))])?.hasPrefix("b.json: segment 1/3, but a.json is 1/2")
                == true
        )
        // A whole run with a segment of another run of the same plan.
        #expect(
            refusal([("whole.json", Self.report(1, of: 1)), ("b.json", Self.report(2, of: 2))])?.hasPrefix(
                "b.json: segment 2/2, but whole.json is 1/1"
            ) == true
        )
    }

    @Test func anotherScriptOrPlanIsRefused() {
        let other = LoadScriptIdentity(name: "other.sdk", sha256: String(repeating: "cd", count: 32))
        #expect(
            refusal([("a.json", Self.report(1, of: 2)), ("b.json", Self.report(2, of: 2, script: other))])
                == "b.json: ran another script: other.sdk (sha256 cdcdcdcdcdcd…), a.json ran flow.sdk (sha256 abababababab…)"
        )
        var seeded = Self.plan
        seeded.seed = 43
        seeded.devices = 4
        #expect(
            refusal([("a.json", Self.report(1, of: 2)), ("b.json", Self.report(2, of: 2, plan: seeded))])
                == #"b.json: another plan than a.json's: devices 4 against 8, seed "43" against "42""#
        )
    }

    @Test func missingSegmentsAreNamedAndAllowedOnlyWhenAsked() throws {
        let some = [("s1.json", Self.report(1, of: 4)), ("s3.json", Self.report(3, of: 4))]
        #expect(refusal(some) == "segments missing: 2/4, 4/4 (2 of 4 given); give them all, or --allow-partial")
        let partial = try LoadReportMerge.merge(some.map { (name: $0.0, text: $0.1) }, allowingPartial: true)
        #expect(partial.metrics.iterations == 12)
        #expect(LoadSummary.text(partial, thresholds: []).contains("segments:   2 of 4 (missing 2/4, 4/4)\n"))
    }

    /// `"iterations": 9223372036854775807` (or `1e19`) made the merge die with Illegal instruction
    /// (exit 132, no message); `-5` was added as it was (`iterations: -4`). Each count is refused
    /// naming the file and the field, as is a sum that would pass `Int.max`.
    @Test func countsThatAreNegativeNotWholeOrOverflowingAreRefusedNamingTheField() throws {
        let first = Self.report(1, of: 2)
        let second = Self.report(2, of: 2)
        #expect(first.contains("\"iterations\": 6,"), "the report's spelling the cases below edit: \(first)")
        for (written, shown) in [("-5", "-5"), ("1e19", "1e+19"), ("2.5", "2.5"), ("\"6\"", "\"6\"")] {
            let edited = second.replacing("\"iterations\": 6,", with: "\"iterations\": \(written),")
            #expect(
                refusal([("a.json", first), ("b.json", edited)])
                    == "b.json: field 'iterations' is \(shown): expected a count, a whole number from 0 to 9223372036854775807",
                "\(written)"
            )
        }
        let huge = second.replacing("\"iterations\": 6,", with: "\"iterations\": 9223372036854775807,")
        #expect(
            refusal([("a.json", first), ("b.json", huge)])
                == "b.json: field 'iterations' (9223372036854775807) takes the merged total past 9223372036854775807"
        )
        let devices = second.replacing("\"devices\": 2,", with: "\"devices\": -1,")
        #expect(devices != second)
        #expect(refusal([("a.json", first), ("b.json", devices)])?.hasPrefix("b.json: field 'devices' is -1") == true)
    }

    @Test func aSegmentThatIsNotKOfNSaysSo() throws {
        let report = Self.report(1, of: 1)
        let segment = report.replacing("\"segment\": \"1/1\"", with: "\"segment\": \"0/3\"")
        #expect(segment != report)
        #expect(refusal([("z.json", segment)]) == "z.json: segment \"0/3\" is not K/N (1 <= K <= N)")
    }

    @Test func aReportWithoutItsSegmentIsRefused() {
        let old = Self.report(1, of: 1).replacing("\"version\": 2", with: "\"version\": 1")
        #expect(refusal([("old.json", old)])?.hasPrefix("old.json: version 1 of the report; this sdkbench merges version 2") == true)
    }
}
