import Platform

/// The end-of-run table, as k6 prints one: per kind the count, rate, p50/p90/p99/max and error
/// share; then checks, iterations, devices and each threshold's verdict.
package enum LoadSummary {
    package static func text(_ report: LoadRunReport, thresholds: [LoadThreshold]) -> String {
        var rows: [[String]] = [["kind", "count", "rate/s", "p50 ms", "p90 ms", "p99 ms", "max ms", "errors"]]
        for (kind, figures) in report.kindsByCount { rows.append(row(kind, figures, report)) }
        if report.metrics.kinds.count > 1 { rows.append(row("all", report.total, report)) }
        let metrics = report.metrics
        // A fleet that failed says so first: without a threshold the run still exits 0, as k6's does.
        var text = failureHeadline(report).map { $0 + "\n\n" } ?? ""
        text += table(rows)
        let checks = metrics.checksPassed + metrics.checksFailed
        text += "\nchecks:     \(checks): \(metrics.checksPassed) passed, \(metrics.checksFailed) failed\n"
        text += "iterations: \(metrics.iterations), \(metrics.iterationsFailed) ended by an error"
        text += (metrics.droppedIterations > 0 ? ", \(metrics.droppedIterations) dropped (no device free)" : "")
        text += (metrics.iterationsCut > 0 ? ", \(metrics.iterationsCut) cut at the end of --graceful-stop" : "") + "\n"
        for line in errorLines(report) { text += line + "\n" }
        if let lateness = latenessLine(report) { text += lateness + "\n" }
        text +=
            "devices:    \(report.devices)"
            + (report.devicesUnstarted > 0 ? " (\(report.devicesUnstarted) more never started: the duration ended first)" : "") + "\n"
        if let merged = report.mergedSegments {
            let missing = (1...max(1, merged.count)).filter { !merged.held.contains($0) }
            text +=
                "segments:   \(merged.held.count) of \(merged.count)"
                + (missing.isEmpty ? "" : " (missing \(missing.map { "\($0)/\(merged.count)" }.joined(separator: ", ")))") + "\n"
        }
        text += "time:       \(decimal(report.duration.inSeconds, places: 2)) s" + (report.interrupted ? " (stopped early)" : "") + "\n"
        if !thresholds.isEmpty {
            text += "\nthresholds:\n"
            for threshold in thresholds {
                let value = threshold.value(in: report).map { decimal($0, places: 2) } ?? "none"
                text += "  \(threshold.holds(in: report) ? "ok    " : "FAILED") \(threshold.text)  (\(value))\n"
            }
        }
        return text
    }

    /// The share of iterations that failed past which the summary's first line says so.
    package static let failureShareToTell = 0.01

    /// `90226 of 104133 iterations failed (86.6%)` when more than `failureShareToTell` failed.
    package static func failureHeadline(_ report: LoadRunReport) -> String? {
        let (failed, all) = (report.metrics.iterationsFailed, report.metrics.iterations)
        guard all > 0, Double(failed) / Double(all) > failureShareToTell else { return nil }
        return "\(failed) of \(all) iterations failed (\(decimal(100 * Double(failed) / Double(all), places: 1))%)"
    }

    /// A line for each kind of error that ended iterations, with its count and first message:
    /// what `--quiet` prints too.
    package static func errorLines(_ report: LoadRunReport) -> [String] {
        report.metrics.iterationErrors.map { "  \($0.count) × \($0.kind): \($0.first)" }
    }

    /// How late iterations started, when the plan gives them a moment to start at (think time,
    /// ramp-up, an arrival rate): a device that cannot keep its schedule is a run that measured
    /// less load than it was asked for.
    static func latenessLine(_ report: LoadRunReport) -> String? {
        let histogram = report.metrics.iterationStartLateness
        guard let plan = report.plan, plan.think > .zero || plan.rampUp > .zero || plan.rate != nil, histogram.totalCount > 0 else { return nil }
        let figures = KindFigures(latency: histogram)
        let percentiles = figures.milliseconds(atPercentiles: [50, 99])
        return "  start lateness: p50 \(decimal(percentiles[0], places: 2)) ms, p99 \(decimal(percentiles[1], places: 2)) ms, "
            + "max \(decimal(figures.maxMilliseconds, places: 2)) ms"
    }

    private static func row(_ kind: String, _ figures: KindFigures, _ report: LoadRunReport) -> [String] {
        let errors = figures.count == 0 ? 0 : 100 * Double(figures.failed) / Double(figures.count)
        let percentiles = figures.milliseconds(atPercentiles: [50, 90, 99])
        return [
            kind, String(figures.count), decimal(report.rate(figures), places: 1), decimal(percentiles[0], places: 2),
            decimal(percentiles[1], places: 2), decimal(percentiles[2], places: 2),
            decimal(figures.maxMilliseconds, places: 2), decimal(errors, places: 2) + "%",
        ]
    }

    /// Left-aligned first column, the others right-aligned, two spaces between.
    private static func table(_ rows: [[String]]) -> String {
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// `value` with `places` decimals, rounded.
    package static func decimal(_ value: Double, places: Int) -> String { DecimalDigits.fixed(value, places: places) }
}
