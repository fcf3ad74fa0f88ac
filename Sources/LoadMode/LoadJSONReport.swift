import Histogram
import JSON
import Platform

/// The JSON report of a load run: `"schema": "sdkbench-load-report"`, `"version": 2`.
///
/// Version 2 keys: `schema`, `version`, `segment` (`"K/N"`, this process's share; a merged
/// report has `segments` instead: `held`, the K merged, and `count`, N), `script` (`name`,
/// `sha256` of its bytes), `plan` (the whole run's: `devices`, `iterations` or `duration`,
/// `think`, `rampUp`, `seed` as a string, `rate`, `maxDevices`, `idleClose`, `gracefulStop`), `startedAt` (seconds
/// since the epoch), `duration` (seconds), `devices`, `devicesUnstarted` (the duration ended during their ramp-up
/// offset), `interrupted` (by a signal), `iterations`, `iterationsFailed`, `iterationsDropped` (open model: arrivals
/// no device was free for), `iterationsCut` (in flight at the end of `--graceful-stop`), `iterationErrors` (the
/// failed iterations by kind, the command that failed or `interrupted`: `kind`, `count`, `first`,
/// the first one's located message),
/// `checks` (`passed`, `failed`), `kinds` (by name: `count`, `failed`, `statuses` by code, `errors`
/// by class, `bytesSent`, `bytesReceived`, `rate` per second, `latencyMs` with `p50`, `p90`, `p99`,
/// `p999`, `max`, `mean`, and `hdr`, the whole run's latencies in microseconds in HdrHistogram's
/// compressed V2 encoding, which `load merge` adds up), `iterationStartLateness` (how late each
/// iteration started after its schedule's moment: `count`, `p50`, `p90`, `p99`, `max` in
/// milliseconds, `hdr` as the kinds'), `thresholds` (each `threshold`, `value` or null, `ok`).
package enum LoadJSONReport {
    /// 2 added `segment`/`segments`, `script` and `plan`, which `load merge` needs.
    package static let version = 2

    package static func generate(_ report: LoadRunReport, thresholds: [LoadThreshold]) -> String {
        var object = JSONObject()
        object["schema"] = .string("sdkbench-load-report")
        object["version"] = .int(version)
        if let merged = report.mergedSegments {
            object["segments"] = .object(["held": .array(merged.held.map(Value.int)), "count": .int(merged.count)])
        } else if let plan = report.plan {
            object["segment"] = .string(plan.segment.text)
        }
        if let script = report.script { object["script"] = .object(["name": .string(script.name), "sha256": .string(script.sha256)]) }
        if let plan = report.plan { object["plan"] = plan.json }
        object["startedAt"] = .double(report.startedAt)
        object["duration"] = .double(report.duration.inSeconds)
        object["devices"] = .int(report.devices)
        object["devicesUnstarted"] = .int(report.devicesUnstarted)
        object["interrupted"] = .bool(report.interrupted)
        object["iterations"] = .int(report.metrics.iterations)
        object["iterationsFailed"] = .int(report.metrics.iterationsFailed)
        object["iterationsDropped"] = .int(report.metrics.droppedIterations)
        object["iterationsCut"] = .int(report.metrics.iterationsCut)
        object["iterationErrors"] = .array(
            report.metrics.iterationErrors.map { error in
                .object(["kind": .string(error.kind), "count": .int(error.count), "first": .string(error.first)])
            }
        )
        object["checks"] = .object(["passed": .int(report.metrics.checksPassed), "failed": .int(report.metrics.checksFailed)])
        object["iterationStartLateness"] = lateness(report.metrics.iterationStartLateness)
        var kinds = JSONObject()
        for (kind, figures) in report.kindsByCount { kinds[kind] = self.kind(figures, report) }
        object["kinds"] = .object(kinds)
        object["thresholds"] = .array(
            thresholds.map { threshold in
                .object([
                    "threshold": .string(threshold.text), "value": threshold.value(in: report).map(Value.double) ?? .null,
                    "ok": .bool(threshold.holds(in: report)),
                ])
            }
        )
        return JSONWriter.pretty(.object(object)) + "\n"
    }

    private static func lateness(_ histogram: Histogram<UInt64>) -> Value {
        let figures = KindFigures(latency: histogram)
        let percentiles = figures.milliseconds(atPercentiles: [50, 90, 99])
        return .object([
            "count": .int(Int(histogram.totalCount)), "p50": .double(percentiles[0]), "p90": .double(percentiles[1]),
            "p99": .double(percentiles[2]), "max": .double(figures.maxMilliseconds),
            "hdr": (try? HdrHistogramEncoding.encode(histogram, highestTrackableValue: LoadMetrics.highestMicroseconds)).map(Value.string) ?? .null,
        ])
    }

    private static func kind(_ figures: KindFigures, _ report: LoadRunReport) -> Value {
        var statuses = JSONObject()
        for (status, count) in figures.statuses.sorted(by: { $0.key < $1.key }) { statuses[String(status)] = .int(count) }
        var errors = JSONObject()
        for (error, count) in figures.errors.sorted(by: { $0.key < $1.key }) { errors[error] = .int(count) }
        let percentiles = figures.milliseconds(atPercentiles: [50, 90, 99, 99.9])
        let latency: Value = .object([
            "p50": .double(percentiles[0]), "p90": .double(percentiles[1]), "p99": .double(percentiles[2]), "p999": .double(percentiles[3]),
            "max": .double(figures.maxMilliseconds), "mean": .double(figures.meanMilliseconds),
        ])
        return .object([
            "count": .int(figures.count), "failed": .int(figures.failed), "statuses": .object(statuses), "errors": .object(errors),
            "bytesSent": .int(figures.bytesSent), "bytesReceived": .int(figures.bytesReceived), "rate": .double(report.rate(figures)),
            "latencyMs": latency,
            "hdr": (try? HdrHistogramEncoding.encode(figures.latency, highestTrackableValue: LoadMetrics.highestMicroseconds)).map(Value.string)
                ?? .null,
        ])
    }
}
