import Histogram
import JSON

/// `load merge`: the JSON reports of a sharded run's segments as one run's report. Counts, bytes,
/// checks, iterations and devices add up; each kind's latency histograms (`hdr`) add up, so its
/// percentiles are the whole run's within HdrHistogram's precision; the run lasted as long as its
/// longest segment, from the earliest start.
///
/// Only the segments of one run add up: each report names its segment K/N, script and plan, and
/// a set with a segment twice, mixed N, another script or plan is refused, as is one with
/// segments missing unless `allowingPartial`.
package enum LoadReportMerge {
    /// - Throws: `LoadMergeError` naming the report that is not one this version wrote, or not
    ///   of the same run as the first, or the segments missing.
    package static func merge(_ reports: [(name: String, text: String)], allowingPartial: Bool = false) throws(LoadMergeError) -> LoadRunReport {
        var merged = LoadRunReport(metrics: LoadMetrics.Snapshot(), duration: .zero, devices: 0, devicesUnstarted: 0, interrupted: false)
        var earliest = Double.infinity
        var run: LoadMergeRun?
        for (name, text) in reports {
            let report: Value
            do throws(JSONParser.Failure) {
                report = try JSONParser.parse(text)
            } catch {
                throw LoadMergeError(file: name, reason: "not JSON: \(error.reason)")
            }
            guard case .object(let object) = report, object["schema"] == .string("sdkbench-load-report") else {
                throw LoadMergeError(file: name, reason: "not an sdkbench-load-report (load --report-json)")
            }
            guard object["version"] == .int(LoadJSONReport.version) else {
                throw LoadMergeError(
                    file: name,
                    reason: "version \(object["version"]?.numberValue.map { Int($0) } ?? 0) of the report; this sdkbench merges version "
                        + "\(LoadJSONReport.version), which records each segment, script and plan (run the segments again)"
                )
            }
            let segment = try LoadMergeRun.Segment(object, in: name)
            if let run {
                try run.admit(segment)
            } else {
                run = LoadMergeRun(segment)
            }
            run?.held[segment.segment.index] = name
            try ReportCount.add("devices", of: object, to: &merged.devices, file: name)
            try ReportCount.add("devicesUnstarted", of: object, to: &merged.devicesUnstarted, file: name)
            try ReportCount.add("iterations", of: object, to: &merged.metrics.iterations, file: name)
            try ReportCount.add("iterationsFailed", of: object, to: &merged.metrics.iterationsFailed, file: name)
            try ReportCount.add("iterationsDropped", of: object, to: &merged.metrics.droppedIterations, file: name)
            try ReportCount.add("iterationsCut", of: object, to: &merged.metrics.iterationsCut, file: name)
            if case .array(let errors)? = object["iterationErrors"] {
                for case .object(let error) in errors {
                    guard case .string(let kind)? = error["kind"], case .string(let first)? = error["first"] else { continue }
                    let count = try ReportCount.read("count", in: error, field: "iterationErrors[].count", file: name)
                    let known = merged.metrics.iterationErrors.first { $0.kind == kind }?.count ?? 0
                    _ = try ReportCount.sum(known, count, field: "iterationErrors[].count", file: name)
                    merged.metrics.addIterationErrors(IterationError(kind: kind, count: count, first: first))
                }
            }
            if case .object(let checks)? = object["checks"] {
                try ReportCount.add("passed", of: checks, to: &merged.metrics.checksPassed, field: "checks.passed", file: name)
                try ReportCount.add("failed", of: checks, to: &merged.metrics.checksFailed, field: "checks.failed", file: name)
            }
            if case .object(let lateness)? = object["iterationStartLateness"], case .string(let encoded)? = lateness["hdr"],
                let histogram = HdrHistogramEncoding.decode(encoded)
            {
                merged.metrics.iterationStartLateness.add(histogram)
            }
            if object["interrupted"] == .bool(true) { merged.interrupted = true }
            let seconds = object["duration"]?.numberValue ?? 0
            merged.duration = max(merged.duration, .milliseconds(Int64((seconds * 1000).rounded())))
            earliest = min(earliest, object["startedAt"]?.numberValue ?? .infinity)
            guard case .object(let kinds)? = object["kinds"] else { continue }
            for (kind, value) in kinds {
                var total = merged.metrics.kinds.removeValue(forKey: kind) ?? KindFigures()
                let added = try figures(kind, value, in: name)
                try checkSums(total, added, kind: kind, file: name)
                total.merge(added)
                merged.metrics.kinds[kind] = total
            }
        }
        merged.startedAt = earliest.isFinite ? earliest : 0
        guard let run else { return merged }
        try run.checkComplete(allowingPartial: allowingPartial)
        merged.plan = run.first.plan
        merged.plan?.segment = .whole
        merged.script = run.first.script
        merged.mergedSegments = (run.held.keys.sorted(), run.first.segment.count)
        return merged
    }

    private static func figures(_ kind: String, _ value: Value, in name: String) throws(LoadMergeError) -> KindFigures {
        guard case .object(let object) = value, case .string(let encoded)? = object["hdr"] else {
            throw LoadMergeError(file: name, reason: "kind '\(kind)' has no latency histogram ('hdr')")
        }
        guard let latency = HdrHistogramEncoding.decode(encoded) else {
            throw LoadMergeError(
                file: name,
                reason: "kind '\(kind)': its latency histogram ('hdr') is not one HdrHistogram can read (a damaged report?)"
            )
        }
        var figures = KindFigures()
        figures.latency = latency
        if case .object(let statuses)? = object["statuses"] {
            for (status, count) in statuses {
                guard let code = Int(status) else { continue }
                figures.statuses[code] = try ReportCount.count(count, field: "kinds.\(kind).statuses.\(status)", file: name)
            }
        }
        if case .object(let errors)? = object["errors"] {
            for (error, count) in errors { figures.errors[error] = try ReportCount.count(count, field: "kinds.\(kind).errors", file: name) }
        }
        figures.bytesSent = try ReportCount.read("bytesSent", in: object, field: "kinds.\(kind).bytesSent", file: name)
        figures.bytesReceived = try ReportCount.read("bytesReceived", in: object, field: "kinds.\(kind).bytesReceived", file: name)
        return figures
    }

    /// Refuses `added` when a count of it would take `total`'s past `Int.max` (`KindFigures.merge` adds without looking).
    private static func checkSums(_ total: KindFigures, _ added: KindFigures, kind: String, file: String) throws(LoadMergeError) {
        for (code, count) in added.statuses {
            _ = try ReportCount.sum(total.statuses[code] ?? 0, count, field: "kinds.\(kind).statuses.\(code)", file: file)
        }
        for (error, count) in added.errors { _ = try ReportCount.sum(total.errors[error] ?? 0, count, field: "kinds.\(kind).errors", file: file) }
        _ = try ReportCount.sum(total.bytesSent, added.bytesSent, field: "kinds.\(kind).bytesSent", file: file)
        _ = try ReportCount.sum(total.bytesReceived, added.bytesReceived, field: "kinds.\(kind).bytesReceived", file: file)
        _ = try ReportCount.sum(
            Int(clamping: total.latency.totalCount),
            Int(clamping: added.latency.totalCount),
            field: "kinds.\(kind).hdr",
            file: file
        )
    }
}
