import Platform

/// The HTML report: one static page (no script, no font or style from a network) with the
/// summary, a bar chart of each file's duration in SVG, and a row per file that opens
/// (`<details>`) on its test cases, failures, the latency histograms of what it timed with
/// `perf`, and what it printed.
///
/// Counts sit in elements with ids and `data-` attributes (`summary-files`, `data-status`), so
/// a test can read the page a browser built and hold it against the JSON report.
package enum HTMLReportGenerator {
    package static func generate(_ run: TestRunReport) -> String {
        var html = HTMLPage.head(
            title: "sdkbench test: \(run.status.rawValue)",
            style: """
                td, th { padding: 2px 12px 2px 0; text-align: left; vertical-align: top; }
                .passed { color: #1a7f37; } .failed { color: #cf222e; } .error { color: #bc4c00; } .broken { color: #8250df; } .warning { color: #9a6700; }
                details { margin: 4px 0; } summary { cursor: pointer; }
                pre { background: #f6f8fa; padding: 8px; overflow-x: auto; }
                """
        )
        html += """
            <h1>sdkbench test: <span id="run-status" class="\(run.status.rawValue)">\(run.status.rawValue)</span></h1>
            <table id="summary">
            <tr><th>files</th><td id="summary-files">\(run.files.count)</td></tr>

            """
        for status in TestFileStatus.allCases {
            html += "<tr><th>\(status.rawValue)</th><td id=\"summary-\(status.rawValue)\">\(run.count(status))</td></tr>\n"
        }
        html += """
            <tr><th>not run</th><td id="summary-not-run">\(run.notRun)</td></tr>
            <tr><th>assertions</th><td id="summary-assertions">\(run.assertionCount)</td></tr>
            <tr><th>assertions failed</th><td id="summary-assertions-failed">\(run.failedAssertionCount)</td></tr>
            <tr><th>time</th><td id="summary-time">\(ReportSeconds.text(run.duration)) s</td></tr>
            </table>
            <h2>Duration by file</h2>

            """
        html += chart(run.files)
        html += "<h2>Files</h2>\n"
        for file in run.files { html += row(file) }
        html += "</body>\n</html>\n"
        return html
    }

    /// A horizontal bar per file, its length the file's share of the longest duration.
    private static func chart(_ files: [TestFileReport]) -> String {
        let longest = max(files.map(\.duration).max() ?? .zero, .milliseconds(1))
        let barHeight = 18
        let labelWidth = 320
        let barWidth = 400
        var svg =
            "<svg id=\"durations\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(labelWidth + barWidth + 80)\" height=\"\(files.count * barHeight + 4)\">\n"
        for (index, file) in files.enumerated() {
            let y = index * barHeight
            let width = max(1, Int((Double(barWidth) * file.duration.inSeconds / longest.inSeconds).rounded()))
            let name = XMLText.escaped(file.file)
            svg += "<text x=\"0\" y=\"\(y + 13)\">\(name)</text>"
            svg += "<rect class=\"bar \(file.status.rawValue)\" x=\"\(labelWidth)\" y=\"\(y + 2)\" width=\"\(width)\" height=\"\(barHeight - 4)\""
            svg += " fill=\"\(color(file.status))\"><title>\(name): \(ReportSeconds.text(file.duration)) s</title></rect>"
            svg += "<text x=\"\(labelWidth + width + 6)\" y=\"\(y + 13)\">\(ReportSeconds.text(file.duration)) s</text>\n"
        }
        return svg + "</svg>\n"
    }

    private static func color(_ status: TestFileStatus) -> String {
        switch status {
        case .passed: return "#2da44e"
        case .failed: return "#cf222e"
        case .error: return "#bc4c00"
        case .broken: return "#8250df"
        }
    }

    private static func row(_ file: TestFileReport) -> String {
        let assertions = file.assertions.count
        let failed = file.failedAssertionCount
        var html = "<details class=\"file\" data-status=\"\(file.status.rawValue)\" data-assertions=\"\(assertions)\" data-failed=\"\(failed)\""
        html += file.status == .passed ? ">" : " open>"
        html += "<summary><span class=\"\(file.status.rawValue)\">\(file.status.rawValue.uppercased())</span> \(XMLText.escaped(file.file))"
        html += " (\(assertions) assertions, \(failed) failed, \(ReportSeconds.text(file.duration)) s)</summary>\n"
        if !file.checkErrors.isEmpty {
            html += "<pre class=\"check-errors\">\(XMLText.escaped(file.checkErrors.joined(separator: "\n")))</pre>\n"
        }
        if !file.testCases.isEmpty {
            html += "<table class=\"cases\">\n"
            for testCase in file.testCases {
                let (status, detail): (String, String)
                switch testCase.outcome {
                case .passed: (status, detail) = ("passed", "")
                case .failed(let message, let actual, let expected):
                    status = "failed"
                    detail = message + (actual.map { "\nactual:   \($0)" } ?? "") + (expected.map { "\nexpected: \($0)" } ?? "")
                case .error(let message): (status, detail) = ("error", message)
                }
                html += "<tr class=\"case\" data-outcome=\"\(status)\"><td class=\"\(status)\">\(status)</td><td>\(testCase.line)</td>"
                html += "<td>\(XMLText.escaped(testCase.name))</td><td>\(ReportSeconds.text(testCase.duration)) s</td>"
                var shown = detail.isEmpty ? "" : "<pre>\(XMLText.escaped(detail))</pre>"
                for warning in testCase.warnings { shown += "<p class=\"warning\">warning: \(XMLText.escaped(warning))</p>" }
                if !testCase.evidence.isEmpty {
                    shown += "<details class=\"evidence\"><summary>what the server did (\(testCase.evidence.count) exchanges)</summary>"
                    shown += "<pre>\(XMLText.escaped(testCase.evidence.joined(separator: "\n")))</pre></details>"
                }
                html += shown.isEmpty ? "</tr>\n" : "<td>\(shown)</td></tr>\n"
            }
            html += "</table>\n"
        }
        if !file.latencies.isEmpty {
            html += "<p>latency:</p>\n"
            for histogram in file.latencies { html += LatencyHistogramSVG.render(histogram) }
        }
        if !file.stdout.isEmpty { html += "<p>printed:</p><pre class=\"stdout\">\(XMLText.escaped(file.stdout))</pre>\n" }
        if !file.stderr.isEmpty { html += "<p>errors:</p><pre class=\"stderr\">\(XMLText.escaped(file.stderr))</pre>\n" }
        let warnings = file.warnings
        if !warnings.isEmpty { html += "<p>warnings:</p><pre class=\"warnings\">\(XMLText.escaped(warnings.joined(separator: "\n")))</pre>\n" }
        return html + "</details>\n"
    }
}
