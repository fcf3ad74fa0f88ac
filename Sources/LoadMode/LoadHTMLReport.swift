import Histogram
import Platform

/// The HTML report of a load run: one static page (no script, nothing from a network) with the
/// summary table, each threshold's verdict, and per kind an SVG of p50 and p99 latency second by
/// second and an SVG histogram of the whole run's latencies. Figures sit in `data-` attributes
/// (`data-kind`, `data-count`, `data-p99`) so a test can hold the page a browser built against
/// the JSON report.
package enum LoadHTMLReport {
    package static func generate(_ report: LoadRunReport, thresholds: [LoadThreshold]) -> String {
        var html = HTMLPage.head(
            title: "sdkbench load",
            style: """
                td, th { padding: 2px 12px 2px 0; text-align: right; } td:first-child, th:first-child { text-align: left; }
                .ok { color: #1a7f37; } .failed { color: #cf222e; }
                """
        )
        html += """
            <h1>sdkbench load</h1>
            <p id="run" data-devices="\(report.devices)" data-iterations="\(report.metrics.iterations)" data-checks-passed="\(report.metrics.checksPassed)" data-checks-failed="\(report.metrics.checksFailed)">\(report.devices) devices, \(report.metrics.iterations) iterations, \(LoadSummary.decimal(report.duration.inSeconds, places: 2)) s\(report.interrupted ? " (stopped early)" : ""); checks \(report.metrics.checksPassed) passed, \(report.metrics.checksFailed) failed</p>
            <table id="kinds">
            <tr><th>kind</th><th>count</th><th>rate/s</th><th>p50 ms</th><th>p90 ms</th><th>p99 ms</th><th>max ms</th><th>errors</th></tr>

            """
        for (kind, figures) in report.kindsByCount {
            let name = XMLText.escaped(kind)
            html +=
                "<tr class=\"kind\" data-kind=\"\(name)\" data-count=\"\(figures.count)\" data-failed=\"\(figures.failed)\" data-p99=\"\(milliseconds(figures.milliseconds(atPercentile: 99)))\">"
            html += "<td>\(name)</td><td>\(figures.count)</td><td>\(LoadSummary.decimal(report.rate(figures), places: 1))</td>"
            for value in figures.milliseconds(atPercentiles: [50, 90, 99]) { html += "<td>\(milliseconds(value))</td>" }
            html += "<td>\(milliseconds(figures.maxMilliseconds))</td><td>\(figures.failed)</td></tr>\n"
        }
        html += "</table>\n"
        if !thresholds.isEmpty {
            html += "<h2>Thresholds</h2>\n<ul id=\"thresholds\">\n"
            for threshold in thresholds {
                let ok = threshold.holds(in: report)
                let value = threshold.value(in: report).map { LoadSummary.decimal($0, places: 2) } ?? "none"
                html +=
                    "<li class=\"threshold \(ok ? "ok" : "failed")\" data-ok=\"\(ok)\">\(ok ? "ok" : "FAILED") \(XMLText.escaped(threshold.text)) (\(value))</li>\n"
            }
            html += "</ul>\n"
        }
        if !report.metrics.iterationErrors.isEmpty {
            html += "<h2>Iterations ended by an error</h2>\n<ul id=\"iteration-errors\">\n"
            for error in report.metrics.iterationErrors {
                html += "<li class=\"iteration-error\" data-kind=\"\(XMLText.escaped(error.kind))\" data-count=\"\(error.count)\">"
                html += "\(error.count) × \(XMLText.escaped(error.kind)): \(XMLText.escaped(error.first))</li>\n"
            }
            html += "</ul>\n"
        }
        for (kind, figures) in report.kindsByCount {
            html += "<h2>\(XMLText.escaped(kind))</h2>\n"
            html += overTime(kind, report.metrics.intervals.filter { $0.kind == kind })
            html += distribution(kind, figures.latency)
        }
        return html + "</body>\n</html>\n"
    }

    private static func milliseconds(_ value: Double) -> String { LoadSummary.decimal(value, places: 3) }

    /// p50 and p99 of each second, as two polylines.
    private static func overTime(_ kind: String, _ intervals: [LoadMetrics.Interval]) -> String {
        let points = intervals.compactMap { interval -> (second: Int, p50: Double, p99: Double)? in
            guard let histogram = HdrHistogramEncoding.decode(interval.encoded) else { return nil }
            return (interval.second, Double(histogram.valueAtPercentile(50)) / 1000, Double(histogram.valueAtPercentile(99)) / 1000)
        }
        let width = 600.0
        let height = 160.0
        let left = 50.0
        let bottom = 20.0
        let lastSecond = Double(max(1, points.map(\.second).max() ?? 1))
        let highest = max(0.001, points.map(\.p99).max() ?? 1)
        func x(_ second: Int) -> String { LoadSummary.decimal(left + (width - left) * Double(second) / lastSecond, places: 1) }
        func y(_ value: Double) -> String { LoadSummary.decimal((height - bottom) * (1 - value / highest), places: 1) }
        var svg =
            "<svg class=\"over-time\" data-kind=\"\(XMLText.escaped(kind))\" data-seconds=\"\(points.count)\" xmlns=\"http://www.w3.org/2000/svg\""
        svg += " width=\"\(Int(width))\" height=\"\(Int(height))\">\n"
        svg += "<text x=\"0\" y=\"12\">\(milliseconds(highest)) ms</text><text x=\"0\" y=\"\(Int(height - bottom))\">0</text>"
        svg += "<text x=\"\(Int(width) - 60)\" y=\"\(Int(height) - 4)\">\(Int(lastSecond)) s</text>"
        svg +=
            "<text x=\"\(Int(left))\" y=\"\(Int(height) - 4)\" fill=\"#0969da\">p50</text><text x=\"\(Int(left) + 40)\" y=\"\(Int(height) - 4)\" fill=\"#cf222e\">p99</text>\n"
        let lines: [(name: String, color: String, value: (Double, Double) -> Double)] = [
            ("p50", "#0969da", { p50, _ in p50 }), ("p99", "#cf222e", { _, p99 in p99 }),
        ]
        for line in lines {
            let coordinates = points.map { "\(x($0.second)),\(y(line.value($0.p50, $0.p99)))" }.joined(separator: " ")
            svg +=
                "<polyline class=\"\(line.name)\" fill=\"none\" stroke=\"\(line.color)\" points=\"\(coordinates)\"><title>\(line.name)</title></polyline>\n"
        }
        return svg + "</svg>\n"
    }

    /// The whole run's latencies in 20 equal bars from the fastest to the slowest.
    private static func distribution(_ kind: String, _ histogram: Histogram<UInt64>) -> String {
        let bars = 20
        let low = histogram.totalCount == 0 ? 0 : histogram.min
        let high = histogram.totalCount == 0 ? 0 : histogram.max
        let width = max(1, (high - low) / UInt64(bars) + 1)
        var counts = [UInt64](repeating: 0, count: bars)
        for recorded in histogram.recordedValues() where recorded.count > 0 {
            let bar = min(bars - 1, Int((max(recorded.value, low) - low) / width))
            counts[bar] += UInt64(recorded.count)
        }
        let tallest = max(1, counts.max() ?? 1)
        var svg =
            "<svg class=\"distribution\" data-kind=\"\(XMLText.escaped(kind))\" data-count=\"\(counts.reduce(0, +))\" xmlns=\"http://www.w3.org/2000/svg\""
        svg += " width=\"\(bars * 30 + 10)\" height=\"150\">\n"
        for (index, count) in counts.enumerated() {
            let height = count == 0 ? 0 : max(1, Int(120 * Double(count) / Double(tallest)))
            let from = Double(low + UInt64(index) * width) / 1000
            svg +=
                "<rect class=\"bar\" data-count=\"\(count)\" x=\"\(index * 30 + 2)\" y=\"\(125 - height)\" width=\"26\" height=\"\(height)\" fill=\"#0969da\">"
            svg += "<title>from \(milliseconds(from)) ms: \(count)</title></rect>\n"
        }
        svg +=
            "<text x=\"0\" y=\"140\">\(milliseconds(Double(low) / 1000)) ms</text><text x=\"\(bars * 30 - 60)\" y=\"140\">\(milliseconds(Double(high) / 1000)) ms</text>\n"
        return svg + "</svg>\n"
    }
}
