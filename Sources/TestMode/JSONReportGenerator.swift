import JSON
import Shell

/// The JSON report: every file, its status, commands run, duration, test cases and failures,
/// and what it wrote; `"schema": "sdkbench-test-report"`, `"version": 1`. Durations are seconds.
///
/// Version 1 keys: top level `schema`, `version`, `status`, `duration`, `summary` (`files`,
/// `passed`, `failed`, `errors`, `broken`, `notRun`, `assertions`, `assertionsPassed`,
/// `assertionsFailed`) and `files`; each file `file`, `status`, `duration`, `commands`,
/// `checkErrors`, `testCases`, `tries` (each try's `status` and `duration` when `--retry` ran it
/// again, else empty), `latencies` (what it timed with `perf`: each `name`, `count`, `p50Ms`,
/// `p99Ms`, `maxMs` and `buckets` of `lowerMs`, `upperMs`, `count`), `stdout`, `stderr`; each test case `name`, `file`, `line`,
/// `duration`, `outcome` (`passed`, `failed`, `error`) and, when not passed, `message`, with
/// `actual` and `expected` (JSON text) when the expectation compared values. Added in version 1
/// without breaking a reader, only when there are any: a file's `warnings` (`FILE:LINE: warning: …`),
/// a test case's `warnings` and its `evidence` (the exchanges that led to a failure or error, as the
/// trace renders them).
package enum JSONReportGenerator {
    package static let version = 1

    package static func generate(_ run: TestRunReport) -> String {
        var summary = JSONObject()
        summary["files"] = .int(run.files.count)
        for status in TestFileStatus.allCases { summary[status == .error ? "errors" : status.rawValue] = .int(run.count(status)) }
        summary["notRun"] = .int(run.notRun)
        summary["assertions"] = .int(run.assertionCount)
        summary["assertionsPassed"] = .int(run.assertionCount - run.failedAssertionCount)
        summary["assertionsFailed"] = .int(run.failedAssertionCount)
        var report = JSONObject()
        report["schema"] = .string("sdkbench-test-report")
        report["version"] = .int(version)
        report["status"] = .string(run.status.rawValue)
        report["duration"] = seconds(run.duration)
        report["summary"] = .object(summary)
        report["files"] = .array(run.files.map(file))
        return JSONWriter.pretty(.object(report)) + "\n"
    }

    private static func file(_ file: TestFileReport) -> Value {
        var object = JSONObject()
        object["file"] = .string(file.file)
        object["status"] = .string(file.status.rawValue)
        object["duration"] = seconds(file.duration)
        object["commands"] = .int(file.commandCount)
        object["checkErrors"] = .array(file.checkErrors.map(Value.string))
        object["testCases"] = .array(file.testCases.map(testCase))
        object["tries"] = .array(file.tries.map { .object(["status": .string($0.status.rawValue), "duration": seconds($0.duration)]) })
        object["latencies"] = .array(file.latencies.map(latency))
        object["stdout"] = .string(file.stdout)
        object["stderr"] = .string(file.stderr)
        let warnings = file.warnings
        if !warnings.isEmpty { object["warnings"] = .array(warnings.map(Value.string)) }
        return .object(object)
    }

    private static func latency(_ histogram: LatencyHistogram) -> Value {
        func milliseconds(_ value: Double) -> Value { .double(Double(ReportSeconds.decimal(value))!) }
        var object = JSONObject()
        object["name"] = .string(histogram.name)
        object["count"] = .int(histogram.count)
        object["p50Ms"] = milliseconds(histogram.p50)
        object["p99Ms"] = milliseconds(histogram.p99)
        object["maxMs"] = milliseconds(histogram.max)
        object["buckets"] = .array(
            histogram.buckets.map { bucket in
                .object(["lowerMs": milliseconds(bucket.lower), "upperMs": milliseconds(bucket.upper), "count": .int(bucket.count)])
            }
        )
        return .object(object)
    }

    private static func testCase(_ testCase: TestCase) -> Value {
        var object = JSONObject()
        object["name"] = .string(testCase.name)
        object["file"] = .string(testCase.file)
        object["line"] = .int(testCase.line)
        object["duration"] = seconds(testCase.duration)
        switch testCase.outcome {
        case .passed:
            object["outcome"] = .string("passed")
        case .failed(let message, let actual, let expected):
            object["outcome"] = .string("failed")
            object["message"] = .string(message)
            if let actual { object["actual"] = .string(actual) }
            if let expected { object["expected"] = .string(expected) }
        case .error(let message):
            object["outcome"] = .string("error")
            object["message"] = .string(message)
        }
        if !testCase.warnings.isEmpty { object["warnings"] = .array(testCase.warnings.map(Value.string)) }
        if !testCase.evidence.isEmpty { object["evidence"] = .array(testCase.evidence.map(Value.string)) }
        return .object(object)
    }

    private static func seconds(_ duration: Duration) -> Value { .double(Double(ReportSeconds.text(duration))!) }
}
