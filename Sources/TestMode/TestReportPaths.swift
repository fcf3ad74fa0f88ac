import Platform
import Shell

/// Where a test run's reports go (`--report-junit FILE` and the like; `-` is standard output),
/// each masked by the run's secrets.
package struct TestReportPaths: Sendable {
    package var junit: String?
    package var tap: String?
    package var json: String?
    /// A directory: `index.html` and what it links.
    package var html: String?

    package init(junit: String? = nil, tap: String? = nil, json: String? = nil, html: String? = nil) {
        self.junit = junit
        self.tap = tap
        self.json = json
        self.html = html
    }

    /// Writes each report asked for; whether all were written (each failure told to `failed`).
    func write(_ report: TestRunReport, secrets: SecretValues, failed: (String) -> Void) -> Bool {
        var written = true
        for (path, generate) in [(junit, JUnitReportGenerator.generate), (tap, TAPReportGenerator.generate), (json, JSONReportGenerator.generate)] {
            guard let path else { continue }
            do {
                try OutputFile.write(Array(secrets.masked(generate(report)).utf8), to: path)
            } catch {
                failed(error.description)
                written = false
            }
        }
        if let html {
            do {
                try HTMLReportDirectory.write(secrets.masked(HTMLReportGenerator.generate(report)), into: html)
            } catch {
                failed(error.description)
                written = false
            }
        }
        return written
    }
}
