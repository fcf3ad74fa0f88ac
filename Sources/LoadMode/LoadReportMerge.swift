import JSON

/// `load merge`: the JSON reports of a sharded run's segments as one run's report. Counts, bytes,
/// checks, iterations and devices add up; each kind's latency histograms (`hdr`) add up, so its
/// percentiles are the whole run's within HdrHistogram's precision; the run lasted as long as its
/// longest segment, from the earliest start.
public enum LoadReportMerge {
    /// - Throws: `LoadMergeError` naming the report that is not one this version wrote.
    public static func merge(_ reports: [(name: String, text: String)]) throws(LoadMergeError) -> LoadRunReport {
        var merged = LoadRunReport(metrics: LoadMetrics.Snapshot(), duration: .zero, devices: 0, devicesUnstarted: 0, interrupted: false)
        var earliest = Double.infinity
        for (name, text) in reports {
            let report: Value
            do throws(JSONParser.Failure) {
                report = try JSONParser.parse(text)
            } catch {
                throw LoadMergeError(file: name, reason: "not JSON: \(error.reason)")
            }
            guard case .object(let object) = report, object["schema"] == .string("sdkbench-load-report"), object["version"] == .int(1) else {
                throw LoadMergeError(file: name, reason: "not an sdkbench-load-report of version 1 (load --report-json)")
            }
            merged.devices += integer("devices", in: object)
            merged.devicesUnstarted += integer("devicesUnstarted", in: object)
            merged.metrics.iterations += integer("iterations", in: object)
            merged.metrics.iterationsFailed += integer("iterationsFailed", in: object)
            merged.metrics.droppedIterations += integer("iterationsDropped", in: object)
            if case .object(let checks)? = object["checks"] {
                merged.metrics.checksPassed += integer("passed", in: checks)
                merged.metrics.checksFailed += integer("failed", in: checks)
            }
            if object["interrupted"] == .bool(true) { merged.interrupted = true }
            let seconds = object["duration"]?.numberValue ?? 0
            merged.duration = max(merged.duration, .milliseconds(Int64((seconds * 1000).rounded())))
            earliest = min(earliest, object["startedAt"]?.numberValue ?? .infinity)
            guard case .object(let kinds)? = object["kinds"] else { continue }
            for (kind, value) in kinds {
                var total = merged.metrics.kinds.removeValue(forKey: kind) ?? KindFigures()
                total.merge(try figures(kind, value, in: name))
                merged.metrics.kinds[kind] = total
            }
        }
        merged.startedAt = earliest.isFinite ? earliest : 0
        return merged
    }

    private static func figures(_ kind: String, _ value: Value, in name: String) throws(LoadMergeError) -> KindFigures {
        guard case .object(let object) = value, case .string(let encoded)? = object["hdr"], let latency = HdrHistogramEncoding.decode(encoded) else {
            throw LoadMergeError(file: name, reason: "kind '\(kind)' has no latency histogram ('hdr')")
        }
        var figures = KindFigures()
        figures.latency = latency
        if case .object(let statuses)? = object["statuses"] {
            for (status, count) in statuses { if let code = Int(status) { figures.statuses[code] = count.numberValue.map { Int($0) } ?? 0 } }
        }
        if case .object(let errors)? = object["errors"] {
            for (error, count) in errors { figures.errors[error] = count.numberValue.map { Int($0) } ?? 0 }
        }
        figures.bytesSent = integer("bytesSent", in: object)
        figures.bytesReceived = integer("bytesReceived", in: object)
        return figures
    }

    private static func integer(_ key: String, in object: JSONObject) -> Int { object[key]?.numberValue.map { Int($0) } ?? 0 }
}
